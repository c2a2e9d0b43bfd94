"""Workers placed at once, outside the mayor phase: the smuggler's Poach (Expansion
III) and the festival's estate goal (Expansion IV).

One interrupt, ``place_workers`` ``[kind, seat, left, portrait]``: the workers wait
in the supply and each ``place_worker`` move takes one from there onto an empty circle
of the seat's island (a plantation or quarry without anybody, never a forest) or
city (a building with a free circle). ``pass`` ends the placing: with ``portrait`` 1
(the festival: "placed on their island or portrait") the rest go to San Juan; with 0
(Poach: "cannot be stored on your Portrait") they stay in the supply. The interrupt
ends by itself once nobody is left to place.
"""

from __future__ import annotations

from ...core import catalog as C
from ...core import interrupts as I
from ...core.common import Events, say
from ...core.moves import PASS_MOVE, PLACE_WORKER, Move
from ...core.state import PRState
from ...core.text import Texts

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines by key

_PLACES = {(w, i): (PLACE_WORKER, w, i) for w in (0, 1) for i in range(C.CITY_SPACES)}


def places(s: PRState, p: int) -> list[Move]:
    """Every empty circle of p's island and city (each tile and building once)."""
    moves = []
    for i, (t, c) in enumerate(zip(s.island[p], s.island_col[p], strict=True)):
        if not c and t < C.FOREST:
            moves.append(_PLACES[0, i])
    for i, (b, c) in enumerate(zip(s.city[p], s.city_col[p], strict=True)):
        if c < C.CIRCLES[b]:
            moves.append(_PLACES[1, i])
    return moves


def ask(s: PRState, p: int, k: int, portrait: bool) -> None:
    """Have p place ``k`` workers now waiting in the supply (nothing when k is 0)."""
    if k > 0:
        I.push(s, I.PLACE_WORKERS, p, k, 1 if portrait else 0)


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    return [*places(s, e[1]), PASS_MOVE]


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    p, left, portrait = e[1], e[2], e[3]
    if m[0] == PLACE_WORKER:
        s.col_supply -= 1
        if m[1] == 0:
            s.island_col[p][m[2]] += 1
            t = s.island[p][m[2]]
            said = TEXTS.line("place_tile" if t == C.QUARRY else "place_plantation", seat=p,
                              count=1, tile=C.TILES[t])
        else:
            s.city_col[p][m[2]] += 1
            said = TEXTS.line("place_building", seat=p, count=1,
                              building=C.BUILDINGS[s.city[p][m[2]]])
        if ev is not None:
            say(ev, p, "place", said)
        e[2] = left - 1
        return e[2] <= 0 or s.col_supply <= 0
    if portrait:
        k = min(left, s.col_supply)
        s.col_supply -= k
        s.san_juan[p] += k
        if ev is not None:
            say(ev, p, "place", TEXTS.line("rest_in_san_juan", seat=p, count=k))
    else:
        if ev is not None:
            say(ev, p, "place", TEXTS.line("rest_to_supply", seat=p, count=left))
    return True


def _check(s: PRState, e: I.Entry) -> str | None:
    if not 1 <= e[2] <= 3:
        return "1 to 3 workers to place"
    if e[3] not in (0, 1):
        return "portrait is 0 or 1"
    if s.col_supply < e[2]:
        return "the workers to place wait in the supply"
    return None


I.register(I.PLACE_WORKERS, I.Handler("place_workers", _legal, _act, _check, 4))
