"""San Juan's undo at 80x24 reads on one line of the actions list (issue 32): "Undo:
take back the tobacco storage card" wrapped to "take back the" with the card on a line
scrolled out of the list's four rows. On the 80-column board the undo names the last
pick in the list's width ("Put back tobacco storage", "Undo producing sugar"); wider,
the server's whole label. The real board on positions of seeded random games."""

from __future__ import annotations

from typing import Any

from prtui.app import PrtuiApp
from prtui.games.san_juan.actions import action_label, picked_words
from prtui.screens.game import GameScreen
from prtui.widgets.menu import MenuList
from tests.tui.san_juan_boards import frames, sj_game
from tests.tui.screen import screen_rows
from tests.tui.waiting import board_drawn, wait_for

LIST_CELLS = 24
"""The row's text at 80x24: the list's 26 cells but for its key and a space."""


def undoing() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every (snapshot, undo of a pick) of seat 0 in a few seeded games."""
    found = []
    for players, seed in ((4, 11), (3, 5), (2, 3)):
        for snap in frames(players, seed):
            picked = (snap["view"].get("decision") or {}).get("picked")
            found += [(snap, a) for a in snap["legal"] if a.get("kind") == "undo" and picked]
    return found


def board(snap: dict[str, Any]) -> PrtuiApp:
    return PrtuiApp(lambda a: GameScreen(None, snap, game=sj_game()))


async def test_every_undo_names_its_pick_in_one_row_at_80_columns() -> None:
    cases = undoing()
    steps = {str(s["view"]["decision"]["step"]) for s, _ in cases}
    assert {"build_pay", "produce", "sell", "council_discard"} <= steps, steps
    app = board(cases[0][0])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for snap, undo in cases:
            screen.snapshot = snap
            ctx = screen.context()
            assert ctx.narrow
            label = action_label(ctx, undo)
            last = picked_words(ctx, snap["view"]["decision"]["picked"][-1:])[0]
            assert len(label) <= LIST_CELLS, label
            assert last.removesuffix(" good") in label, (label, last)


async def test_the_longest_undo_is_one_whole_row_of_the_list() -> None:
    snap, undo = max(undoing(), key=lambda c: len(c[1]["label"]))
    assert "tobacco storage" in undo["label"], undo["label"]
    app = board(snap)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("Put back" in row for row in screen_rows(app)))
        menu = app.screen.query_one("#actions-list", MenuList)
        assert menu.content_size.width >= LIST_CELLS + 2
        assert any("│u Put back tobacco storage" in row for row in screen_rows(app)), \
            "\n".join(screen_rows(app))
    async with board(snap).run_test(size=(120, 40)) as pilot:  # wider: the whole label
        await wait_for(pilot, lambda: any(
            "u Undo: take back the tobacco storage card" in row for row in screen_rows(pilot.app)))
