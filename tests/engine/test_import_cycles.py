"""No group of more than 2 modules in server/ imports each other round (issue 24)."""

from __future__ import annotations

import sys
from pathlib import Path

from server.tools.import_cycles import cycles


def test_server_has_no_import_cycle_of_more_than_two_modules() -> None:
    assert cycles("server") == []


def test_a_cycle_of_three_is_found_and_printed_as_a_loop(tmp_path: Path, monkeypatch) -> None:
    pkg = tmp_path / "tangle"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from tangle import b\n")
    (pkg / "b.py").write_text("def f():\n    from tangle import c\n")  # a lazy import counts
    (pkg / "c.py").write_text("import tangle.a\n")
    (pkg / "d.py").write_text("from tangle import e\n")  # a pair is allowed
    (pkg / "e.py").write_text("from tangle import d\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = cycles("tangle")
    sys.modules.pop("tangle", None)
    assert found == [["tangle.a", "tangle.b", "tangle.c", "tangle.a"]]
