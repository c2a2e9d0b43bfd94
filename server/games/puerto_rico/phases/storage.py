"""Storage at the end of the captain phase: one barrel, plus whole kinds in warehouses.

A player who cannot keep all his goods chooses what to keep (001: "he may choose which
goods to store and which to return to the goods supply"), and keeping less than he
could is his right: each kind is kept whole (a warehouse holds "all the barrels of one
kind"), kept as the one loose barrel, or returned. The choices that keep the most come
first, then the smaller ones down to "keep nothing". A player who can keep everything
keeps it without being asked (the rulebook's choice is for one who cannot).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from server.wording import part

from ..core import calc
from ..core import catalog as C
from ..core.common import CONTINUE, PHASE_DONE, Events, order_from, tell
from ..core.moves import STORE, Move
from ..core.state import CAPTAIN_STORE, PRState


def warehouse_kinds(s: PRState, p: int) -> int:
    pos, col = s.bpos[p], s.city_col[p]  # (``s.occupied`` inlined: asked of every storer)
    i, j = pos[C.SMALL_WAREHOUSE], pos[C.LARGE_WAREHOUSE]
    return (1 if i >= 0 and col[i] else 0) + (2 if j >= 0 and col[j] else 0)


def kept(mine: list[int], m: Move) -> tuple[int, ...]:
    """The barrels a ``store`` move keeps of each kind."""
    out = [
        mine[g] if m[1] >> g & 1 else (min(1, mine[g]) if g == m[2] else 0) for g in range(5)
    ]
    if len(m) > 3:  # the barrels kept loose (the storehouse's)
        for g, k in enumerate(m[3]):
            out[g] = min(mine[g], out[g] + k)
    return tuple(out)


def loose_room(s: PRState, p: int) -> int:
    """Barrels of any kinds kept besides the warehouses' and the single one
    (calc.STORAGE: a manned storehouse's 3); 0 in a base game."""
    room = 0
    for fn in calc.at(s, calc.STORAGE):
        room += fn(s, p)
    return room


def _spread(left: list[int], room: int) -> list[tuple[int, ...]]:
    """Every way to put up to ``room`` barrels of the kinds in ``left`` aside."""
    out: list[tuple[int, ...]] = [(0, 0, 0, 0, 0)]
    for g in range(5):
        out = [(*w[:g], k, *w[g + 1:]) for w in out
               for k in range(min(left[g], room - sum(w)) + 1)]
    return out


def store_options(s: PRState, p: int) -> list[Move]:
    """Every distinct way to keep goods, the most-keeping first; [] when all fit."""
    mine = s.pgoods[p]
    whole = warehouse_kinds(s, p)
    if len(mine) - mine.count(0) <= whole:  # his kinds (counted at C speed) all fit whole
        return []
    kinds = [g for g in range(5) if mine[g]]
    extra = loose_room(s, p)
    # everything fits when the most barrels kept whole leave, besides the one single
    # barrel, no more than the storehouse holds (asked of every player at every
    # captain phase: most keep everything)
    counts = sorted((mine[g] for g in kinds), reverse=True)
    if sum(counts[whole:]) - 1 <= extra:
        return []
    results: dict[tuple[int, ...], Move] = {}
    for size in range(whole, -1, -1):
        for keep in combinations(kinds, size):
            mask = 0
            for g in keep:
                mask |= 1 << g
            for single in (*kinds, -1):
                if single >= 0 and mask >> single & 1:
                    continue
                m: Move = (STORE, mask, single)
                if extra:
                    left = [0 if mask >> g & 1 else mine[g] - (g == single) for g in range(5)]
                    for loose in _spread(left, extra):
                        m = (STORE, mask, single, loose) if any(loose) else (STORE, mask, single)
                        results.setdefault(kept(mine, m), m)
                    continue
                results.setdefault(kept(mine, m), m)
    if tuple(mine) in results:
        return []  # everything fits (one kind is a single barrel)
    best = [r for r in results if not _dominated(r, results)]
    rest = sorted((r for r in results if r not in best), key=lambda r: -sum(r))
    return [results[r] for r in best + rest]


def _dominated(r: tuple[int, ...], others: Iterable[tuple[int, ...]]) -> bool:
    """Whether another way keeps at least as much of every kind (and more of one)."""
    a, b, c, d, e = r
    for o in others:
        if o[0] >= a and o[1] >= b and o[2] >= c and o[3] >= d and o[4] >= e and o != r:
            return True
    return False


def next_storer(s: PRState, ev: Events, i: int) -> int:
    """The next player in order from the captain who has something to decide."""
    s.step = CAPTAIN_STORE
    order = order_from(s, s.role_player)
    while i < s.n:
        p = order[i]
        opts = store_options(s, p)
        if len(opts) == 1:
            store(s, p, opts[0], ev)
        elif opts:
            s.turn = p
            s.phase_i = i
            return CONTINUE
        i += 1
    return PHASE_DONE


def store(s: PRState, p: int, m: Move, ev: Events) -> None:
    mine = s.pgoods[p]
    keeps = kept(mine, m)
    held = []
    lost = []
    for g in range(5):
        keep = keeps[g]
        if keep:
            held.append((keep, g))
        if keep < mine[g]:
            lost.append((mine[g] - keep, g))
            s.goods[g] += mine[g] - keep
            mine[g] = keep
    if lost and ev is not None:
        tell(ev, p, "store", "store", seat=p, held=_amounts(held), lost=_amounts(lost))


def _amounts(counts: list[tuple[int, int]]) -> list[dict[str, object]]:
    """(count, good) pairs as the parts of a line ("2 corn and 1 sugar")."""
    return [part("amount", count=k, good=C.GOODS[g]) for k, g in counts]
