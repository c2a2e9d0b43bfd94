"""Before the roles: the fair start's discards (round 1 only), then each chapel owner
may tuck a hand card under his chapel, then everyone above the hand limit (7, 12 with a
tower) discards down to it. Each sweep goes round the table from the governor; a
player is asked only when he has something to decide, which everyone can tell from
what is in play and the number of cards in each hand."""

from __future__ import annotations

from bisect import insort

from . import catalog as C
from . import selection
from .common import CONTINUE, TURN_OVER, Events, hand_limit, say
from .moves import CONFIRM, DISCARD, PASS, TUCK, UNDO, Move
from .state import CHAPEL, CHOOSE_ROLE, FAIR_START, HAND_LIMIT, SJState
from .text import secret

_TUCK = tuple((TUCK, c) for c in range(C.NCARDS))
_PASS: Move = (PASS, CHAPEL)
_NEXT_SWEEP = {FAIR_START: CHAPEL, CHAPEL: HAND_LIMIT, HAND_LIMIT: CHOOSE_ROLE}


def begin(s: SJState, step: int) -> None:
    """Start the sweeps at ``step`` (FAIR_START at the deal, CHAPEL each round)."""
    s.step = step
    s.phase_i = 0
    _seek(s)


def _need(s: SJState, p: int) -> int:
    """What p has to decide in this sweep: the cards to discard, 1 for a chapel, or 0."""
    hand = len(s.hands[p])
    if s.step == CHAPEL:
        return 1 if hand and C.CHAPEL in s.city[p] else 0
    if s.step == FAIR_START:
        return max(0, hand - C.START_HAND)
    return max(0, hand - hand_limit(s, p))


def _seek(s: SJState) -> None:
    n = s.n
    while True:
        while s.phase_i < n:
            p = (s.governor + s.phase_i) % n
            need = _need(s, p)
            if need:
                s.turn = p
                s.need = need if s.step != CHAPEL else 0
                s.sel = []
                return
            s.phase_i += 1
        s.step = _NEXT_SWEEP[s.step]
        s.phase_i = 0
        if s.step == CHOOSE_ROLE:
            s.turn = s.governor
            s.need = 0
            return


def legal(s: SJState) -> list[Move]:
    if s.step != CHAPEL:
        return selection.legal(s)
    moves: list[Move] = [_PASS]
    last = -1
    for card in s.hands[s.turn]:
        if card != last:
            last = card
            moves.append(_TUCK[card])
    return moves


def act(s: SJState, m: Move, ev: Events) -> int:
    p = s.turn
    code = m[0]
    if code in (DISCARD, UNDO):
        selection.settle(s, m)
        return CONTINUE
    if code == TUCK:
        s.hands[p].remove(m[1])
        insort(s.chapel[p], m[1])
        if ev is not None:
            say(ev, p, "chapel", "chapel", {"seat": p, "count": len(s.chapel[p])},
                secret("cards", [m[1]]))
    elif code == PASS:
        if ev is not None:
            say(ev, p, "pass", "chapel_nothing", {"seat": p})
    else:
        assert code == CONFIRM
        hand = s.hands[p]
        for card in s.sel:
            hand.remove(card)
            s.discard.append(card)
        if ev is not None:
            fields = {"seat": p, "count": len(s.sel)}
            if s.step != FAIR_START:
                fields["limit"] = hand_limit(s, p)
            say(ev, p, "discard", "fair_start" if s.step == FAIR_START else "hand_limit",
                fields, secret("discarded", s.sel))
        s.sel = []
        s.need = 0
    return TURN_OVER


def next_seat(s: SJState) -> None:
    """The current player's decision is done: on round the table, then to the roles."""
    s.phase_i += 1
    _seek(s)
