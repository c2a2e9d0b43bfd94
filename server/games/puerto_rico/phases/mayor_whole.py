"""A whole mayor placement as one random step, for random playouts only.

A person (and the public API) places one colonist at a time (mayor.py); a random
playout spent a third of its moves that way. Here one draw decides whether the player
lifts his colonists back to San Juan (where he may: the same odds as the lift among his
first choices), then the waiting colonists go to a uniformly random set of the empty
circles, and ``mayor_done`` ends the turn as usual. Only what one colonist at a time
can reach comes out: on the island a colonist goes to the first empty tile of its kind
(as ``mayor.legal`` offers it), every circle is filled when all fit, and the rest wait
in San Juan (tests/games/puerto_rico/test_mayor_whole.py checks the two sets agree).
With the Citizens, a player with a citizen waiting or placed still places one at a time
(his choices of kind are not drawn here).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import catalog as C
from ..core import flow
from ..core.moves import DONE_MOVE, LIFT_MOVE, MAYOR_LIFT, MAYOR_PLACE, Move
from ..core.state import MAYOR, PRState
from ..draws import BITS
from . import mayor

_PLACING = (MAYOR_LIFT, MAYOR_PLACE)  # the first move of a placement decision
assert C.FOREST == 6  # (``place`` lists the island's kinds below it in a literal)

def applies(s: PRState, moves: list[Move]) -> bool:
    """A placement decision of the mayor phase (a lift or a place on offer); with the
    Citizens under rules before 5 (the kind chosen only where it matters) only while
    no citizen is in the player's hands or on his board."""
    if s.step != MAYOR or s.pending or flow._PHASES[s.role] is not mayor:
        return False
    if moves[0][0] not in _PLACING:
        return False
    if s.cat.cit and s.rules < mayor.ANY_KIND_RULES:
        p = s.turn
        if s.san_juan_cit[p] or any(s.island_cit[p]) or any(s.city_cit[p]):
            return False
    return True


def place(s: PRState, moves: list[Move], n: int, randbelow: Callable[[int], int],
          getrandbits: Callable[[int], int] | None = None) -> None:
    """The player's whole placement, then ``mayor_done`` (through the flow: the turn
    ends as it would after the last colonist). ``moves[:n]`` are his choices now.
    ``getrandbits`` (draws.py ``inline_bits``): ``randbelow``'s draws, made inline."""
    p = s.turn
    isl, icol, icit = s.island[p], s.island_col[p], s.island_cit[p]
    city, ccol, ccit = s.city[p], s.city_col[p], s.city_cit[p]
    if getrandbits is not None and n < 256:  # randbelow(n), inline (draws.py)
        bits = BITS[n]
        draw = getrandbits(bits)
        while draw >= n:
            draw = getrandbits(bits)
    else:
        draw = randbelow(n)
    if moves[0] == LIFT_MOVE and draw == 0:
        s.san_juan[p] += sum(icol) + sum(ccol)
        s.san_juan_cit[p] += sum(icit) + sum(ccit)
        icol[:] = icit[:] = [0] * len(icol)
        ccol[:] = ccit[:] = [0] * len(ccol)
    forest = C.FOREST
    slots = [i for i, t in enumerate(isl) if not icol[i] and t < forest]
    cir = C.CIRCLES
    for i, b in enumerate(city):
        room = cir[b] - ccol[i]
        if room:
            slots += [~i] * room  # a city circle: ~index (negative)
    waiting, citizens = s.san_juan[p], s.san_juan_cit[p]
    k = min(waiting, len(slots))
    if k < len(slots):
        _pick(slots, k, randbelow, getrandbits)  # which circles: k of them, uniformly
    people = [0] * (waiting - citizens) + [1] * citizens
    if 0 < citizens < waiting:
        _pick(people, k, randbelow, getrandbits)  # who goes there, uniformly
    per_kind: list[list[int]] = [[], [], [], [], [], []]  # island: by tile kind (< FOREST)
    for j in range(k):
        i, cit = slots[j], people[j]
        if i >= 0:
            per_kind[isl[i]].append(cit)
        else:
            ccol[~i] += 1
            ccit[~i] += cit
    for i, t in enumerate(isl):  # the first empty tiles of a kind take its colonists
        if t < forest and per_kind[t] and not icol[i]:
            icol[i] = 1
            icit[i] = per_kind[t].pop()
    s.san_juan[p] = waiting - k
    s.san_juan_cit[p] = citizens - sum(people[:k])
    s.mayor_fresh = False
    s.placed = []
    s.legal = None
    flow.execute(s, DONE_MOVE, None)


def _pick(items: list[int], k: int, randbelow: Callable[[int], int],
          getrandbits: Callable[[int], int] | None) -> None:
    """A uniform choice of ``k`` of ``items``, in a uniform order, into its first ``k``
    places (a partial shuffle)."""
    last = len(items)
    if getrandbits is None or last >= 256:
        for j in range(min(k, last - 1)):
            r = j + randbelow(last - j)
            items[j], items[r] = items[r], items[j]
        return
    for j in range(min(k, last - 1)):
        n = last - j  # randbelow(n), inline (draws.py)
        bits = BITS[n]
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        r += j
        items[j], items[r] = items[r], items[j]
