"""Calculation points: where a phase's count gets an expansion's buildings' share.

A phase works out a production, what storage keeps, where a player may sell, what
follows a build or a load, by the base game's rules; a building of an expansion adds
its part to the calculation by the point's name, so no phase names an expansion's
building (tests/games/puerto_rico/test_plugin_table.py checks it). An expansion
registers each contributor for its own name; a game's catalog holds the contributors
of its expansions only (made on first use, as game_hooks.py does), so a base game
calls none of them.

The points and what a contributor is asked:

- EXTRA_BARRELS ``(s, p, made) -> (building, barrels by kind) | None``: barrels
  besides the production ``made`` (the aqueduct);
- PRODUCTION_INCOME ``(s, p, got) -> (building, doubloons) | None``: money for the
  barrels received (the specialty factory; the base game's factory is the phase's own);
- STORAGE ``(s, p) -> int``: barrels of any kinds kept besides (the storehouse);
- OWN_SALE ``(s, p) -> building | -1``: a place of his own the trader may sell to,
  even a kind the house holds, with no market money (the trading post);
- ACTS_ON_FULL_HOUSE ``(s, p) -> bool``: he still has something to do in the trader
  phase once the house is full (the trading post, the land office);
- AFTER_BUILD ``(s, p, b, ev)``: after b is placed in p's city (the church);
- AFTER_LOAD ``(s, p, ev)``: after each load of p's (the lighthouse);
- OWN_SHIP ``(s, p) -> building | -1``: a manned building that gives p a ship of his
  own besides the wharf (the small wharf: how a declined one is named).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .modules import Catalog, catalog
from .state import PRState

(EXTRA_BARRELS, PRODUCTION_INCOME, STORAGE, OWN_SALE, ACTS_ON_FULL_HOUSE, AFTER_BUILD,
 AFTER_LOAD, OWN_SHIP) = range(8)
POINTS = tuple(range(8))
Table = tuple[tuple[Any, ...], ...]  # [point] -> contributors, in registration order

_REGISTRY: list[tuple[str, int, Callable[..., Any]]] = []


def contribute(expansion: str, point: int, fn: Callable[..., Any]) -> None:
    """``fn`` adds to ``point``'s calculation in games with ``expansion`` (at import,
    before any game is set up; tables already made are dropped)."""
    if point not in POINTS:
        raise ValueError(f"no calculation point {point}")
    _REGISTRY.append((expansion, point, fn))
    catalog.cache_clear()


def table(cat: Catalog) -> Table:
    """The catalog's contributors, made once and kept on it."""
    made: Table | None = cat.calcs
    if made is None:
        made = cat.calcs = tuple(
            tuple(fn for x, at, fn in _REGISTRY if at == point and x in cat.expansions)
            for point in POINTS
        )
    return made


def at(s: PRState, point: int) -> tuple[Any, ...]:
    """The contributors to ``point`` in the state's game (none in a base game)."""
    return (s.cat.calcs or table(s.cat))[point]


def first_building(s: PRState, p: int, point: int) -> int:
    """The first building a contributor of ``point`` (OWN_SALE, OWN_SHIP) names, or -1."""
    for fn in at(s, point):
        b: int = fn(s, p)
        if b >= 0:
            return b
    return -1
