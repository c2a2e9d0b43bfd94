"""The wire form of a legal move: a plain dict with its parameters and a human label.

Labels say what the choice does for the player about to make it, naming his own cards
(only he is offered his actions). Each distinct dict is built once and then copied.
"""

from __future__ import annotations

from typing import Any

from . import catalog as C
from .moves import (
    BUILD,
    CONFIRM,
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

_MEMO: dict[tuple[Any, ...], dict[str, Any]] = {}
# moves whose label reads nothing of the state: one dict per move, found at once
_STATELESS = frozenset((ROLE, TUCK, PAY, KEEP, DISCARD, PRODUCE, TAKE))  # and builds

FIXED: dict[Move, dict[str, Any]] = {}


def to_dict(m: Move, s: SJState) -> dict[str, Any]:
    d = FIXED.get(m)
    if d is not None:
        return d.copy()
    if m[0] in _STATELESS or (m[0] == BUILD and m[2] < 0):
        d = FIXED[m] = _make_dict(m, s)
        return d.copy()
    key = (m, _label_key(m, s))
    d = _MEMO.get(key)
    if d is None:
        d = _MEMO[key] = _make_dict(m, s)
    return d.copy()


def _label_key(m: Move, s: SJState) -> Any:
    code = m[0]
    if code == BUILD:  # over a building (crane): its name
        return s.city[s.turn][m[2]]
    if code == SELL:
        return prices(s)[m[1]]
    if code == UNDO:
        return (s.step, s.sel[-1] if s.sel else -1)
    if code == CONFIRM:
        return (s.step, len(s.sel), s.build, sum(1 for x in s.sel if x >= GOOD_ITEM))
    if code == PASS:
        return s.step
    return None


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
        label = "Tuck nothing" if s.step == CHAPEL else "Build nothing"
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
        label = _undo_label(s)
    else:
        label = _confirm_label(s)
    d["label"] = label
    return d


def _undo_label(s: SJState) -> str:
    if not s.sel:
        return "Back: choose another building"
    last = s.sel[-1]
    if s.step in (PRODUCE_STEP, SELL_STEP):
        return f"Undo: not {GOOD_NAMES[last]}"
    if last >= GOOD_ITEM:
        return f"Undo: not the {GOOD_NAMES[last - GOOD_ITEM]} good"
    return f"Undo: not {a(last)}"


def _confirm_label(s: SJState) -> str:
    """What confirming the picks does: the selection is carried out."""
    k = len(s.sel)
    step = s.step
    if step == BUILD_PAY:
        goods = sum(1 for x in s.sel if x >= GOOD_ITEM)
        price = cards(k - goods)
        if goods:
            price += f" and {goods} good{'s' if goods > 1 else ''}"
        return f"Confirm: build {a(s.build)}, paying {price}"
    if step == COUNCIL_KEEP:
        return f"Confirm: keep {'this card' if k == 1 else f'these {k} cards'}"
    if step in (FAIR_START, HAND_LIMIT, COUNCIL_DISCARD):
        return f"Confirm: discard {'this card' if k == 1 else f'these {k} cards'}"
    verb = "produce" if step == PRODUCE_STEP else "sell"
    if not k:
        return f"Confirm: {verb} nothing"
    return f"Confirm: {verb} {'this good' if k == 1 else f'these {k} goods'}"
