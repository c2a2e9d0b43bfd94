"""What each role card would give its chooser now, in words for the role's choice
(issue 22: "Trader: sell 2 goods"), worked out here so that the client holds no rule.

Only for the player about to choose a role, from his own city and hand (nothing
hidden from him); with his privilege, doubled by his library as choosing will double
it (flow._choose_role; two players: while the governor's library is unused). Prices
stay unknown: the trader turns the tile after the choice.
"""

from __future__ import annotations

from typing import Any

from server.wording import keyed

from . import catalog as C
from . import text
from .councillor import to_keep
from .state import SJState


def role_gains(s: SJState, p: int) -> dict[str, str]:
    """Each role's gain as a template (texts.toml ``[gains]``), rendered by the client."""
    return {role: text.gain(key, **fields) for role, (key, fields) in gains(s, p).items()}


def gain_keys(s: SJState, p: int) -> dict[str, dict[str, Any]]:
    """The same by key and fields (``tk``/``tf``), for a client's language."""
    return {role: keyed("texts:gains.", key, fields) for role, (key, fields) in gains(s, p).items()}


def gains(s: SJState, p: int) -> dict[str, tuple[str, dict[str, Any]]]:
    """Each role's gain: its key of texts.toml ``[gains]`` and its fields."""
    city, goods, hand = s.city[p], s.goods[p], s.hands[p]
    boost = C.LIBRARY in city and not (s.n == 2 and p == s.governor and s.library_used)
    bonus = 2 if boost else 1
    empty = sum(1 for j, b in enumerate(city) if b < C.NGOODS and goods[j] < 0)
    held = sum(1 for g in goods if g >= 0)
    produce = min(empty, 1 + bonus + (C.AQUEDUCT in city))
    sell = min(held, 1 + bonus + (C.TRADING_POST in city))
    affordable = sum(1 for card in hand if _cost(city, card, bonus) <= len(hand) - 1)
    draw = C.COUNCIL_LIBRARY_DRAW if boost else C.COUNCIL_PRIVILEGE_DRAW
    return {
        "builder": gain("builder", bonus=bonus, affordable=affordable) if affordable
        else gain("builder_none", bonus=bonus),
        "producer": gain("producer", count=produce) if produce else gain("producer_nothing"),
        "trader": gain("trader", count=sell) if sell else gain("trader_nothing"),
        "councillor": gain("councillor", draw=draw, keep=to_keep(s, p)),
        "prospector": gain("prospector", count=bonus),
    }


def gain(key: str, **fields: Any) -> tuple[str, dict[str, Any]]:
    """A role's gain as the rules name it: its key of texts.toml ``[gains]``, its fields."""
    return key, fields


def _cost(city: list[int], card: int, bonus: int) -> int:
    """The card's cost with the builder's privilege, a smithy's and a quarry's discount
    (building over nothing: the crane's offers are the builder's to show)."""
    k = C.COST[card] - bonus
    if (card < C.NGOODS and C.SMITHY in city) or (card >= C.NGOODS and C.QUARRY in city):
        k -= 1
    return max(0, k)
