"""Trader (trading house, markets, office) and prospector: the phases about money.

(The craftsman phase is in craftsman.py.)
"""

from __future__ import annotations

from . import catalog as C
from .common import CONTINUE, PHASE_OVER, TURN_OVER, Events, say, who
from .moves import PASS_MOVE, SELL, Move
from .state import TRADER, PRState
from .text import VOCAB

_SELL = tuple((SELL, g) for g in range(5))


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
