"""The Puerto Rico heuristic: what ``easy`` plays greedily and what guides the search.

It reads only the seat's view (the agreed shape in docs/puerto-rico-view.md; read by
puerto_rico_table.py) and the printed numbers of the catalog, and of the hidden state
only what the seat itself knows: the face-down estate it drew and decides on (the
Lumberyard's forest choice). Values are rough "victory points now or later": a barrel
or a doubloon is worth something while the game has rounds left and nothing at the end.
The estimate of a (determinized) position adds printed VP, chips, end bonuses and that
economic potential; it takes everyone's VP chips from the determinized state, where the
hidden ones have already been re-sampled. Optional privileges are taken, except that a
seat that is behind declines the one that would end the game (the last VP chip, the
colonist the ship refill needs). The expansions' buildings and decisions are valued in
puerto_rico_expansions.py (I and II) and puerto_rico_smuggler.py (III and IV).
"""

from __future__ import annotations

from typing import Any

from server.bots.frozen.hard_2026_12_03 import puerto_rico_expansions as X
from server.bots.frozen.hard_2026_12_03 import puerto_rico_smuggler as S
from server.bots.frozen.hard_2026_12_03.puerto_rico_end import ends_game
from server.bots.frozen.hard_2026_12_03.puerto_rico_table import (
    BVP,
    CIRCLES,
    COST,
    GOOD_OF,
    LARGE,
    PRICE,
    WORTH,
    Seat,
    Table,
)
from server.bots.frozen.hard_2026_12_03.puerto_rico_view import lean_view
from server.engine.contract import Action, Game
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PRState


class PuertoRicoHeuristic:
    """Scores actions for the seat to move; estimates final scores of a position."""

    def estimate(self, game: Game, state: Any) -> list[float]:
        view = _view(game, state, None)
        vps = getattr(state, "vp", None)
        table = Table(view, list(vps) if vps is not None else None)
        return [table.estimate(p) for p in range(len(table.seats))]

    def action_scores(self, game: Game, state: Any, seat: int,
                      actions: list[Action]) -> list[float]:
        table = Table(_view(game, state, seat))
        table.drawn = drawn_estate(table, state, seat)
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


def _view(game: Game, state: Any, viewer: int | None) -> dict[str, Any]:
    """The seat's view as far as the heuristic reads it (puerto_rico_view.py: the same
    dict without the figures the client shows, which a rollout would compute for nothing);
    a state of another shape goes through the game's own view."""
    if isinstance(state, PRState):
        return lean_view(state, viewer)
    return game.view(state, viewer)


def drawn_estate(t: Table, state: Any, seat: int) -> str | None:
    """The estate ``seat`` drew face down and now places as an estate or a forest: its
    own knowledge, held in the pending decision (not in the view)."""
    if t.view["phase"]["step"] != "forest_choice":
        return None
    pending = getattr(state, "pending", None)
    if not pending or pending[0][1] != seat:
        return None
    return C.GOODS[pending[0][2]]


def score(t: Table, seat: int, a: Action) -> float:
    kind = a["type"]
    me = t.seats[seat]
    if kind == "undo":  # a bot never takes its own placement back (it would walk in circles)
        return -100.0
    if kind == "role":
        return role_value(t, seat, a["role"])
    if kind == "plantation":
        return tile_value(t, me, a["tile"])
    if kind == "quarry":
        return tile_value(t, me, "quarry")
    if kind in ("hacienda", "hospice"):
        return 2.5 if len(me.island) < 11 else 0.1
    if kind in ("mayor_colonist", "university"):
        return 1.5 * a.get("count", 1)
    if kind in ("captain_vp", "harbor_vp"):
        return 1.0
    if kind == "produce":
        return 1.0 + me.output()
    if kind == "build":
        return build_value(t, me, a["building"]) - 0.9 * max(0, a.get("price", 0) - me.coins)
    if kind == "mayor_place":
        value = place_value(t, me, a["where"], a["index"])
        if "citizen" in a and a["where"] == "city":  # a citizen may do otherwise there
            value += X.citizen_place(t, a, me.city[a["index"]]["building"])
        return value
    if kind == "guest":  # a guest leaves the Bohio for good use only
        where = me.city[a["index"]]["building"] if a["where"] == "city" else ""
        return place_value(t, me, a["where"], a["index"]) - 1.2 + X.citizen_place(t, a, where)
    if kind == "black_market":
        worker = a["pay"] == "worker" and a["where"] != "san_juan"
        there = place_value(t, me, a["where"], a["index"]) if worker else 0.0
        return X.black_market_pay(t, a, there)
    if kind == "mayor_done":
        return 1.0
    if kind == "craftsman_bonus":
        return WORTH[a["good"]] + PRICE[a["good"]]
    if kind == "sell":
        if a.get("to") == "trading_post":  # no market pays extra there
            return PRICE[a["good"]] - 0.6 - 0.3 * (a["good"] == "coffee") * t.left
        markets = ("small_market" in me.manned) + 2 * ("large_market" in me.manned)
        return PRICE[a["good"]] + markets - 0.5 - 0.3 * (a["good"] == "coffee") * t.left
    if kind == "load":
        return load_value(t, me, a)
    if kind == "store":
        loose = a.get("storehouse") or {}
        return sum(me.goods.get(g, 0) * WORTH[g] for g in a.get("keep", [])) + (
            WORTH[a["single"]] if a.get("single") else 0.0) + sum(
            k * WORTH[g] for g, k in loose.items())
    if kind == "pass":
        return 0.0 if t.drawn is None else tile_value(t, me, t.drawn)  # the drawn estate
    x = X.score(t, me, a)  # the expansions' own decisions
    if x is None and kind == "place_worker":  # a poach's or the festival's workers
        x = place_value(t, me, a["where"], a["index"])
    if x is None:
        x = S.score(t, me, a, lambda r: role_value(t, seat, r))
    return 0.0 if x is None else x  # mayor_lift, anything new


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
    return base * (0.3 + t.left) + S.tile(t, me, tile)


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
        value += X.utility(me, b) * t.left * 1.5
        if b == "factory":
            value += 0.5 * sum(1 for g in C.GOODS if me.cap[g] or (g == "corn" and me.plants[g]))
    if me.spaces + (2 if b in LARGE else 1) > C.CITY_SPACES:
        return -1.0
    return value + X.church_vp(me, b) + S.building(t, me, b) - 0.05 * COST[b]


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
    return 0.8 + X.utility(me, building)


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
        budget = me.coins + 1 + me.plants_on["quarry"] + me.forests // 2
        affordable = [b for b in C.BUILDINGS if COST[b] <= budget and b not in me.owned
                      and t.view["buildings"].get(b, 0) > 0]
        value += max((build_value(t, me, b) for b in affordable), default=0.0) * 0.8
    elif role == "craftsman":
        mine = me.output()
        theirs = sum(o.output() for o in others) / max(1, len(others))
        value += mine - 0.7 * theirs + (0.8 if mine else 0.0)
    elif role == "trader":
        house = t.view["trading_house"]
        sellable: list[str] = []
        if len(house) < C.TRADING_HOUSE_SPACES:
            sellable = [g for g, k in me.goods.items()
                        if k and (g not in house or "office" in me.manned)]
        markets = ("small_market" in me.manned) + 2 * ("large_market" in me.manned)
        if "trading_post" in me.manned and not sellable:  # any barrel, house full or not
            sellable, markets = [g for g, k in me.goods.items() if k], 0
        if sellable:
            value += 0.5 * (max(PRICE[g] for g in sellable) + 1 + markets)
    elif role == "captain":
        mine = sum(me.goods.values())
        theirs = sum(sum(o.goods.values()) for o in others) / max(1, len(others))
        value += 0.6 * min(mine, 8) - 0.4 * min(theirs, 8) + (0.8 if mine else 0.0)
        value += 0.5 * ("harbor" in me.manned) * (mine > 0)
    elif role.startswith("prospector"):
        value += 0.5
    value += X.role_bonus(t, me, role)
    if role == "craftsman":
        value += S.craftsman(t, seat)  # the festival's goods goal
    return S.role_value(t, seat, role, value, lambda r: role_value(t, seat, r))
