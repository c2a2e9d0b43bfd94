"""The post-game review in words: my decisions against the search's best (``review``).

The server rates each of my decisions of a finished game (the search's best move and
its estimate against mine) and names the steps of the three biggest losses; the replay
shows them over the board (prtui/screens/replay.py), jumps to each with a key, and says
at a step of mine what the search preferred.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from prtui.i18n import _
from prtui.widgets.plain import shown

Label = Callable[[Mapping[str, Any]], str]


MOVE_CELLS = 32
"""The widest a move is named in the review's lines (its three losses fit 80 columns)."""


def move_name(label: str, cells: int = MOVE_CELLS) -> str:
    """A move named in at most ``cells``: a long label loses its notes in brackets
    ("(+1 doubloon)") whole, last first, before anything is cut, so no line ends in a
    bracket cut mid-word ("(+1 doublo…", issue 32); only a name still too long is cut."""
    text = shown(label, blank="?")
    while cell_len(text) > cells and text.endswith(")") and " (" in text:
        text = text[: text.rindex(" (")].rstrip()
    return shown(text, cells, blank="?")


def pct(chance: object) -> str:
    """A calibrated chance as the coach words it: a percentage, or "rough" when the
    server gave none (too few tries, or a review stored before chances were
    calibrated), never the raw estimate."""
    return f"{round(100 * chance)}%" if isinstance(chance, int | float) else _("rough guess")


def best_part(mv: Mapping[str, Any], label: Label) -> str:
    """What the search preferred and its chance; "tie" (as the coach says it) when it
    is equal to the move played within noise: one number, no ranking."""
    name = move_name(label(mv.get("best") or {}))
    best = " · " + _("best {move} {chance}").format(move=name, chance=pct(mv.get("best_chance")))
    return best + (" " + _("tie") if mv.get("tie") else "")


def worst_moves(review: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The biggest losses, biggest first (the server names their steps)."""
    steps = set(review.get("worst") or [])
    moves = [dict(mv) for mv in review.get("moves") or [] if mv.get("step") in steps]
    return sorted(moves, key=lambda mv: -float(mv.get("loss") or 0.0))


def review_text(review: Mapping[str, Any], step: int, label: Label) -> Text:
    """The review's head, the biggest losses (the one shown now marked), and what the
    search thought of my move at this step if it was one of mine."""
    moves = list(review.get("moves") or [])
    rated = _("{count} of my decisions rated by the search").format(count=len(moves))
    text = Text.assemble((_("Review"), "bold"), (
        " · " + rated
        + ("" if review.get("complete", True) else " " + _("(time ran out: the rest not rated)"))
        + " · " + _("x next big loss"), "dim"))
    worst = worst_moves(review)
    if not worst:
        text.append("\n" + _("No move of mine lost anything the search could see."))
    for i, mv in enumerate(worst, start=1):
        here = mv.get("step") == step
        text.append(f"\n{'▶' if here else ' '}{i}. " + _("step {step}:").format(step=mv.get("step"))
                    + " ", style="bold reverse" if here else "bold")
        text.append(f"{move_name(label(mv.get('played') or {}))} {pct(mv.get('chance'))}")
        text.append(best_part(mv, label), style="yellow")
    mine = next((mv for mv in moves if mv.get("step") == step), None)
    if mine is not None and mine not in worst:
        agrees = mine.get("loss", 0) == 0 and not mine.get("tie")
        text.append("\n" + _("This step: {move} {chance}").format(
            move=move_name(label(mine.get("played") or {})), chance=pct(mine.get("chance"))))
        text.append(" · " + _("the search agrees") if agrees else best_part(mine, label),
                    style="dim" if agrees else "yellow")
    return text
