"""The wire form of a legal move: a plain dict with its parameters and a human label
(its template ``tmpl``, a key of texts.toml with its fields; text.py).

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
from .text import finish_label, label

Said = tuple[str, dict[str, object]]  # a label's template, and its tk/tf (text.label)

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
        d["role"] = role = C.ROLES[m[1]]
        key = "role"
        if m[2] >= 0:
            d["library"] = bool(m[2])
            key = "role_library" if m[2] else "role_keep_library"
        tmpl = label(key, role=role)
    elif code == TUCK:
        d["card"] = C.CARDS[m[1]]
        tmpl = label("tuck", card=d["card"])
    elif code == PASS:
        tmpl = label("tuck_nothing" if m[1] == CHAPEL
                     else "gold_mine_leave" if m[1] == GOLD_MINE_ASK else "build_nothing")
    elif code == MINE:
        tmpl = label("gold_mine_ask")
    elif code == BUILD:
        d["building"] = C.CARDS[m[1]]
        if m[2] >= 0:
            d["over"] = m[2]
        d["cost"] = m[3]
        tmpl = (label("build_over", card=d["building"], over=C.CARDS[m[4]], cost=m[3])
                if m[2] >= 0 else label("build", card=d["building"], cost=m[3]))
    elif code == PAY:
        if m[1] >= GOOD_ITEM:
            d["good"] = C.GOODS[m[1] - GOOD_ITEM]
            tmpl = label("pay_good", good=d["good"])
        else:
            d["card"] = C.CARDS[m[1]]
            tmpl = label("pay_card", card=d["card"])
    elif code in (KEEP, DISCARD, TAKE):
        d["card"] = C.CARDS[m[1]]
        tmpl = label({KEEP: "keep", DISCARD: "discard", TAKE: "take"}[code], card=d["card"])
    elif code == PRODUCE:
        d["good"] = C.GOODS[m[1]]
        tmpl = label("produce", good=d["good"])
    elif code == SELL:
        d["good"] = C.GOODS[m[1]]
        tmpl = label("sell", good=d["good"], cards=m[2])
    elif code == UNDO:
        tmpl = _undo_label(m)
    else:
        tmpl = _confirm_label(m)
    kind = _kind(m)
    if kind:
        d["kind"] = kind
    d["label"] = finish_label(tmpl[0])
    d["tmpl"] = tmpl[0]
    d.update(tmpl[1])  # tk, tf: the key and fields, for a reader's language
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


def _undo_label(m: Move) -> Said:
    """``(UNDO, step, the last pick or -1)``"""
    step, last = m[1], m[2]
    if last < 0:
        return label("undo_back")
    if step in (PRODUCE_STEP, SELL_STEP):  # what is undone, not what is left
        return label("undo_produce" if step == PRODUCE_STEP else "undo_sell", good=C.GOODS[last])
    if last >= GOOD_ITEM:
        return label("undo_good", good=C.GOODS[last - GOOD_ITEM])
    return label("undo_card", card=C.CARDS[last])


def _confirm_label(m: Move) -> Said:
    """What confirming the picks does: ``(CONFIRM, step, picks)``, while paying
    ``+ (building, goods among the picks)``."""
    step, k = m[1], m[2]
    if step == BUILD_PAY:
        goods = m[4]
        if goods:
            return label("confirm_build_goods", card=C.CARDS[m[3]], cards=k - goods, goods=goods)
        return label("confirm_build", card=C.CARDS[m[3]], cards=k)
    if step == COUNCIL_KEEP:
        verb = "keep"
    elif step in (FAIR_START, HAND_LIMIT, COUNCIL_DISCARD):
        verb = "discard"
    else:
        verb = "produce" if step == PRODUCE_STEP else "sell"
        if not k:  # a decline (``_kind``): nothing to confirm, so it says what it does
            return label(f"{verb}_nothing")
    return label(f"confirm_{verb}_one") if k == 1 else label(f"confirm_{verb}", count=k)
