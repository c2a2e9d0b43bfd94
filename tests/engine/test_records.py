"""One record per game (issue 35, item 3): every game folder registers itself once with
the facts the contract suite needs, and the tables that used to name each game read the
records instead."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from prtui.games import board_for
from server.engine.errors import UnknownGame
from server.engine.record import Facts
from server.games import registry
from tests.engine.games import all_facts, facts_problem, game_records

ROOT = Path(__file__).resolve().parents[2]

WERE_TABLES = (
    "server/games/registry.py", "server/bots/levels.py", "server/bots/heuristic.py",
    "server/bots/styles.py", "server/tools/soak.py", "server/tools/state_docs.py",
    "prtui/games/__init__.py", "tests/engine/games.py",
)
"""The modules that each held a table of the games by name."""


def test_every_game_folder_registers_its_facts() -> None:
    records = game_records()
    names = [r.name for r in records]
    assert {"puerto-rico", "san-juan", "stones"} <= set(names)
    assert [(r.name, facts_problem(r)) for r in records] == [(n, None) for n in names]
    assert [f.name for f in all_facts()] == names  # the contract suite runs them all
    for record in records:
        if record.docs is not None:  # the docs it names are there
            assert (ROOT / record.docs.state).is_file() and (ROOT / record.docs.view).is_file()


@pytest.fixture
def scratch_games(tmp_path: Path) -> Iterator[str]:
    """A package of game folders outside the tree: one game whose record has no facts."""
    pkg = tmp_path / "scratch_games"
    (pkg / "pebbles").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "pebbles" / "__init__.py").write_text("")
    (pkg / "pebbles" / "record.py").write_text(
        "from server.engine.record import GameRecord\n"
        "from server.games.registry import register\n"
        "RECORD = register(GameRecord('pebbles', 'tests.games.stones.game:Stones',"
        " facts=None, listed=False))\n")
    sys.path.insert(0, str(tmp_path))
    yield "scratch_games"
    sys.path.remove(str(tmp_path))
    for name in [m for m in sys.modules if m.startswith("scratch_games")]:
        del sys.modules[name]
    registry.unregister("pebbles")


def test_a_game_registered_without_its_facts_is_reported(scratch_games: str) -> None:
    [record] = registry.discover(scratch_games)
    assert record.name == "pebbles" and registry.find("pebbles") is record
    assert facts_problem(record) == "registered no facts for the contract suite"
    with pytest.raises(LookupError):
        record.load_facts()


def test_a_record_whose_facts_are_not_facts_is_reported() -> None:
    record = registry.record("stones")
    wrong = type(record)(record.name, record.rules, facts="tests.games.stones.facts:totals")
    assert facts_problem(wrong) == "tests.games.stones.facts:totals is not a Facts record"
    assert isinstance(record.load_facts(), Facts)


def test_a_name_is_registered_once() -> None:
    record = registry.record("san-juan")
    with pytest.raises(ValueError, match="taken"):
        registry.register(type(record)("san-juan", "tests.games.stones.game:Stones", None))
    assert registry.register(record) is record  # the same record again is no change


def test_the_client_draws_every_game_whose_record_says_so() -> None:
    for record in registry.records():
        if record.board:
            assert board_for(record.name) is not None, record.name
    assert board_for("stones") is None  # a test game: the client shows its notice
    assert board_for("../stones") is None and board_for(7) is None


def test_a_test_game_is_known_but_never_offered() -> None:
    assert registry.get_game("stones").name == "stones"
    assert "stones" not in registry.game_names()
    assert registry.game_names()[0] == registry.DEFAULT_GAME
    with pytest.raises(UnknownGame):
        registry.offered_game("stones")
    assert registry.offered_game("san-juan") is registry.get_game("san-juan")


def _literals(path: Path) -> set[str]:
    """Every string constant of a module, its docstrings left out."""
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs}


@pytest.mark.parametrize("module", WERE_TABLES)
def test_no_central_table_names_a_game(module: str) -> None:
    names = {r.name for r in registry.records()} | {
        n.replace("-", "_") for n in ("puerto-rico", "san-juan")}
    found = _literals(ROOT / module) & names
    if module == "server/games/registry.py":
        found -= {registry.DEFAULT_GAME}  # what starts when no game is named
    assert found == set(), f"{module} names {sorted(found)}"


def test_the_command_line_starts_the_registrys_default_game() -> None:
    from prtui import cli

    assert cli.DEFAULT_GAME == registry.DEFAULT_GAME


def test_listing_the_games_loads_none_of_them() -> None:
    """In a fresh process: the records are read without importing a game's package (Puerto
    Rico's loads its whole table), and importing a record module later changes nothing."""
    import subprocess

    code = (
        "import sys\n"
        "from server.games import registry\n"
        "names = registry.game_names()\n"
        "assert names[:2] == ['puerto-rico', 'san-juan'], names\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('server.games.'))\n"
        "assert loaded == ['server.games.registry'] + sorted(\n"
        "    m for m in loaded if m.startswith('server.games.registry.folders.')), loaded\n"
        "import server.games.puerto_rico.record as pr\n"
        "assert registry.record('puerto-rico') == pr.RECORD\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr
