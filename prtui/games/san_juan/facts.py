"""The facts of San Juan's cards as its server describes them (``display``).

The client keeps no copy of a card's cost, VP, effect or help: they come from the
server's catalog entry (server/games/san_juan/display.py). What a card costs me now and
whether I could build it come from the server too: the legal build during the builder
phase, else my own view's ``hand_costs`` and ``buildable``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prtui.widgets.context import BoardContext


@dataclass(frozen=True)
class CardFacts:
    cost: int
    vp: int
    copies: int
    kind: str  # "production" or "violet"
    good: str | None  # what a production building makes
    monument: bool
    effect: str  # one line
    help: str
    lowers: str | None  # the kind of building it makes one card cheaper (smithy, quarry)
    pays_goods: int = 0  # cards of a cost its owner may pay with goods (black market)


@dataclass(frozen=True)
class Facts:
    """Everything the board shows about the game's parts, in the server's order."""

    goods: tuple[str, ...] = ()
    cards: dict[str, CardFacts] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)  # role id -> help
    steps: dict[str, str] = field(default_factory=dict)  # step id -> words

    def card(self, ident: object) -> CardFacts | None:
        return self.cards.get(ident) if isinstance(ident, str) else None


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def facts_from(display: Mapping[str, Any] | None) -> Facts:
    """Facts from the server's data; whatever is missing or malformed is left out."""
    display = display if isinstance(display, Mapping) else {}
    cards: dict[str, CardFacts] = {}
    for c in display.get("cards") or []:
        if isinstance(c, Mapping) and isinstance(c.get("id"), str):
            cards[c["id"]] = CardFacts(
                cost=_int(c.get("cost")), vp=_int(c.get("vp")), copies=_int(c.get("copies")),
                kind="production" if c.get("kind") == "production" else "violet",
                good=_str(c.get("good")), monument=bool(c.get("monument")),
                effect=str(c.get("effect") or ""), help=str(c.get("help") or ""),
                lowers=_str(c.get("lowers")), pays_goods=_int(c.get("pays_goods")))
    roles = {r["id"]: str(r.get("help") or "") for r in display.get("roles") or []
             if isinstance(r, Mapping) and isinstance(r.get("id"), str)}
    steps = display.get("steps")
    steps = {k: v for k, v in steps.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(steps, Mapping) else {}
    goods = tuple(g for g in display.get("goods") or [] if isinstance(g, str))
    return Facts(goods=goods, cards=cards, roles=roles, steps=steps)


EMPTY = Facts()


def built(player: Mapping[str, Any] | None) -> list[str]:
    """The buildings in play of a player (covered ones are not in ``buildings``)."""
    return [str(b.get("building")) for b in (player or {}).get("buildings", [])
            if isinstance(b, Mapping)]


def my_cost(ctx: BoardContext, card: str) -> int | None:
    """What building ``card`` costs me now in cards, as the server worked it out: the
    legal build's cost when one is offered (privilege, crane and all), else my hand's
    ``hand_costs`` in my own view. None when the server did not say."""
    offered = [a.get("cost") for a in ctx.actions("build")
               if a.get("building") == card and "over" not in a]
    costs = [c for c in offered if isinstance(c, int) and not isinstance(c, bool)]
    if costs:
        return min(costs)
    known = (ctx.me() or {}).get("hand_costs")
    cost = known.get(card) if isinstance(known, Mapping) else None
    return cost if isinstance(cost, int) and not isinstance(cost, bool) else None


def affordable(ctx: BoardContext, card: str) -> bool:
    """Whether I could build ``card`` now (my own view's ``buildable``: the cards and
    goods I hold pay it, and a violet building is not mine yet)."""
    able = (ctx.me() or {}).get("buildable")
    return isinstance(able, list) and card in able
