"""What the Puerto Rico heuristic knows of Expansion I (New Buildings) and II (The
Citizens): what a manned building is worth to its owner, which buildings to draft,
forests, and the expansions' own decisions (guests aside: puerto_rico.py).

Values are rough VP, on the scale of puerto_rico.py's (a base-game violet building's
``UTILITY`` is 0.8-4). The draft rates a building by how strong it is for whoever
builds it (everyone may build what is drafted): the strongest engines and end
bonuses first. Names are the classic ids (the 1897 names are in the comments).
"""

from __future__ import annotations

from server.bots.puerto_rico_table import COLUMN, PRICE, WORTH, Seat, Table
from server.engine.contract import Action
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import registry

# How much a manned violet building helps while the game goes on (rough VP); the
# base game's, then the expansions' (situational ones are adjusted in ``utility``).
UTILITY = {
    "small_market": 1.5, "hacienda": 1.0, "construction_hut": 0.8, "small_warehouse": 1.2,
    "hospice": 2.0, "office": 1.6, "large_market": 2.4, "large_warehouse": 1.6,
    "factory": 3.5, "university": 1.2, "harbor": 4.0, "wharf": 4.0,
    # Expansion I
    "aqueduct": 0.4,  # Canal: +1 barrel from a large indigo plant / sugar mill
    "forest_house": 1.0,  # Lumberyard: forests, 1 off every build per 2
    "black_market": 0.6,
    "storehouse": 1.1,
    "guest_house": 1.4,  # Bohio: two guests moved where they are needed
    "trading_post": 1.8,  # sells what the house already holds, and never fills it
    "church": 2.2,  # 1 VP per medium build, 2 per large
    "small_wharf": 2.4,  # a chartered ship: 1 VP per 2 barrels, once a shipment
    "lighthouse": 1.5,
    "specialty_factory": 0.8,  # Distillery: see ``utility``
    "library": 3.0,  # Publishing House: every privilege doubled
    "union_hall": 2.2,  # Assembly Hall: 1 VP per pair of same barrels each shipment
    # Expansion II
    "land_office": 0.6,  # Zoning Office
    "chapel": 1.6,
    "hunting_lodge": 0.3,  # Park Authority: rarely the emptiest island
    "zoning_office": 1.3,  # Notary
    "royal_supplier": 0.5,  # Pension Office: see ``utility``
    "villa": 1.8,  # a citizen (1 VP and a worker) every mayor phase
    "jeweler": 0.5,  # Tailor Shop: see ``utility``
}

# The draft: how strong a building is on the board (rough; higher is drafted first).
DRAFT = {
    "small_market": 2.0, "aqueduct": 1.0,
    "hacienda": 1.2, "construction_hut": 1.4, "forest_house": 1.3, "black_market": 0.8,
    "land_office": 0.7,
    "small_warehouse": 1.8, "storehouse": 1.6, "chapel": 1.9,
    "hospice": 2.5, "guest_house": 1.7, "hunting_lodge": 0.6,
    "office": 2.1, "large_market": 2.8, "trading_post": 2.4, "church": 2.0,
    "zoning_office": 1.6,
    "large_warehouse": 2.3, "small_wharf": 2.6, "royal_supplier": 1.2,
    "factory": 3.5, "lighthouse": 2.0, "villa": 2.3,
    "university": 1.6, "harbor": 3.6, "specialty_factory": 2.0, "library": 3.2,
    "jeweler": 1.3,
    "wharf": 3.7, "union_hall": 2.7,
    "guild_hall": 3.4, "residence": 3.0, "fortress": 2.9, "customs_house": 3.0,
    "city_hall": 3.0, "statue": 3.8, "cloister": 2.2, "royal_garden": 2.8,
}

# where a citizen rather than a worker changes what a building does
CITIZEN_BETTER = {"chapel": 0.6, "land_office": -1.0, "hunting_lodge": 0.0}


def utility(me: Seat, b: str) -> float:
    """A manned violet building's use to ``me`` over the game (rough VP)."""
    # an expansion's own building: what its module declared (registry.bot_value)
    value = UTILITY[b] if b in UTILITY else registry.BOT_VALUES.get(b, 1.0)
    if b == "aqueduct":
        value += 1.0 * sum(p in me.owned for p in ("indigo_plant", "sugar_mill"))
    elif b == "specialty_factory":
        best = max((me.cap[g] for g in C.GOODS if g != "corn"), default=0)
        value += 0.6 * max(0, best - 1)
    elif b in ("royal_supplier", "jeweler"):
        value += 0.4 * min(me.citizens, 4)
    elif b == "union_hall":
        value += 0.2 * me.output()
    return value


def church_vp(me: Seat, b: str) -> float:
    """The Church's VP for building ``b`` (a medium section: 1, the large: 2)."""
    if "church" not in me.manned or b == "church":
        return 0.0
    return {2: 1.0, 3: 1.0, 4: 2.0}.get(COLUMN[b], 0.0)


def forest_value(t: Table, me: Seat) -> float:
    """A forest: every second one takes 1 off each build from now on; it needs nobody."""
    if len(me.island) >= C.ISLAND_SPACES:
        return 0.0
    pair = me.forests % 2 == 1  # this one completes a pair
    builds = 0.45 * t.rounds_left  # builds left, a coin off each, a coin ~0.35 VP
    value = 0.4 + (1.0 if pair else 0.6) * 0.35 * builds
    if "cloister" in me.owned and me.forests % 3 == 2:  # a Cathedral set
        value += 1.0
    return value


def citizen_place(t: Table, a: Action, building: str) -> float:
    """How much better a citizen does on ``building`` than a worker would."""
    if not a.get("citizen"):
        return 0.0
    if building == "zoning_office":  # Notary: a worker for small builds, a citizen for large
        return 0.6 if t.progress > 0.6 else -0.6
    return CITIZEN_BETTER.get(building, 0.0)


def black_market_pay(t: Table, a: Action, place: float) -> float:
    """Paying one item to the Black Market: the cheapest thing first (``place`` is what
    the colonist taken away does where it stands)."""
    if a["pay"] == "good":
        return -0.3 - 0.4 * WORTH[a["good"]]
    if a["pay"] == "vp":
        return -1.2
    live = min(1.0, t.rounds_left / 3)  # a worker is worth little at the end
    cost = (0.4 if a["where"] == "san_juan" else 0.2 + 0.35 * place) * live
    return -cost - (1.0 if a.get("citizen") else 0.0)  # a citizen is a VP at the end


def role_bonus(t: Table, me: Seat, role: str) -> float:
    """What the expansions' buildings add to choosing ``role`` (0 in the base game)."""
    on = me.manned
    if not on:
        return 0.0
    value = 0.0
    if role == "captain":
        barrels = sum(me.goods.values())
        if "union_hall" in on:  # Assembly Hall: 1 VP per pair of same barrels
            value += 0.6 * sum(k // 2 for k in me.goods.values())
        if "small_wharf" in on:
            value += 0.3 * (barrels // 2)
        if "lighthouse" in on:
            value += 0.4
        if "royal_supplier" in on:  # Pension Office: a barrel of a kind per citizen
            value += 0.4 * min(me.citizens, sum(1 for k in me.goods.values() if k))
    elif role == "craftsman":
        if "chapel" in on:
            value += 0.3
        if "jeweler" in on:
            value += 0.15 * me.citizens
        if "specialty_factory" in on:
            best = max((me.production(g) for g in C.GOODS if g != "corn"), default=0)
            value += 0.3 * max(0, best - 1)
    elif role == "mayor" and "villa" in on:
        value += 0.6
    elif role == "settler" and "hunting_lodge" in on:
        value += 0.3
    if "library" in on:  # the Publishing House: the privilege twice
        value += library_extra(t, me, role)
    return value


def library_extra(t: Table, me: Seat, role: str) -> float:
    """The second privilege of a role chosen with a manned Publishing House."""
    if role == "settler":
        return 1.2 * (0.3 + t.left) if len(me.island) < C.ISLAND_SPACES - 1 else 0.0
    if role == "mayor":
        return 0.7 if me.empty > 1 else 0.0
    if role == "craftsman":
        return 1.0 if me.output() else 0.0
    if role == "captain":
        return 1.0 if any(me.goods.values()) else 0.0
    return 0.5  # builder: 1 more off; trader and prospector: 1 more doubloon


KINDS = frozenset(("draft", "forest", "forest_drawn", "villa", "take_vp", "royal_supplier",
                   "hunting_lodge", "land_office_buy", "land_office_sell", "charter"))


def score(t: Table, me: Seat, a: Action) -> float | None:
    """The expansions' own decisions; None for anything else."""
    kind = a["type"]
    if kind not in KINDS:
        return None
    if kind == "draft":
        return DRAFT.get(a["building"], 1.0)
    if kind in ("forest", "forest_drawn"):
        return forest_value(t, me)
    if kind == "villa":
        return 1.5
    if kind == "take_vp":
        return 1.0
    if kind == "royal_supplier":  # a barrel for a VP, at the start of the shipment
        live = min(1.0, t.rounds_left / 3)
        return 1.0 - 0.25 * PRICE[a["good"]] * live
    if kind == "hunting_lodge":
        return -0.5
    if kind == "land_office_buy":
        if len(me.island) >= C.ISLAND_SPACES:
            return -1.0
        return 1.6 * (0.3 + t.left) - 0.4
    if kind == "land_office_sell":
        return -0.8
    if kind == "charter":  # 1 VP per 2 barrels, the barrels lost
        return a["count"] // 2 + 0.1 * (a["count"] % 2 == 0) - 0.2
    return None
