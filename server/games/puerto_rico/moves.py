"""Actions: compact internal tuples, and their wire form (plain dicts with labels).

The rules work on tuples ``(code, a, b)``: hashable, cheap to build and compare, and
shared safely between clones. ``to_dict`` adds the human label in the edition's words;
``parse`` turns a client's dict back into a tuple (or raises IllegalAction) so that
``apply`` can check it against the legal tuples before touching the state.
"""

from __future__ import annotations

from typing import Any

from server.engine.errors import IllegalAction

from . import catalog as C
from .state import PRState
from .text import VOCAB, Vocabulary

Move = tuple[int, ...]

ROLE, PLANTATION, QUARRY, HACIENDA, HOSPICE, MAYOR_PLACE, MAYOR_DONE, MAYOR_LIFT = range(8)
BUILD, BONUS, SELL, LOAD, STORE, PASS = range(8, 14)
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
)
_TYPE = {t: i for i, t in enumerate(TYPES)}
_ROLE = {r: i for i, r in enumerate(C.ROLES)}
_GOOD = {g: i for i, g in enumerate(C.GOODS)}
_TILE = {g: i for i, g in enumerate(C.TILES)}
WHERE = ("island", "city")

PASS_MOVE: Move = (PASS,)
DONE_MOVE: Move = (MAYOR_DONE,)
LIFT_MOVE: Move = (MAYOR_LIFT,)


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


_MEMO: dict[tuple[Any, ...], dict[str, Any]] = {}
# moves whose label reads nothing of the state: one dict per edition and move
_STATELESS = frozenset((PLANTATION, QUARRY, HACIENDA, BONUS, SELL, STORE, PASS, MAYOR_LIFT))
_FIXED: dict[str, dict[Move, dict[str, Any]]] = {e: {} for e in C.EDITIONS}


def to_dict(m: Move, s: PRState) -> dict[str, Any]:
    """The wire form of a legal move, labelled for the player about to choose it.

    Labels depend on a little of the state (a role's doubloons, a price, ...); that
    little is the memo key, so each distinct dict is built once and then copied.
    """
    if m[0] in _STATELESS:
        fixed = _FIXED[s.edition]
        if m in fixed:
            return fixed[m].copy()
        d = fixed[m] = _make_dict(m, s)
        return d.copy()
    key = (s.edition, m, _label_key(m, s))
    d = _MEMO.get(key)
    if d is None:
        d = _MEMO[key] = _make_dict(m, s)
    return d.copy()


def _label_key(m: Move, s: PRState) -> Any:
    code = m[0]
    p = s.turn
    if code == ROLE:
        return s.role_coins[m[1]]
    if code == HOSPICE:
        return s.island[p][m[1]]
    if code == MAYOR_PLACE:
        return s.island[p][m[2]] if m[1] == 0 else s.city[p][m[2]]
    if code == MAYOR_DONE:
        return (s.mayor_fresh, bool(s.san_juan[p]) and _fills(s))
    if code == BUILD:
        return build_cost(s, p, m[1])
    if code == LOAD:
        have = s.pgoods[p][m[1]]
        if m[2] == C.WHARF_SHIP:
            return have
        return (min(have, s.ship_cap[m[2]] - s.ship_load[m[2]]), s.ship_cap[m[2]])
    return None


def _make_dict(m: Move, s: PRState) -> dict[str, Any]:
    v = VOCAB[s.edition]
    code = m[0]
    t = TYPES[code]
    if code == ROLE:
        coins = s.role_coins[m[1]]
        extra = f" (+{v.coins(coins)})" if coins else ""
        return {"type": t, "role": C.ROLES[m[1]], "label": f"Choose the {v.roles[m[1]]}{extra}"}
    if code == PLANTATION:
        return {"type": t, "tile": C.GOODS[m[1]], "label": f"Take {v.a_tiles[m[1]]} {v.plantation}"}
    if code == QUARRY:
        return {"type": t, "label": "Take a quarry"}
    if code == HACIENDA:
        return {"type": t, "label": f"{v.buildings[C.HACIENDA]}: draw a face-down {v.plantation}"}
    if code == HOSPICE:
        tile = v.tiles[s.island[s.turn][m[1]]]
        return {
            "type": t,
            "index": m[1],
            "label": f"{v.buildings[C.HOSPICE]}: {v.colonist} on the {tile}",
        }
    if code == MAYOR_PLACE:
        p = s.turn
        if m[1] == 0:
            where = (
                f"{v.tiles[s.island[p][m[2]]]} {v.plantation}"
                if s.island[p][m[2]] < 5
                else "quarry"
            )
        else:
            where = v.buildings[s.city[p][m[2]]]
        return {
            "type": t,
            "where": WHERE[m[1]],
            "index": m[2],
            "label": f"Place a {v.colonist} on the {where}",
        }
    if code == MAYOR_DONE:
        label = "Keep the current arrangement" if s.mayor_fresh else "Done placing"
        if s.san_juan[s.turn] and _fills(s):
            label += f" (fill every empty {v.circle})"
        return {"type": t, "label": label}
    if code == MAYOR_LIFT:
        return {"type": t, "label": f"Rearrange: take all {v.colonists} back to {v.san_juan}"}
    if code == BUILD:
        return {
            "type": t,
            "building": C.BUILDINGS[m[1]],
            "label": f"Build the {v.buildings[m[1]]} ({v.coins(build_cost(s, s.turn, m[1]))})",
        }
    if code == BONUS:
        return {"type": t, "good": C.GOODS[m[1]], "label": f"Take 1 extra {v.goods[m[1]]}"}
    if code == SELL:
        return {"type": t, "good": C.GOODS[m[1]], "label": f"Sell 1 {v.goods[m[1]]}"}
    if code == LOAD:
        return _load_dict(m, s, v)
    if code == STORE:
        keep = [C.GOODS[g] for g in range(5) if m[1] >> g & 1]
        single = None if m[2] < 0 else C.GOODS[m[2]]
        return {"type": t, "keep": keep, "single": single, "label": _store_label(m, v)}
    return {"type": t, "label": "Pass"}


def _fills(s: PRState) -> bool:
    from .mayor import empty_circles

    return s.san_juan[s.turn] >= empty_circles(s, s.turn) > 0


def _load_dict(m: Move, s: PRState, v: Vocabulary) -> dict[str, Any]:
    g, ship = m[1], m[2]
    have = s.pgoods[s.turn][g]
    if ship == C.WHARF_SHIP:
        label = f"Ship all {have} {v.goods[g]} with the {v.buildings[C.WHARF]}"
        return {"type": "load", "good": C.GOODS[g], "ship": "wharf", "label": label}
    k = min(have, s.ship_cap[ship] - s.ship_load[ship])
    label = f"Load {k} {v.goods[g]} onto the {s.ship_cap[ship]}-ship"
    return {"type": "load", "good": C.GOODS[g], "ship": ship, "label": label}


def _store_label(m: Move, v: Vocabulary) -> str:
    parts = [f"all {v.goods[g]}" for g in range(5) if m[1] >> g & 1]
    if m[2] >= 0:
        parts.append(f"1 {v.goods[m[2]]}")
    return "Keep " + (", ".join(parts) if parts else "nothing")


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
