"""A forest's preview says what it takes off every building from then on, as the server
works it out (``discount``, issue 24): 1 per 2 forests, so the 2nd and the 4th say so
(the client's copy of the rule knew only the 2nd). The real app on an engine position,
then the forest planted and the price checked on the engine."""

from __future__ import annotations

import pytest

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.costs import build_cost
from tests.games.puerto_rico.exp_helpers import forest, table
from tests.games.puerto_rico.helpers import GAME, build, choose
from tests.tui.pr_live_boards import snapshot
from tests.tui.test_pr_flags import shown


@pytest.mark.parametrize(("before", "said"), [(1, "-1$"), (3, "-2$"), (2, None)])
async def test_the_forest_preview_says_the_discount_it_brings(before: int, said: str | None) -> None:
    s = table()  # Expansion I, past the draft
    build(s, 0, "forest_house")
    forest(s, 0, *["corn", "indigo", "sugar"][:before])
    choose(s, 0, "settler")
    snap = snapshot(s, 0)
    action = next(a for a in snap["legal"] if a["type"] == "forest")
    # the forest choice first: the highlighted row, whose preview the panel shows
    _, panel = await shown({**snap, "legal": [action, *(a for a in snap["legal"] if a is not action)]},
                           (160, 50))
    assert f"as forest {before + 1}, never manned" in panel, panel
    if said is None:
        assert "on every building" not in panel, panel
    else:
        assert f"({said} on every building from now on)" in panel, panel
    price = build_cost(s, 0, C.B_INDEX["harbor"])
    GAME.apply(s, 0, action)
    assert price - build_cost(s, 0, C.B_INDEX["harbor"]) == (int(said[1]) - before // 2
                                                                   if said else 0)
