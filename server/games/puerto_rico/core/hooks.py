"""Hook points: where a building adds a step or an effect to a phase.

Every phase has three points: START (after the role is chosen, before the phase's own
start), TURN (when the turn passes to the next player in an ordered phase, before he
decides) and END (after the phase's actions, before its wrap-up: storage, the
planter's refresh, emptying the trading house). A building registers a function for
the points and roles it acts at; the function applies an automatic effect or pushes
an interrupt (interrupts.py). The table for a catalog holds only the hooks of the
buildings that game can have, so the base game's tables are empty and cost nothing;
a hook does nothing for a player without its building manned (a building acts only
when occupied), so one whose building nobody has manned is not even called (``due``,
``run``: most of a game, with expansions).
"""

from __future__ import annotations

from collections.abc import Callable

from . import catalog as C
from .common import Events
from .modules import Catalog, catalog
from .state import PRState

START, TURN, END = range(3)
Hook = Callable[[PRState, Events], None]
Entry = tuple[int, Hook]  # (building, hook)
Table = tuple[tuple[tuple[Entry, ...], ...], ...]  # [role][point] -> hooks, in order
Watch = tuple[tuple[tuple[int, ...], ...], ...]  # [role][point] -> hooked buildings

_REGISTRY: list[tuple[int, int, int, tuple[int, ...], Hook]] = []
ALL_ROLES = tuple(range(len(C.ROLES)))
FIRST, LATER = 0, 10  # the order at a point: the guest house's moves come first


def register(
    building: int, point: int, roles: tuple[int, ...], fn: Hook, order: int = LATER
) -> None:
    """``fn`` runs at ``point`` of the phases of ``roles`` in games that can have
    ``building`` (by ``order``, then registration order). ``fn`` must do nothing
    while nobody has ``building`` manned in his city (it is then skipped); at TURN it
    acts for the player whose turn begins only (skipped unless his is manned).
    Registered at import time, before any game is set up; tables already made are
    dropped."""
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
                    (b, fn)
                    for _, b, at, roles, fn in _REGISTRY
                    if at == point and role in roles and b in present
                )
            )
        out.append(tuple(points))
    return tuple(out)


def _built(s: PRState, b: int, point: int) -> bool:
    """Whether the hook of building ``b`` at ``point`` may act: somebody has ``b``
    manned in his city (at TURN, the player whose turn begins: a TURN hook acts for
    him only)."""
    col = s.city_col
    if point == TURN:
        p = s.turn
        i = s.bpos[p][b]
        return i >= 0 and col[p][i] > 0
    for p, pos in enumerate(s.bpos):
        i = pos[b]
        if i >= 0 and col[p][i]:
            return True
    return False


def watched(cat: Catalog) -> Watch:
    """The catalog's hooked buildings by role and point (each once), made once and kept
    on it: what ``due`` looks at."""
    made: Watch | None = cat.hook_buildings
    if made is None:
        made = cat.hook_buildings = tuple(
            tuple(tuple(dict.fromkeys(b for b, _fn in entries)) for entries in points)
            for points in table(cat)
        )
    return made


def turn_due(s: PRState) -> bool:
    """``due(s, s.role, TURN)``, asked at every turn of every phase: whether the player
    whose turn begins has a building of the phase's TURN hooks manned (``_built``)."""
    buildings = (s.cat.hook_buildings or watched(s.cat))[s.role][TURN]
    if not buildings:  # (the base game's every turn)
        return False
    p = s.turn
    pos, here = s.bpos[p], s.city_col[p]
    for b in buildings:
        i = pos[b]
        if i >= 0 and here[i]:
            return True
    return False


def due(s: PRState, role: int, point: int) -> bool:
    """Whether a hook of ``point`` for ``role`` may act now (``_built``; at TURN the
    role is the one in play)."""
    if point == TURN:
        return turn_due(s)
    buildings = (s.cat.hook_buildings or watched(s.cat))[role][point]
    if not buildings:  # (the base game's every point)
        return False
    left, copies = s.bsupply, s.cat.copies
    for b in buildings:
        if left[b] < copies[b]:  # somebody has built it (the supply and the cities hold
            for p in range(s.n):  # every copy)
                i = s.bpos[p][b]
                if i >= 0 and s.city_col[p][i]:
                    return True
    return False


def run(s: PRState, ev: Events, point: int, first: int) -> int:
    """Run the hooks of ``point`` for the role in play from index ``first``; stop after
    one that pushed an interrupt and return the index to go on from, or -1 when all
    have run. (Indexes count every hook of the table, skipped ones too: they are
    saved in ``resume``.)"""
    hooks = table(s.cat)[s.role][point]
    i = first
    while i < len(hooks):
        b, fn = hooks[i]
        i += 1
        if _built(s, b, point):
            fn(s, ev)
            if s.pending:
                return i
    return -1
