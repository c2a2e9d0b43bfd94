"""The wire form of a legal move: a plain dict with its parameters and a human label.

Labels say what the choice does for the player about to make it, naming his own cards
(only he is offered his actions). A label reads nothing but its move (each move carries
what it needs, moves.py), so each distinct dict is built once and then copied.
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
    MINE,
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
    GOLD_MINE_ASK,
    HAND_LIMIT,
    PRODUCE_STEP,
    SELL_STEP,
)
from .text import GOOD_NAMES, ROLE_NAMES, a, cards, name

# every dict made so far, by its move: a label reads nothing but the move (moves.py)
FIXED: dict[Move, dict[str, Any]] = {}
# and the way back, by the label: (the dict, its move); a label two moves share (an
# undo in two steps) keeps the last, which is then only a guess to check (game.py)
BY_LABEL: dict[str, tuple[dict[str, Any], Move]] = {}


def to_dict(m: Move) -> dict[str, Any]:
    """A copy of the dict of ``m`` (the memo's own dicts are never handed out, so
    nobody can change them)."""
    d = FIXED.get(m)
    if d is None:
        d = FIXED[m] = _make_dict(m)
        BY_LABEL[d["label"]] = (d, m)
    return d.copy()


def _make_dict(m: Move) -> dict[str, Any]:
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
        label = ("Tuck nothing" if m[1] == CHAPEL
                 else "Leave the gold mine's cards face down" if m[1] == GOLD_MINE_ASK
                 else "Build nothing")
    elif code == MINE:
        label = "Turn up 4 cards with the gold mine (keep one if all costs differ)"
    elif code == BUILD:
        d["building"] = C.CARDS[m[1]]
        label = f"Build {a(m[1])}"
        if m[2] >= 0:
            d["over"] = m[2]
            label += f" over the {name(m[4])}"
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
        label = f"Sell {GOOD_NAMES[m[1]]} for {cards(m[2])}"
    elif code == UNDO:
        label = _undo_label(m)
    else:
        label = _confirm_label(m)
    kind = _kind(m)
    if kind:
        d["kind"] = kind
    d["label"] = label
    return d


def _kind(m: Move) -> str | None:
    """What the action is for in the turn (a client's fixed keys read it, never the
    label): ``undo`` takes the last pick back, ``confirm`` commits the picks, and
    ``pass`` or a confirm of no pick at all ("produce nothing") is a ``decline``."""
    if m[0] == UNDO:
        return "undo"
    if m[0] == PASS or (m[0] == CONFIRM and not m[2]):
        return "decline"
    return "confirm" if m[0] == CONFIRM else None


def _undo_label(m: Move) -> str:
    """``(UNDO, step, the last pick or -1)``"""
    step, last = m[1], m[2]
    if last < 0:
        return "Back: choose another building"
    if step in (PRODUCE_STEP, SELL_STEP):  # what is undone, not what is left
        verb = "producing" if step == PRODUCE_STEP else "selling"
        return f"Undo: take back {verb} {GOOD_NAMES[last]}"
    if last >= GOOD_ITEM:
        return f"Undo: take back the {GOOD_NAMES[last - GOOD_ITEM]} good"
    return f"Undo: take back the {name(last)} card"


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
    if not k:  # a decline (``_kind``): nothing to confirm, so it says what it does
        return f"{verb.capitalize()} nothing"
    return f"Confirm: {verb} {'this good' if k == 1 else f'these {k} goods'}"
