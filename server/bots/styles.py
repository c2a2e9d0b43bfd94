"""Scripted styles for the league: ``easy``'s heuristic with a fixed lean.

Neither searches; each is greedy on the game's heuristic plus a bias for its plan, so
the league meets opponents that end the game differently from ``easy`` (docs/bots.md,
League): a ``shipper`` lives on goods (Puerto Rico: captain, craftsman, production and
shipping buildings, plantations; San Juan: producer, trader, production buildings and
the trade engines), a ``builder`` on buildings (the builder role, any build, the large
buildings, quarries; San Juan: builder, dear buildings and the build engines). The
bias is in the heuristic's rough VP, a little above the gap between two good roles, so
each still plays sensibly where its plan has nothing to offer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.bots.base import SeatBot
from server.bots.heuristic import Heuristic, heuristic_for
from server.engine.contract import Action, Game
from server.engine.record import load_ref
from server.games import registry
from server.games.puerto_rico.core import catalog as PR
from server.games.san_juan import catalog as SJ

LEAN = 1.5  # the plan's own roles and buildings
SIDE = 0.8  # what helps the plan
AGAINST = -0.8  # the other plan's role

_PR_SHIPPING = frozenset(PR.BUILDINGS[b] for b in (
    PR.SMALL_WAREHOUSE, PR.LARGE_WAREHOUSE, PR.HARBOR, PR.WHARF, PR.FACTORY,
    PR.SMALL_WHARF, PR.STOREHOUSE, PR.LIGHTHOUSE))
_PR_PRODUCTION = frozenset(PR.BUILDINGS[b] for b in range(PR.NB) if PR.PRODUCES[b] >= 0)
_PR_BUILDING = frozenset(PR.BUILDINGS[b] for b in (
    PR.CONSTRUCTION_HUT, PR.UNIVERSITY, PR.HACIENDA))
_SJ_TRADE = frozenset(SJ.CARDS[c] for c in (
    SJ.TRADING_POST, SJ.WELL, SJ.MARKET_STAND, SJ.MARKET_HALL, SJ.AQUEDUCT))
_SJ_BUILDING = frozenset(SJ.CARDS[c] for c in (
    SJ.SMITHY, SJ.CARPENTER, SJ.QUARRY, SJ.CRANE, SJ.LIBRARY))
_SJ_PRODUCTION = frozenset(SJ.CARDS[c] for c in SJ.PRODUCTION)


def pr_shipper(a: Action) -> float:
    kind = a["type"]
    if kind == "role":
        return {"captain": LEAN, "craftsman": LEAN, "settler": SIDE,
                "builder": AGAINST}.get(a["role"], 0.0)
    if kind == "build":
        b = a["building"]
        return LEAN if b in _PR_SHIPPING else SIDE if b in _PR_PRODUCTION else 0.0
    if kind == "plantation":
        return SIDE if a["tile"] != "quarry" else 0.0
    return 0.0


def pr_builder(a: Action) -> float:
    kind = a["type"]
    if kind == "role":
        return {"builder": LEAN, "prospector": SIDE, "trader": SIDE,
                "captain": AGAINST}.get(a["role"], 0.0)
    if kind == "build":
        b = PR.B_INDEX[a["building"]]
        return LEAN if PR.LARGE[b] or a["building"] in _PR_BUILDING else SIDE
    if kind == "quarry" or (kind == "plantation" and a["tile"] == "quarry"):
        return LEAN
    return 0.0


def sj_shipper(a: Action) -> float:
    kind = a["type"]
    if kind == "role":
        return {"producer": LEAN, "trader": LEAN, "builder": AGAINST}.get(a["role"], 0.0)
    if kind == "build":
        b = a["building"]
        return LEAN if b in _SJ_TRADE else SIDE if b in _SJ_PRODUCTION else 0.0
    return 0.0


def sj_builder(a: Action) -> float:
    kind = a["type"]
    if kind == "role":
        return {"builder": LEAN, "producer": AGAINST, "trader": AGAINST}.get(a["role"], 0.0)
    if kind == "build":
        b = a["building"]
        dear = SJ.COST[SJ.CARD_INDEX[b]] >= 5
        return LEAN if dear or b in _SJ_BUILDING else SIDE
    return 0.0


def lean_for(style: str, game_name: str) -> Callable[[Action], float] | None:
    """The game's lean for ``style``, as its record names it (``bots.styles``)."""
    record = registry.find(game_name)
    ref = None if record is None else record.bots.styles.get(style)
    return None if ref is None else load_ref(ref)


class StyleBot(SeatBot):
    """Greedy on the heuristic's scores plus the style's lean; seeded ties."""

    def __init__(self, seed: int, style: str, heuristic: Heuristic,
                 lean: Callable[[Action], float]) -> None:
        super().__init__(seed)
        self.level = style
        self.heuristic = heuristic
        self.lean = lean

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        scores = self.heuristic.action_scores(game, state, seat, actions)
        leaned = [v + self.lean(a) for a, v in zip(actions, scores, strict=True)]
        best = max(leaned)
        return self.rng.choice([a for a, v in zip(actions, leaned, strict=True) if v == best])


def make_style(style: str) -> Callable[[Game, int, float | None, int | None], SeatBot]:
    """A level factory (``levels.make_bot``'s arguments) for ``style``."""

    def factory(game: Game, seed: int, move_time: float | None,
                iterations: int | None) -> SeatBot:
        lean = lean_for(style, game.name)
        heuristic = heuristic_for(game.name)
        if lean is None or heuristic is None:
            raise ValueError(f"{style} plays the games whose record names a {style} lean, "
                             f"not {game.name}")
        return StyleBot(seed, style, heuristic, lean)

    return factory


shipper = make_style("shipper")
builder = make_style("builder")
