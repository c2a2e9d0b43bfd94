"""Trader phase: the chooser turns up the next price tile; each player sells goods for
as many cards as their price: 1, the chooser 2 (3 with a library), one more with a
trading post. Market stand: a card for 2 sales or more; market hall: a card for any
sale. The tile goes under the stack, so the tiles come round in one fixed order."""

from __future__ import annotations

from . import catalog as C
from . import selection
from .common import CONTINUE, TURN_OVER, Events, draw_to_hand, goods_count, say
from .moves import Move
from .state import SELL_STEP, SJState
from .text import goods_ids, secret


def prices(s: SJState) -> tuple[int, ...]:
    """The price tile turned up for this trader phase."""
    return C.TILES[s.tiles[(s.trades - 1) % len(s.tiles)]]


def start(s: SJState, ev: Events) -> None:
    s.trades += 1
    if ev is not None:
        say(ev, None, "trader", "price_tile", {"tile": list(prices(s))})


def capacity(s: SJState, p: int) -> int:
    k = 1
    if p == s.role_player:
        k += 2 if s.boost else 1
    if C.TRADING_POST in s.city[p]:
        k += 1
    return k


def begin_turn(s: SJState, ev: Events) -> bool:
    p = s.turn
    have = goods_count(s, p)
    if not have:
        if ev is not None:
            say(ev, p, "pass", "sell_no_goods", {"seat": p})
        return False
    s.step = SELL_STEP
    s.need = min(capacity(s, p), have)
    s.sel = []
    return True


def legal(s: SJState) -> list[Move]:
    return selection.legal(s)


def act(s: SJState, m: Move, ev: Events) -> int:
    if not selection.settle(s, m):
        return CONTINUE
    p = s.turn
    city, goods = s.city[p], s.goods[p]
    sold = s.sel
    s.sel = []
    s.need = 0
    if not sold:
        if ev is not None:
            say(ev, p, "pass", "sell_nothing", {"seat": p})
        return TURN_OVER
    price = prices(s)
    for g in sold:
        j = next(j for j, b in enumerate(city) if b == g and goods[j] >= 0)
        s.discard.append(goods[j])
        goods[j] = -1
    earned = sum(price[g] for g in sold)
    got = draw_to_hand(s, p, earned, ev)
    if ev is not None:
        say(ev, p, "trade", "sell", {"seat": p, "goods": goods_ids(sold), "count": len(got)},
            secret("cards", got))
    for building, enough in ((C.MARKET_STAND, len(sold) >= 2), (C.MARKET_HALL, True)):
        if enough and building in city:
            more = draw_to_hand(s, p, 1, ev)
            if more and ev is not None:
                say(ev, p, "draw", "draws_one", {"seat": p, "by": C.CARDS[building]},
                    secret("cards", more))
    return TURN_OVER
