"""Subsets chosen one pick at a time: paying, keeping, discarding, producing, selling.

A selection lives in the state as ``sel`` (the picks so far) and ``need`` (how many it
takes: exactly, or at most for producing and selling). Its legal moves are one pick per
distinct item still free, ``undo`` (take back the last pick; while paying with nothing
picked, the choice of building) and ``confirm``, which carries the decision out: legal
once an exact selection is complete, and at any time for one of "at most" (with nothing
picked: producing or selling nothing). No pick decides by itself, so every pick can be
taken back until the player confirms. Each step's module carries out the confirmed
selection; this one only lists and picks, so every selection behaves alike for clients
and bots (docs/rules-notes.md, San Juan: decisions).
"""

from __future__ import annotations

from . import catalog as C
from .moves import (
    CONFIRM,
    DISCARD,
    GOOD_ITEM,
    KEEP,
    PAY,
    PRODUCE,
    SELL,
    UNDO,
    Move,
)
from .state import (
    BUILD_PAY,
    COUNCIL_DISCARD,
    COUNCIL_KEEP,
    FAIR_START,
    HAND_LIMIT,
    PRODUCE_STEP,
    SELL_STEP,
    SJState,
)

# the pick each selection step takes, and whether ``need`` is exact (else at most)
PICK_CODE = {
    FAIR_START: DISCARD,
    HAND_LIMIT: DISCARD,
    COUNCIL_DISCARD: DISCARD,
    COUNCIL_KEEP: KEEP,
    BUILD_PAY: PAY,
    PRODUCE_STEP: PRODUCE,
    SELL_STEP: SELL,
}
EXACT = frozenset((FAIR_START, HAND_LIMIT, COUNCIL_DISCARD, COUNCIL_KEEP, BUILD_PAY))
MAX_GOODS_PAID = 2  # black market
_ITEMS = C.NCARDS + C.NGOODS
_PICKS = {code: tuple((code, i) for i in range(_ITEMS)) for code in set(PICK_CODE.values())}
_SALES = tuple(tuple((SELL, g, price) for g, price in enumerate(tile)) for tile in C.TILES)


def pool(s: SJState) -> list[int]:
    """Everything the current selection may pick from, with repeats (in no particular
    order; a fresh list except for a hand)."""
    p = s.turn
    step = s.step
    if step == COUNCIL_KEEP:
        return s.pending[:]
    if step == BUILD_PAY:
        hand = s.hands[p][:]
        hand.remove(s.build)
        if C.BLACK_MARKET in s.city[p]:
            hand += market_goods(s, p)
        return hand
    if step == PRODUCE_STEP:
        goods = s.goods[p]
        return [b for j, b in enumerate(s.city[p]) if b < C.NGOODS and goods[j] < 0]
    if step == SELL_STEP:
        goods = s.goods[p]
        return [b for j, b in enumerate(s.city[p]) if goods[j] >= 0]
    return s.hands[p]


def market_goods(s: SJState, p: int) -> list[int]:
    """Goods the black market may pay with (as pay items): none without one, and never
    the good of the building being built over, nor with the black market built over."""
    city = s.city[p]
    if C.BLACK_MARKET not in city:
        return []
    over = s.over
    if over >= 0 and city[over] == C.BLACK_MARKET:
        return []
    goods = s.goods[p]
    return sorted(GOOD_ITEM + b for j, b in enumerate(city) if goods[j] >= 0 and j != over)


def free(s: SJState) -> list[int]:
    """The pool less what is already picked."""
    rest = pool(s)
    if s.sel:
        if rest is s.hands[s.turn]:
            rest = rest[:]
        for item in s.sel:
            rest.remove(item)
    return rest


def undo_move(s: SJState) -> Move:
    sel = s.sel
    return (UNDO, s.step, sel[-1] if sel else -1)


def confirm_move(s: SJState) -> Move:
    step = s.step
    sel = s.sel
    if step == BUILD_PAY:
        return (CONFIRM, step, len(sel), s.build, sum(1 for x in sel if x >= GOOD_ITEM))
    return (CONFIRM, step, len(sel))


def legal(s: SJState) -> list[Move]:
    sel = s.sel
    if len(sel) == s.need:  # complete (a selection takes at least one pick)
        return [undo_move(s), confirm_move(s)]
    step = s.step
    if sel:
        items = set(free(s))
        if (step == BUILD_PAY and max(items) >= GOOD_ITEM
                and sum(1 for x in sel if x >= GOOD_ITEM) >= MAX_GOODS_PAID):
            items = {i for i in items if i < GOOD_ITEM}
    else:
        items = set(pool(s))
    if step == SELL_STEP:  # a sale says its price (the tile turned up)
        picks: tuple[Move, ...] = _SALES[s.tiles[(s.trades - 1) % len(s.tiles)]]
    else:
        picks = _PICKS[PICK_CODE[step]]
    moves: list[Move] = [picks[i] for i in sorted(items)]  # each distinct item once: cards, then goods
    if sel or step == BUILD_PAY:
        moves.append(undo_move(s))
    if step not in EXACT:
        moves.append(confirm_move(s))
    return moves


def pick(s: SJState, item: int) -> None:
    s.sel.append(item)


PICKS = frozenset(PICK_CODE.values())  # the moves that only add to a selection


def picked(s: SJState, m: Move, before: list[Move] | None) -> list[Move] | None:
    """Add the pick ``m``; the legal moves after it, worked out from those ``before``
    it where that is cheap (a card of an exact selection), else None (to be listed
    afresh). Only speed: ``legal`` lists the same moves."""
    sel = s.sel
    x = m[1]
    sel.append(x)
    if len(sel) == s.need:
        return [undo_move(s), confirm_move(s)]
    step = s.step
    if before is None or x >= GOOD_ITEM or step in (PRODUCE_STEP, SELL_STEP):
        return None
    if step == COUNCIL_KEEP:
        left = s.pending.count(x) - sel.count(x)
    else:  # a hand card; while paying, the building itself is not one to pay with
        left = s.hands[s.turn].count(x) - sel.count(x) - (x == s.build)
    moves = before[:-1] if before[-1][0] == UNDO else before[:]  # no confirm: exact
    if not left:
        moves.remove(m)
    moves.append((UNDO, step, x))
    return moves


def undo(s: SJState) -> None:
    s.sel.pop()


def settle(s: SJState, m: Move) -> bool:
    """Apply a pick, undo or confirm of the open selection; True when it is confirmed
    now, so the role carries it out."""
    code = m[0]
    if code == CONFIRM:
        return True
    if code == UNDO:
        s.sel.pop()
    else:
        s.sel.append(m[1])
    return False
