"""The board's footer at 80x24 (issue 16): every key it shows is there whole, with its
description, left of the command palette's key; and every key of the board, shown
in the footer or not, is in the help. The real app under the pilot, at 80x24, for a
player and a spectator of each game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.screens.help import HelpScreen
from prtui.screens.replay import ReplayScreen
from tests.tui.boards import midgame_4p, pr_game, spectator_of
from tests.tui.san_juan_boards import paying_4p, sj_game
from tests.tui.screen import screen_rows
from tests.tui.waiting import board_drawn, wait_for


async def no_fetch(step: int) -> dict[str, Any]:
    raise AssertionError("the footer test moves through no step")


def replay() -> ReplayScreen:
    first = {"steps": 40, "step": 40, "snapshot": spectator_of(midgame_4p())}
    return ReplayScreen(no_fetch, first, title="friday", game=pr_game())


BOARDS: dict[str, Callable[[], GameScreen]] = {
    "puerto-rico player": lambda: GameScreen(None, midgame_4p(), game=pr_game()),
    "puerto-rico spectator": lambda: GameScreen(None, spectator_of(midgame_4p()), game=pr_game()),
    "san-juan player": lambda: GameScreen(None, paying_4p(), game=sj_game()),
    "san-juan spectator": lambda: GameScreen(None, spectator_of(paying_4p()), game=sj_game()),
    "puerto-rico replay": replay,
}


def board_app(which: str) -> PrtuiApp:
    return PrtuiApp(lambda a: BOARDS[which]())


def footer_keys(app: PrtuiApp) -> list[FooterKey]:
    """The keys the footer shows (one hidden in place, not displayed, is not shown)."""
    return [k for k in app.screen.query_one(Footer).query(FooterKey) if k.display]


@pytest.mark.parametrize(("which", "key"), [
    *[(which, None) for which in BOARDS],
    ("puerto-rico player", "b"),  # the building supply: "? Building help" first
    ("san-juan player", "h"),  # the hand: "? Card help" first
])
async def test_every_footer_key_shows_whole_at_80_columns(which: str, key: str | None) -> None:
    app = board_app(which)
    end = "esc Close" if which.endswith("replay") else "^l Leave"
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: end in screen_rows(app)[-1])
        if key is not None:
            await pilot.press(key)
            await wait_for(pilot, lambda: "? " in screen_rows(app)[-1]
                           and "help" in screen_rows(app)[-1].split("? ", 1)[1][:14])
        row = screen_rows(app)[-1]
        keys = footer_keys(app)
        palette = [k for k in keys if k.has_class("-command-palette")]
        shown = [k for k in keys if not k.has_class("-command-palette")]
        assert palette and len(shown) >= 5, row
        right = palette[0].region.x  # the palette's key is docked right: nothing under it
        for footer_key in shown:
            label = f"{footer_key.key_display} {footer_key.description}"
            assert footer_key.region.width >= len(label), (label, row)
            assert footer_key.region.right <= right, (label, row)
            assert label in row, (label, row)
        assert f"{palette[0].key_display} {palette[0].description}" in row
        assert "? Help" in row or key is not None
        assert end in row


@pytest.mark.parametrize("which", ["puerto-rico player", "san-juan spectator",
                                   "puerto-rico replay"])
async def test_every_key_of_the_board_is_in_its_help(which: str) -> None:
    app = board_app(which)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app)
                       and bool(app.screen.query(Footer)))
        board = app.screen
        assert isinstance(board, GameScreen)
        wanted: list[tuple[str, Any]] = []
        for key, found in board._bindings.key_to_bindings.items():
            for binding in found:
                name = binding.action.partition("(")[0]
                if binding.description and board.check_action(name, ()) and not (
                        key in ("tab", "shift+tab") or "copy" in binding.action):
                    wanted.append((key, binding))
        hidden = {b.description for _, b in wanted if not b.show}
        assert "Names" in hidden  # not in the footer: in the help
        assert which.endswith("replay") or "Actions" in hidden
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen)
                       and bool(app.screen.screen_keys))
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.screen_keys or ""
        for key, binding in wanted:
            if binding.action.startswith("choose("):
                assert "1-9,0,d,i,p,s,w,x,z,A-Z take the action with that key" in text
                continue
            assert app.get_key_display(binding) in text and binding.description in text, \
                (key, binding.description, text)
        assert "command palette (names" in text
        if which.endswith("spectator"):
            assert "f Follow" in text and "take the action" not in text
        if which.endswith("replay"):
            assert "home Start" in text and "end End" in text and "Leave" not in text


async def test_after_the_game_the_help_leaves_out_the_moves_keys() -> None:
    """Dimmed y/u/n and the number keys are the game's keys while it runs; on the
    finished board (`b` from the game-over screen) they never apply, so the help does
    not list them (the walk of issue 22 saw them there)."""
    from prtui.screens.board_keys import keys_line
    from tests.tui.boards import final_5p

    running = PrtuiApp(lambda a: GameScreen(None, midgame_4p(), game=pr_game()))
    async with running.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: bool(running.screen.query(Footer)))
        during = keys_line(running.screen, running)
    assert "y Confirm" in during and "1-9,0" in during
    app = PrtuiApp(lambda a: GameScreen(None, final_5p(), game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: bool(app.screen.query(Footer)))
        after = keys_line(app.screen, app)
    for gone in ("y Confirm", "u Undo", "n Decline", "1-9,0"):
        assert gone not in after, (gone, after)
    assert "? Help" in after or "Help" in after
