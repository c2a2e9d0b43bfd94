"""The Puerto Rico heuristic's reading of a view: each seat's production, capacity,
money, people (citizens among them) and forests, and how far the game has come.

Only the view's shape (docs/puerto-rico-view.md) and the catalog's printed numbers are
read; expansion keys are read with defaults, so a base-game view reads the same. The
estimate of a seat's final score lives here too: chips, building VP, end bonuses,
citizens, and money, goods and production weighted by the rounds left.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import registry

PRICE = dict(zip(C.GOODS, C.PRICE, strict=True))
WORTH = {"corn": 1.0, "indigo": 1.2, "sugar": 1.4, "tobacco": 1.7, "coffee": 1.9}
# the catalog's numbers by building name (filled by _derive)
GOOD_OF: dict[str, str] = {}
COST: dict[str, int] = {}
BVP: dict[str, int] = {}
CIRCLES: dict[str, int] = {}
COLUMN: dict[str, int] = {}
LARGE: set[str] = set()


def _derive() -> None:
    """Fill the tables above from the catalog, again (in place: other modules hold
    them) when an expansion adds a building (registry.on_change)."""
    for table in (GOOD_OF, COST, BVP, CIRCLES, COLUMN, LARGE):
        table.clear()
    GOOD_OF.update({b: C.GOODS[g] for b, g in zip(C.BUILDINGS, C.PRODUCES, strict=True) if g >= 0})
    COST.update(zip(C.BUILDINGS, C.COST, strict=True))
    BVP.update(zip(C.BUILDINGS, C.VP, strict=True))
    CIRCLES.update(zip(C.BUILDINGS, C.CIRCLES, strict=True))
    COLUMN.update(zip(C.BUILDINGS, C.COLUMN, strict=True))
    LARGE.update(b for b, large in zip(C.BUILDINGS, C.LARGE, strict=True) if large)


_derive()
registry.on_change(_derive)
# the buildings that pay in the production phase (the Chapel, Tailor Shop, Distillery)
INCOME = frozenset(("chapel", "jeweler", "specialty_factory"))
# the production tiles the Canal (aqueduct) adds a barrel to
CANAL_PLANTS = {"indigo_plant": "indigo", "sugar_mill": "sugar"}


class Seat:
    """One player's table read from the view: production, capacity, money, people."""

    def __init__(self, p: dict[str, Any]) -> None:
        self.coins: int = p["doubloons"]
        self.goods: dict[str, int] = p["goods"]
        self.vp: int = p.get("vp_chips") or 0
        self.waiting: int = p.get("san_juan", 0)
        self.island: list[dict[str, Any]] = p["island"]
        self.city: list[dict[str, Any]] = p["city"]
        self.spaces: int = p.get("city_spaces_used", 0)
        self.owned = {c["building"] for c in self.city}
        self.manned = {c["building"] for c in self.city if c["colonists"] > 0}
        self.plants = dict.fromkeys(C.TILES, 0)
        self.plants_on = dict.fromkeys(C.TILES, 0)
        for t in self.island:
            self.plants[t["tile"]] += 1
            self.plants_on[t["tile"]] += t["colonists"] > 0
        self.forests = self.plants["forest"]
        self.citizens = 0  # the Citizens: every citizen the seat has, wherever
        if "san_juan_citizens" in p:
            self.citizens = p["san_juan_citizens"] + sum(t["citizens"] for t in self.island) + sum(
                c["citizens"] for c in self.city)
        self.cap = dict.fromkeys(C.GOODS, 0)
        self.cap_on = dict.fromkeys(C.GOODS, 0)
        for c in self.city:
            good = GOOD_OF.get(c["building"])
            if good:
                self.cap[good] += CIRCLES[c["building"]]
                self.cap_on[good] += c["colonists"]
        self.empty = sum(1 for t in self.island if not t["colonists"] and t["tile"] != "forest")
        self.empty += sum(CIRCLES[c["building"]] - c["colonists"] for c in self.city)

    def production(self, good: str) -> int:
        if good == "corn":
            return self.plants_on["corn"]
        made = min(self.plants_on[good], self.cap_on[good])
        if made and "aqueduct" in self.manned:  # the Canal: +1 from a large plant
            made += any(g == good and b in self.manned for b, g in CANAL_PLANTS.items())
        return made

    def output(self) -> float:
        return sum(self.production(g) * WORTH[g] for g in C.GOODS)

    def building_vp(self) -> float:
        return float(sum(BVP[c["building"]] for c in self.city))

    def bonus(self, building: str, extra_violet: int = 0) -> float:
        if building == "guild_hall":
            return float(sum(1 if CIRCLES[c["building"]] == 1 else 2 for c in self.city
                             if c["building"] in GOOD_OF) + 2 * ("jeweler" in self.owned))
        if building == "residence":
            return float(max(4, len(self.island) - 5))
        if building == "fortress":
            people = sum(t["colonists"] for t in self.island) + sum(
                c["colonists"] for c in self.city) + self.waiting
            return people / 3
        if building == "customs_house":
            return self.vp / 4
        if building == "city_hall":
            return float(sum(1 for c in self.city if c["building"] not in GOOD_OF) + extra_violet)
        if building == "cloister":  # the Cathedral: sets of three same tiles
            sets = sum(k // 3 for k in self.plants.values())
            return float(C.CLOISTER_BONUS[min(sets, 4)])
        if building == "royal_garden":  # the Town Square: 1 more VP per citizen
            return float(self.citizens)
        return 0.0


class Seats(list[Seat]):
    """The seats, each read from the view when first asked for: most of a rollout
    step's scores read the mover's seat only (a role's value reads them all)."""

    def __init__(self, players: list[dict[str, Any]], vps: list[int] | None) -> None:
        super().__init__([None] * len(players))  # type: ignore[list-item]
        self.players = players
        self.vps = vps

    def __getitem__(self, i: int) -> Seat:  # type: ignore[override]
        seat = super().__getitem__(i)
        if seat is None:
            seat = Seat(self.players[i])
            if self.vps is not None:
                seat.vp = self.vps[i]
            super().__setitem__(i, seat)
        return seat

    def __iter__(self) -> Iterator[Seat]:
        return (self[i] for i in range(len(self)))


class Table:
    """The whole view, with the progress of the game (0 at the start, 1 at the end)."""

    def __init__(self, view: dict[str, Any], vps: list[int] | None = None) -> None:
        self.view = view
        n = view["players_count"]
        self.seats = Seats(view["players"], vps)
        options = view.get("options", {})
        expansions = options.get("expansions") or ()
        self.citizens = C.CITIZENS in expansions
        chips = C.vp_chips(n, options.get("edition", "classic"))
        colonists = C.SETUPS[n].colonist_supply
        spaces = max(p.get("city_spaces_used", 0) for p in view["players"])
        clocks = [1 - view["vp_chips"] / chips, spaces / C.CITY_SPACES]
        if not self.citizens:  # with the citizens, running out of workers ends nothing
            clocks.append(1 - view["colonists"]["supply"] / colonists)
        self.progress = 1.0 if view.get("last_round") else min(0.97, max(clocks))
        self.left = 1 - self.progress
        self.rounds_left = 0.3 if view.get("last_round") else 1 + 14 * self.left
        self.drawn: str | None = None  # the face-down estate the seat decides on, if any

    def estimate(self, p: int) -> float:
        s = self.seats[p]
        total = s.vp + s.building_vp() + s.citizens
        for c in s.city:
            if c["building"] in LARGE:
                total += s.bonus(c["building"]) * (1.0 if c["colonists"] else 0.5)
        live = min(1.0, self.rounds_left / 3)
        total += live * (0.3 * s.coins + 0.5 * sum(s.goods.values()))
        total += 0.35 * self.rounds_left * (s.output() + income(s))
        return total


def income(s: Seat) -> float:
    """What the expansions' production-phase buildings pay a round (rough VP)."""
    if not s.manned & INCOME:
        return 0.0
    value = 0.0
    for c in s.city:
        b = c["building"]
        if not c["colonists"]:
            continue
        if b == "chapel":  # a coin with a worker, a VP with a citizen
            value += 0.8 if c.get("citizens") else 0.35
        elif b == "jeweler":  # the Tailor Shop: a coin per citizen
            value += 0.3 * s.citizens
        elif b == "specialty_factory":  # the Distillery: most barrels of a kind, less 1
            best = max((s.production(g) for g in C.GOODS if g != "corn"), default=0)
            value += 0.3 * max(0, best - 1)
    return value
