"""The unmarked-English heuristic (tests/i18n/unmarked.py) passes what is never shown and
still finds what is: an attribute's docstring, a Textual ``@on`` selector and a
binding's key and action are never read by a person; a binding's description is."""

from __future__ import annotations

from pathlib import Path

from tests.i18n.unmarked import unmarked

SOURCE = '''
from textual import on
from textual.binding import Binding

WIDTH = 40
"""Widest Name in the table."""

BINDINGS = [Binding("y,enter", "answer(True)", "Yes please")]


class Thing:
    @on(Changed, "#on-deadline")
    def changed(self) -> None:
        self.notify("Saved: Your Address")
'''


def test_what_is_never_shown_passes_and_what_is_shown_is_found(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    path.write_text(SOURCE, encoding="utf-8")
    found = [text for _line, text in unmarked(path)]
    assert found == ["Yes please", "Saved: Your Address"]
