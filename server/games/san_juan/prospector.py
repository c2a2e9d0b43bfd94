"""Prospector phase: the chooser draws 1 card (2 with a library); then every gold mine
owner in turn order from the chooser turns up 4 cards for all to see, and if their
four costs all differ keeps one of them; the rest are discarded.

From rules version 3 turning them up is the owner's choice (``gold_mine`` or ``pass``):
the seed lets a player decline any building's effect (玩家也可以选择不使用建筑功能), and
the turn-up burns four deck cards, which can matter (docs/rules-notes.md). Under rules
2 it happens unasked (stored games replay so)."""

from __future__ import annotations

from bisect import insort

from . import catalog as C
from .common import CONTINUE, TURN_OVER, Events, draw_many, draw_to_hand, say
from .moves import MINE, PASS, TAKE, Move
from .state import GOLD_MINE, GOLD_MINE_ASK, SJState
from .text import card_ids, secret

_TAKE = tuple((TAKE, c) for c in range(C.NCARDS))
ASK_RULES = 3  # the first rules version that asks
_ASK = [(MINE,), (PASS, GOLD_MINE_ASK)]


def start(s: SJState, ev: Events) -> None:
    p = s.role_player
    got = draw_to_hand(s, p, 2 if s.boost else 1, ev)
    if ev is not None:
        say(ev, p, "draw", "prospector", {"seat": p, "count": len(got)}, secret("cards", got))


def begin_turn(s: SJState, ev: Events) -> bool:
    if C.GOLD_MINE not in s.city[s.turn]:
        return False
    if s.rules >= ASK_RULES:
        s.step = GOLD_MINE_ASK
        return True
    return _turn_up(s, ev)


def _turn_up(s: SJState, ev: Events) -> bool:
    """Turn up the four cards: True when a keep decision follows."""
    p = s.turn
    shown = draw_many(s, C.GOLD_MINE_CARDS, ev)
    costs = {C.COST[c] for c in shown}
    if len(shown) == C.GOLD_MINE_CARDS and len(costs) == len(shown):
        if ev is not None:
            say(ev, p, "gold_mine", "gold_mine_differ", {"seat": p, "cards": card_ids(shown)})
        s.pending = sorted(shown)
        s.step = GOLD_MINE
        return True
    s.discard.extend(shown)
    if ev is not None:
        key = "gold_mine_repeat" if len(shown) == C.GOLD_MINE_CARDS else "gold_mine_short"
        say(ev, p, "gold_mine", key, {"seat": p, "cards": card_ids(shown)})
    return False


def legal(s: SJState) -> list[Move]:
    if s.step == GOLD_MINE_ASK:
        return _ASK[:]
    return [_TAKE[c] for c in s.pending]


def act(s: SJState, m: Move, ev: Events) -> int:
    p = s.turn
    if m[0] == MINE:
        return CONTINUE if _turn_up(s, ev) else TURN_OVER
    if m[0] == PASS:
        if ev is not None:
            say(ev, p, "gold_mine", "gold_mine_face_down", {"seat": p})
        return TURN_OVER
    card = m[1]
    s.pending.remove(card)
    insort(s.hands[p], card)
    s.discard.extend(s.pending)
    s.pending = []
    if ev is not None:
        say(ev, p, "gold_mine", "gold_mine_keep", {"seat": p, "card": C.CARDS[card]})
    return TURN_OVER
