"""``BoardBase``: a game board's typed defaults (``GameBoard``, prtui/games/__init__.py).

A game's board inherits it and writes only what is its own: its status line and its
help. It names its table widget (``table_class``), how it reads the server's facts
(``read_facts``) and its ``texts`` module (functions ``action_label``, ``preview``,
``headline``); the optional questions the shared screens ask (the chart's last point,
notes under the scores, the list's order, parts in play) have the answers a game with
nothing special gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from prtui.i18n import N_, _

if TYPE_CHECKING:
    from textual.binding import Binding

    from prtui.widgets.board_table import BoardTable
    from prtui.widgets.context import BoardContext


class ActionTexts(Protocol):
    """A game's module of action texts (its actions.py)."""

    def action_label(self, ctx: BoardContext, action: Mapping[str, Any]) -> str: ...

    def preview(self, ctx: BoardContext, action: Mapping[str, Any]) -> Text: ...

    def headline(self, ctx: BoardContext) -> Text: ...


class BoardBase:
    css_paths: tuple[Path, ...] = ()
    bindings: tuple[Binding, ...] = ()
    keys: str = ""  # the keys lines of its help screen, N_-marked
    chart: str = N_("Points over the rounds")  # its game-over chart's title, N_-marked
    texts: ActionTexts
    table_class: Callable[[Mapping[str, Any]], BoardTable]  # its part of the board screen
    read_facts: Callable[[Mapping[str, Any] | None], Any]  # a staticmethod: display -> facts

    @property
    def keys_help(self) -> str:
        return _(self.keys) if self.keys else ""

    @property
    def chart_title(self) -> str:
        return _(self.chart)

    def table(self, snapshot: Mapping[str, Any]) -> BoardTable:
        """Its part of the board screen (left of the actions, log and chat)."""
        return self.table_class(snapshot)

    def facts(self, display: Mapping[str, Any] | None) -> Any:
        """The facts of its parts from the server's ``display`` data (ctx.facts)."""
        return self.read_facts(display)

    def action_label(self, ctx: BoardContext, action: Mapping[str, Any]) -> str:
        return self.texts.action_label(ctx, action)

    def preview(self, ctx: BoardContext, action: Mapping[str, Any]) -> Text:
        return self.texts.preview(ctx, action)

    def headline(self, ctx: BoardContext) -> Text:
        return self.texts.headline(ctx)

    def chart_final(self, score: Mapping[str, Any]) -> int | None:
        """The game-over chart's last point from a result's score: its VP chips."""
        chips = score.get("breakdown", {}).get("vp_chips")
        return chips if isinstance(chips, int) else None

    def score_notes(self, result: Mapping[str, Any], name: Callable[[int], str]) -> str:
        """Lines under the score table (none)."""
        return ""

    def list_order(self, ctx: BoardContext) -> list[int] | None:
        """The order of ctx.legal's keys and rows (None: as the server lists them)."""
        return None

    def also_in_play(self, view: Mapping[str, Any]) -> list[str]:
        """Parts the help lists besides those on the table (none)."""
        return []
