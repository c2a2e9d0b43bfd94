"""The heuristic that finds unmarked English (tests/i18n/unmarked.py) passes over what
is never shown (an attribute's docstring, a command-line flag, a name in the code) and
still finds a text a person reads."""

from __future__ import annotations

from pathlib import Path

from tests.i18n.unmarked import unmarked

SOURCE = '''
BELL_AFTER_S = 3.0
"""The bell rings after waiting this long."""
HANDLER = "prtui.launch:run_play"
ACTION = "app.reconnect"


def build(parser):
    parser.add_argument("--web-max-homes", help="Browser homes kept")
    print("Your move at the table")
'''


def test_only_what_a_person_reads_is_found(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    path.write_text(SOURCE, encoding="utf-8")
    assert {text for _line, text in unmarked(path)} == {
        "Browser homes kept", "Your move at the table"}
