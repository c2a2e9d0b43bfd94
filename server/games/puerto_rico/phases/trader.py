"""Trader phase: the trading house, markets, office; the trading post (Expansion I).

Each player in turn from the trader may sell one barrel: to the trading house (four
spaces, a kind once unless his office is manned; markets add 1 and 2) or, with a
manned trading post (Expansion I), to his own post (any kind, even one in the house
or with the house full; the barrel goes back to the supply; no market money, but the
trader's privilege). The trader earns 1 more (2 with a manned library). Once the house
is full only players who could still do something in this phase keep their turn. A
full house is emptied at the end of the phase.
"""

from __future__ import annotations

from ..core import calc
from ..core import catalog as C
from ..core.common import CONTINUE, PHASE_DONE, PHASE_OVER, TURN_OVER, Events, privileges, tell
from ..core.moves import PASS_MOVE, SELL, Move
from ..core.state import TRADER, PRState

_SELL = tuple((SELL, g) for g in range(5))
_POST = tuple((SELL, g, 1) for g in range(5))  # to one's own trading post


def begin_turn(s: PRState) -> None:
    s.step = TRADER


def start(s: PRState, ev: Events) -> int:
    s.step = TRADER
    return CONTINUE


def legal(s: PRState) -> list[Move]:
    house = s.house
    p = s.turn
    mine = s.pgoods[p]
    if not any(mine):  # nothing to sell (most turns of a trader phase): only the pass
        return [PASS_MOVE]
    if len(house) >= C.TRADING_HOUSE_SPACES:
        moves: list[Move] = []
    else:
        office = s.occupied(p, C.OFFICE)
        moves = [_SELL[g] for g in range(5) if mine[g] and (office or g not in house)]
    if calc.first_building(s, p, calc.OWN_SALE) >= 0:  # the trading post (Expansion I)
        moves += [_POST[g] for g in range(5) if mine[g]]
    moves.append(PASS_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    if m[0] != SELL:
        # (a full house was said once)
        if ev is not None and len(s.house) < C.TRADING_HOUSE_SPACES:
            why = "sell_nothing"
            if s.forced:
                why = "sell_cannot" if any(s.pgoods[p]) else "sell_no_goods"
            tell(ev, p, "pass", why, seat=p)
        return TURN_OVER
    g = m[1]
    post = len(m) > 2
    price = sale_price(s, p, g, post)
    s.pgoods[p][g] -= 1
    s.coins[p] += price
    if post:
        s.goods[g] += 1
    else:
        s.house.append(g)
    if ev is not None:
        if post:
            tell(ev, p, "sell", "sell_to", seat=p, good=C.GOODS[g], price=price,
                 building=C.BUILDINGS[calc.first_building(s, p, calc.OWN_SALE)])
        else:
            tell(ev, p, "sell", "sell", seat=p, good=C.GOODS[g], price=price)
    if not post and len(s.house) >= C.TRADING_HOUSE_SPACES:
        if s.phase_i < s.n - 1:
            if _others_may_act(s):
                tell(ev, None, "sell", "house_full_to_it")
                return TURN_OVER
            tell(ev, None, "sell", "house_full")
        return PHASE_OVER
    return TURN_OVER


def _others_may_act(s: PRState) -> bool:
    """Whether a player after this one has something to do with the house full."""
    acts = calc.at(s, calc.ACTS_ON_FULL_HOUSE)  # a trading post, a land office
    for i in range(s.phase_i + 1, s.n):
        p = (s.role_player + i) % s.n
        if any(fn(s, p) for fn in acts):
            return True
    return False


def sale_price(s: PRState, p: int, g: int, post: bool = False) -> int:
    price = C.PRICE[g]
    if p == s.role_player:
        price += privileges(s, p)
    if post:  # the trading post: no market money
        return price
    if s.occupied(p, C.SMALL_MARKET):
        price += 1
    if s.occupied(p, C.LARGE_MARKET):
        price += 2
    return price


def wrap_up(s: PRState, ev: Events) -> int:
    return PHASE_DONE


def resume(s: PRState, ev: Events, code: int) -> int:
    raise ValueError(f"the trader phase has no resume code {code}")


def finish(s: PRState, ev: Events) -> None:
    """A full trading house is emptied into the supply; otherwise it stays."""
    if len(s.house) >= C.TRADING_HOUSE_SPACES:
        for g in s.house:
            s.goods[g] += 1
        s.house = []
        tell(ev, None, "sell", "house_emptied")
