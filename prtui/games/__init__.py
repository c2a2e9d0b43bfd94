"""Boards by game: which package of the client draws which game.

The shared screens (board, replay, game over, help) know no game: they ask the view's
``game`` for its board here and take everything game-specific from it. A game's board
is a package ``prtui.games.<name>`` whose ``board`` module exposes ``BOARD`` (a
``GameBoard``), imported only when a view of that game arrives (the package's
``__init__`` imports none of its modules, so they may import each other through it). A game the server offers but this client has no board
for is shown as a notice (prtui/screens/unknown.py), never a traceback: adding one is
writing its package and one line in ``BOARDS``.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

if TYPE_CHECKING:
    from textual.binding import Binding

    from prtui.vocabulary import Vocabulary
    from prtui.widgets.board_table import BoardTable
    from prtui.widgets.context import BoardContext

log = logging.getLogger(__name__)

BOARDS: dict[str, str] = {
    "puerto-rico": "prtui.games.puerto_rico.board",
    "san-juan": "prtui.games.san_juan.board",
}
"""Game name (the server's registry key) -> the client module whose ``BOARD`` draws it."""

HelpEntry = tuple[str, str, str]
"""(topic id, heading, body) of one help entry."""


class GameBoard(Protocol):
    """What a game's package gives the shared screens."""

    css_paths: tuple[Path, ...]  # stylesheets of its table, loaded with the board screen
    bindings: tuple[Binding, ...]  # its own keys, shown after "a Actions" (action: board)
    keys_help: str  # the keys line of its help screen
    chart_title: str  # the game-over chart of what each viewer saw

    def table(self, snapshot: Mapping[str, Any]) -> BoardTable:
        """Its part of the board screen (left of the actions, log and chat), id "board"."""
        ...

    def facts(self, display: Mapping[str, Any] | None) -> Any:
        """The facts of its parts from the server's ``display`` data (ctx.facts)."""
        ...

    def status(self, ctx: BoardContext) -> Text:
        """The game's part of the status line (round, phase...)."""
        ...

    def action_label(self, ctx: BoardContext, action: Mapping[str, Any]) -> str:
        """A legal action as listed (already in ctx.vocab's words)."""
        ...

    def preview(self, ctx: BoardContext, action: Mapping[str, Any]) -> Text:
        """One line on what the highlighted action will do."""
        ...

    def headline(self, ctx: BoardContext) -> Text:
        """Above my actions when it is my move."""
        ...

    def scores_seen(self, view: Mapping[str, Any]) -> dict[int, int]:
        """The points each seat shows in this view (for the game-over chart)."""
        ...

    # Optional (the game-over screen asks with getattr; Puerto Rico has neither):
    #   chart_final(score) -> int | None: the chart's last point from a result score
    #     (default: its breakdown's "vp_chips");
    #   score_notes(result, name) -> str: lines under the score table (the tie-break),
    #     ``name`` giving a seat's name as shown.
    # and the board screen the same way (San Juan has it):
    #   list_order(ctx) -> indices of ctx.legal in the order their keys are given
    #     (and the list shows them): San Juan's hand order.

    def help_sections(self, vocab: Vocabulary, facts: Any,
                      in_play: Iterable[str] | None) -> list[tuple[str, list[HelpEntry]]]:
        """Help entries by section, in ``vocab``'s words; ``in_play`` limits the parts
        listed to those of the table shown (None: all)."""
        ...


def board_for(game: object) -> GameBoard | None:
    """The board of ``game`` (a view's ``game``), or None if this client has none."""
    module = BOARDS.get(game) if isinstance(game, str) else None
    if module is None:
        return None
    try:
        board: GameBoard = importlib.import_module(module).BOARD
        return board
    except Exception:  # a board that fails to load is a game we cannot draw, not a crash
        log.exception("the board of %s could not be loaded", game)
        return None


def cannot_draw(title: str) -> str:
    """What the client says about a game it has no board for."""
    return (f"This client cannot draw {title} yet: it has no board for that game. "
            "Watch or play it with a newer prtui.")


def game_title(entry: Mapping[str, Any] | None, game: object) -> str:
    """A game's human name from its catalog entry, else its id."""
    title = (entry or {}).get("title")
    return title if isinstance(title, str) and title else str(game or "this game")


__all__ = ["BOARDS", "GameBoard", "HelpEntry", "board_for", "cannot_draw", "game_title"]
