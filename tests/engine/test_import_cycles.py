"""No group of more than 2 modules in server/ or prtui/ imports each other round (issue 24).

Every import counts, as in the issue's reference checker: lazy ones inside functions,
type-only ones under ``if TYPE_CHECKING:``, and ``from pkg import sub`` counts ``pkg``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.tools import import_cycles
from server.tools.import_cycles import cycles, graph


def test_server_and_prtui_have_no_import_cycle_of_more_than_two_modules() -> None:
    assert cycles("server", "prtui") == []
    assert cycles() == []  # the default that make lint checks is both


def _package(root: Path, name: str, files: dict[str, str]) -> None:
    pkg = root / name
    pkg.mkdir()
    for file, text in {"__init__.py": "", **files}.items():
        (pkg / file).write_text(text)


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [m for m in sys.modules if m.split(".")[0] in ("tangle", "boards", "pair")]:
        sys.modules.pop(name)


def test_a_cycle_through_a_lazy_and_a_type_only_import_is_found(planted: Path) -> None:
    _package(planted, "tangle", {
        "a.py": "from tangle import b\n",
        "b.py": "def f():\n    from tangle import c\n",  # a lazy import counts
        "c.py": ("from typing import TYPE_CHECKING\n"
                 "if TYPE_CHECKING:\n    from tangle.a import A\n"),  # so does a type-only one
    })
    assert cycles("tangle") == [["tangle.a", "tangle.b", "tangle.c", "tangle.a"]]
    assert import_cycles.tangles("tangle") == [["tangle.a", "tangle.b", "tangle.c"]]


def test_a_package_init_that_imports_its_own_users_is_a_cycle(planted: Path) -> None:
    """``from boards import actions`` runs boards/__init__ first: an edge to it."""
    _package(planted, "boards", {
        "__init__.py": "from boards.board import BOARD\n",
        "board.py": "from .actions import act\nBOARD = 1\n",
        "actions.py": "from boards import labels\n",
        "labels.py": "",
    })
    assert graph("boards")["boards.actions"] == ["boards", "boards.labels"]
    assert cycles("boards") == [["boards", "boards.board", "boards.actions", "boards"]]


def test_two_modules_importing_each_other_are_allowed(planted: Path) -> None:
    _package(planted, "pair", {"d.py": "from pair import e\n", "e.py": "from pair.d import x\n"})
    assert graph("pair")["pair.e"] == ["pair.d"]
    assert cycles("pair") == []


def test_make_lint_fails_and_prints_the_loop(planted: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    _package(planted, "tangle", {"a.py": "import tangle.b\n", "b.py": "import tangle.c\n",
                                 "c.py": "import tangle.a\n"})
    monkeypatch.setattr(import_cycles, "PACKAGES", ("tangle",))
    assert import_cycles.main() == 1
    assert capsys.readouterr().err == ("import cycle of 3 modules (tangle.a, tangle.b, tangle.c), "
                                       "one loop: tangle.a -> tangle.b -> tangle.c -> tangle.a\n")
