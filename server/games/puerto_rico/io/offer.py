"""The labelled actions of the pending decision, and the way back from one of them.

``legal_actions`` hands out copies of the labels' memo dicts and keeps, on the state,
which copy stands for which internal move (``s.offer``), tied to the legal list it
was made from. ``apply`` given one of those very dicts, unchanged, finds its move
without parsing it again; any other dict (a client's, a changed one, one from before
the state changed) goes through ``parse`` and the legality check as always.

This is only speed (a random four-player game asks about 370 decisions, each of
about five labelled actions): the commonest decisions (a role, a colonist's place, a
building, a pass) find their dicts by the little of the state their labels read,
without the general memo key (labels.py).
"""

from __future__ import annotations

from typing import Any

from ..core import catalog as C
from ..core import flow, registry
from ..core.catalog import EDITIONS
from ..core.costs import build_prices
from ..core.moves import BUILD, MAYOR_PLACE, MAYOR_UNDO, PASS, PLANTATION, Move
from ..core.state import BUILDER, CHOOSE_ROLE, DRAFT, MAYOR, MAYOR_PRIVILEGE, PRState
from ..phases import mayor_undo
from . import refill
from .labels import _MEMO, FIXED, pass_key, shared_dict

Dict = dict[str, Any]
# the commonest labelled dicts, by edition and a small int made of what their labels read
_ROLE_DICTS: dict[str, dict[int, Dict]] = {e: {} for e in EDITIONS}  # coins, role
_PLACE_DICTS: dict[str, dict[int, Dict]] = {e: {} for e in EDITIONS}  # tile, index, where
_BUILD_DICTS: dict[str, dict[int, Dict]] = {e: {} for e in EDITIONS}  # building, price, >coins
_PICK_DICTS: dict[str, dict[int, Dict]] = {e: {} for e in EDITIONS}  # copies, building
_PASS_DICTS: dict[tuple[str, int, int, bool, int], Dict] = {}  # by labels.pass_key
_COPY = dict.copy


def _forget() -> None:
    """The dicts name buildings by id: forget them when the catalog changes."""
    for table in (_ROLE_DICTS, _PLACE_DICTS, _BUILD_DICTS, _PICK_DICTS, _MEMO, FIXED):
        for memo in table.values():
            memo.clear()
    _PASS_DICTS.clear()


registry.on_change(_forget)


def actions(s: PRState) -> list[Dict]:
    moves = s.legal
    if moves is None:
        moves = flow.legal(s)
    step = s.step
    if s.pending:
        shared = [shared_dict(m, s) for m in moves]
    elif step == MAYOR:
        shared = _places(s, moves)
    elif step == CHOOSE_ROLE:
        shared = _roles(s, moves)
    elif step == BUILDER:
        shared = _builds(s, moves)
    elif step == DRAFT:
        shared = _picks(s, moves)
    else:
        shared = _any(s, moves)
    copies = list(map(_COPY, shared))
    s.offer = (moves, shared, copies)
    return copies


def _any(s: PRState, moves: list[Move]) -> list[Dict]:
    ed = s.edition
    fixed = FIXED[ed]  # the moves whose labels read nothing of the state
    out = []
    festival = bool(s.festival)  # a plantation's label may say the festival's goal
    for m in moves:
        d = None if (festival and m[0] == PLANTATION) or s.step == MAYOR_PRIVILEGE else fixed.get(m)
        if d is None:
            if m[0] == PASS:  # its label reads the step and what is left to take
                key = (ed, *pass_key(s))
                d = _PASS_DICTS.get(key)
                if d is None:
                    d = _PASS_DICTS[key] = shared_dict(m, s)
            else:
                d = shared_dict(m, s)
        out.append(d)
    return out


def _roles(s: PRState, moves: list[Move]) -> list[Dict]:
    table = _ROLE_DICTS[s.edition]
    coins, index = s.role_coins, s.cat.role_index
    out = []
    for m in moves:
        r = m[1]
        key = coins[index[r]] << 5 | r
        # the smuggler says what it does now; the mayor, when it ends the game (refill.py)
        d = shared_dict(m, s) if r == C.SMUGGLER or (r == C.MAYOR and refill.by_role(s, s.turn)) \
            else table.get(key)
        if d is None:
            d = table[key] = shared_dict(m, s)
        out.append(d)
    return out


def _places(s: PRState, moves: list[Move]) -> list[Dict]:
    table = _PLACE_DICTS[s.edition]
    p = s.turn
    isl, city = s.island[p], s.city[p]
    out = []
    for m in moves:
        if m[0] == MAYOR_PLACE and len(m) == 3:
            i = m[2]
            key = (city[i] << 6 | i << 1 | 1) if m[1] else (isl[i] << 6 | i << 1)
            cached = table.get(key)
            if cached is None:
                cached = table[key] = shared_dict(m, s)
            d = cached
        elif m[0] == MAYOR_UNDO:
            d = mayor_undo.shared(s, m)
        else:
            d = shared_dict(m, s)
        out.append(d)
    return out


def _builds(s: PRState, moves: list[Move]) -> list[Dict]:
    table = _BUILD_DICTS[s.edition]
    prices = build_prices(s, s.turn)
    coins = s.coins[s.turn]
    # the labels that warn (labels_warn.py): the festival's building, the city filled
    goal = s.festival[4] if s.festival and s.festival_won[2] < 0 else -1
    filling = not s.last_round and s.spaces_used(s.turn) + 2 >= C.CITY_SPACES
    out = []
    for m in moves:
        if m[0] == BUILD and (filling or m[1] == goal):
            d = shared_dict(m, s)
        elif m[0] == BUILD:
            price = prices[m[1]]
            # more than his doubloons: the black market pays the rest (the label says
            # his doubloons and the rest, so they are part of the key)
            key = (m[1] << 6 | price) << 6 | (coins if price > coins else 63)
            cached = table.get(key)
            if cached is None:
                cached = table[key] = shared_dict(m, s)
            d = cached
        else:
            d = shared_dict(m, s)
        out.append(d)
    return out


def _picks(s: PRState, moves: list[Move]) -> list[Dict]:
    """The draft's: a label reads the building and its copies in this game."""
    table = _PICK_DICTS[s.edition]
    copies = s.cat.copies
    out = []
    for m in moves:
        b = m[1]
        key = copies[b] << 8 | b
        d = table.get(key)
        if d is None:
            d = table[key] = shared_dict(m, s)
        out.append(d)
    return out


def move_of(s: PRState, action: Any) -> Move | None:
    """The move of a dict ``actions`` handed out for this very decision, else None."""
    offer, legal = s.offer, s.legal
    if offer is None or legal is None or offer[0] is not legal:
        return None
    copies = offer[2]
    for i in range(len(copies)):
        if copies[i] is action:
            return legal[i] if action == offer[1][i] else None
    return None
