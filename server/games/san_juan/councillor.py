"""Councillor phase: each player draws 2 (the chooser 5, 8 with a library) and keeps 1
(2 with a prefecture), discarding the rest. With an archive the drawn cards go into the
hand first and the discards come from the whole hand (library + prefecture + archive:
draw 8, then discard any 6)."""

from __future__ import annotations

from bisect import insort

from . import catalog as C
from . import selection
from .common import CONTINUE, TURN_OVER, Events, draw_many, draw_to_hand, out_of_cards, say
from .moves import Move
from .state import COUNCIL_DISCARD, COUNCIL_KEEP, SJState
from .text import secret


def to_draw(s: SJState, p: int) -> int:
    if p != s.role_player:
        return C.COUNCIL_DRAW
    return C.COUNCIL_LIBRARY_DRAW if s.boost else C.COUNCIL_PRIVILEGE_DRAW


def to_keep(s: SJState, p: int) -> int:
    return 2 if C.PREFECTURE in s.city[p] else 1


def begin_turn(s: SJState, ev: Events) -> bool:
    p = s.turn
    if not s.deck and not s.discard:
        out_of_cards(s, ev)
        if ev is not None:
            say(ev, p, "pass", "council_no_cards", {"seat": p})
        return False
    k = to_draw(s, p)
    keep = to_keep(s, p)
    s.sel = []
    if C.ARCHIVE in s.city[p]:
        got = draw_to_hand(s, p, k, ev)
        s.drawn = len(got)
        if ev is not None:
            say(ev, p, "council", "council_archive", {"seat": p, "count": len(got)},
                secret("cards", got))
        s.need = max(0, len(got) - keep)
        if not s.need:
            return _done(s)
        s.step = COUNCIL_DISCARD
        return True
    pending = draw_many(s, k, ev)
    s.drawn = len(pending)
    if ev is not None:
        say(ev, p, "council", "council_draw", {"seat": p, "count": len(pending)},
            secret("cards", pending))
    if len(pending) <= keep:
        for card in pending:
            insort(s.hands[p], card)
        if ev is not None:
            say(ev, p, "council", "council_keep_all", {"seat": p, "count": len(pending)})
        return _done(s)
    s.pending = pending
    s.need = keep
    s.step = COUNCIL_KEEP
    return True


def _done(s: SJState) -> bool:
    s.need = 0
    s.drawn = 0
    s.sel = []
    return False


def legal(s: SJState) -> list[Move]:
    return selection.legal(s)


def act(s: SJState, m: Move, ev: Events) -> int:
    if not selection.settle(s, m):
        return CONTINUE
    p = s.turn
    hand = s.hands[p]
    if s.step == COUNCIL_KEEP:
        rest = s.pending
        for card in s.sel:
            rest.remove(card)
            insort(hand, card)
        s.discard.extend(rest)
        if ev is not None:
            say(ev, p, "council", "council_keep",
                {"seat": p, "kept": len(s.sel), "discarded": len(rest)}, secret("kept", s.sel))
        s.pending = []
    else:
        for card in s.sel:
            hand.remove(card)
            s.discard.append(card)
        if ev is not None:
            say(ev, p, "council", "council_discard", {"seat": p, "count": len(s.sel)},
                secret("discarded", s.sel))
    _done(s)
    return TURN_OVER
