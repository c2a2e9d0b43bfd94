"""The San Juan heuristic: what ``easy`` plays greedily and what guides the search.

It reads the (determinized) state the bot was given, never the real one: SeatBot hands
it a determinization from its own seat, so another hand or the deck it sees are samples.
Values are rough "victory points now or later". Early on, production buildings and the
engines that feed on them (smithy, well, market stand, trading post, aqueduct, library,
carpenter, quarry) are worth most; as the city fills, printed VP, monuments, the chapel
and the four 6-cost buildings take over. Every pick of a selection is scored on its own:
pay and discard the least useful card, keep the most useful, produce and sell the
dearest goods.
"""

from __future__ import annotations

from typing import Any

from server.engine.contract import Action, Game
from server.games.san_juan import catalog as C
from server.games.san_juan.scoring import breakdown

# what a card in hand is worth as payment or as a card to draw more with (rough VP)
CARD = 0.6
# the value of a good of kind k: what it usually sells for, in cards
GOOD_WORTH = (1.0, 1.3, 1.7, 2.1, 2.6)
# what a violet building helps while the game goes on, before "how much is left"
ENGINE = {
    C.SMITHY: 2.2, C.GOLD_MINE: 1.2, C.ARCHIVE: 1.0, C.POOR_HOUSE: 1.2,
    C.BLACK_MARKET: 1.0, C.TRADING_POST: 0.8, C.WELL: 0.6, C.MARKET_STAND: 0.6,
    C.CRANE: 0.6, C.TOWER: 1.2, C.AQUEDUCT: 0.4, C.CARPENTER: 3.0, C.PREFECTURE: 2.0,
    C.MARKET_HALL: 0.6, C.QUARRY: 2.4, C.LIBRARY: 4.0,
}
# engines that grow with the production buildings owned (per building)
PER_PRODUCTION = {
    C.SMITHY: 0.3, C.TRADING_POST: 0.4, C.WELL: 0.5, C.MARKET_STAND: 0.4,
    C.AQUEDUCT: 0.5, C.MARKET_HALL: 0.4, C.BLACK_MARKET: 0.2,
}
ROLE_INDEX = {r: i for i, r in enumerate(C.ROLES)}
GOOD_INDEX = {g: i for i, g in enumerate(C.GOODS)}


class Outlook:
    """How far the game has got, from the biggest city (12 buildings end it)."""

    def __init__(self, s: Any) -> None:
        biggest = max(len(c) for c in s.city)
        self.progress = min(1.0, biggest / C.END_BUILDINGS)
        self.left = 1.0 - self.progress
        # about one building per player and round, fewer towards the end
        self.rounds = max(0.5, (C.END_BUILDINGS - biggest) * 0.9)
        self.kept: dict[tuple[int, int], float] = {}  # keep values, for one state only


def production(city: list[int]) -> int:
    return sum(1 for b in city if b < C.NGOODS)


def build_value(s: Any, p: int, card: int, o: Outlook) -> float:
    """What having ``card`` in p's city is worth by the end of the game."""
    city = s.city[p]
    value = float(C.VP[card])
    nprod = production(city)
    if card < C.NGOODS:
        kinds = card not in city
        value += o.left * (1.2 + 0.45 * card + 0.6 * kinds)
        boost = sum(PER_PRODUCTION.get(b, 0.0) for b in city)
        value += o.left * boost + (2.0 * o.progress if C.GUILD_HALL in city else 0.0)
        return value - 0.25 * max(0, nprod - 5)
    if card in city:
        return -5.0  # one of each violet building
    if card in ENGINE:
        value += o.left * (ENGINE[card] + PER_PRODUCTION.get(card, 0.0) * max(nprod, 2))
        if card == C.QUARRY:
            value += o.left * 0.3 * sum(1 for h in s.hands[p] if h >= C.NGOODS)
        if card == C.TOWER and len(s.hands[p]) > 6:
            value += 1.0
    elif card == C.CHAPEL:
        value += min(4.0, 0.7 * o.rounds)
    elif card == C.GUILD_HALL:
        value += 2.0 * nprod + 2.0 * o.left
    elif card == C.CITY_HALL:
        value += sum(1 for b in city if b >= C.NGOODS) + 1 + 3.0 * o.left
    elif card == C.TRIUMPHAL_ARCH:
        monuments = sum(1 for b in C.MONUMENTS if b in city or b in s.hands[p])
        value += C.ARCH_BONUS[min(3, monuments)] * (0.6 + 0.4 * o.progress)
    elif card == C.PALACE:
        value += (sum(breakdown(s, p).values()) + 8 * o.left + 2) / 4
    # the monuments: printed VP only
    if card in (C.STATUE, C.VICTORY_COLUMN, C.HERO) or card >= C.GUILD_HALL:
        value *= 0.6 + 0.4 * o.progress  # late: early, the cards are better spent
    return value


def keep_value(s: Any, p: int, card: int, o: Outlook) -> float:
    """What ``card`` is worth in p's hand: a building to come, or at least a payment."""
    known = o.kept.get((p, card))
    if known is not None:
        return known
    if card >= C.NGOODS and card in s.city[p]:
        value = CARD * 0.8
    else:
        built = build_value(s, p, card, o) - CARD * 0.5 * C.COST[card]
        if card < C.NGOODS and s.hands[p].count(card) > 1:
            built -= 0.5
        value = max(CARD, built)
    o.kept[(p, card)] = value
    return value


def cheapest(s: Any, p: int, k: int, o: Outlook, leave: int) -> float:
    """The value of the k least useful hand cards other than one copy of ``leave``."""
    hand = s.hands[p][:]
    if leave in hand:
        hand.remove(leave)
    if k > len(hand):
        return 99.0
    values = sorted(keep_value(s, p, c, o) for c in hand)[:k]
    # a full hand is spent cheaply: the surplus would be discarded or left at the end
    each = CARD * (0.4 + 0.6 * o.left) * (1.0 if len(hand) <= 4 else 0.7)
    return k * each + 0.5 * sum(v - CARD for v in values)


def goods_held(s: Any, p: int) -> list[int]:
    return [b for b, g in zip(s.city[p], s.goods[p], strict=True) if g >= 0]


def empty_production(s: Any, p: int) -> list[int]:
    return [b for b, g in zip(s.city[p], s.goods[p], strict=True) if b < C.NGOODS and g < 0]


def build_score(s: Any, p: int, a: Action, o: Outlook) -> float:
    card = C.CARD_INDEX[a["building"]]
    cost = int(a.get("cost", C.COST[card]))
    value = build_value(s, p, card, o) - cheapest(s, p, cost, o, card) + 0.8
    over = a.get("over")
    if over is not None:
        value -= build_value(s, p, s.city[p][over], o) + 0.5
    return value


def role_value(s: Any, p: int, role: int, o: Outlook) -> float:
    hand = s.hands[p]
    others = [q for q in range(s.n) if q != p]
    if role == C.BUILDER:
        best = -1.0
        for card in set(hand):
            if card >= C.NGOODS and card in s.city[p]:
                continue
            cost = max(0, C.COST[card] - 1 - (card < C.NGOODS and C.SMITHY in s.city[p])
                       - (card >= C.NGOODS and C.QUARRY in s.city[p]))
            if cost <= len(hand) - 1:
                value = build_value(s, p, card, o) - cheapest(s, p, cost, o, card) + 0.8
                best = max(best, value)
        return best + 0.6
    if role == C.PRODUCER:
        empty = sorted(empty_production(s, p), reverse=True)
        k = 2 + (C.AQUEDUCT in s.city[p])
        mine = sum(GOOD_WORTH[g] for g in empty[:k]) * 0.7
        theirs = sum(min(1, len(empty_production(s, q))) for q in others) / len(others)
        return mine - 0.5 * theirs + (0.3 if C.LIBRARY in s.city[p] else 0.0)
    if role == C.TRADER:
        goods = sorted(goods_held(s, p), reverse=True)
        k = 2 + (C.TRADING_POST in s.city[p])
        mine = sum(GOOD_WORTH[g] for g in goods[:k]) * CARD * 1.3
        theirs = sum(min(1, len(goods_held(s, q))) for q in others) / len(others)
        return mine + (0.4 if goods else 0.0) - 0.5 * theirs * CARD
    if role == C.COUNCILLOR:
        short = max(0, 5 - len(hand))
        return 1.3 + 0.3 * short + (0.4 if C.ARCHIVE in s.city[p] else 0.0)
    # prospector
    return 0.9 + 0.3 * max(0, 4 - len(hand))


def score(s: Any, p: int, a: Action, o: Outlook) -> float:
    kind = a["type"]
    if kind == "undo":
        return -100.0
    if kind == "role":
        return role_value(s, p, ROLE_INDEX[a["role"]], o) + 0.2 * bool(a.get("library"))
    if kind == "build":
        return build_score(s, p, a, o)
    if kind == "pass":
        return 0.0
    if kind == "gold_mine":  # a chance of a card for nothing: turn them up (rules 3)
        return 0.5
    if kind in ("pay", "discard"):
        if "good" in a:
            return -GOOD_WORTH[GOOD_INDEX[a["good"]]] * CARD
        return -keep_value(s, p, C.CARD_INDEX[a["card"]], o)
    if kind in ("keep", "take"):
        return keep_value(s, p, C.CARD_INDEX[a["card"]], o)
    if kind == "tuck":
        card = C.CARD_INDEX[a["card"]]
        return 1.0 - keep_value(s, p, card, o) * (0.4 + o.left) - 0.2 * (len(s.hands[p]) < 3)
    if kind in ("produce", "sell"):
        return 1.0 + GOOD_INDEX[a["good"]]
    if kind == "confirm":
        return -1.0
    return 0.0


def estimate_seat(s: Any, p: int, o: Outlook) -> float:
    total = float(sum(breakdown(s, p).values()))
    city = s.city[p]
    live = min(1.0, o.rounds / 2)
    total += live * (0.5 * len(s.hands[p]) + 0.6 * len(goods_held(s, p)))
    total += 0.15 * o.rounds * (production(city) + sum(
        ENGINE.get(b, 0.0) for b in city if b >= C.NGOODS) * 0.5)
    return total


class SanJuanHeuristic:
    """Scores actions for the seat to move; estimates final scores of a position."""

    def action_scores(self, game: Game, state: Any, seat: int,
                      actions: list[Action]) -> list[float]:
        o = Outlook(state)
        return [score(state, seat, a, o) for a in actions]

    def estimate(self, game: Game, state: Any) -> list[float]:
        o = Outlook(state)
        return [estimate_seat(state, p, o) for p in range(state.n)]
