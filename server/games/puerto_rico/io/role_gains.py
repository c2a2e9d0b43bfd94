"""What each role card would give its chooser now, as a short template per role (issue
24: the client showed its own copy of these rules and missed a manned library).

Only for the player about to choose a role, from his own board and the public table;
another player's gains are never sent (views.py). A manned library (Expansion I)
doubles the privilege of the role chosen, as the phases then pay it. Words are marks
(server/wording.py), so a client shows them in its player's vocabulary, and each goes
by its key too (``role_gains_k``: core/texts.toml [gains]) for its reader's language;
the smuggler's card has no entry (its label says it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.wording import part

from ..core import catalog as C
from ..core.common import privileges
from ..core.state import PRState
from ..core.text import CORE, Said
from ..phases.craftsman import harvest
from ..phases.trader import sale_price


def role_gains(s: PRState, p: int) -> dict[str, str]:
    """Each role card on the table (but the smuggler's) -> what taking it gives p."""
    return {role: said.tmpl for role, said in said_gains(s, p).items()}


def role_gains_k(s: PRState, p: int) -> dict[str, dict[str, Any]]:
    """The same by key (``tk``/``tf``, core/texts.toml [gains]), for a reader's language."""
    return {role: said.wire() for role, said in said_gains(s, p).items()}


def said_gains(s: PRState, p: int) -> dict[str, Said]:
    k = privileges(s, p)  # the one rule (core/common.py): twice with a manned library
    out: dict[str, Said] = {}
    for r in s.roles:
        role = C.ROLES[r]
        say = _GAINS.get(role)
        if say is not None:
            out[role] = say(s, p, k)
    return out


def _gain(key: str, /, **fields: Any) -> Said:
    return CORE.said("gains", key, fields)


def _settler(s: PRState, p: int, k: int) -> Said:
    key = "settler_quarry" if s.quarries > 0 else "settler"
    return _gain(key + ("_twice" if k == 2 else ""))


def _mayor(s: PRState, p: int, k: int) -> Said:
    """My share of the ship (dealt from the mayor, workers and citizens apart) and the
    privilege colonists the supply still holds."""
    n = s.n
    mine = -(-s.col_ship // n) + -(-s.cit_ship // n) + min(k, s.col_supply)
    return _gain("mayor", count=mine)


def _builder(s: PRState, p: int, k: int) -> Said:
    return _gain("builder", count=k)


def _craftsman(s: PRState, p: int, k: int) -> Said:
    made = [part("made", count=n, good=C.GOODS[g]) for g, n in enumerate(harvest(s, p)) if n > 0]
    return _gain("craftsman", made=made, count=k) if made else _gain("craftsman_nothing")


def _trader(s: PRState, p: int, k: int) -> Said:
    """The best sale of a good p holds, with the privilege: to the trading house (a
    kind once unless his office is manned; not when full) or to his trading post."""
    mine = s.pgoods[p]
    extra = 0 if p == s.role_player else k  # sale_price counts it for the trader already
    office = s.occupied(p, C.OFFICE)
    post = s.cat.nb and s.occupied(p, C.TRADING_POST)
    best: tuple[int, int] | None = None  # (price, good)
    for g in range(len(C.GOODS)):
        if not mine[g]:
            continue
        prices = []
        if len(s.house) < C.TRADING_HOUSE_SPACES and (office or g not in s.house):
            prices.append(sale_price(s, p, g) + extra)
        if post:
            prices.append(sale_price(s, p, g, post=True) + extra)
        if prices and (best is None or max(prices) > best[0]):
            best = (max(prices), g)
    if best is None:
        return _gain("trader_nothing")
    return _gain("trader", good=C.GOODS[best[1]], price=best[0])


def _captain(s: PRState, p: int, k: int) -> Said:
    held = sum(s.pgoods[p])
    return _gain("captain", held=held, count=k) if held else _gain("captain_nothing", count=k)


def _prospector(s: PRState, p: int, k: int) -> Said:
    return _gain("prospector", count=k)


_GAINS: dict[str, Callable[[PRState, int, int], Said]] = {
    "settler": _settler,
    "mayor": _mayor,
    "builder": _builder,
    "craftsman": _craftsman,
    "trader": _trader,
    "captain": _captain,
    "prospector": _prospector,
    "prospector2": _prospector,
}
