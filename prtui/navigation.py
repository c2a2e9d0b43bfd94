"""Where a screen asks to go next: messages the app handles (prtui/app.py).

The app is the top of the client: it imports every screen and the after-game flows
(prtui/aftergame.py). A screen imports neither, nor a screen that leads back to it
(import contracts in pyproject.toml), so a screen that must open one of those posts
one of these messages; it bubbles from the screen to the app, which opens the screen
or runs the flow. A screen below the one asking (a confirmation, the help, the replay
from the game-over screen) is still pushed directly with ``self.app.push_screen``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from prtui.controller import Controller
    from prtui.games import GameBoard
    from prtui.vocabulary import Vocabulary


class ShowGameOver(Message):
    """The game-over screen of a finished table (a board's key brings it back)."""

    def __init__(self, view: dict[str, Any], names: dict[int, str],
                 history: dict[int, dict[int, int]], seat: int | None, board: GameBoard,
                 vocab: Vocabulary) -> None:
        super().__init__()
        self.view, self.names, self.history = view, names, history
        self.seat, self.board, self.vocab = seat, board, vocab


class Rematch(Message):
    """The same table again (the game-over screen's r)."""


class NewTable(Message):
    """Another table: the lobby (LAN) or the new-game form (local)."""


class BackToLobby(Message):
    """Out of a room: the lobby under it, or a new one if the room came first (a seat
    given back at connect)."""

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
