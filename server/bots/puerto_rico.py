"""The Puerto Rico heuristic: what ``easy`` plays greedily and what guides the search.

It reads only the seat's view (the agreed shape in docs/puerto-rico-view.md) and the
printed numbers of the catalog. Values are rough "victory points now or later": a barrel
or a doubloon is worth something while the game has rounds left and nothing at the end.
The estimate of a (determinized) position adds printed VP, chips, end bonuses and that
economic potential; it takes everyone's VP chips from the determinized state, where the
hidden ones have already been re-sampled. Optional privileges are taken, except that a
seat that is behind declines the one that would end the game (the last VP chip, the
colonist the ship refill needs).
"""

from __future__ import annotations

from typing import Any

from server.bots.puerto_rico_end import ends_game
from server.engine.contract import Action, Game
from server.games.puerto_rico import catalog as C

PRICE = dict(zip(C.GOODS, C.PRICE, strict=True))
WORTH = {"corn": 1.0, "indigo": 1.2, "sugar": 1.4, "tobacco": 1.7, "coffee": 1.9}
GOOD_OF = {b: C.GOODS[g] for b, g in zip(C.BUILDINGS, C.PRODUCES, strict=True) if g >= 0}
COST = dict(zip(C.BUILDINGS, C.COST, strict=True))
BVP = dict(zip(C.BUILDINGS, C.VP, strict=True))
CIRCLES = dict(zip(C.BUILDINGS, C.CIRCLES, strict=True))
LARGE = {b for b, large in zip(C.BUILDINGS, C.LARGE, strict=True) if large}
# How much a manned violet building helps while the game goes on (rough VP).
UTILITY = {
    "small_market": 1.5, "hacienda": 1.0, "construction_hut": 0.8, "small_warehouse": 1.2,
    "hospice": 2.0, "office": 1.6, "large_market": 2.4, "large_warehouse": 1.6,
    "factory": 3.5, "university": 1.2, "harbor": 4.0, "wharf": 4.0,
}


class Seat:
    """One player's table read from the view: production, capacity, money."""

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
        self.cap = dict.fromkeys(C.GOODS, 0)
        self.cap_on = dict.fromkeys(C.GOODS, 0)
        for c in self.city:
            good = GOOD_OF.get(c["building"])
            if good:
                self.cap[good] += CIRCLES[c["building"]]
                self.cap_on[good] += c["colonists"]
        self.empty = sum(1 for t in self.island if not t["colonists"]) + sum(
            CIRCLES[c["building"]] - c["colonists"] for c in self.city)

    def production(self, good: str) -> int:
        if good == "corn":
            return self.plants_on["corn"]
        return min(self.plants_on[good], self.cap_on[good])

    def output(self) -> float:
        return sum(self.production(g) * WORTH[g] for g in C.GOODS)

    def building_vp(self) -> float:
        return float(sum(BVP[c["building"]] for c in self.city))

    def bonus(self, building: str, extra_violet: int = 0) -> float:
        if building == "guild_hall":
            return float(sum(1 if CIRCLES[c["building"]] == 1 else 2
                             for c in self.city if c["building"] in GOOD_OF))
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
        return 0.0


class Table:
    """The whole view, with the progress of the game (0 at the start, 1 at the end)."""

    def __init__(self, view: dict[str, Any], vps: list[int] | None = None) -> None:
        self.view = view
        n = view["players_count"]
        self.seats = [Seat(p) for p in view["players"]]
        if vps is not None:
            for seat, vp in zip(self.seats, vps, strict=True):
                seat.vp = vp
        edition = view.get("options", {}).get("edition", "classic")
        chips = C.vp_chips(n, edition)
        colonists = C.SETUPS[n].colonist_supply
        clocks = [
            1 - view["vp_chips"] / chips,
            1 - view["colonists"]["supply"] / colonists,
            max(s.spaces for s in self.seats) / C.CITY_SPACES,
        ]
        self.progress = 1.0 if view.get("last_round") else min(0.97, max(clocks))
        self.left = 1 - self.progress
        self.rounds_left = 0.3 if view.get("last_round") else 1 + 14 * self.left

    def estimate(self, p: int) -> float:
        s = self.seats[p]
        total = s.vp + s.building_vp()
        for c in s.city:
            if c["building"] in LARGE:
                total += s.bonus(c["building"]) * (1.0 if c["colonists"] else 0.5)
        live = min(1.0, self.rounds_left / 3)
        total += live * (0.3 * s.coins + 0.5 * sum(s.goods.values()))
        total += 0.35 * self.rounds_left * s.output()
        return total


class PuertoRicoHeuristic:
    """Scores actions for the seat to move; estimates final scores of a position."""

    def estimate(self, game: Game, state: Any) -> list[float]:
        view = game.view(state, None)
        vps = getattr(state, "vp", None)
        table = Table(view, list(vps) if vps is not None else None)
        return [table.estimate(p) for p in range(len(table.seats))]

    def action_scores(self, game: Game, state: Any, seat: int,
                      actions: list[Action]) -> list[float]:
        table = Table(game.view(state, seat))
        scores = [score(table, seat, a) for a in actions]
        ends = [ends_game(table.view, a) for a in actions]
        if any(ends) and self.behind(game, state, seat):
            # a player who is behind keeps the game going: leave the last chip or colonist
            scores = [-5.0 if end else value for value, end in zip(scores, ends, strict=True)]
        return scores

    def behind(self, game: Game, state: Any, seat: int) -> bool:
        """Whether someone is expected to finish ahead of ``seat`` (on the determinized
        state, where others' hidden VP have been re-sampled)."""
        estimates = self.estimate(game, state)
        return estimates[seat] < max(v for p, v in enumerate(estimates) if p != seat)


def score(t: Table, seat: int, a: Action) -> float:
    kind = a["type"]
    me = t.seats[seat]
    if kind == "role":
        return role_value(t, seat, a["role"])
    if kind == "plantation":
        return tile_value(t, me, a["tile"])
    if kind == "quarry":
        return tile_value(t, me, "quarry")
    if kind in ("hacienda", "hospice"):
        return 2.5 if len(me.island) < 11 else 0.1
    if kind in ("mayor_colonist", "university"):
        return 1.5
    if kind in ("captain_vp", "harbor_vp"):
        return 1.0
    if kind == "produce":
        return 1.0 + me.output()
    if kind == "build":
        return build_value(t, me, a["building"])
    if kind == "mayor_place":
        return place_value(t, me, a["where"], a["index"])
    if kind == "mayor_done":
        return 1.0
    if kind == "craftsman_bonus":
        return WORTH[a["good"]] + PRICE[a["good"]]
    if kind == "sell":
        markets = ("small_market" in me.manned) + 2 * ("large_market" in me.manned)
        return PRICE[a["good"]] + markets - 0.5 - 0.3 * (a["good"] == "coffee") * t.left
    if kind == "load":
        return load_value(t, me, a)
    if kind == "store":
        return sum(me.goods.get(g, 0) * WORTH[g] for g in a.get("keep", [])) + (
            WORTH[a["single"]] if a.get("single") else 0.0)
    return 0.0  # pass, mayor_lift, anything new


def tile_value(t: Table, me: Seat, tile: str) -> float:
    if len(me.island) >= C.ISLAND_SPACES:
        return 0.0
    if tile == "quarry":
        return (2.6 if me.plants["quarry"] < 2 else 1.6) * t.left + 0.2
    base = {"corn": 2.0, "indigo": 1.5, "sugar": 1.6, "tobacco": 1.8, "coffee": 1.9}[tile]
    if tile != "corn":
        if me.cap[tile] > me.plants[tile]:
            base += 1.5
        else:
            base -= 0.4 * min(3, me.plants[tile] - me.cap[tile])
    return base * (0.3 + t.left)


def build_value(t: Table, me: Seat, b: str) -> float:
    value = BVP[b] * (0.5 + t.progress)
    good = GOOD_OF.get(b)
    if good:
        unmatched = max(0, me.plants[good] - me.cap[good])
        value += min(unmatched, CIRCLES[b]) * WORTH[good] * 0.3 * t.rounds_left / 3
        if b in me.owned:
            value -= 2.0
    elif b in LARGE:
        value += me.bonus(b, extra_violet=1) * (0.4 + t.progress)
    else:
        value += UTILITY.get(b, 1.0) * t.left * 1.5
        if b == "factory":
            value += 0.5 * sum(1 for g in C.GOODS if me.cap[g] or (g == "corn" and me.plants[g]))
    if me.spaces + (2 if b in LARGE else 1) > C.CITY_SPACES:
        return -1.0
    return value - 0.05 * COST[b]


def place_value(t: Table, me: Seat, where: str, index: int) -> float:
    if where == "island":
        tile = me.island[index]["tile"]
        if tile == "quarry":
            return 1.4 * t.left + 0.2
        if tile == "corn":
            return 2.0
        return 2.2 + WORTH[tile] if me.plants_on[tile] < me.cap_on[tile] else 0.6
    building = me.city[index]["building"]
    good = GOOD_OF.get(building)
    if good:
        return 2.2 + WORTH[good] if me.cap_on[good] < me.plants_on[good] else 0.5
    if building in LARGE:
        return 3.0 + me.bonus(building)
    return 0.8 + UTILITY.get(building, 1.0)


def load_value(t: Table, me: Seat, a: Action) -> float:
    have = me.goods.get(a["good"], 0)
    if a["ship"] == "wharf":
        return have - 0.3
    ship = t.view["ships"][a["ship"]]
    room = ship["capacity"] - ship["load"]
    return min(have, room) + 0.05 * (4 - PRICE[a["good"]])


def role_value(t: Table, seat: int, role: str) -> float:
    me = t.seats[seat]
    others = [s for i, s in enumerate(t.seats) if i != seat]
    coins = next(r["doubloons"] for r in t.view["roles"] if r["id"] == role)
    value = 0.4 * coins
    if role == "settler":
        value += (1.6 if len(me.island) < C.ISLAND_SPACES else 0.0) * (0.3 + t.left)
    elif role == "mayor":
        value += 0.7 * min(me.empty, 1 + t.view["colonists"]["ship"] / len(t.seats))
        value += 0.3 * (me.empty > 0)
    elif role == "builder":
        budget = me.coins + 1 + me.plants_on["quarry"]
        affordable = [b for b in C.BUILDINGS if COST[b] <= budget and b not in me.owned
                      and t.view["buildings"].get(b, 0) > 0]
        value += max((build_value(t, me, b) for b in affordable), default=0.0) * 0.8
    elif role == "craftsman":
        mine = me.output()
        theirs = sum(o.output() for o in others) / max(1, len(others))
        value += mine - 0.7 * theirs + (0.8 if mine else 0.0)
    elif role == "trader":
        house = t.view["trading_house"]
        if len(house) < C.TRADING_HOUSE_SPACES:
            sellable = [g for g, k in me.goods.items()
                        if k and (g not in house or "office" in me.manned)]
            markets = ("small_market" in me.manned) + 2 * ("large_market" in me.manned)
            if sellable:
                value += 0.5 * (max(PRICE[g] for g in sellable) + 1 + markets)
    elif role == "captain":
        mine = sum(me.goods.values())
        theirs = sum(sum(o.goods.values()) for o in others) / max(1, len(others))
        value += 0.6 * min(mine, 8) - 0.4 * min(theirs, 8) + (0.8 if mine else 0.0)
        value += 0.5 * ("harbor" in me.manned) * (mine > 0)
    elif role.startswith("prospector"):
        value += 0.5
    return value
