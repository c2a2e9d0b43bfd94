"""The wire form of a legal move: a plain dict with its parameters and a human label.

Labels say what the choice does for the player about to make it, naming his own cards
(only he is offered his actions). Each distinct dict is built once and then copied.
"""

from __future__ import annotations

from typing import Any

from . import catalog as C
from .moves import (
    BUILD,
    DISCARD,
    GOOD_ITEM,
    KEEP,
    PASS,
    PAY,
    PRODUCE,
    ROLE,
    SELL,
    TAKE,
    TUCK,
    TYPES,
    UNDO,
    Move,
)
from .state import (
    BUILD_PAY,
    CHAPEL,
    COUNCIL_DISCARD,
    COUNCIL_KEEP,
    FAIR_START,
    HAND_LIMIT,
    PRODUCE_STEP,
    SELL_STEP,
    SJState,
)
from .text import GOOD_NAMES, ROLE_NAMES, a, cards, name
from .trader import prices

# the dicts of moves whose labels read the state, by what they read (``state_dict``)
_MEMO: dict[tuple[Any, ...], dict[str, Any]] = {}
# the dicts of moves whose labels read nothing of the state (roles, picks, new buildings)
FIXED: dict[Move, dict[str, Any]] = {}


def to_dict(m: Move, s: SJState) -> dict[str, Any]:
    """A copy of the memo's dict for ``m`` in this position (the memo's own dicts are
    never handed out, so nobody can change them)."""
    return (FIXED.get(m) or state_dict(m, s)).copy()


def state_dict(m: Move, s: SJState) -> dict[str, Any]:
    """The memo's dict of a move not in FIXED: by the move and the little of the state
    its label reads (one flat key), or put in FIXED when it reads nothing."""
    code = m[0]
    key: tuple[Any, ...]
    if code == SELL:  # the price
        key = (SELL, m[1], prices(s)[m[1]])
    elif code == BUILD and m[2] >= 0:  # over a building (crane): its name
        key = (m, s.city[s.turn][m[2]])
    else:  # reads nothing of the state
        d = FIXED[m] = _make_dict(m, s)
        return d
    d = _MEMO.get(key)
    if d is None:
        d = _MEMO[key] = _make_dict(m, s)
    return d


def _make_dict(m: Move, s: SJState) -> dict[str, Any]:
    code = m[0]
    d: dict[str, Any] = {"type": TYPES[code]}
    if code == ROLE:
        d["role"] = C.ROLES[m[1]]
        label = f"Choose the {ROLE_NAMES[m[1]]}"
        if m[2] >= 0:
            d["library"] = bool(m[2])
            label += (", the library doubling its privilege" if m[2]
                      else ", keeping the library for the second role")
    elif code == TUCK:
        d["card"] = C.CARDS[m[1]]
        label = f"Tuck {a(m[1])} under the chapel (1 VP at the end)"
    elif code == PASS:
        label = "Tuck nothing" if m[1] == CHAPEL else "Build nothing"
    elif code == BUILD:
        d["building"] = C.CARDS[m[1]]
        label = f"Build {a(m[1])}"
        if m[2] >= 0:
            d["over"] = m[2]
            label += f" over the {name(s.city[s.turn][m[2]])}"
        d["cost"] = m[3]
        label += f" for {cards(m[3])}"
    elif code == PAY:
        if m[1] >= GOOD_ITEM:
            d["good"] = C.GOODS[m[1] - GOOD_ITEM]
            label = f"Pay with the {GOOD_NAMES[m[1] - GOOD_ITEM]} good (black market)"
        else:
            d["card"] = C.CARDS[m[1]]
            label = f"Pay with {a(m[1])}"
    elif code in (KEEP, DISCARD, TAKE):
        d["card"] = C.CARDS[m[1]]
        verb = {KEEP: "Keep", DISCARD: "Discard", TAKE: "Take"}[code]
        label = f"{verb} {a(m[1])}" + (" from the gold mine" if code == TAKE else "")
    elif code == PRODUCE:
        d["good"] = C.GOODS[m[1]]
        label = f"Produce {GOOD_NAMES[m[1]]}"
    elif code == SELL:
        d["good"] = C.GOODS[m[1]]
        label = f"Sell {GOOD_NAMES[m[1]]} for {cards(prices(s)[m[1]])}"
    elif code == UNDO:
        label = _undo_label(m)
    else:
        label = _confirm_label(m)
    d["label"] = label
    return d


def _undo_label(m: Move) -> str:
    """``(UNDO, step, the last pick or -1)``"""
    step, last = m[1], m[2]
    if last < 0:
        return "Back: choose another building"
    if step in (PRODUCE_STEP, SELL_STEP):
        return f"Undo: not {GOOD_NAMES[last]}"
    if last >= GOOD_ITEM:
        return f"Undo: not the {GOOD_NAMES[last - GOOD_ITEM]} good"
    return f"Undo: not {a(last)}"


def _confirm_label(m: Move) -> str:
    """What confirming the picks does: ``(CONFIRM, step, picks)``, while paying
    ``+ (building, goods among the picks)``."""
    step, k = m[1], m[2]
    if step == BUILD_PAY:
        goods = m[4]
        price = cards(k - goods)
        if goods:
            price += f" and {goods} good{'s' if goods > 1 else ''}"
        return f"Confirm: build {a(m[3])}, paying {price}"
    if step == COUNCIL_KEEP:
        return f"Confirm: keep {'this card' if k == 1 else f'these {k} cards'}"
    if step in (FAIR_START, HAND_LIMIT, COUNCIL_DISCARD):
        return f"Confirm: discard {'this card' if k == 1 else f'these {k} cards'}"
    verb = "produce" if step == PRODUCE_STEP else "sell"
    if not k:
        return f"Confirm: {verb} nothing"
    return f"Confirm: {verb} {'this good' if k == 1 else f'these {k} goods'}"
