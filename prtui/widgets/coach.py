"""The coach's lines under the status line: what the search would play now, one line a
move, with its estimate (mostly the chance of winning, as the search sees it).

Hidden until asked (the board's coach key). The lines belong to one position (the
version ``v`` they were thought for): a newer position hides them, and an answer for
an older one is dropped, never shown over a board it does not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

from prtui.widgets.plain import shown

COACH_NOTE = "estimate ≈ chance of winning as the search sees it"


def coach_lines(moves: list[Mapping[str, Any]], label: Callable[[Mapping[str, Any]], str]
                ) -> Text:
    """``moves`` (the ``coach`` answer's) as lines: "1. <move>  62%  (340 tries)"."""
    text = Text.assemble(("Coach", "bold"), (f" · {COACH_NOTE}", "dim"))
    if not moves:
        text.append("\nNothing to weigh here: every choice comes to the same.")
    for i, move in enumerate(moves[:3], start=1):
        value, tries = move.get("value"), move.get("tries")
        text.append(f"\n{i}. ", style="bold")
        text.append(shown(label(dict(move.get("action") or {})), 48, blank="?"))
        if isinstance(value, int | float):
            text.append(f"  {round(100 * value)}%", style="bold")
        if isinstance(tries, int):
            text.append(f"  ({tries} tries)", style="dim")
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
        self.update(Text("Coach: thinking…", style="italic"))
        self.display = True

    def answer(self, v: int | None, text: Text) -> None:
        self.v = v
        self.update(text)
        self.display = True

    def close(self) -> None:
        self.v = None
        self.display = False
