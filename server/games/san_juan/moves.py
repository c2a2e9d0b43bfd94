"""Actions: compact internal tuples, and the parsing of their wire form.

The rules work on tuples ``(code, a, b)``: hashable, cheap to build and compare, and
shared safely between clones. ``parse`` turns a client's dict back into a tuple (or
raises IllegalAction) so that ``apply`` can check it against the legal tuples before
touching the state; labels.py makes the labelled dicts the other way.

A build carries what it costs (``(BUILD, card, over, cost)``): the player sees the price
before choosing, and a client that leaves it out gets the current price (``resolve``).

A selection (paying, keeping, discarding, producing, selling) is a run of single picks
(``pay``, ``keep``, ``discard``, ``produce``, ``sell``), ``undo`` takes back the last
pick (or, with nothing picked while paying, the choice of building), ``confirm`` ends it.

Every legal move carries what its label reads, so that each label is found by the move
alone (labels.py): ``(UNDO, step, last pick or -1)``, ``(CONFIRM, step, picks[,
building, goods paid])``, ``(PASS, step)``, ``(SELL, good, price)``, a crane's ``(BUILD,
card, over, cost, the building built over)``. A client sends them without it
(``{"type": "undo"}``); ``resolve`` finds the legal one.
"""

from __future__ import annotations

from typing import Any

from server.engine.actionfields import int_field as _int
from server.engine.actionfields import name_field as _name
from server.engine.actionfields import type_code
from server.engine.errors import IllegalAction

from . import catalog as C

Move = tuple[int, ...]

ROLE, TUCK, PASS, BUILD, PAY, KEEP, DISCARD, PRODUCE, SELL, TAKE, UNDO, CONFIRM, MINE = range(13)
TYPES = (
    "role", "tuck", "pass", "build", "pay", "keep", "discard", "produce", "sell", "take",
    "undo", "confirm", "gold_mine",
)
_TYPE = {t: i for i, t in enumerate(TYPES)}
_ROLE = {r: i for i, r in enumerate(C.ROLES)}
_GOOD = {g: i for i, g in enumerate(C.GOODS)}

GOOD_ITEM = C.NCARDS  # a good picked to pay (black market) is NCARDS + good
ANY_COST = -1  # a build sent without its "cost": whatever it costs (see ``resolve``)

# as clients send them (``gold_mine``: turn up the gold mine's four cards, rules 3)
_BARE = {"pass": (PASS,), "undo": (UNDO,), "confirm": (CONFIRM,), "gold_mine": (MINE,)}


def _card(d: dict[str, Any]) -> int:
    return _name(d, "card", C.CARD_INDEX)


def resolve(m: Move, legal: list[Move]) -> Move:
    """The legal move a client's one stands for: a build with or without its cost; an
    ``undo``, ``confirm``, ``pass`` or ``sell`` without what the label reads."""
    code = m[0]
    if code == BUILD:
        card, over, cost = m[1], m[2], m[3]
        for x in legal:
            if (x[0] == BUILD and x[1] == card and x[2] == over
                    and (cost == ANY_COST or x[3] == cost)):
                return x
        return m
    n = len(m)
    for x in legal:
        if x[0] == code and x[:n] == m:
            return x
    return m


# the canonical tuple of each pick of a card or a good, to parse them fast
_CARD_MOVES = {TYPES[code]: {c: (code, i) for i, c in enumerate(C.CARDS)}
               for code in (TUCK, KEEP, DISCARD, TAKE, PAY)}
_GOOD_MOVES = {TYPES[code]: {g: (code, i) for i, g in enumerate(C.GOODS)}
               for code in (PRODUCE, SELL)}


def parse(action: Any) -> Move:
    """The internal form of a client's action dict; only shape is checked here."""
    if type(action) is dict:  # the usual ones, at once (anything else: below)
        t = action.get("type")
        if type(t) is str:
            m: Move | None = _BARE.get(t)
            if m is not None:
                return m
            table = _CARD_MOVES.get(t)
            if table is not None:
                v = action.get("card")
                if type(v) is str and "good" not in action:
                    m = table.get(v)
            elif t in _GOOD_MOVES:
                v = action.get("good")
                if type(v) is str:
                    m = _GOOD_MOVES[t].get(v)
            if m is not None:
                return m
    return _parse(action)


def _parse(action: Any) -> Move:
    code = type_code(action, _TYPE)
    if code == ROLE:
        role = _name(action, "role", _ROLE)
        if "library" not in action:
            return (ROLE, role, -1)
        lib = action["library"]
        if not isinstance(lib, bool):
            raise IllegalAction("'library' must be true or false")
        return (ROLE, role, int(lib))
    if code == BUILD:
        card = _name(action, "building", C.CARD_INDEX)
        over = -1
        if "over" in action:
            over = _int(action, "over")
            if over < 0:
                raise IllegalAction("'over' is the index of a building in your city")
        cost = ANY_COST
        if "cost" in action:
            cost = _int(action, "cost")
            if cost < 0:
                raise IllegalAction("'cost' is the number of cards to pay, 0 or more")
        return (BUILD, card, over, cost)
    if code == PAY:
        if "good" in action:
            if "card" in action:
                raise IllegalAction("pay with one 'card' or one 'good', not both")
            return (PAY, GOOD_ITEM + _name(action, "good", _GOOD))
        return (PAY, _card(action))
    if code in (TUCK, KEEP, DISCARD, TAKE):
        return (code, _card(action))
    if code in (PRODUCE, SELL):
        return (code, _name(action, "good", _GOOD))
    return (code,)
