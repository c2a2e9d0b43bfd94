"""VP a building gives (Expansion I and II): taken at once, asked only at the last chip.

A building's VP only pay its owner, so they are counted without asking, except when
they would take the last VP chip: then declining can keep the game going (as with the
harbor's point, docs/rules-notes.md), so the owner decides (interrupt ``take_vp``:
``take_vp`` / ``pass``). Beyond the chips they are pencil and paper: counted unasked.
Two such questions can wait at once (two chapels at the last chip); from rules version
4, when the first takes the last chip the others are no longer questions and are
counted unasked at once (under version 3 they were still asked, and stored version-3
games replay so).
"""

from __future__ import annotations

from . import catalog as C
from . import interrupts as I
from .common import Events, award_vp, tell
from .moves import PASS_MOVE, TAKE_VP, Move
from .state import PRState
from .text import line

_CHOICE: list[Move] = [(TAKE_VP,), PASS_MOVE]


def building_vp(s: PRState, p: int, k: int, b: int, ev: Events, kind: str = "build") -> None:
    """``k`` VP for seat p from building b (an occupied one, or the citizens' count)."""
    if k <= 0:
        return
    if 0 < s.vp_supply <= k:
        I.push(s, I.OPTIONAL_VP, p, k, b)
        return
    award_vp(s, p, k, ev, line("building_vp", seat=p, count=k, building=C.BUILDINGS[b]), kind)


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    return _CHOICE


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    p, k, b = e[1], e[2], e[3]
    if m[0] == TAKE_VP:
        award_vp(s, p, k, ev, line("building_vp_take", seat=p, count=k, building=C.BUILDINGS[b]))
        if s.vp_supply <= 0 and s.rules >= 4:
            for other in [x for x in s.pending if x is not e and x[0] == I.OPTIONAL_VP]:
                s.pending.remove(other)
                q, j, c = other[1], other[2], other[3]
                award_vp(s, q, j, ev, line("building_vp", seat=q, count=j, building=C.BUILDINGS[c]))
    else:
        tell(ev, p, "pass", "building_vp_leave", seat=p, building=C.BUILDINGS[b])
    return True


def _check(s: PRState, e: I.Entry) -> str | None:
    k, b = e[2], e[3]
    if not 0 <= b < C.NB or b not in s.board:
        return "not a building of this game"
    if not 0 < s.vp_supply <= k and not (s.rules < 4 and s.vp_supply <= 0):
        return "asked only when the VP would take the last chip"
    return None


I.register(I.OPTIONAL_VP, I.Handler("take_vp", _legal, _act, _check, 4))
