"""Craftsman (production, factory, privilege), trader (trading house, markets, office)
and prospector: the phases about goods and money that need few decisions."""

from __future__ import annotations

from . import catalog as C
from .common import CONTINUE, PHASE_OVER, TURN_OVER, Events, order_from, say, who
from .moves import BONUS, PASS_MOVE, SELL, Move
from .state import CRAFTSMAN_BONUS, TRADER, PRState
from .text import VOCAB, listing

_BONUS = tuple((BONUS, g) for g in range(5))
_SELL = tuple((SELL, g) for g in range(5))


def production(s: PRState, p: int) -> list[int]:
    """What seat p's occupied plantations and production buildings can make now."""
    plant = [0] * 6
    for t, c in zip(s.island[p], s.island_col[p], strict=True):
        if c:
            plant[t] += 1
    cap = [0] * 5
    prod = C.PRODUCES
    for b, c in zip(s.city[p], s.city_col[p], strict=True):
        g = prod[b]
        if g >= 0:
            cap[g] += c
    out = [plant[0], 0, 0, 0, 0]
    for g in range(1, 5):
        out[g] = plant[g] if plant[g] < cap[g] else cap[g]
    return out


class Craftsman:
    @staticmethod
    def start(s: PRState, ev: Events) -> int:
        v = VOCAB[s.edition]
        for p in order_from(s, s.role_player):
            made = production(s, p)
            got = []
            short = []
            kinds = 0
            mask = 0
            for g in range(5):
                k = min(made[g], s.goods[g])
                if k:
                    s.goods[g] -= k
                    s.pgoods[p][g] += k
                    kinds += 1
                    mask |= 1 << g
                    got.append(f"{k} {v.goods[g]}")
                if k < made[g]:
                    short.append(v.goods[g])
            if got or short or p == s.role_player:
                # silent only for a player who could make nothing and made nothing
                what = listing(got) if got else "nothing"
                if short:
                    what += f" (the supply has no more {listing(short)})"
                say(ev, p, "produce", f"{who(s, p)} produces {what}")
            if kinds >= 2 and s.occupied(p, C.FACTORY):
                bonus = C.FACTORY_BONUS[kinds]
                s.coins[p] += bonus
                say(
                    ev,
                    p,
                    "produce",
                    f"{who(s, p)} earns {v.coins(bonus)} ({v.buildings[C.FACTORY]})",
                )
            if p == s.role_player:
                s.produced = mask
        if not any(s.produced >> g & 1 and s.goods[g] for g in range(5)):
            if s.produced:
                p = s.role_player
                kinds = listing([v.goods[g] for g in range(5) if s.produced >> g & 1])
                say(
                    ev,
                    p,
                    "produce",
                    f"{who(s, p)} gets no extra good ({v.privilege}): the supply has no more {kinds}",
                )
            return PHASE_OVER
        s.step = CRAFTSMAN_BONUS
        s.turn = s.role_player
        return CONTINUE

    @staticmethod
    def legal(s: PRState) -> list[Move]:
        return [_BONUS[g] for g in range(5) if s.produced >> g & 1 and s.goods[g]]

    @staticmethod
    def act(s: PRState, m: Move, ev: Events) -> int:
        p, g = s.turn, m[1]
        v = VOCAB[s.edition]
        s.goods[g] -= 1
        s.pgoods[p][g] += 1
        say(ev, p, "produce", f"{who(s, p)} takes 1 extra {v.goods[g]} ({v.privilege})")
        return PHASE_OVER

    @staticmethod
    def finish(s: PRState, ev: Events) -> None:
        s.produced = 0

    @staticmethod
    def begin_turn(s: PRState) -> None:
        return None


class Trader:
    @staticmethod
    def begin_turn(s: PRState) -> None:
        s.step = TRADER

    @staticmethod
    def start(s: PRState, ev: Events) -> int:
        s.step = TRADER
        return CONTINUE

    @staticmethod
    def legal(s: PRState) -> list[Move]:
        house = s.house
        if len(house) >= C.TRADING_HOUSE_SPACES:
            return [PASS_MOVE]
        p = s.turn
        mine = s.pgoods[p]
        office = s.occupied(p, C.OFFICE)
        moves = [_SELL[g] for g in range(5) if mine[g] and (office or g not in house)]
        moves.append(PASS_MOVE)
        return moves

    @staticmethod
    def act(s: PRState, m: Move, ev: Events) -> int:
        p = s.turn
        v = VOCAB[s.edition]
        if m[0] != SELL:
            if len(s.house) < C.TRADING_HOUSE_SPACES:  # a full house was said once
                why = "sells nothing"
                if s.forced:
                    why = "can sell nothing" if any(s.pgoods[p]) else "has nothing to sell"
                say(ev, p, "pass", f"{who(s, p)} {why}")
            return TURN_OVER
        g = m[1]
        price = sale_price(s, p, g)
        s.pgoods[p][g] -= 1
        s.house.append(g)
        s.coins[p] += price
        say(ev, p, "sell", f"{who(s, p)} sells 1 {v.goods[g]} for {v.coins(price)}")
        if len(s.house) >= C.TRADING_HOUSE_SPACES:
            if s.phase_i < s.n - 1:
                say(ev, None, "sell", "The trading house is full: nobody else can sell")
            return PHASE_OVER
        return TURN_OVER

    @staticmethod
    def finish(s: PRState, ev: Events) -> None:
        """A full trading house is emptied into the supply; otherwise it stays."""
        if len(s.house) >= C.TRADING_HOUSE_SPACES:
            for g in s.house:
                s.goods[g] += 1
            s.house = []
            say(ev, None, "sell", "The full trading house is emptied into the supply")


def sale_price(s: PRState, p: int, g: int) -> int:
    price = C.PRICE[g]
    if p == s.role_player:
        price += 1
    if s.occupied(p, C.SMALL_MARKET):
        price += 1
    if s.occupied(p, C.LARGE_MARKET):
        price += 2
    return price


class Prospector:
    @staticmethod
    def start(s: PRState, ev: Events) -> int:
        p = s.role_player
        s.coins[p] += 1
        v = VOCAB[s.edition]
        say(ev, p, "prospector", f"{who(s, p)} takes 1 {v.doubloon} ({v.privilege})")
        return PHASE_OVER

    @staticmethod
    def legal(s: PRState) -> list[Move]:
        return []

    @staticmethod
    def act(s: PRState, m: Move, ev: Events) -> int:
        return PHASE_OVER

    @staticmethod
    def finish(s: PRState, ev: Events) -> None:
        return None

    @staticmethod
    def begin_turn(s: PRState) -> None:
        return None
