"""Captain phase: loading in turns until nobody can, wharf, harbor, storage, unloading.

Loading rules (001 and 000): one kind per turn, as many barrels as fit; a kind already
aboard goes only on that ship; a new kind goes on an empty ship that takes the most of
it (any of several that take them all); no two ships carry the same kind. A player who
can load on a ship must load (the wharf counts as loading); one who could only use his
wharf may decline it, and is then done with the wharf for this phase.
"""

from __future__ import annotations

from itertools import combinations

from . import catalog as C
from .common import CONTINUE, PHASE_OVER, Events, award_vp, order_from, say, who
from .moves import LOAD, PASS, PASS_MOVE, STORE, Move
from .state import CAPTAIN, CAPTAIN_STORE, PRState
from .text import VOCAB, listing

W = C.WHARF_SHIP


def start(s: PRState, ev: Events) -> int:
    n = s.n
    s.wharf_used = [0] * n
    s.wharf_declined = [0] * n
    s.captain_loaded = False
    s.step = CAPTAIN
    return _next_loader(s, ev, s.role_player, first_turn=True)


def options(s: PRState, p: int) -> list[Move]:
    mine = s.pgoods[p]
    cap, good, load = s.ship_cap, s.ship_good, s.ship_load
    k = len(cap)
    moves: list[Move] = []
    for g in range(5):
        have = mine[g]
        if not have:
            continue
        aboard = -1
        for j in range(k):
            if good[j] == g:
                aboard = j
                break
        if aboard >= 0:
            if load[aboard] < cap[aboard]:
                moves.append((LOAD, g, aboard))
            continue
        best = 0
        for j in range(k):
            if good[j] < 0:
                fit = have if have < cap[j] else cap[j]
                if fit > best:
                    best = fit
        if best:
            for j in range(k):
                if good[j] < 0 and min(have, cap[j]) == best:
                    moves.append((LOAD, g, j))
    if not s.wharf_used[p] and not s.wharf_declined[p] and s.occupied(p, C.WHARF):
        wharf = [(LOAD, g, W) for g in range(5) if mine[g]]
        if wharf:
            moves.extend(wharf)
            if all(m[2] == W for m in moves):
                moves.append(PASS_MOVE)
    return moves


def legal(s: PRState) -> list[Move]:
    if s.step == CAPTAIN_STORE:
        return store_options(s, s.turn)
    return options(s, s.turn)


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    v = VOCAB[s.edition]
    if m[0] == STORE:
        _store(s, p, m, ev)
        return _next_storer(s, ev, s.phase_i + 1)
    if m[0] == PASS:
        s.wharf_declined[p] = 1
        say(ev, p, "pass", f"{who(s, p)} does not use the {v.buildings[C.WHARF]}")
        return _next_loader(s, ev, (p + 1) % s.n)
    g, j = m[1], m[2]
    have = s.pgoods[p][g]
    if j == W:
        k = have
        s.wharf_used[p] = 1
        s.goods[g] += k
        where = f"with the {v.buildings[C.WHARF]}"
    else:
        room = s.ship_cap[j] - s.ship_load[j]
        k = have if have < room else room
        s.ship_load[j] += k
        s.ship_good[j] = g
        where = f"on the {s.ship_cap[j]}-ship, {s.ship_load[j]}/{s.ship_cap[j]} full"
    s.pgoods[p][g] -= k
    gain = k
    if s.occupied(p, C.HARBOR):
        gain += 1
    if p == s.role_player and not s.captain_loaded:
        s.captain_loaded = True
        gain += 1
    award_vp(s, p, gain, ev, f"{who(s, p)} ships {k} {v.goods[g]} {where}")
    return _next_loader(s, ev, (p + 1) % s.n)


def _next_loader(s: PRState, ev: Events, first: int, first_turn: bool = False) -> int:
    for p in order_from(s, first):
        if options(s, p):
            s.turn = p
            return CONTINUE
    say(ev, None, "ship", "Nobody can load" if first_turn else "Nobody can load any more")
    return _next_storer(s, ev, 0)


# -- storage ---------------------------------------------------------------------------


def warehouse_kinds(s: PRState, p: int) -> int:
    return (1 if s.occupied(p, C.SMALL_WAREHOUSE) else 0) + (
        2 if s.occupied(p, C.LARGE_WAREHOUSE) else 0
    )


def store_options(s: PRState, p: int) -> list[Move]:
    """Undominated ways to keep goods; [] when everything can be kept."""
    mine = s.pgoods[p]
    kinds = [g for g in range(5) if mine[g]]
    whole = warehouse_kinds(s, p)
    if len(kinds) <= whole:
        return []
    results: dict[tuple[int, ...], Move] = {}
    for keep in combinations(kinds, whole):
        mask = 0
        for g in keep:
            mask |= 1 << g
        for single in kinds:
            if mask >> single & 1:
                continue
            res = tuple(mine[g] if mask >> g & 1 else (1 if g == single else 0) for g in range(5))
            results.setdefault(res, (STORE, mask, single))
    best = [
        r
        for r in results
        if not any(o != r and all(a <= b for a, b in zip(r, o, strict=True)) for o in results)
    ]
    if len(best) == 1 and list(best[0]) == mine:
        return []
    return [results[r] for r in best]


def _next_storer(s: PRState, ev: Events, i: int) -> int:
    s.step = CAPTAIN_STORE
    order = order_from(s, s.role_player)
    while i < s.n:
        p = order[i]
        opts = store_options(s, p)
        if len(opts) == 1:
            _store(s, p, opts[0], ev)
        elif opts:
            s.turn = p
            s.phase_i = i
            return CONTINUE
        i += 1
    return PHASE_OVER


def _store(s: PRState, p: int, m: Move, ev: Events) -> None:
    v = VOCAB[s.edition]
    mine = s.pgoods[p]
    kept = []
    lost = []
    for g in range(5):
        keep = mine[g] if m[1] >> g & 1 else (min(1, mine[g]) if g == m[2] else 0)
        if keep:
            kept.append(f"{keep} {v.goods[g]}")
        if keep < mine[g]:
            lost.append(f"{mine[g] - keep} {v.goods[g]}")
            s.goods[g] += mine[g] - keep
            mine[g] = keep
    if lost:
        say(
            ev,
            p,
            "store",
            f"{who(s, p)} keeps {listing(kept) or 'nothing'}, loses {listing(lost)}",
        )


def finish(s: PRState, ev: Events) -> None:
    """Full ships are unloaded; partly full ones keep their cargo."""
    v = VOCAB[s.edition]
    for j, cap in enumerate(s.ship_cap):
        if s.ship_load[j] >= cap:
            g = s.ship_good[j]
            s.goods[g] += s.ship_load[j]
            s.ship_load[j] = 0
            s.ship_good[j] = -1
            say(ev, None, "ship", f"The full {cap}-ship unloads its {v.goods[g]}")


def begin_turn(s: PRState) -> None:
    return None
