"""The summary's one-line cities (issue 22): every building by a tag of its own, with
its occupancy, in both editions' names; a decision of mine brings my board back."""

from __future__ import annotations

import pytest

from prtui.app import PrtuiApp
from prtui.games.puerto_rico.abbrev import building_tag
from prtui.games.puerto_rico.facts import facts_from
from prtui.games.puerto_rico.summary import city_line
from prtui.screens.game import GameScreen
from prtui.theming import goods_palette
from prtui.widgets.context import BoardContext
from tests.tui.boards import pr_game, pr_words
from tests.tui.pr_live_boards import frozen


@pytest.mark.parametrize("vocabulary", ["classic", "1897"])
def test_every_building_has_a_tag_of_its_own(vocabulary: str) -> None:
    words = pr_words(vocabulary)
    buildings = list(facts_from(pr_game()["display"]).buildings)
    tags = {building_tag(words, b) for b in buildings}
    assert len(buildings) > 40 and len(tags) == len(buildings)
    assert all(3 <= len(t) <= 5 for t in tags)


def test_a_city_line_says_each_building_and_who_is_on_it() -> None:
    snap = frozen()
    facts = facts_from(pr_game()["display"])
    ctx = BoardContext(view=snap["view"], legal=[], seat=0, vocab=pr_words(),
                       palette=goods_palette("prtui-dark"), facts=facts)
    for player in snap["view"]["players"]:
        line = city_line(ctx, player).plain
        for entry in player["city"]:
            assert building_tag(ctx.vocab, entry["building"]) in line
        workers = sum(int(b.get("colonists", 0)) for b in player["city"])
        circles = sum(facts.building(b["building"]).circles for b in player["city"])
        assert line.count("●") + line.count("◆") == workers
        assert line.count("○") == circles - workers


async def test_my_next_decision_brings_my_board_back() -> None:
    snap = frozen()
    app = PrtuiApp(lambda a: GameScreen(None, snap, game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("o")
        await pilot.pause()
        assert not screen.query_one("#player-0").display
        assert screen.query_one("#player-1").display
        view = {**snap["view"]}  # the next state: mine to decide again
        screen.apply_snapshot({**snap, "view": view})
        await pilot.pause()
        assert screen.query_one("#player-0").display
        assert not screen.query_one("#player-1").display
        await pilot.press("b")  # the building supply in my board's place...
        await pilot.pause()
        assert screen.has_class("-show-buildings")
        screen.apply_snapshot({**snap, "view": {**view}})  # ...until my next decision
        await pilot.pause()
        assert not screen.has_class("-show-buildings")
        assert screen.query_one("#player-0").region.height > 0
