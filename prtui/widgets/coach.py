"""The coach's lines under the status line: what the search would play now, one line a
move, with its chance of winning: the search's estimate calibrated on league games by
the server (server/bots/calibration.py), "rough" where the search tried a move too
rarely, one number and a tie mark where moves are equal within noise.

Hidden until asked (the board's coach key). The lines belong to one position (the
version ``v`` they were thought for): a newer position hides them, and an answer for
an older one is dropped, never shown over a board it does not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

from prtui.i18n import N_, _, ngettext
from prtui.widgets.plain import shown

COACH_NOTE = N_("best first · chance of winning (calibrated on bot games)")
NOT_WEIGHED = N_("The search does not weigh this step (the bots decide it by rule of thumb): "
                 "no estimate here.")
ALL_EQUAL = N_("Every choice comes to the same here: the search finds them all equal.")


def _percent(move: Mapping[str, Any]) -> int | None:
    """The calibrated chance as a whole percentage; None when the server gave none (too
    few tries: a rough guess), never the raw estimate."""
    chance = move.get("chance")
    return round(100 * chance) if isinstance(chance, int | float) else None


def _tries(n: int) -> str:
    return ngettext("{count} try", "{count} tries", n).format(count=n)


def coach_lines(moves: list[Mapping[str, Any]], label: Callable[[Mapping[str, Any]], str],
                key: Callable[[Mapping[str, Any]], str] = lambda _action: "",
                choices: int | None = None) -> Text:
    """``moves`` (the ``coach`` answer's, best first) as lines named by the key that plays
    each ("3 Build Large Sugar Mill  62%  (340 tries)"), never by a rank a player could
    read as a key. Moves the server found equal within noise say "tie" (with the tie's
    one number); too few tries say "rough guess" instead of a number; "every choice
    comes to the same" only when the search rated all ``choices`` (the legal actions)
    and found them one tie."""
    text = Text.assemble((_("Coach"), "bold"), (f" · {_(COACH_NOTE)}", "dim"))
    if not moves:
        text.append(f"\n{_(NOT_WEIGHED)}")
        return text
    if (choices is not None and len(moves) >= max(2, choices)
            and all(m.get("tie") for m in moves)
            and len({_percent(m) for m in moves}) == 1):
        text.append(f"\n{_(ALL_EQUAL)}")
    shown_moves = moves[:3]
    percents = [_percent(m) for m in shown_moves]
    for move, percent in zip(shown_moves, percents, strict=True):
        action = dict(move.get("action") or {})
        tries = move.get("tries")
        text.append("\n")
        played_by = key(action)
        text.append(f"{played_by or '·':>1}", style="bold reverse" if played_by else "dim")
        text.append(" " + shown(label(action), 48, blank="?"))
        if percent is None:
            text.append("  " + _("rough guess"), style="italic")
        else:
            text.append(f"  {percent}%", style="bold")
            if move.get("tie"):
                text.append(" " + _("tie"), style="bold")
        if isinstance(tries, int):
            text.append(f"  ({_tries(tries)})", style="dim")
    return text


class CoachPanel(Static):
    """The coach's answer for one position (``v``), or that it is thinking."""

    DEFAULT_CSS = """
    CoachPanel { height: auto; max-height: 6; display: none; padding: 0 1;
                 background: $boost; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.v: int | None = None  # the position the lines are for

    def thinking(self, v: int | None) -> None:
        self.v = v
        self.update(Text(_("Coach: thinking…"), style="italic"))
        self.display = True

    def answer(self, v: int | None, text: Text) -> None:
        self.v = v
        self.update(text)
        self.display = True

    def close(self) -> None:
        self.v = None
        self.display = False
