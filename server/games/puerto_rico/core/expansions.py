"""The table of Puerto Rico's parts: each role's phase and each expansion's modules.

The rules find their modules here and import them by name (``load``, run once by the
package's __init__ before any game is set up), so a module's registrations (its
buildings' hooks, interrupts, extension points, game hooks) cannot be forgotten: a
module listed here is imported, one not listed is not part of the game. The core
never imports a phase or an expansion; the import contracts (pyproject.toml) check it.
Module paths are relative to ``server.games.puerto_rico``; "module:Name" names an
object of the module (the prospector's phase is a class).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.i18n import N_

from . import catalog as C
from . import flow
from .state import StateField

PACKAGE = "server.games.puerto_rico"


@dataclass(frozen=True, slots=True)
class Expansion:
    """One expansion of the 1897 box: its option's words, modules and state fields."""

    name: str  # the option's value and the catalog's tag (catalog.EXPANSIONS)
    label: str  # the option's title in the room's setup
    about: str  # the option's one-line help
    modules: tuple[str, ...]  # its rules, imported by ``load`` (they register themselves)
    # the saved state's fields only this expansion uses: a name of state.FIELDS (the
    # box's, in the save format), or a StateField it declares (kept in ``extra``)
    state_fields: tuple[str | StateField, ...]
    package: str = PACKAGE  # where ``modules`` are (an expansion outside the box: its own)

    @property
    def folder(self) -> str:
        """The package of its first module: where its own files are (texts.toml, the
        help and step words the client shows; io/display.py reads it from there)."""
        parent = self.modules[0].rpartition(":")[0] or self.modules[0]
        parent = parent.rpartition(".")[0]
        return f"{self.package}.{parent}" if parent else self.package


# each role's phase, by role id (the draft, Expansion I's, under -1)
ROLE_PHASES: dict[int, str] = {
    C.SETTLER: "phases.settler",
    C.MAYOR: "phases.mayor",
    C.BUILDER: "phases.builder",
    C.CRAFTSMAN: "phases.craftsman",
    C.TRADER: "phases.trader",
    C.CAPTAIN: "phases.captain",
    C.PROSPECTOR: "phases.crafts:Prospector",
    C.PROSPECTOR2: "phases.crafts:Prospector",
    C.SMUGGLER: "expansions.smuggler.smuggler",
    -1: "expansions.new_buildings.draft",
}
# the base game's modules that register something without being a phase
BASE_MODULES: tuple[str, ...] = ("core.bonusvp",)

EXPANSIONS: dict[str, Expansion] = {
    x.name: x
    for x in (
        Expansion(C.NEW_BUILDINGS, N_("I: New Buildings"), N_("a building draft, forests"),
                  ("expansions.new_buildings.blackmarket", "expansions.new_buildings.forests",
                   "expansions.new_buildings.workshops",
                   "expansions.new_buildings.guesthouse", "expansions.new_buildings.captain_x",
                   "expansions.new_buildings.draft"),
                  ("spaces", "charter_used")),
        Expansion(C.CITIZENS, N_("II: The Citizens"), N_("citizens and their buildings"),
                  ("expansions.citizens.citizens",),
                  ("san_juan_cit", "island_cit", "city_cit")),
        Expansion(C.SMUGGLER_X, N_("III: The Smuggler"), N_("raid/plunder/poach/capture"),
                  ("expansions.smuggler.smuggler", "expansions.smuggler.smuggler_place"),
                  ("smuggler",)),
        Expansion(C.FESTIVAL, N_("IV: The Festival"), N_("3 goals to race for"),
                  ("expansions.festival.festival",),
                  ("festival", "festival_won")),
    )
}
# the option's choices: the box's in their order, then any other row of the table
C.EXPANSIONS = (*C.EXPANSIONS, *(x for x in EXPANSIONS if x not in C.EXPANSIONS))


_CHANGED: list[Callable[[], None]] = []  # told when a row is added (the option's spec)


def declared(names: tuple[str, ...]) -> dict[str, StateField]:
    """The fields the rows of ``names`` (a game's expansions) declare, by name."""
    return {f.name: f for x in names if x in EXPANSIONS for f in EXPANSIONS[x].state_fields
            if isinstance(f, StateField)}


def find(path: str, package: str = PACKAGE) -> Any:
    """The module (or "module:Name" object) a table entry names."""
    module, _, name = path.partition(":")
    found = importlib.import_module(f"{package}.{module}")
    return getattr(found, name) if name else found


def on_change(fn: Callable[[], None]) -> None:
    """``fn`` runs when the table gains (or, in tests, loses) a row."""
    _CHANGED.append(fn)


def changed() -> None:
    for fn in _CHANGED:
        fn()


def add(row: Expansion) -> None:
    """One more row of the table, at run time: the same as writing it in ``EXPANSIONS``
    (its modules are imported now, in the order given, and register themselves). For
    an expansion outside the box (tests/games/puerto_rico/test_toy_expansion.py)."""
    if row.name not in C.EXPANSIONS:
        C.EXPANSIONS = (*C.EXPANSIONS, row.name)
    EXPANSIONS[row.name] = row
    for path in row.modules:
        find(path, row.package)
    changed()


def load() -> None:
    """Import every module of the table and give each role its phase (idempotent)."""
    for path in BASE_MODULES:
        find(path)
    for x in EXPANSIONS.values():
        for path in x.modules:
            find(path, x.package)
    for role, path in ROLE_PHASES.items():
        flow.install_phase(role, find(path))
