"""Hook points: where a building adds a step or an effect to a phase.

Every phase has three points: START (after the role is chosen, before the phase's own
start), TURN (when the turn passes to the next player in an ordered phase, before he
decides) and END (after the phase's actions, before its wrap-up: storage, the
planter's refresh, emptying the trading house). A building registers a function for
the points and roles it acts at; the function applies an automatic effect or pushes
an interrupt (interrupts.py). The table for a catalog holds only the hooks of the
buildings that game can have, so the base game's tables are empty and cost nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from . import catalog as C
from .common import Events
from .modules import Catalog, catalog
from .state import PRState

START, TURN, END = range(3)
Hook = Callable[[PRState, Events], None]
Table = tuple[tuple[tuple[Hook, ...], ...], ...]  # [role][point] -> hooks, in order

_REGISTRY: list[tuple[int, int, int, tuple[int, ...], Hook]] = []
ALL_ROLES = tuple(range(len(C.ROLES)))
FIRST, LATER = 0, 10  # the order at a point: the guest house's moves come first


def register(
    building: int, point: int, roles: tuple[int, ...], fn: Hook, order: int = LATER
) -> None:
    """``fn`` runs at ``point`` of the phases of ``roles`` in games that can have
    ``building`` (by ``order``, then registration order). Registered at import time,
    before any game is set up; tables already made are dropped."""
    _REGISTRY.append((order, building, point, roles, fn))
    _REGISTRY.sort(key=lambda hook: hook[0])
    catalog.cache_clear()


def table(cat: Catalog) -> Table:
    """The catalog's hook table, made once and kept on it."""
    hooks: Table | None = cat.hooks
    if hooks is None:
        hooks = cat.hooks = _make(cat)
    return hooks


def _make(cat: Catalog) -> Table:
    present = set(cat.fixed_board) | set(cat.candidates)
    out = []
    for role in range(len(C.ROLES)):
        points = []
        for point in (START, TURN, END):
            points.append(
                tuple(
                    fn
                    for _, b, at, roles, fn in _REGISTRY
                    if at == point and role in roles and b in present
                )
            )
        out.append(tuple(points))
    return tuple(out)


def run(s: PRState, ev: Events, point: int, first: int) -> int:
    """Run the hooks of ``point`` for the role in play from index ``first``; stop after
    one that pushed an interrupt and return the index to go on from, or -1 when all
    have run."""
    hooks = table(s.cat)[s.role][point]
    if not hooks:
        return -1
    i = first
    while i < len(hooks):
        hooks[i](s, ev)
        i += 1
        if s.pending:
            return i
    return -1
