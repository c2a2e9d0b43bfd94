"""Actions: compact internal tuples, and the parsing of their wire form.

The rules work on tuples ``(code, a, b)``: hashable, cheap to build and compare, and
shared safely between clones. ``parse`` turns a client's dict back into a tuple (or
raises IllegalAction) so that ``apply`` can check it against the legal tuples before
touching the state; labels.py makes the labelled dicts the other way.
"""

from __future__ import annotations

from typing import Any

from server.engine.errors import IllegalAction

from . import catalog as C
from .state import PRState

Move = tuple[int, ...]

ROLE, PLANTATION, QUARRY, HACIENDA, HOSPICE, MAYOR_PLACE, MAYOR_DONE, MAYOR_LIFT = range(8)
BUILD, BONUS, SELL, LOAD, STORE, PASS = range(8, 14)
# taking an optional privilege or building effect (declining it is ``pass``)
MAYOR_COLONIST, UNIVERSITY, PRODUCE, CAPTAIN_VP, HARBOR_VP = range(14, 19)
TYPES = (
    "role",
    "plantation",
    "quarry",
    "hacienda",
    "hospice",
    "mayor_place",
    "mayor_done",
    "mayor_lift",
    "build",
    "craftsman_bonus",
    "sell",
    "load",
    "store",
    "pass",
    "mayor_colonist",
    "university",
    "produce",
    "captain_vp",
    "harbor_vp",
)
_TYPE = {t: i for i, t in enumerate(TYPES)}
_ROLE = {r: i for i, r in enumerate(C.ROLES)}
_GOOD = {g: i for i, g in enumerate(C.GOODS)}
_TILE = {g: i for i, g in enumerate(C.TILES)}
WHERE = ("island", "city")

PASS_MOVE: Move = (PASS,)
DONE_MOVE: Move = (MAYOR_DONE,)
LIFT_MOVE: Move = (MAYOR_LIFT,)
MAYOR_COLONIST_MOVE: Move = (MAYOR_COLONIST,)
UNIVERSITY_MOVE: Move = (UNIVERSITY,)
PRODUCE_MOVE: Move = (PRODUCE,)
CAPTAIN_VP_MOVE: Move = (CAPTAIN_VP,)
HARBOR_VP_MOVE: Move = (HARBOR_VP,)


def _int(d: dict[str, Any], key: str) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise IllegalAction(f"{key!r} must be an integer")
    return v


def _name(d: dict[str, Any], key: str, table: dict[str, int]) -> int:
    v = d.get(key)
    if not isinstance(v, str) or v not in table:
        raise IllegalAction(f"{key!r} must be one of {', '.join(table)}")
    return table[v]


def parse(action: Any) -> Move:
    """The internal form of a client's action dict; only shape is checked here."""
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a map with a 'type'")
    t = action.get("type")
    if not isinstance(t, str) or t not in _TYPE:
        raise IllegalAction(f"unknown action type {t!r}")
    code = _TYPE[t]
    if code == ROLE:
        return (ROLE, _name(action, "role", _ROLE))
    if code == PLANTATION:
        return (PLANTATION, _name(action, "tile", _GOOD))
    if code == HOSPICE:
        return (HOSPICE, _int(action, "index"))
    if code == MAYOR_PLACE:
        return (
            MAYOR_PLACE,
            _name(action, "where", {"island": 0, "city": 1}),
            _int(action, "index"),
        )
    if code == BUILD:
        return (BUILD, _name(action, "building", C.B_INDEX))
    if code in (BONUS, SELL):
        return (code, _name(action, "good", _GOOD))
    if code == LOAD:
        ship = action.get("ship")
        if ship == "wharf":
            return (LOAD, _name(action, "good", _GOOD), C.WHARF_SHIP)
        return (LOAD, _name(action, "good", _GOOD), _int(action, "ship"))
    if code == STORE:
        keep = action.get("keep", [])
        if not isinstance(keep, list) or not all(isinstance(g, str) and g in _GOOD for g in keep):
            raise IllegalAction("'keep' must be a list of goods")
        mask = 0
        for g in keep:
            mask |= 1 << _GOOD[g]
        single = action.get("single")
        if single is None:
            return (STORE, mask, -1)
        return (STORE, mask, _name(action, "single", _GOOD))
    return (code,)


def build_cost(s: PRState, p: int, b: int) -> int:
    """Cost for seat p now: quarries capped by column, builder's privilege, never < 0."""
    quarries = 0
    isl = s.island[p]
    if C.QUARRY in isl:  # checked at C speed; most islands have none
        col = s.island_col[p]
        for i, t in enumerate(isl):
            if t == C.QUARRY and col[i]:
                quarries += 1
    cost = C.COST[b] - min(quarries, C.COLUMN[b])
    if p == s.role_player and s.role == C.BUILDER:
        cost -= 1
    return cost if cost > 0 else 0


def occupied_quarries(s: PRState, p: int) -> int:
    isl = s.island[p]
    if C.QUARRY not in isl:  # the common case, checked at C speed
        return 0
    col = s.island_col[p]
    k = 0
    for i, t in enumerate(isl):
        if t == C.QUARRY and col[i]:
            k += 1
    return k
