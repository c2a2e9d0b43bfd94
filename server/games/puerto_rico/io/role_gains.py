"""What each role card would give its chooser now, as a short template per role (issue
24: the client showed its own copy of these rules and missed a manned library).

Only for the player about to choose a role, from his own board and the public table;
another player's gains are never sent (views.py). A manned library (Expansion I)
doubles the privilege of the role chosen, as the phases then pay it. Words are marks
(server/wording.py), so a client shows them in its player's vocabulary; the smuggler's
card has no entry (its label says it).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import catalog as C
from ..core.common import privileges
from ..core.state import PRState
from ..phases.craftsman import harvest
from ..phases.trader import sale_price


def role_gains(s: PRState, p: int) -> dict[str, str]:
    """Each role card on the table (but the smuggler's) -> what taking it gives p."""
    k = privileges(s, p)  # the one rule (core/common.py): twice with a manned library
    out: dict[str, str] = {}
    for r in s.roles:
        role = C.ROLES[r]
        say = _GAINS.get(role)
        if say is not None:
            out[role] = say(s, p, k)
    return out


def _settler(s: PRState, p: int, k: int) -> str:
    first = "{a:plantation} or {a:quarry}" if s.quarries > 0 else "{a:plantation}"
    return first + (", then a second {w:plantation}" if k == 2 else "")


def _mayor(s: PRState, p: int, k: int) -> str:
    """My share of the ship (dealt from the mayor, workers and citizens apart) and the
    privilege colonists the supply still holds."""
    n = s.n
    mine = -(-s.col_ship // n) + -(-s.cit_ship // n) + min(k, s.col_supply)
    return f"{{n:colonist:{mine}}}"


def _builder(s: PRState, p: int, k: int) -> str:
    return f"-{k}$ on a building"


def _craftsman(s: PRState, p: int, k: int) -> str:
    made = ", ".join(f"{n} {{w:{C.GOODS[g]}}}" for g, n in enumerate(harvest(s, p)) if n > 0)
    return f"{made}, +{k} extra" if made else "nothing to make"


def _trader(s: PRState, p: int, k: int) -> str:
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
        return "nothing to sell"
    return f"sell {{w:{C.GOODS[best[1]]}}} for {best[0]}$"


def _captain(s: PRState, p: int, k: int) -> str:
    held = sum(s.pgoods[p])
    return f"ship up to {held}, +{k} VP" if held else f"+{k} VP if you ship"


def _prospector(s: PRState, p: int, k: int) -> str:
    return f"+{k}$"


_GAINS: dict[str, Callable[[PRState, int, int], str]] = {
    "settler": _settler,
    "mayor": _mayor,
    "builder": _builder,
    "craftsman": _craftsman,
    "trader": _trader,
    "captain": _captain,
    "prospector": _prospector,
    "prospector2": _prospector,
}
