"""Craftsman phase: each player in turn may produce, then the craftsman's extra good.

Producing is the role's action and the extra good its privilege; both are optional
(001 "The Roles": "he may choose not to use the action or privilege"; 000: "may take
Goods", "may use their advantage"). A player who would receive at least one barrel
decides (``produce`` or ``pass``, step ``craftsman_produce``); one who would receive
nothing is skipped. The action is taken whole: the rules give no way to take part of
one's production. The factory pays with the production it rewards.
"""

from __future__ import annotations

from server.wording import part

from ..core import calc
from ..core import catalog as C
from ..core.common import CONTINUE, PHASE_DONE, PHASE_OVER, Events, order_from, privileges, tell
from ..core.extend import POINTS
from ..core.moves import BONUS, PASS_MOVE, PRODUCE, PRODUCE_MOVE, Move
from ..core.state import CRAFTSMAN_BONUS, CRAFTSMAN_PRODUCE, PRState

_BONUS = tuple((BONUS, g) for g in range(5))
_PRODUCE_OR_NOT = [PRODUCE_MOVE, PASS_MOVE]


_MAKERS = tuple((b, g) for b, g in enumerate(C.PRODUCES) if g >= 0)  # production buildings


def production(s: PRState, p: int) -> list[int]:
    """What seat p's occupied plantations and production buildings can make now."""
    plant = [0, 0, 0, 0, 0, 0]
    col = s.island_col[p]  # (an index loop: zip's keyword costs more than the loop)
    for i, t in enumerate(s.island[p]):
        if col[i]:
            plant[t] += 1
    cap = [0, 0, 0, 0, 0]
    pos, col = s.bpos[p], s.city_col[p]
    for b, g in _MAKERS:
        i = pos[b]
        if i >= 0:
            cap[g] += col[i]
    for g in range(1, 5):
        if cap[g] < plant[g]:
            plant[g] = cap[g]
    del plant[5]
    return plant


def harvest(s: PRState, p: int) -> list[int]:
    """The barrels seat p would receive now: his production, as far as the supply goes."""
    made = production(s, p)
    for _b, extra in extra_barrels(s, p, made):
        for g, k in enumerate(extra):
            made[g] += k
    supply = s.goods
    for g in range(5):
        if supply[g] < made[g]:
            made[g] = supply[g]
    return made


def extra_barrels(s: PRState, p: int, made: list[int]) -> list[tuple[int, list[int]]]:
    """(building, barrels by kind) its expansion adds to the production ``made``
    (calc.EXTRA_BARRELS: the aqueduct); none in a base game."""
    out = []
    for fn in calc.at(s, calc.EXTRA_BARRELS):
        found = fn(s, p, made)
        if found is not None:
            out.append(found)
    return out


def factory_bonus(s: PRState, p: int, got: list[int]) -> int:
    kinds = sum(1 for k in got if k)
    return C.FACTORY_BONUS[kinds] if kinds >= 2 and s.occupied(p, C.FACTORY) else 0


def income(s: PRState, p: int, got: list[int]) -> list[tuple[int, int]]:
    """(building, doubloons) the expansions' buildings pay for the barrels ``got``
    (calc.PRODUCTION_INCOME: the specialty factory), the factory's aside."""
    out = []
    for fn in calc.at(s, calc.PRODUCTION_INCOME):
        found = fn(s, p, got)
        if found is not None and found[1]:
            out.append(found)
    return out


def _receives(s: PRState, p: int) -> bool:
    """``any(harvest(s, p))`` without the expansions' extra barrels (the aqueduct adds
    only to a kind he makes already): asked of every player at every craftsman phase."""
    supply = s.goods
    col, isl = s.island_col[p], s.island[p]
    kinds = 0  # the kinds he has a manned plantation of, with barrels in the supply
    quarry = C.QUARRY  # (the goods' kinds come before it)
    for i in range(len(isl)):
        if col[i]:
            t = isl[i]
            if t < quarry and supply[t]:
                if not t:  # corn needs no building
                    return True
                kinds |= 1 << t
    if kinds:  # (production: a kind but corn needs a manned building of it too)
        pos, ccol = s.bpos[p], s.city_col[p]
        for b, g in _MAKERS:
            if kinds >> g & 1:
                i = pos[b]
                if i >= 0 and ccol[i]:
                    return True
    return False


def start(s: PRState, ev: Events) -> int:
    return _next_producer(s, ev, 0)


def _next_producer(s: PRState, ev: Events, i: int) -> int:
    """The next player in order from the craftsman who has something to decide."""
    order = order_from(s, s.role_player)
    while i < s.n:
        p = order[i]
        if _receives(s, p):
            s.step = CRAFTSMAN_PRODUCE
            s.turn = p
            s.phase_i = i
            return CONTINUE
        _say_nothing(s, p, ev)
        i += 1
    return _offer_bonus(s, ev)


def _say_nothing(s: PRState, p: int, ev: Events) -> None:
    """Silent for a player who could make nothing; the craftsman is always named."""
    if ev is None:
        return
    short = [C.GOODS[g] for g, k in enumerate(production(s, p)) if k]
    if short:
        tell(ev, p, "produce", "produce_none_short", seat=p, short=short)
    elif p == s.role_player:
        tell(ev, p, "produce", "produce_nothing", seat=p)


def _produce(s: PRState, p: int, ev: Events) -> None:
    made = production(s, p)
    extras = extra_barrels(s, p, made)
    for _b, extra in extras:
        for g in range(5):
            made[g] += extra[g]
    supply = s.goods  # what he receives: harvest(s, p), from the production just made
    got = [made[g] if made[g] < supply[g] else supply[g] for g in range(5)]
    mask = 0
    for g in range(5):
        if got[g]:
            s.goods[g] -= got[g]
            s.pgoods[p][g] += got[g]
            mask |= 1 << g
    if ev is not None:
        what = [part("amount", count=k, good=C.GOODS[g]) for g, k in enumerate(got) if k]
        short = [C.GOODS[g] for g in range(5) if got[g] < made[g]]
        if short:
            tell(ev, p, "produce", "produce_short", seat=p, goods=what, short=short)
        else:
            tell(ev, p, "produce", "produce", seat=p, goods=what)
    if s.festival:  # Expansion IV: the goods goal
        POINTS.produced(s, p, got, ev)
    bonus = factory_bonus(s, p, got)
    if bonus:
        s.coins[p] += bonus
        tell(ev, p, "produce", "earn", seat=p, count=bonus, building=C.BUILDINGS[C.FACTORY])
    if ev is not None:
        for b, extra in extras:
            if any(extra):
                what = [part("amount", count=1, good=C.GOODS[g]) for g in range(5) if extra[g]]
                tell(ev, p, "produce", "extra_barrels", goods=what, building=C.BUILDINGS[b])
    for b, coins in income(s, p, got):
        s.coins[p] += coins
        tell(ev, p, "produce", "earn", seat=p, count=coins, building=C.BUILDINGS[b])
    if p == s.role_player:
        s.produced = mask


def _offer_bonus(s: PRState, ev: Events) -> int:
    if not any(s.produced >> g & 1 and s.goods[g] for g in range(5)):
        if s.produced:
            p = s.role_player
            kinds = [C.GOODS[g] for g in range(5) if s.produced >> g & 1]
            tell(ev, p, "produce", "bonus_none", seat=p, short=kinds)
        return PHASE_OVER
    s.step = CRAFTSMAN_BONUS
    s.turn = s.role_player
    # Expansion I: the library doubles the privilege: two barrels, of one kind or two
    s.extra_left = privileges(s, s.role_player)
    return CONTINUE


def legal(s: PRState) -> list[Move]:
    if s.step == CRAFTSMAN_PRODUCE:
        return _PRODUCE_OR_NOT
    moves = [_BONUS[g] for g in range(5) if s.produced >> g & 1 and s.goods[g]]
    moves.append(PASS_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    if s.step == CRAFTSMAN_PRODUCE:
        if m[0] == PRODUCE:
            _produce(s, p, ev)
        else:
            tell(ev, p, "pass", "produce_not", seat=p)
        return _next_producer(s, ev, s.phase_i + 1)
    if m[0] == BONUS:
        g = m[1]
        s.goods[g] -= 1
        s.pgoods[p][g] += 1
        tell(ev, p, "produce", "bonus", seat=p, good=C.GOODS[g])
        s.extra_left -= 1
        if s.extra_left and any(s.produced >> k & 1 and s.goods[k] for k in range(5)):
            return CONTINUE
    else:
        tell(ev, p, "pass", "bonus_not", seat=p)
    s.extra_left = 0
    return PHASE_OVER


def wrap_up(s: PRState, ev: Events) -> int:
    return PHASE_DONE


def resume(s: PRState, ev: Events, code: int) -> int:
    raise ValueError(f"the craftsman phase has no resume code {code}")


def finish(s: PRState, ev: Events) -> None:
    s.produced = 0


def begin_turn(s: PRState) -> None:
    return None
