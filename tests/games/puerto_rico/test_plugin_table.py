"""The table of Puerto Rico's parts (core/expansions.py) and the catalog's rows: every
building whose effect is a hook has it registered, every expansion's modules and state
fields exist, the Smuggler and the Festival act through the game hook points."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import game_hooks, hooks
from server.games.puerto_rico.core.expansions import EXPANSIONS, PACKAGE, ROLE_PHASES, find
from server.games.puerto_rico.core.modules import Catalog
from server.games.puerto_rico.core.state import FIELDS

PHASE_INTERFACE = ("start", "legal", "act", "begin_turn", "wrap_up", "finish", "resume")


def test_every_building_with_a_hook_has_it_registered_and_no_other() -> None:
    hooked = {b for b, row in enumerate(C.BUILDING_ROWS) if row.hooked}
    registered = {b for _order, b, _point, _roles, _fn in hooks._REGISTRY}
    assert hooked, "the catalog marks the buildings whose effect is a hook"
    assert hooked - registered == set(), [C.BUILDINGS[b] for b in hooked - registered]
    assert registered - hooked == set(), [C.BUILDINGS[b] for b in registered - hooked]


def test_a_hooked_buildings_expansion_lists_the_module_that_registers_it() -> None:
    for _order, b, _point, _roles, fn in hooks._REGISTRY:
        module = fn.__module__.removeprefix(PACKAGE + ".")
        assert module in EXPANSIONS[C.BUILDING_ROWS[b].expansion].modules, C.BUILDINGS[b]


def test_every_expansion_has_a_row_whose_modules_and_state_fields_exist() -> None:
    assert tuple(EXPANSIONS) == C.EXPANSIONS
    fields = {name for name, _kind in FIELDS}
    for x in EXPANSIONS.values():
        for path in x.modules:
            assert importlib.import_module(f"{PACKAGE}.{path}")
        assert set(x.state_fields) <= fields, x.name
        assert x.label and x.about


def test_every_role_has_a_phase_with_the_phase_interface() -> None:
    assert set(ROLE_PHASES) == {*range(len(C.ROLES)), -1}
    for role, path in ROLE_PHASES.items():
        phase = find(path)
        needed = ("legal", "act") if role < 0 else PHASE_INTERFACE
        assert all(callable(getattr(phase, f, None)) for f in needed), path


def test_the_catalog_reads_each_buildings_expansion_tag() -> None:
    base = Catalog(4, "1897", (), 5)
    assert {C.BUILDING_ROWS[b].expansion for b in base.fixed_board} == {""}
    both = Catalog(4, "1897", (C.NEW_BUILDINGS, C.CITIZENS), 5)
    assert {C.BUILDING_ROWS[b].expansion for b in both.candidates} == {
        "", C.NEW_BUILDINGS, C.CITIZENS}
    citizens = Catalog(4, "1897", (C.CITIZENS,), 5)  # no draft: every building is fixed
    assert C.VILLA in citizens.fixed_board and C.LIBRARY not in citizens.fixed_board


def test_the_smuggler_and_the_festival_act_at_game_hook_points() -> None:
    assert game_hooks.registered(C.SMUGGLER_X) == {
        game_hooks.ROLE_CHOSEN, game_hooks.EXTRA_ROLE, game_hooks.ROUND_END}
    assert game_hooks.registered(C.FESTIVAL) == {
        game_hooks.SETUP, game_hooks.PLACED, game_hooks.GAME_END}
    base = game_hooks.table(Catalog(4, "1897", (), 5))
    assert all(points == () for points in base)  # a base game runs none of them


def _code_names(path: Path) -> set[str]:
    """The identifiers and strings of a module's code (no comment, no docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            out.update(re.findall(r"\w+", node.value))
    return out


def test_no_phase_names_an_expansions_building() -> None:
    """Issue 35 item 2: the phases count through calc.py and extend.py; what an
    expansion's building does lives in its expansion's folder."""
    theirs = {row.name for row in C.BUILDING_ROWS if row.expansion}
    theirs |= {name.upper() for name in theirs}
    phases = Path(find("phases.builder").__file__).parent
    named = {path.name: sorted(_code_names(path) & theirs) for path in phases.glob("*.py")}
    assert not {k: v for k, v in named.items() if v}, named
