"""Builder phase: choose a building (or pass), then pay its cost one card at a time and
confirm (a building that costs nothing is built when chosen).

The cost is the card's cost less the chooser's privilege (1; 2 with a library), the
smithy (production) or the quarry (violet), and with a crane the cost of the building
built over; never below 0. The black market pays up to 2 of it with goods. A building's
own effects start after the phase it was built in, and a building that is built over
loses its effects at once, so neither helps the build that covers it
(docs/rules-notes.md, San Juan). Effects after paying: carpenter, then poor house.
"""

from __future__ import annotations

from . import catalog as C
from . import selection
from .common import CONTINUE, TURN_OVER, Events, draw_to_hand, say
from .moves import BUILD, CONFIRM, GOOD_ITEM, PASS, PAY, UNDO, Move
from .state import BUILD_PAY, BUILD_STEP, SJState
from .text import secret


def begin_turn(s: SJState, ev: Events) -> bool:
    """Everyone with a card in hand is asked (even one who can afford nothing: whether a
    hand can pay must not show in whose turn it is)."""
    if not s.hands[s.turn]:
        if ev is not None:
            say(ev, s.turn, "pass", "build_no_cards", {"seat": s.turn})
        return False
    s.step = BUILD_STEP
    return True


def privilege(s: SJState, p: int, over: int) -> int:
    if p != s.role_player:
        return 0
    if s.boost and not (over >= 0 and s.city[p][over] == C.LIBRARY):
        return 2
    return 1


def cost(s: SJState, p: int, card: int, over: int) -> int:
    """What ``card`` costs p now (built over city index ``over``, or -1)."""
    city = s.city[p]
    covered = city[over] if over >= 0 else -1
    k = C.COST[card] - privilege(s, p, over)
    if card < C.NGOODS:
        if covered != C.SMITHY and C.SMITHY in city:
            k -= 1
    elif covered != C.QUARRY and C.QUARRY in city:
        k -= 1
    if over >= 0:
        k -= C.COST[covered]
    return k if k > 0 else 0


def discounts(s: SJState, p: int, card: int, over: int) -> list[dict[str, object]]:
    """Why ``card`` costs p less than printed (``cost`` in parts, for a build's preview):
    the smithy or the quarry, the crane's building built over, the builder's privilege;
    each ``{"by": id, "off": cards}``, in that order (the cost never goes below 0)."""
    city = s.city[p]
    covered = city[over] if over >= 0 else -1
    out: list[dict[str, object]] = []
    lowers = C.SMITHY if card < C.NGOODS else C.QUARRY
    if covered != lowers and lowers in city:
        out.append({"by": C.CARDS[lowers], "off": 1})
    if over >= 0:
        out.append({"by": C.CARDS[C.CRANE], "off": C.COST[covered], "over": C.CARDS[covered]})
    k = privilege(s, p, over)
    if k:
        out.append({"by": "privilege", "off": k})
    return out


def hand_costs(s: SJState, p: int) -> tuple[dict[str, int], list[str]]:
    """What each card of p's hand costs him now as a new building (the builder's
    privilege only while he is the builder) and which he could build now: the cards
    and goods he holds pay it and a violet building is not his yet (crane aside)."""
    hand = s.hands[p]
    builder = s.role == C.BUILDER and p == s.role_player
    means = _means(s, p, -1)
    costs: dict[str, int] = {}
    able: list[str] = []
    for card in sorted(set(hand)):
        k = cost(s, p, card, -1) if builder else _printed_less(s, p, card)
        name_ = C.CARDS[card]
        costs[name_] = k
        if k <= means and not (card >= C.NGOODS and card in s.city[p]):
            able.append(name_)
    return costs, able


def _printed_less(s: SJState, p: int, card: int) -> int:
    """The printed cost less the smithy or the quarry: outside the builder phase."""
    city = s.city[p]
    k = C.COST[card] - (1 if (C.SMITHY if card < C.NGOODS else C.QUARRY) in city else 0)
    return k if k > 0 else 0


def _means(s: SJState, p: int, over: int) -> int:
    """Cards and goods p could pay with, the building card itself aside."""
    city = s.city[p]
    k = len(s.hands[p]) - 1
    if C.BLACK_MARKET in city and not (over >= 0 and city[over] == C.BLACK_MARKET):
        goods = s.goods[p]
        g = sum(1 for j in range(len(city)) if goods[j] >= 0 and j != over)
        k += min(g, selection.MAX_GOODS_PAID)
    return k


def _crane_targets(s: SJState, p: int) -> list[int]:
    """City indexes a crane may build over: not the crane; production buildings of one
    kind alike unless one carries a good (covering it discards the good)."""
    seen: set[tuple[int, int]] = set()
    out = []
    goods = s.goods[p]
    for j, b in enumerate(s.city[p]):
        key = (b, goods[j] >= 0)
        if b != C.CRANE and key not in seen:
            seen.add(key)
            out.append(j)
    return out


_PASS: Move = (PASS, BUILD_STEP)
_BUILD_MOVES = tuple(tuple((BUILD, c, -1, k) for k in range(C.COST[c] + 1))
                     for c in range(C.NCARDS))


def _offers(s: SJState, p: int) -> list[tuple[int, int, int, int]]:
    """Per place to build (-1: a new one; else a city index a crane may build over):
    (index, cards and goods to pay with, discount on production, discount on violet),
    each worked out once; ``cost`` says the same building by building."""
    city = s.city[p]
    out = []
    for j in (-1, *_crane_targets(s, p)) if C.CRANE in city else (-1,):
        covered = city[j] if j >= 0 else -1
        off = privilege(s, p, j) + (C.COST[covered] if j >= 0 else 0)
        production_off = off + 1 if C.SMITHY in city and covered != C.SMITHY else off
        violet_off = off + 1 if C.QUARRY in city and covered != C.QUARRY else off
        out.append((j, _means(s, p, j), production_off, violet_off))
    return out


def legal(s: SJState) -> list[Move]:
    if s.step == BUILD_PAY:
        return selection.legal(s)
    p = s.turn
    city = s.city[p]
    moves: list[Move] = [_PASS]
    offers = _offers(s, p)
    price = C.COST
    cards = sorted(set(s.hands[p]))
    if len(offers) == 1:  # no crane: the usual case, at once
        _, means, production_off, violet_off = offers[0]
        for card in cards:
            if card < C.NGOODS:
                k = price[card] - production_off
            elif card in city:
                continue  # one of each violet building
            else:
                k = price[card] - violet_off
            if k <= means:
                moves.append(_BUILD_MOVES[card][k if k > 0 else 0])
        return moves
    for card in cards:
        violet = card >= C.NGOODS
        if violet and card in city:
            continue  # one of each violet building
        for j, means, production_off, violet_off in offers:
            if j >= 0 and city[j] == card:
                continue  # never over the same building
            k = price[card] - (violet_off if violet else production_off)
            if k <= means:
                k = k if k > 0 else 0
                moves.append(_BUILD_MOVES[card][k] if j < 0 else (BUILD, card, j, k, city[j]))
    return moves


def act(s: SJState, m: Move, ev: Events) -> int:
    code = m[0]
    p = s.turn
    if code == PASS:
        if ev is not None:
            say(ev, p, "pass", "build_nothing", {"seat": p})
        return TURN_OVER
    if code == BUILD:
        s.build, s.over, s.need = m[1], m[2], m[3]
        s.sel = []
        s.step = BUILD_PAY
        if s.need:
            return CONTINUE
        # a building that costs nothing is decided by choosing it
    elif code == PAY:
        selection.pick(s, m[1])
        return CONTINUE
    elif code == UNDO:
        if s.sel:
            selection.undo(s)
        else:
            _reset(s)
            s.step = BUILD_STEP
        return CONTINUE
    else:
        assert code == CONFIRM
    _build(s, p, ev)
    _reset(s)
    return TURN_OVER


def _reset(s: SJState) -> None:
    s.build = -1
    s.over = -1
    s.need = 0
    s.sel = []


def _build(s: SJState, p: int, ev: Events) -> None:
    card, over = s.build, s.over
    hand, city, goods = s.hands[p], s.city[p], s.goods[p]
    covered = city[over] if over >= 0 else -1
    carpenter = C.CARPENTER in city and covered != C.CARPENTER and card >= C.NGOODS
    poor_house = C.POOR_HOUSE in city and covered != C.POOR_HOUSE
    hand.remove(card)
    paid_cards = [x for x in s.sel if x < GOOD_ITEM]
    paid_goods = [x - GOOD_ITEM for x in s.sel if x >= GOOD_ITEM]
    for x in paid_cards:
        hand.remove(x)
        s.discard.append(x)
    for g in paid_goods:
        j = next(j for j, b in enumerate(city) if b == g and goods[j] >= 0 and j != over)
        s.discard.append(goods[j])
        goods[j] = -1
    if over >= 0:
        s.covered[p].append(covered)
        if goods[over] >= 0:
            s.discard.append(goods[over])
        city[over] = card
        goods[over] = -1
    else:
        city.append(card)
        goods.append(-1)
    if ev is not None:
        if over >= 0:
            key = "build_over_goods" if paid_goods else "build_over"
        else:
            key = "build_goods" if paid_goods else "build"
        fields: dict[str, object] = {"seat": p, "card": C.CARDS[card], "cards": len(paid_cards)}
        if over >= 0:
            fields["over"] = C.CARDS[covered]
        if paid_goods:
            fields["goods"] = len(paid_goods)
        say(ev, p, "build", key, fields, secret("paid", paid_cards))
    if carpenter:
        got = draw_to_hand(s, p, 1, ev)
        if got and ev is not None:
            say(ev, p, "draw", "draws_one", {"seat": p, "by": "carpenter"}, secret("cards", got))
    if poor_house and len(hand) <= 1:
        got = draw_to_hand(s, p, 1, ev)
        if got and ev is not None:
            say(ev, p, "draw", "draws_one", {"seat": p, "by": "poor_house"}, secret("cards", got))


def finish(s: SJState, ev: Events) -> bool:
    """Whether the game ends: someone has reached 12 buildings."""
    done = [p for p in range(s.n) if len(s.city[p]) >= C.END_BUILDINGS]
    if ev is not None:
        for p in done:
            say(ev, p, "end_trigger", "twelve", {"seat": p, "count": len(s.city[p])})
    return bool(done)
