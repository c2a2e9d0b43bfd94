"""Boards by game: which package of the client draws which game.

The shared screens (board, replay, game over, help) know no game: they ask the view's
``game`` for its board here and take everything game-specific from it. A game's board
is the package ``prtui.games.<name>`` (the game's registry name with ``_`` for ``-``)
whose ``board`` module exposes ``BOARD`` (a ``GameBoard``), imported only when a view
of that game arrives (the package's ``__init__`` imports none of its modules, so they
may import each other through it). No table lists them: the client cannot read the
server's game records (the import contracts), so the name is the link, and
tests/engine/test_records.py checks that every record with ``board`` has its package.
A game the server offers but this client has no board for is shown as a notice
(prtui/screens/unknown.py), never a traceback: adding one is writing its package.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from prtui.i18n import _, translator

if TYPE_CHECKING:
    from textual.binding import Binding

    from prtui.vocabulary import Vocabulary
    from prtui.widgets.board_table import BoardTable
    from prtui.widgets.context import BoardContext

log = logging.getLogger(__name__)

_GAME_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""What a game's registry name looks like: anything else names no board (a name comes
from a server, which must not make the client import what it likes)."""


def board_module(game: object) -> str | None:
    """The client module whose ``BOARD`` draws ``game`` (a registry name), by convention."""
    if not isinstance(game, str) or not _GAME_NAME.fullmatch(game):
        return None
    return f"{__name__}.{game.replace('-', '_')}.board"

HelpEntry = tuple[str, str, str]
"""(topic id, heading, body) of one help entry."""


class GameBoard(Protocol):
    """What a game's package gives the shared screens."""

    css_paths: tuple[Path, ...]  # stylesheets of its table, loaded with the board screen
    bindings: tuple[Binding, ...]  # its own keys, shown after "a Actions" (action: board)

    @property
    def keys_help(self) -> str:
        """The keys lines of its help screen, in the reader's language."""
        ...

    @property
    def chart_title(self) -> str:
        """The title of the game-over chart of what each viewer saw."""
        ...

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

    # Optional (the screens ask with getattr; prtui/games/base.py ``BoardBase`` gives
    # every board these with the defaults the screens would use):
    #   chart_final(score) -> int | None: the chart's last point from a result score
    #     (default: its breakdown's "vp_chips");
    #   score_notes(result, name) -> str: lines under the score table (the tie-break),
    #     ``name`` giving a seat's name as shown (default: none);
    #   list_order(ctx) -> indices of ctx.legal in the order their keys are given
    #     (and the list shows them): San Juan's hand order (default None: as listed);
    #   also_in_play(view) -> parts the help lists besides the table's (default: none).

    def help_sections(self, vocab: Vocabulary, facts: Any,
                      in_play: Iterable[str] | None) -> list[tuple[str, list[HelpEntry]]]:
        """Help entries by section, in ``vocab``'s words; ``in_play`` limits the parts
        listed to those of the table shown (None: all)."""
        ...


def board_for(game: object) -> GameBoard | None:
    """The board of ``game`` (a view's ``game``), or None if this client has none."""
    module = board_module(game)
    if module is None:
        return None
    try:
        if importlib.util.find_spec(module.rpartition(".")[0]) is None:
            return None  # no package of that name: a game this client cannot draw
        board: GameBoard = importlib.import_module(module).BOARD
        return board
    except Exception:  # a board that fails to load is a game we cannot draw, not a crash
        log.exception("the board of %s could not be loaded", game)
        return None


def cannot_draw(title: str) -> str:
    """What the client says about a game it has no board for."""
    return _("This client cannot draw {game} yet: it has no board for that game. "
             "Watch or play it with a newer prtui.").format(game=title)


def game_title(entry: Mapping[str, Any] | None, game: object) -> str:
    """A game's human name from its catalog entry (in the reader's language: the game's
    own catalog has its title), else its id."""
    title = (entry or {}).get("title")
    if isinstance(title, str) and title:
        if isinstance(game, str) and board_module(game):
            return translator(game.replace("-", "_"))(title)
        return title
    return str(game) if game else _("this game")


__all__ = ["GameBoard", "HelpEntry", "board_for", "board_module", "cannot_draw", "game_title"]
