"""Prospector phase: the chooser draws 1 card (2 with a library); then every gold mine
owner in turn order from the chooser turns up 4 cards for all to see, and if their
four costs all differ keeps one of them; the rest are discarded."""

from __future__ import annotations

from bisect import insort

from . import catalog as C
from .common import TURN_OVER, Events, draw_many, draw_to_hand, say, who
from .moves import TAKE, Move
from .state import GOLD_MINE, SJState
from .text import a, card_list, cards

_TAKE = tuple((TAKE, c) for c in range(C.NCARDS))


def start(s: SJState, ev: Events) -> None:
    p = s.role_player
    got = draw_to_hand(s, p, 2 if s.boost else 1, ev)
    if ev is not None:
        say(ev, p, "draw", f"{who(s, p)} draws {cards(len(got))} (prospector)", card_list(got))


def begin_turn(s: SJState, ev: Events) -> bool:
    p = s.turn
    if C.GOLD_MINE not in s.city[p]:
        return False
    shown = draw_many(s, C.GOLD_MINE_CARDS, ev)
    costs = {C.COST[c] for c in shown}
    if len(shown) == C.GOLD_MINE_CARDS and len(costs) == len(shown):
        if ev is not None:
            say(ev, p, "gold_mine", f"{who(s, p)}'s gold mine turns up {card_list(shown)}: "
                "four different costs")
        s.pending = sorted(shown)
        s.step = GOLD_MINE
        return True
    s.discard.extend(shown)
    why = "a cost repeats" if len(shown) == C.GOLD_MINE_CARDS else "fewer than four cards"
    if ev is not None:
        say(ev, p, "gold_mine", f"{who(s, p)}'s gold mine turns up {card_list(shown) or 'nothing'}: "
            f"{why}, all discarded")
    return False


def legal(s: SJState) -> list[Move]:
    return [_TAKE[c] for c in s.pending]


def act(s: SJState, m: Move, ev: Events) -> int:
    p = s.turn
    card = m[1]
    s.pending.remove(card)
    insort(s.hands[p], card)
    s.discard.extend(s.pending)
    s.pending = []
    if ev is not None:
        say(ev, p, "gold_mine", f"{who(s, p)} keeps {a(card)} from the gold mine")
    return TURN_OVER
