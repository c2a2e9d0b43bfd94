"""The facts of Puerto Rico's parts as its server describes them (``display``).

The client keeps no copy of a building's numbers, a help text or a price rule: cost,
VP, circles, column, kind and help come from the server's catalog entry
(server/games/puerto_rico/io/display.py), help and step texts as templates rendered in the
vocabulary shown, and every price from the view or the legal action that carries it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prtui.widgets.context import BoardContext


@dataclass(frozen=True)
class BuildingFacts:
    cost: int
    vp: int
    circles: int
    column: int
    kind: str  # "production" or "violet"
    large: bool
    help: str  # a template (server/wording.py)


@dataclass(frozen=True)
class Facts:
    """Everything the board shows about the game's parts, in the server's order."""

    goods: tuple[str, ...] = ()
    buildings: dict[str, BuildingFacts] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)  # role id -> help template
    steps: dict[str, str] = field(default_factory=dict)  # step id -> template
    parts: dict[str, str] = field(default_factory=dict)  # III/IV action or goal -> template
    questions: frozenset[str] = frozenset()  # steps whose words are the headline too

    def building(self, ident: str) -> BuildingFacts | None:
        return self.buildings.get(ident)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _strs(data: Any) -> dict[str, str]:
    if not isinstance(data, Mapping):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def facts_from(display: Mapping[str, Any] | None) -> Facts:
    """Facts from the server's data; whatever is missing or malformed is left out."""
    display = display or {}
    buildings: dict[str, BuildingFacts] = {}
    for b in display.get("buildings") or []:
        if isinstance(b, Mapping) and isinstance(b.get("id"), str):
            buildings[b["id"]] = BuildingFacts(
                cost=_int(b.get("cost")), vp=_int(b.get("vp")),
                circles=_int(b.get("circles")), column=_int(b.get("column")),
                kind=str(b.get("kind") or "violet"), large=bool(b.get("large")),
                help=str(b.get("help") or ""))
    roles = {r["id"]: str(r.get("help") or "") for r in display.get("roles") or []
             if isinstance(r, Mapping) and isinstance(r.get("id"), str)}
    goods = tuple(g for g in display.get("goods") or [] if isinstance(g, str))
    questions = display.get("questions")
    asked = frozenset(q for q in questions if isinstance(q, str)) if isinstance(
        questions, list) else frozenset()
    return Facts(goods=goods, buildings=buildings, roles=roles, steps=_strs(display.get("steps")),
                 parts=_strs(display.get("parts")), questions=asked)


EMPTY = Facts()


def my_price(ctx: BoardContext, building: str) -> int | None:
    """What the building costs the player shown, as the server worked it out (his
    ``prices`` in the view: only a seat's own view has them); None if unknown."""
    prices = (ctx.me() or {}).get("prices")
    price = prices.get(building) if isinstance(prices, Mapping) else None
    return price if isinstance(price, int) and not isinstance(price, bool) else None
