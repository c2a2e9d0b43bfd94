"""Actions: compact internal tuples, and the parsing of their wire form.

The rules work on tuples ``(code, a, b)``: hashable, cheap to build and compare, and
shared safely between clones. ``parse`` turns a client's dict back into a tuple (or
raises IllegalAction) so that ``apply`` can check it against the legal tuples before
touching the state; labels.py makes the labelled dicts the other way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.engine.actionfields import int_field as _int
from server.engine.actionfields import name_field as _name
from server.engine.actionfields import type_code
from server.engine.errors import IllegalAction

from . import catalog as C
from .costs import build_cost as build_cost  # the price rule lives in costs.py
from .costs import occupied_quarries as occupied_quarries

Move = tuple[Any, ...]
"""A move as the rules code it: its code, then integers; only Expansion I's store ends
in a tuple (the storehouse's barrels by good), hence Any rather than int."""

ROLE, PLANTATION, QUARRY, HACIENDA, HOSPICE, MAYOR_PLACE, MAYOR_DONE, MAYOR_LIFT = range(8)
BUILD, BONUS, SELL, LOAD, STORE, PASS = range(8, 14)
# taking an optional privilege or building effect (declining it is ``pass``)
MAYOR_COLONIST, UNIVERSITY, PRODUCE, CAPTAIN_VP, HARBOR_VP = range(14, 19)
# the expansions (docs/puerto-rico-view.md)
DRAFT_PICK, FOREST, FOREST_DRAWN, GUEST, VILLA_TAKE, PENSION_RETURN = range(19, 25)
PARK_DISCARD, LAND_OFFICE_BUY, LAND_OFFICE_SELL, BLACK_MARKET_PAY, CHARTER, TAKE_VP = range(25, 31)
RAID, PLUNDER, POACH, CAPTURE, PLACE_WORKER = range(31, 36)  # Expansions III/IV
MAYOR_UNDO = 36  # a colonist taken back while placing (mayor_undo.py)
# the wire names by code; an expansion's own folder adds its codes after these (add_type)
TYPES: list[str] = [
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
    "draft",
    "forest",
    "forest_drawn",
    "guest",
    "villa",
    "royal_supplier",
    "hunting_lodge",
    "land_office_buy",
    "land_office_sell",
    "black_market",
    "charter",
    "take_vp",
    "raid",
    "plunder",
    "poach",
    "capture",
    "place_worker",
    "undo",
]
PAY_WORKER, PAY_GOOD, PAY_VP = range(3)  # what a black market payment returns
PAYS = ("worker", "good", "vp")
_TYPE = {t: i for i, t in enumerate(TYPES)}
Parser = Callable[[dict[str, Any]], Move]
_PARSERS: dict[int, Parser] = {}  # an added code's parser (add_type)
_ROLE = {r: i for i, r in enumerate(C.ROLES)}
_GOOD = {g: i for i, g in enumerate(C.GOODS)}
_TILE = {g: i for i, g in enumerate(C.TILES)}
WHERE = ("island", "city", "san_juan")
_WHERE = {"island": 0, "city": 1}
_WHERE_PAY = {"island": 0, "city": 1, "san_juan": 2}

PASS_MOVE: Move = (PASS,)
DONE_MOVE: Move = (MAYOR_DONE,)
LIFT_MOVE: Move = (MAYOR_LIFT,)
MAYOR_COLONIST_MOVE: Move = (MAYOR_COLONIST,)
UNIVERSITY_MOVE: Move = (UNIVERSITY,)
PRODUCE_MOVE: Move = (PRODUCE,)
CAPTAIN_VP_MOVE: Move = (CAPTAIN_VP,)
HARBOR_VP_MOVE: Move = (HARBOR_VP,)


def add_type(name: str, parser: Parser | None = None) -> int:
    """A move type of an expansion's own folder (registry.py): the next free code (the
    codes are the save format: the box's never move), the same again for a name already
    added; ``parser`` reads its parameters (none: the move is just its code)."""
    if name in _TYPE:
        code = _TYPE[name]
        if code <= MAYOR_UNDO:
            raise ValueError(f"move type {name!r} is the box's")
    else:
        code = len(TYPES)
        TYPES.append(name)
        _TYPE[name] = code
    _PARSERS[code] = parser or (lambda action: (code,))
    return code


def _flag(d: dict[str, Any], key: str) -> int:
    v = d.get(key, False)
    if not isinstance(v, bool):
        raise IllegalAction(f"{key!r} must be true or false")
    return 1 if v else 0


def _count(d: dict[str, Any], key: str) -> dict[str, int] | None:
    v = d.get(key)
    if v is None:
        return None
    if not isinstance(v, dict) or not all(
        isinstance(g, str) and g in _GOOD and isinstance(k, int) and not isinstance(k, bool)
        for g, k in v.items()
    ):
        raise IllegalAction(f"{key!r} must map goods to counts")
    return v


def parse(action: Any) -> Move:
    """The internal form of a client's action dict; only shape is checked here."""
    code = type_code(action, _TYPE)
    if code > MAYOR_UNDO:  # an expansion's own (add_type)
        return _PARSERS[code](action)
    if code == ROLE:
        return (ROLE, _name(action, "role", _ROLE))
    if code in (PLANTATION, FOREST):
        return (code, _name(action, "tile", _GOOD))
    if code in (HOSPICE, PARK_DISCARD, LAND_OFFICE_SELL):
        return (code, _int(action, "index"))
    if code in (MAYOR_PLACE, GUEST):
        where = _name(action, "where", _WHERE)
        if _flag(action, "citizen"):
            return (code, where, _int(action, "index"), 1)
        return (code, where, _int(action, "index"))
    if code in (BUILD, DRAFT_PICK):
        return (code, _name(action, "building", C.B_INDEX))
    if code in (BONUS, PENSION_RETURN):
        return (code, _name(action, "good", _GOOD))
    if code == SELL:
        to = action.get("to", "trading_house")
        if to not in ("trading_house", "trading_post"):
            raise IllegalAction("'to' must be trading_house or trading_post")
        if to == "trading_post":
            return (SELL, _name(action, "good", _GOOD), 1)
        return (SELL, _name(action, "good", _GOOD))
    if code == MAYOR_COLONIST:
        count = action.get("count", 1)
        return (MAYOR_COLONIST,) if count == 1 else (MAYOR_COLONIST, _int(action, "count"))
    if code == LOAD:
        ship = action.get("ship")
        if ship == "wharf":
            return (LOAD, _name(action, "good", _GOOD), C.WHARF_SHIP)
        return (LOAD, _name(action, "good", _GOOD), _int(action, "ship"))
    if code == CHARTER:
        return (CHARTER, _name(action, "good", _GOOD), _int(action, "count"))
    if code == BLACK_MARKET_PAY:
        pay = _name(action, "pay", {p: i for i, p in enumerate(PAYS)})
        if pay == PAY_GOOD:
            return (code, PAY_GOOD, _name(action, "good", _GOOD))
        if pay == PAY_VP:
            return (code, PAY_VP)
        where = _name(action, "where", _WHERE_PAY)
        index = _int(action, "index") if where < 2 else 0
        return (code, PAY_WORKER, where, index, _flag(action, "citizen"))
    if code == STORE:
        return _parse_store(action)
    if code == RAID:
        return (RAID, _int(action, "ship"), _int(action, "keep"))
    if code == CAPTURE:
        return (CAPTURE, _name(action, "role", _ROLE))
    if code == PLACE_WORKER:
        return (PLACE_WORKER, _name(action, "where", _WHERE), _int(action, "index"))
    if code == MAYOR_UNDO and "where" in action:  # send one back from there (mayor_undo.py)
        return (MAYOR_UNDO, _name(action, "where", _WHERE), _int(action, "index"))
    return (code,)


def _parse_store(action: dict[str, Any]) -> Move:
    keep = action.get("keep", [])
    if not isinstance(keep, list) or not all(isinstance(g, str) and g in _GOOD for g in keep):
        raise IllegalAction("'keep' must be a list of goods")
    mask = 0
    for g in keep:
        mask |= 1 << _GOOD[g]
    single = action.get("single")
    one = -1 if single is None else _name(action, "single", _GOOD)
    loose = _count(action, "storehouse")
    if loose is None:
        return (STORE, mask, one)
    return (STORE, mask, one, tuple(loose.get(g, 0) for g in C.GOODS))
