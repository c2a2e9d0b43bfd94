"""One bench command and its figures, shared by the benchmark page's writers
(benchmarks.py, hostile_report.py, web_report.py) without an import cycle between them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Run:
    title: str
    argv: list[str]
    figures: dict[str, Any] | None = None
    problem: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def command(self) -> str:
        return " ".join(["prtui", *self.argv])


def _figure(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
