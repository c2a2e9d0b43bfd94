"""The black market (Expansion I): a builder short of doubloons pays with other things.

Only a player who cannot pay the price in doubloons may use it, and he pays every
doubloon he has: the rest (1 to 3) is one colonist, one barrel and/or one VP, each
worth a doubloon, at most one of each (1897 rulebook, "Black Market"). The colonist
may come from San Juan, a tile or a building (a citizen counts as a colonist), never
the one on the black market itself. The build is chosen first (its label says what
it costs); then the interrupt ``black_market`` asks for the items one by one
(``black_market`` with ``pay`` = worker / good / vp), offering only items that still
leave the rest payable; the building is placed when the price is paid. Returned
colonists, barrels and VP go back to their supplies; an end already triggered stays.
"""

from __future__ import annotations

from ...core import catalog as C
from ...core import extend
from ...core import interrupts as I
from ...core.common import Events, say
from ...core.moves import BLACK_MARKET_PAY, PAY_GOOD, PAY_VP, PAY_WORKER, Move
from ...core.state import BUILDER, PRState
from ...core.text import Texts

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines and labels by key

WORKER_BIT, GOOD_BIT, VP_BIT = 1, 2, 4


def worker_places(s: PRState, p: int) -> list[Move]:
    """Where p may take a colonist from: San Juan, each kind of staffed tile, each
    staffed building but the black market, each as a worker and/or a citizen."""
    moves: list[Move] = []
    sj, sjc = s.san_juan[p], s.san_juan_cit[p]
    if sj > sjc:
        moves.append((BLACK_MARKET_PAY, PAY_WORKER, 2, 0, 0))
    if sjc:
        moves.append((BLACK_MARKET_PAY, PAY_WORKER, 2, 0, 1))
    seen: set[tuple[int, int]] = set()
    for i, (t, c, k) in enumerate(zip(s.island[p], s.island_col[p], s.island_cit[p],
                                      strict=True)):
        if c and (t, k) not in seen:
            seen.add((t, k))
            moves.append((BLACK_MARKET_PAY, PAY_WORKER, 0, i, k))
    for i, (b, c, k) in enumerate(zip(s.city[p], s.city_col[p], s.city_cit[p], strict=True)):
        if b == C.BLACK_MARKET:
            continue
        if c > k:
            moves.append((BLACK_MARKET_PAY, PAY_WORKER, 1, i, 0))
        if k:
            moves.append((BLACK_MARKET_PAY, PAY_WORKER, 1, i, 1))
    return moves


def _has_worker(s: PRState, p: int) -> bool:
    """Whether ``worker_places`` lists anything (asked by every builder's legal moves)."""
    if s.san_juan[p] or s.san_juan_cit[p] or any(s.island_col[p]):
        return True
    bm = s.bpos[p][C.BLACK_MARKET]
    return any((c or k) and i != bm
               for i, (c, k) in enumerate(zip(s.city_col[p], s.city_cit[p], strict=True)))


def means(s: PRState, p: int, used: int = 0) -> int:
    """How many of the three kinds of item p could still give (0 without an occupied
    black market)."""
    if not s.cat.nb:
        return 0
    i = s.bpos[p][C.BLACK_MARKET]  # (``s.occupied``, inlined: asked at every build)
    if i < 0 or not s.city_col[p][i]:
        return 0
    k = 0
    if not used & WORKER_BIT and _has_worker(s, p):
        k += 1
    if not used & GOOD_BIT and any(s.pgoods[p]):
        k += 1
    if not used & VP_BIT and s.vp[p] > 0:
        k += 1
    return k


def start_payment(s: PRState, p: int, b: int, price: int) -> None:
    """p builds b for more than his doubloons: they all go, the rest is asked."""
    I.push(s, I.BLACK_MARKET, p, b, price - s.coins[p], 0, s.coins[p])
    s.coins[p] = 0


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    p, used = e[1], e[4]
    moves: list[Move] = []
    if not used & WORKER_BIT:
        moves += worker_places(s, p)
    if not used & GOOD_BIT:
        moves += [(BLACK_MARKET_PAY, PAY_GOOD, g) for g in range(5) if s.pgoods[p][g]]
    if not used & VP_BIT and s.vp[p] > 0:
        moves.append((BLACK_MARKET_PAY, PAY_VP))
    return moves


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    p, b = e[1], e[2]
    what = m[1]
    if what == PAY_WORKER:
        _return_person(s, p, m[2], m[3], m[4])
        e[4] |= WORKER_BIT
        key, g = ("pay_citizen" if m[4] else "pay_colonist"), -1
    elif what == PAY_GOOD:
        g = m[2]
        s.pgoods[p][g] -= 1
        s.goods[g] += 1
        e[4] |= GOOD_BIT
        key = "pay_good"
    else:
        s.vp[p] -= 1
        s.vp_supply += 1
        e[4] |= VP_BIT
        key, g = "pay_vp", -1
    e[3] -= 1
    if ev is not None:
        say(ev, p, "build", TEXTS.line(key, seat=p, **({"good": C.GOODS[g]} if g >= 0 else {})))
    if e[3] > 0:
        return False
    from ...phases.builder import place

    place(s, p, b, e[5], ev, helped_by=C.BLACK_MARKET)
    return True


def _return_person(s: PRState, p: int, where: int, i: int, citizen: int) -> None:
    if where == 2:
        s.san_juan[p] -= 1
        s.san_juan_cit[p] -= citizen
    elif where == 0:
        s.island_col[p][i] -= 1
        s.island_cit[p][i] -= citizen
    else:
        s.city_col[p][i] -= 1
        s.city_cit[p][i] -= citizen
    if citizen:
        s.cit_supply += 1
    else:
        s.col_supply += 1


def _check(s: PRState, e: I.Entry) -> str | None:
    p, b, short, used, paid = e[1], e[2], e[3], e[4], e[5]
    if s.step != BUILDER or s.turn != p:
        return "paid on the builder's turn of the payer"
    if not s.occupied(p, C.BLACK_MARKET):
        return f"seat {p} has no occupied {C.BUILDINGS[C.BLACK_MARKET]}"
    if b not in s.board or s.bpos[p][b] >= 0 or not s.bsupply[b]:
        return "a building of the supply he has not built"
    if not 0 <= used < 8 or paid < 0 or s.coins[p] != 0:
        return "every doubloon is paid first"
    if not 1 <= short <= 3 - bin(used).count("1") or short > means(s, p, used):
        return "1 to 3 items, each kind once, that he can still give"
    return None


I.register(I.BLACK_MARKET, I.Handler("black_market", _legal, _act, _check, 6))
extend.install(build_means=means, pay_rest=start_payment)
