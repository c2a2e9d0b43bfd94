"""Long action lists (issue 32, item 10): every action of a decision with more than ten
has a key (1-9, 0, then d i p s w x z, then the capitals), the decline at the end stays
in view at 120x40, and Home/End move the highlight and its preview. The real board under
the pilot: the Smuggler's 16 choices and a decline (a frozen board of a seeded game with
all four expansions), and the two-player 1897 opening draft's 39 buildings."""

from __future__ import annotations

from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.widgets.actions import ActionsPanel
from tests.tui.boards import pr_game
from tests.tui.screen import screen_rows
from tests.tui.smuggler_festival_boards import load
from tests.tui.test_board import Table
from tests.tui.test_pr_rules5_draft import _draft_snapshot


def _keys(panel: ActionsPanel, snap: dict[str, Any]) -> list[str]:
    return [panel.key_of(action) for action in snap["legal"]]


@pytest.mark.parametrize("board", ["smuggler", "draft"])
async def test_every_action_of_a_long_list_has_a_key_that_plays_it(board: str) -> None:
    snap = load("smuggler") if board == "smuggler" else _draft_snapshot()
    assert len(snap["legal"]) > 10
    link = Table()
    async with PrtuiApp(lambda a: GameScreen(link, snap, game=pr_game())).run_test(
            size=(120, 40)) as pilot:
        await pilot.pause()
        panel = pilot.app.screen.query_one(ActionsPanel)
        keys = _keys(panel, snap)
        assert all(keys) and len(set(keys)) == len(keys), keys
        assert not {"y", "u", "a", "b", "c", "l", "o", "t", "g", "v", "f", "h", "j", "k", "e",
                    "m", "r", "q"} & set(keys)  # none of the board's other keys
        last = len(snap["legal"]) - 1 if board == "draft" else 15  # the last before "n"
        await pilot.press(keys[last])
        await pilot.pause()
        assert link.sent == [snap["legal"][last]]


async def test_the_decline_stays_in_view_and_home_end_move_the_highlight() -> None:
    snap = load("smuggler")
    async with PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game())).run_test(
            size=(120, 40)) as pilot:
        await pilot.pause()
        panel = pilot.app.screen.query_one(ActionsPanel)
        decline = next(a for a in snap["legal"] if a["type"] == "pass")
        shown = "\n".join(screen_rows(pilot.app))
        for action, key in zip(snap["legal"], _keys(panel, snap), strict=True):
            row = f"{key} {panel.board.action_label(panel._ctx, action)}"[:40]
            assert row in shown, row  # every row in view, the decline too
        assert panel.key_of(decline) == "n"
        preview = panel.query_one("#actions-preview")
        first = str(preview.render())
        await pilot.press("end")
        await pilot.pause()
        assert panel._menu.cursor == len(panel._menu.rows) - 1
        assert str(preview.render()) != first  # the decline's preview
        await pilot.press("home")
        await pilot.pause()
        assert panel._menu.cursor == 0 and str(preview.render()) == first


async def test_end_brings_the_last_row_of_a_scrolled_list_into_view() -> None:
    """39 buildings do not fit at 120x40: End scrolls to the last one, in view even once
    its longer preview has narrowed the list's window."""
    snap = _draft_snapshot()
    async with PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game())).run_test(
            size=(120, 40)) as pilot:
        await pilot.pause()
        panel = pilot.app.screen.query_one(ActionsPanel)
        last = snap["legal"][panel._rows[-1]]
        row = f"{panel.key_of(last)} {panel.board.action_label(panel._ctx, last)}"
        assert row not in "\n".join(screen_rows(pilot.app))
        await pilot.press("end")
        await pilot.pause()
        await pilot.pause()
        assert row in "\n".join(screen_rows(pilot.app)), row


async def test_a_long_lists_height_follows_the_terminal() -> None:
    """Narrowed to 80x24 the list scrolls in the compact layout's box (no height fitted
    for 40 rows); widened again, every row is in view once more."""
    snap = load("smuggler")
    async with PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game())).run_test(
            size=(120, 40)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        panel = screen.query_one(ActionsPanel)
        assert screen.has_class("-long-list") and panel.styles.height is not None
        fitted = panel.region.height
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("-long-list") and panel.region.height < 24
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen.has_class("-long-list") and panel.region.height == fitted
        assert "n Smuggle nothing" in "\n".join(screen_rows(pilot.app))
