"""Producer phase: each player puts goods (the top deck card, face down, unseen by all)
on empty production buildings, one per building: 1, the chooser 2 (3 with a library),
one more with an aqueduct. The well draws a card for 2 goods or more."""

from __future__ import annotations

from . import catalog as C
from . import selection
from .common import CONTINUE, TURN_OVER, Events, draw, draw_to_hand, out_of_cards, say
from .moves import Move
from .state import PRODUCE_STEP, SJState
from .text import goods_ids, secret


def capacity(s: SJState, p: int) -> int:
    k = 1
    if p == s.role_player:
        k += 2 if s.boost else 1
    if C.AQUEDUCT in s.city[p]:
        k += 1
    return k


def begin_turn(s: SJState, ev: Events) -> bool:
    p = s.turn
    goods = s.goods[p]
    empty = len([j for j, b in enumerate(s.city[p]) if b < C.NGOODS and goods[j] < 0])
    if not empty:
        if ev is not None:
            say(ev, p, "pass", "produce_no_building", {"seat": p})
        return False
    cards_left = len(s.deck) + len(s.discard)
    if not cards_left:
        out_of_cards(s, ev)
        if ev is not None:
            say(ev, p, "pass", "produce_no_cards", {"seat": p})
        return False
    s.step = PRODUCE_STEP
    s.need = min(capacity(s, p), empty, cards_left)
    s.sel = []
    return True


def legal(s: SJState) -> list[Move]:
    return selection.legal(s)


def act(s: SJState, m: Move, ev: Events) -> int:
    if not selection.settle(s, m):
        return CONTINUE
    p = s.turn
    city, goods = s.city[p], s.goods[p]
    made = []
    for g in s.sel:
        j = next(j for j, b in enumerate(city) if b == g and goods[j] < 0)
        card = draw(s, ev)
        if card < 0:
            break
        goods[j] = card
        made.append(g)
    s.sel = []
    s.need = 0
    if made:
        if ev is not None:
            say(ev, p, "produce", "produce", {"seat": p, "goods": goods_ids(made)})
    else:
        if ev is not None:
            say(ev, p, "pass", "produce_nothing", {"seat": p})
    if len(made) >= 2 and C.WELL in city:
        got = draw_to_hand(s, p, 1, ev)
        if got and ev is not None:
            say(ev, p, "draw", "draws_one", {"seat": p, "by": "well"}, secret("cards", got))
    return TURN_OVER
