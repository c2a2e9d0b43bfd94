"""The wishing well: a building with a hook and a question, declared from its folder.

At the start of the Trader phase every player with a manned wishing well finds 1
doubloon in it (the hook: an automatic effect), then may toss 1 doubloon back for 1 VP
chip (the question: ``wish``, or ``pass`` to keep it).
"""

from __future__ import annotations

from typing import Any

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import hooks, registry
from server.games.puerto_rico.core import interrupts as I
from server.games.puerto_rico.core.common import Events, award_vp, order_from, say, who
from server.games.puerto_rico.core.moves import PASS_MOVE, Move
from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.core.text import VOCAB, cap

from . import NAME

# its numbers, written here because they are the save format: the first building id
# after the box's (0-44), an interrupt kind after the box's (1-10)
WISHING_WELL = registry.building(
    NAME, 45, C.Building("wishing_well", 3, 1, 1, 1, 2, -1, False, NAME, hooked=True))
registry.names(__package__)


def _wish_label(m: Move, s: PRState, p: int) -> dict[str, Any]:
    well = cap(VOCAB[s.edition].buildings[WISHING_WELL])
    return {"type": "wish", "label": f"{well}: toss 1 {{w:doubloon}} back for 1 VP"}


WISH = registry.move("wish", _wish_label)


def _everyone(s: PRState, ev: Events) -> None:
    """The hook: a doubloon in each manned well, then its owner is asked."""
    for p in order_from(s, s.role_player):
        if s.occupied(p, WISHING_WELL):
            s.coins[p] += 1
            if ev is not None:
                say(ev, p, "wish", f"{who(s, p)} finds 1 {{w:doubloon}} in the "
                    f"{VOCAB[s.edition].buildings[WISHING_WELL]}")
            I.push(s, ASK, p)


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    return [(WISH,), PASS_MOVE] if s.coins[e[1]] else [PASS_MOVE]


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    if m[0] == WISH:
        p = e[1]
        s.coins[p] -= 1
        award_vp(s, p, 1, ev, f"{who(s, p)} makes a wish", kind="wish")
    return True


def _check(s: PRState, e: I.Entry) -> str | None:
    if s.role != C.TRADER or not s.occupied(e[1], WISHING_WELL):
        return "asked outside the Trader phase, or of a player without a manned well"
    return None


def _decline(s: PRState, e: I.Entry) -> str:
    return f"{cap(VOCAB[s.edition].buildings[WISHING_WELL])}: keep the doubloon"


ASK = registry.question(11, I.Handler("wishing_well", _legal, _act, _check, 2), _decline)
hooks.register(WISHING_WELL, hooks.START, (C.TRADER,), _everyone)


def _view(s: PRState, viewer: int | None) -> dict[str, Any]:
    """Public: whose well is manned."""
    return {"manned": [p for p in range(s.n) if s.occupied(p, WISHING_WELL)]}


registry.view(NAME, "wishing_well", _view)
