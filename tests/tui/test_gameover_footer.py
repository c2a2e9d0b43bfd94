"""The game-over footer comes with the scores (issue 32, item 12): its keys are there
as the screen is mounted, in the frame that first shows the scores, not a refresh later
(which a loaded terminal showed 0.5-2 s after them). The real app under the pilot, the
game-over screen of a finished five-player board pushed over another screen as the app
pushes it over the board."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from prtui.app import PrtuiApp
from prtui.screens.gameover import GameOverScreen
from tests.tui.boards import final_5p


class Board(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("the final board")


async def test_the_footer_keys_are_there_when_the_scores_are() -> None:
    snap: dict[str, Any] = final_5p()
    app = PrtuiApp(lambda a: Board())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        over = GameOverScreen(snap["view"], {}, {}, 0)
        await app.push_screen(over)  # mounted: what its first frame will show
        assert over.query("#scores")
        keys = {key.key for key in over.query(FooterKey)}
        assert {"escape", "q"} <= keys, keys


async def test_the_new_game_forms_keys_are_there_with_the_form() -> None:
    """The browser walk of issue 32 saw the new-room form (`n` in the lobby) with an empty
    key bar: Textual's footer composes its keys a refresh after the form. Its footer
    has `^s Start` and `esc Back` as the form is mounted."""
    from prtui.screens.newgame import NewGameScreen
    from tests.tui.boards import pr_game

    app = PrtuiApp(lambda a: Board())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        form = NewGameScreen([pr_game()], players=4)
        await app.push_screen(form)  # mounted: what its first frame will show
        keys = {key.key for key in form.query(FooterKey)}
        assert {"ctrl+s", "escape"} <= keys, keys
