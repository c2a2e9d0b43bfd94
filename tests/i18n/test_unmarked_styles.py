"""The unmarked-English heuristic (tests/i18n/unmarked.py) flags what a person reads and
lets by what is never shown (a file's name, a docstring, a style): each case here is one line of a module it reads."""

from __future__ import annotations

from pathlib import Path

from tests.i18n.unmarked import unmarked

SOURCE = '''
from pathlib import Path
from rich.text import Text
from prtui.i18n import _

STYLESHEET = Path(__file__).with_name("board.tcss")

HEADING = "Cargo ships"
"""The heading of the ships' panel: an attribute's docstring, never shown."""


def row() -> Text:
    shown = Text("Trading house", "bold green")
    return Text.assemble(shown, ("Not a style at all", "dim strike"), _("Marked here"))
'''


def test_attribute_docstrings_and_styles_are_not_words_shown(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(SOURCE, encoding="utf-8")
    found = [text for _line, text in unmarked(module)]
    assert found == ["Cargo ships", "Trading house", "Not a style at all"]
