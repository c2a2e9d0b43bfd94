"""Craftsman phase: each player in turn may produce, then the craftsman's extra good.

Producing is the role's action and the extra good its privilege; both are optional
(001 "The Roles": "he may choose not to use the action or privilege"; 000: "may take
Goods", "may use their advantage"). A player who would receive at least one barrel
decides (``produce`` or ``pass``, step ``craftsman_produce``); one who would receive
nothing is skipped. The action is taken whole: the rules give no way to take part of
one's production. The factory pays with the production it rewards.
"""

from __future__ import annotations

from . import catalog as C
from .common import CONTINUE, PHASE_OVER, Events, order_from, say, who
from .moves import BONUS, PASS_MOVE, PRODUCE, PRODUCE_MOVE, Move
from .state import CRAFTSMAN_BONUS, CRAFTSMAN_PRODUCE, PRState
from .text import VOCAB, listing

_BONUS = tuple((BONUS, g) for g in range(5))
_PRODUCE_OR_NOT = [PRODUCE_MOVE, PASS_MOVE]


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


def harvest(s: PRState, p: int) -> list[int]:
    """The barrels seat p would receive now: his production, as far as the supply goes."""
    made = production(s, p)
    return [made[g] if made[g] < s.goods[g] else s.goods[g] for g in range(5)]


def factory_bonus(s: PRState, p: int, got: list[int]) -> int:
    kinds = sum(1 for k in got if k)
    return C.FACTORY_BONUS[kinds] if kinds >= 2 and s.occupied(p, C.FACTORY) else 0


def start(s: PRState, ev: Events) -> int:
    return _next_producer(s, ev, 0)


def _next_producer(s: PRState, ev: Events, i: int) -> int:
    """The next player in order from the craftsman who has something to decide."""
    order = order_from(s, s.role_player)
    while i < s.n:
        p = order[i]
        if any(harvest(s, p)):
            s.step = CRAFTSMAN_PRODUCE
            s.turn = p
            s.phase_i = i
            return CONTINUE
        _say_nothing(s, p, ev)
        i += 1
    return _offer_bonus(s, ev)


def _say_nothing(s: PRState, p: int, ev: Events) -> None:
    """Silent for a player who could make nothing; the craftsman is always named."""
    v = VOCAB[s.edition]
    short = [v.goods[g] for g, k in enumerate(production(s, p)) if k]
    if short:
        say(
            ev,
            p,
            "produce",
            f"{who(s, p)} produces nothing (the supply has no more {listing(short)})",
        )
    elif p == s.role_player:
        say(ev, p, "produce", f"{who(s, p)} produces nothing")


def _produce(s: PRState, p: int, ev: Events) -> None:
    v = VOCAB[s.edition]
    made = production(s, p)
    got = harvest(s, p)
    mask = 0
    for g in range(5):
        if got[g]:
            s.goods[g] -= got[g]
            s.pgoods[p][g] += got[g]
            mask |= 1 << g
    what = listing([f"{k} {v.goods[g]}" for g, k in enumerate(got) if k])
    short = [v.goods[g] for g in range(5) if got[g] < made[g]]
    if short:
        what += f" (the supply has no more {listing(short)})"
    say(ev, p, "produce", f"{who(s, p)} produces {what}")
    bonus = factory_bonus(s, p, got)
    if bonus:
        s.coins[p] += bonus
        say(ev, p, "produce", f"{who(s, p)} earns {v.coins(bonus)} ({v.buildings[C.FACTORY]})")
    if p == s.role_player:
        s.produced = mask


def _offer_bonus(s: PRState, ev: Events) -> int:
    if not any(s.produced >> g & 1 and s.goods[g] for g in range(5)):
        if s.produced:
            v = VOCAB[s.edition]
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


def legal(s: PRState) -> list[Move]:
    if s.step == CRAFTSMAN_PRODUCE:
        return _PRODUCE_OR_NOT
    moves = [_BONUS[g] for g in range(5) if s.produced >> g & 1 and s.goods[g]]
    moves.append(PASS_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    v = VOCAB[s.edition]
    if s.step == CRAFTSMAN_PRODUCE:
        if m[0] == PRODUCE:
            _produce(s, p, ev)
        else:
            say(ev, p, "pass", f"{who(s, p)} does not produce")
        return _next_producer(s, ev, s.phase_i + 1)
    if m[0] == BONUS:
        g = m[1]
        s.goods[g] -= 1
        s.pgoods[p][g] += 1
        say(ev, p, "produce", f"{who(s, p)} takes 1 extra {v.goods[g]} ({v.privilege})")
    else:
        say(ev, p, "pass", f"{who(s, p)} takes no extra good ({v.privilege})")
    return PHASE_OVER


def finish(s: PRState, ev: Events) -> None:
    s.produced = 0


def begin_turn(s: PRState) -> None:
    return None
