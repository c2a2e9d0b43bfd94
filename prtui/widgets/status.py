"""The status line: the game's part (round, phase: from its board), then whom the table
waits for, whether I only watch, and the lag."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text

from prtui.i18n import _
from prtui.widgets.context import BoardContext, Shown

if TYPE_CHECKING:
    from prtui.games import GameBoard


def waiting_text(ctx: BoardContext) -> str:
    """Whom the table waits for, in words."""
    view = ctx.view
    if view.get("over"):
        return _("The game is over.")
    to_move = list(view.get("to_move", []))
    if ctx.seat is not None and ctx.seat in to_move and not ctx.watching:
        return _("Your move.")
    if not to_move:
        return _("Waiting for the server…")
    waited = ", ".join(ctx.name(s) for s in to_move)
    if waited.endswith("…"):  # a name cut short: one ellipsis is enough
        return _("Waiting for {players}").format(players=waited)
    return _("Waiting for {players}…").format(players=waited)


Waiting = str | Callable[[BoardContext], str]

NAME_STEPS = ((12, False), (6, False), (6, True))
"""Narrower names the status line tries, in turn, when a line with whole names is too
wide (at last briefer words too): one line has no room to wrap, and a name cut by the
edge hides what follows it."""


class StatusLine(Shown):
    """One line at the top of the game screen."""

    DEFAULT_CSS = """
    StatusLine { height: 1; background: $panel; padding: 0 1; }
    """

    _last: tuple[BoardContext, float | None, Waiting | None] | None = None

    def __init__(self, board: GameBoard | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board

    def refresh_from(self, ctx: BoardContext, lag_ms: float | None = None,
                     waiting: Waiting | None = None) -> None:
        """``waiting``: whom the table waits for, or how to say it for a context (so
        that it follows the names' width)."""
        self._last = (ctx, lag_ms, waiting)
        width = self.content_size.width
        text = self._line(ctx, lag_ms, waiting)
        for cells, brief in NAME_STEPS:
            if not width or cell_len(text.plain) <= width:
                break
            text = self._line(replace(ctx, name_cells=cells, brief=brief), lag_ms, waiting)
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:  # the names' width follows the line's
            self.refresh_from(*self._last)

    def _line(self, ctx: BoardContext, lag_ms: float | None, waiting: Waiting | None) -> Text:
        view = ctx.view
        if callable(waiting):
            waiting = waiting(ctx)
        text = self.board.status(ctx) if self.board else Text.assemble(
            (_("Round {number}").format(number=view.get("round", 1)), "bold"))
        text.append("  ")
        mine = ctx.seat is not None and ctx.seat in view.get("to_move", []) and not ctx.watching
        text.append(waiting or waiting_text(ctx), style="bold reverse green" if mine else "italic")
        if ctx.seat is None:
            text.append("  " + (_("[watching]") if ctx.brief else _("[spectating]")),
                        style="bold magenta")
        elif ctx.watching:  # following a seat's view is still watching
            text.append("  " + _("[spectating: {player}]").format(player=ctx.name(ctx.seat)),
                        style="bold magenta")
        if lag_ms is not None:
            text.append("  " + _("lag {ms} ms").format(ms=f"{lag_ms:.0f}"), style="dim")
        return text
