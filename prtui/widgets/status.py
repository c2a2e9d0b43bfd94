"""The status line: round, phase, whose turn (or whom we wait for), end trigger, lag."""

from __future__ import annotations

from rich.text import Text

from prtui.widgets.context import BoardContext, Shown

STEP_NAMES = {
    "choose_role": "choosing a role",
    "craftsman_bonus": "craftsman's extra barrel",
    "captain_store": "storing goods",
    "game_over": "game over",
}


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

    def refresh_from(self, ctx: BoardContext, lag_ms: float | None = None,
                     waiting: str | None = None) -> None:
        view = ctx.view
        phase = view.get("phase", {})
        step = str(phase.get("step", ""))
        text = Text.assemble((f"Round {view.get('round', 1)}", "bold"))
        text.append(f"  Governor {ctx.name(view.get('governor'))}")
        role = phase.get("role")
        if role:
            text.append(f"  {ctx.vocab.title(role)}", style="bold cyan")
            text.append(f" of {ctx.name(phase.get('role_player'))}")
        if step != role:  # "Mayor of ana (mayor)" says nothing new
            text.append(f"  ({STEP_NAMES.get(step, ctx.vocab(step))})", style="dim")
        if view.get("last_round"):
            text.append("  LAST ROUND", style="bold red")
        text.append("  ")
        mine = ctx.seat is not None and ctx.seat in view.get("to_move", []) and not ctx.watching
        text.append(waiting or waiting_text(ctx), style="bold reverse green" if mine else "italic")
        if ctx.seat is None:
            text.append("  [spectating]", style="bold magenta")
        elif ctx.watching:  # following a seat's view is still watching
            text.append(f"  [spectating, following {ctx.name(ctx.seat)}]", style="bold magenta")
        if lag_ms is not None:
            text.append(f"  lag {lag_ms:.0f} ms", style="dim")
        self.show(text)
