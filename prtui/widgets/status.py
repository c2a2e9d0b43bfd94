"""The status line: the game's part (round, phase: from its board), then whom the table
waits for, whether I only watch, and the lag."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from prtui.widgets.context import BoardContext, Shown

if TYPE_CHECKING:
    from prtui.games import GameBoard


def waiting_text(ctx: BoardContext) -> str:
    """Whom the table waits for, in words."""
    view = ctx.view
    if view.get("over"):
        return "The game is over."
    to_move = list(view.get("to_move", []))
    if ctx.seat is not None and ctx.seat in to_move and not ctx.watching:
        return "Your move."
    if not to_move:
        return "Waiting for the server…"
    return "Waiting for " + ", ".join(ctx.name(s) for s in to_move) + "…"


class StatusLine(Shown):
    """One line at the top of the game screen."""

    def __init__(self, board: GameBoard | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board

    def refresh_from(self, ctx: BoardContext, lag_ms: float | None = None,
                     waiting: str | None = None) -> None:
        view = ctx.view
        text = self.board.status(ctx) if self.board else Text.assemble((f"Round {view.get('round', 1)}", "bold"))
        text.append("  ")
        mine = ctx.seat is not None and ctx.seat in view.get("to_move", []) and not ctx.watching
        text.append(waiting or waiting_text(ctx), style="bold reverse green" if mine else "italic")
        if ctx.seat is None:
            text.append("  [spectating]", style="bold magenta")
        elif ctx.watching:  # following a seat's view is still watching
            text.append(f"  [spectating: {ctx.name(ctx.seat)}]", style="bold magenta")
        if lag_ms is not None:
            text.append(f"  lag {lag_ms:.0f} ms", style="dim")
        self.show(text)
