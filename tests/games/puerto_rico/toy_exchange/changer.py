"""The money changer: at the start of the Trader phase, each player with a manned
money changer and a barrel may swap one barrel (any kind he holds: the question's
parameter) for 1 doubloon; the barrel goes back to the supply. Each swap is counted in
the expansion's own state field (``SWAPS``), shown to everyone.
"""

from __future__ import annotations

from typing import Any

from server.engine.errors import IllegalAction
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import hooks, registry
from server.games.puerto_rico.core import interrupts as I
from server.games.puerto_rico.core.common import Events, order_from, say, who
from server.games.puerto_rico.core.moves import PASS_MOVE, Move
from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.core.text import VOCAB, cap

from . import NAME, SWAPS

# the save format: the next building id after the box's (0-44), an interrupt kind
# after the box's (1-10)
MONEY_CHANGER = registry.building(
    NAME, 45, C.Building("money_changer", 2, 1, 1, 1, 2, -1, False, NAME, hooked=True))
registry.names(__package__)
registry.bot_value("money_changer", 1.3)  # about a doubloon a trader phase, some games


def _label(m: Move, s: PRState, p: int) -> dict[str, Any]:
    good = C.GOODS[m[1]]
    return {"type": "exchange", "good": good,
            "label": f"Swap 1 {{w:{good}}} for 1 {{w:doubloon}}"}


def _parse(action: dict[str, Any]) -> Move:
    good = action.get("good")
    if good not in C.GOODS:
        raise IllegalAction(f"exchange: 'good' is one of {', '.join(C.GOODS)}")
    return (EXCHANGE, C.GOODS.index(good))


EXCHANGE = registry.move("exchange", _label, parser=_parse)


def _start(s: PRState, ev: Events) -> None:
    """The hook: each owner of a manned money changer with a barrel is asked."""
    for p in order_from(s, s.role_player):
        if s.occupied(p, MONEY_CHANGER) and any(s.pgoods[p]):
            I.push(s, ASK, p)


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    held = s.pgoods[e[1]]
    return [*((EXCHANGE, g) for g in range(len(C.GOODS)) if held[g]), PASS_MOVE]


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    if m[0] == EXCHANGE:
        p, g = e[1], m[1]
        s.pgoods[p][g] -= 1
        s.goods[g] += 1
        s.coins[p] += 1
        s.extra[SWAPS][p] += 1
        if ev is not None:
            say(ev, p, "exchange", f"{who(s, p)} swaps 1 {{w:{C.GOODS[g]}}} for 1 {{w:doubloon}}")
    return True


def _check(s: PRState, e: I.Entry) -> str | None:
    if s.role != C.TRADER or not s.occupied(e[1], MONEY_CHANGER) or not any(s.pgoods[e[1]]):
        return "asked outside the Trader phase, or of a player without a manned changer and a barrel"
    return None


def _decline(s: PRState, e: I.Entry) -> str:
    return f"{cap(VOCAB[s.edition].buildings[MONEY_CHANGER])}: keep the barrels"


ASK = registry.question(11, I.Handler("money_changer", _legal, _act, _check, 2), _decline)
hooks.register(MONEY_CHANGER, hooks.START, (C.TRADER,), _start)


def _view(s: PRState, viewer: int | None) -> dict[str, Any]:
    """Public: how many barrels each seat swapped."""
    return {"swaps": list(s.extra[SWAPS])}


registry.view(NAME, "money_changer", _view)
