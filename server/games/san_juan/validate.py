"""What ``load`` refuses: every fact of a saved state that legal play guarantees.

Shapes and types are checked while reading (state.py); this module checks the meaning:
ranges, that all 110 cards are somewhere exactly once by kind, the cities, whose turn it
is, and that the pending decision fits the phase. Each refusal is a CorruptState whose
message starts with the field it is about; docs/san-juan-state.md lists the rules.
"""

from __future__ import annotations

from collections import Counter

from server.engine.errors import CorruptState

from . import catalog as C
from .state import (
    BUILD_PAY,
    BUILD_STEP,
    CHAPEL,
    CHOOSE_ROLE,
    COUNCIL_DISCARD,
    COUNCIL_KEEP,
    FAIR_START,
    GAME_OVER,
    GOLD_MINE,
    GOLD_MINE_ASK,
    HAND_LIMIT,
    PRODUCE_STEP,
    SELL_STEP,
    STEPS,
    SJState,
)

_SELECTING = frozenset((FAIR_START, HAND_LIMIT, BUILD_PAY, PRODUCE_STEP, SELL_STEP, COUNCIL_KEEP,
                        COUNCIL_DISCARD))
_ROLE_OF_STEP = {BUILD_STEP: C.BUILDER, BUILD_PAY: C.BUILDER, PRODUCE_STEP: C.PRODUCER,
                 SELL_STEP: C.TRADER, COUNCIL_KEEP: C.COUNCILLOR, COUNCIL_DISCARD: C.COUNCILLOR,
                 GOLD_MINE: C.PROSPECTOR, GOLD_MINE_ASK: C.PROSPECTOR}


def need(ok: bool, field: str, why: str) -> None:
    if not ok:
        raise CorruptState(f"{field}: {why}")


def check(s: SJState) -> None:
    """Raise CorruptState naming the first field that legal play could not produce."""
    _table(s)
    _cards(s)
    _cities(s)
    _turn(s)
    _decision(s)


def _table(s: SJState) -> None:
    n = s.n
    need(s.round >= 1, "round", "must be 1 or more")
    need(0 <= s.governor < n, "governor", f"seat {s.governor} is not one of 0..{n - 1}")
    need(0 <= s.step < len(STEPS), "step", f"unknown step {s.step}")
    from .setup import OLDEST_RULES, RULES

    need(OLDEST_RULES <= s.rules <= RULES, "rules", f"a rules version {OLDEST_RULES} to {RULES}")
    need(s.step != GOLD_MINE_ASK or s.rules >= 3, "step", "rules 2 never ask about a gold mine")
    need(-1 <= s.role < 5, "role", f"unknown role {s.role}")
    need(len(s.role_taken) == 5, "role_taken", "one entry per role")
    need(all(-1 <= x < n for x in s.role_taken), "role_taken", "seat out of range")
    need(sorted(s.tiles) == list(range(len(C.TILES))), "tiles", "the five tiles, each once")
    need(s.trades >= 0, "trades", "negative")
    need(s.n == 2 or not s.library_used, "library_used", "only with two players")
    for name in ("hands", "city", "goods", "chapel", "covered"):
        need(len(getattr(s, name)) == n, name, "one entry per seat")
    for group in (s.deck, s.discard, s.pending, *s.hands, *s.city, *s.chapel, *s.covered):
        need(all(0 <= c < C.NCARDS for c in group), "cards", "an unknown card")
    for p in range(n):
        need(all(-1 <= g < C.NCARDS for g in s.goods[p]), "goods", f"seat {p}: unknown card")
        need(s.hands[p] == sorted(s.hands[p]), "hands", f"seat {p}: a hand is kept sorted")
        need(s.chapel[p] == sorted(s.chapel[p]), "chapel", f"seat {p}: kept sorted")


def _cards(s: SJState) -> None:
    """All 110 cards, each kind as many times as it was printed."""
    count: Counter[int] = Counter(s.deck)
    count.update(s.discard)
    count.update(s.pending)
    for p in range(s.n):
        for group in (s.hands[p], s.city[p], s.chapel[p], s.covered[p]):
            count.update(group)
        count.update(g for g in s.goods[p] if g >= 0)
    for c in range(C.NCARDS):
        need(count[c] == C.COPIES[c], "cards",
             f"{count[c]} {C.CARDS[c]} in the game, not {C.COPIES[c]}")


def _cities(s: SJState) -> None:
    over = s.step == GAME_OVER
    for p in range(s.n):
        city, goods = s.city[p], s.goods[p]
        need(1 <= len(city) <= C.END_BUILDINGS, "city", f"seat {p}: 1 to 12 buildings")
        need(len(goods) == len(city), "goods", f"seat {p}: one entry per building")
        violet = [b for b in city if b >= C.NGOODS]
        need(len(set(violet)) == len(violet), "city", f"seat {p}: a violet building twice")
        for b, g in zip(city, goods, strict=True):
            need(g < 0 or b < C.NGOODS, "goods", f"seat {p}: a good on a violet building")
        if not over and s.role != C.BUILDER:
            need(len(city) < C.END_BUILDINGS, "city", f"seat {p}: 12 buildings end the game")
        need(not s.chapel[p] or C.CHAPEL in city or C.CHAPEL in s.covered[p], "chapel",
             f"seat {p}: chapel cards without a chapel")
        need(C.CRANE not in s.covered[p], "covered", f"seat {p}: the crane is never covered")
        need(not s.covered[p] or C.CRANE in city, "covered", f"seat {p}: no crane")


def _turn(s: SJState) -> None:
    from .flow import picker, picks_per_round

    n = s.n
    step = s.step
    taken = sum(1 for x in s.role_taken if x >= 0)
    if step == GAME_OVER:
        need(s.turn == -1 and s.role == -1, "turn", "nobody moves once the game is over")
        need(s.exhausted or any(len(c) >= C.END_BUILDINGS for c in s.city), "step",
             "over without 12 buildings or running out of cards")
        return
    need(0 <= s.turn < n, "turn", f"seat {s.turn} is not one of 0..{n - 1}")
    need(0 <= s.picks < picks_per_round(s), "picks", "out of range for the players")
    need(0 <= s.phase_i < n, "phase_i", f"must be 0..{n - 1}")
    if step in (FAIR_START, CHAPEL, HAND_LIMIT, CHOOSE_ROLE):
        need(s.role == -1 and s.role_player == -1 and not s.boost, "role", "no role in play")
        need(taken == s.picks, "role_taken", f"{taken} roles taken after {s.picks} picks")
        if step == CHOOSE_ROLE:
            need(s.turn == picker(s, s.picks), "turn", "not the seat that chooses now")
        else:
            need(s.picks == 0, "picks", "roles are chosen after the round's first steps")
            need(s.turn == (s.governor + s.phase_i) % n, "turn", "not in order from the governor")
        if step == FAIR_START:
            need(s.fair_start and s.round == 1, "step", "the fair start is round 1's, with the option")
        return
    need(s.role == _ROLE_OF_STEP[step], "role", f"step {STEPS[step]} belongs to another role")
    need(s.role_player == picker(s, s.picks), "role_player", "not the seat that chose now")
    need(s.role_taken[s.role] == s.role_player, "role_taken", "the role in play is not taken")
    need(taken == s.picks + 1, "role_taken", f"{taken} roles taken at pick {s.picks + 1}")
    need(s.turn == (s.role_player + s.phase_i) % n, "turn", "not in order from the chooser")
    need(s.role != C.TRADER or s.trades >= 1, "trades", "a trader phase with no tile turned")


def _decision(s: SJState) -> None:
    from . import builder, councillor, producer, selection, trader
    from .common import hand_limit

    step = s.step
    p = s.turn
    if step not in _SELECTING:
        need(not s.sel and s.need == 0, "sel", f"no selection at step {STEPS[step]}")
    if step not in (COUNCIL_KEEP, GOLD_MINE):
        need(not s.pending, "pending", f"no drawn cards at step {STEPS[step]}")
    if step != BUILD_PAY:
        need(s.build == -1 and s.over == -1, "build", f"no building at step {STEPS[step]}")
    if step != COUNCIL_KEEP and step != COUNCIL_DISCARD:
        need(s.drawn == 0, "drawn", f"no councillor draw at step {STEPS[step]}")
    if step == GAME_OVER:
        return
    hand = s.hands[p]
    if step == FAIR_START:
        need(s.need == len(hand) - C.START_HAND > 0, "need", "the cards above 4")
    elif step == HAND_LIMIT:
        need(s.need == len(hand) - hand_limit(s, p) > 0, "need", "the cards above the limit")
    elif step == CHAPEL:
        need(bool(hand) and C.CHAPEL in s.city[p], "step", "a chapel decision needs both")
    elif step == BUILD_PAY:
        need(s.build in hand, "build", "the building is not in the hand")
        need(s.build < C.NGOODS or s.build not in s.city[p], "build", "a violet one owned")
        need(-1 <= s.over < len(s.city[p]), "over", "no such building")
        if s.over >= 0:
            need(C.CRANE in s.city[p] and s.city[p][s.over] not in (C.CRANE, s.build),
                 "over", "the crane cannot build there")
        need(s.need == builder.cost(s, p, s.build, s.over), "need", "not the building's cost")
    elif step == PRODUCE_STEP:
        need(0 < s.need <= producer.capacity(s, p), "need", "more than may be produced")
    elif step == SELL_STEP:
        need(0 < s.need <= trader.capacity(s, p), "need", "more than may be sold")
    elif step == COUNCIL_KEEP:
        need(s.need == councillor.to_keep(s, p) < len(s.pending), "need", "the cards to keep")
        need(s.drawn == len(s.pending) <= councillor.to_draw(s, p), "drawn", "the cards drawn")
    elif step == COUNCIL_DISCARD:
        need(C.ARCHIVE in s.city[p], "step", "discarding from the hand needs an archive")
        need(0 < s.drawn <= councillor.to_draw(s, p), "drawn", "more than a councillor draws")
        need(s.need == s.drawn - councillor.to_keep(s, p), "need", "the cards to discard")
    elif step == GOLD_MINE_ASK:
        need(C.GOLD_MINE in s.city[p], "step", "a gold mine decision needs a gold mine")
    elif step == GOLD_MINE:
        need(C.GOLD_MINE in s.city[p], "step", "a gold mine decision needs a gold mine")
        need(len(s.pending) == C.GOLD_MINE_CARDS, "pending", "four cards turned up")
        need(len({C.COST[c] for c in s.pending}) == len(s.pending), "pending", "costs repeat")
    if step in _SELECTING:
        need(len(s.sel) <= s.need, "sel", "more picks than the selection takes")
        need(all(0 <= x < C.NCARDS + C.NGOODS for x in s.sel), "sel", "unknown pick")
        rest = selection.pool(s)[:]
        for x in s.sel:
            need(x in rest, "sel", "a pick that is not there to pick")
            rest.remove(x)
        paid_goods = sum(1 for x in s.sel if x >= C.NCARDS)
        need(step == BUILD_PAY or paid_goods == 0, "sel", "goods paid outside the builder")
        need(paid_goods <= selection.MAX_GOODS_PAID, "sel", "at most 2 goods pay")
