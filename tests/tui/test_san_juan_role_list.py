"""San Juan's role choice at 80x24 shows every role (issue 32 walk: the list showed one
and a half of five, each role's gains wrapping to three rows under a six-line preview).
On the 80-column board each role is one row (its name; the table's role bar names them
too), the highlighted role's gain opens its preview, with its whole text after, and the
actions take the rows they need from the log while a role is to be chosen. The real
board on the positions of a seeded game where I choose a role."""

from __future__ import annotations

from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.widgets.context import Shown
from tests.tui.clipping import cut_texts
from tests.tui.san_juan_boards import frames, gains_read, sj_game
from tests.tui.screen import screen_rows
from tests.tui.waiting import wait_for

ROLES = ("Builder", "Producer", "Trader", "Councillor", "Prospector")


def choosing() -> list[dict[str, Any]]:
    """My role choices with all five roles free, early and late in the game."""
    found = [f for f in frames(4, 11) if sum(a["type"] == "role" for a in f["legal"]) == 5]
    return [found[0], found[-1]]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_role_is_a_row_in_view(size: tuple[int, int]) -> None:
    first, late = choosing()
    app = PrtuiApp(lambda a: GameScreen(None, first, game=sj_game()))
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for snap in (first, late):
            screen.apply_snapshot(snap)
            for n in range(1, 6):  # each role highlighted in turn: the others stay in view
                await pilot.press("down" if n > 1 else "home")
                await pilot.pause()
                await pilot.pause()
                side = [row[size[0] - 30:] for row in screen_rows(app)]
                for key, role in enumerate(ROLES, 1):
                    assert any(f"│{key} {role}" in row for row in side), (role, "\n".join(side))
                preview = screen.query_one("#actions-preview", Shown)
                gains = gains_read(snap)
                role = ROLES[n - 1].lower()
                shown = preview._shown.plain if preview._shown else ""
                assert shown.startswith(gains[role]), (shown, gains[role])
                assert not cut_texts(screen), cut_texts(screen)
        screen.apply_snapshot({**late, "legal": []})  # the role chosen: the log has its rows back
        await wait_for(pilot, lambda: not screen.has_class("-sj-choosing"))
