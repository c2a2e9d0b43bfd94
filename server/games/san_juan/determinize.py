"""``determinize(state, seat, seed)``: a world a bot may search, built only from what
``seat`` sees.

Every card the seat cannot see (the deck, the discards, the other hands, every good,
the other chapels, the cards another player is choosing from) goes into one pool, which
is sorted, shuffled from ``seed`` and dealt back in the same numbers; the price tiles
still face down are shuffled the same way, and the RNG is replaced. Another player's
selection in progress (whose picks only he sees) starts over. Because the pool is
sorted first, two states that differ only in what the seat cannot see give the same
sample, so a bot that knows its seed cannot read the truth back out.
"""

from __future__ import annotations

import random

from server.engine.rng import SeededRng

from .state import BUILD_PAY, BUILD_STEP, COUNCIL_KEEP, GAME_OVER, SJState


def determinize(state: SJState, seat: int, seed: int) -> SJState:
    s = state.clone()
    rnd = random.Random(seed)
    others = [p for p in range(s.n) if p != seat]
    hidden_pending = s.step == COUNCIL_KEEP and s.turn != seat
    if s.step != GAME_OVER and s.turn != seat:
        _restart_selection(s)
    pool = s.deck + s.discard
    for p in others:
        pool += s.hands[p]
        pool += s.chapel[p]
    for goods in s.goods:
        pool += [g for g in goods if g >= 0]
    if hidden_pending:
        pool += s.pending
    pool.sort()
    rnd.shuffle(pool)
    at = 0

    def deal(k: int) -> list[int]:
        nonlocal at
        at += k
        return pool[at - k:at]

    s.deck = deal(len(s.deck))
    s.discard = deal(len(s.discard))
    for p in others:
        s.hands[p] = sorted(deal(len(s.hands[p])))
        s.chapel[p] = sorted(deal(len(s.chapel[p])))
    for goods in s.goods:
        for j, g in enumerate(goods):
            if g >= 0:
                goods[j] = deal(1)[0]
    if hidden_pending:
        s.pending = deal(len(s.pending))
    seen = min(s.trades, len(s.tiles))
    unseen = sorted(s.tiles[seen:])
    rnd.shuffle(unseen)
    s.tiles[seen:] = unseen
    s.rng = SeededRng(rnd.getrandbits(63))
    s.legal = None
    return s


def _restart_selection(s: SJState) -> None:
    """Another player's picks are his alone: his decision starts over (his builder
    choice too, since the building chosen is still a card in his hand)."""
    s.sel = []
    if s.step == BUILD_PAY:
        s.step = BUILD_STEP
        s.build = -1
        s.over = -1
        s.need = 0
