"""The base of every game's table, so the shared board screen can type what it calls on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Vertical

if TYPE_CHECKING:
    from prtui.widgets.context import BoardContext


class BoardTable(Vertical):
    """A game's part of the board screen (id "board"): redrawn from each new picture,
    and handed the game's own keys (its board's ``bindings``, action "board")."""

    def refresh_from(self, ctx: BoardContext) -> None:
        """Draw ``ctx``; a part redraws only if it changed."""
        raise NotImplementedError

    def board_action(self, name: str) -> None:
        """Run the board key ``name`` (one of the board's ``bindings``)."""
        raise NotImplementedError

    def board_enabled(self, name: str) -> bool:
        """Whether the board key ``name`` does something now (else not in the footer)."""
        return True

    def board_label(self, name: str) -> str | None:
        """What the footer calls the board key ``name`` now, when what it does depends
        on the screen's size (None: its binding's own description)."""
        return None
