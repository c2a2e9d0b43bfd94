"""Static facts and help texts for the roles and buildings (components.md §2).

The client never imports the rules; these few printed numbers (cost, VP, circles,
column) are what it needs to price buildings for me and to explain them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BuildingFacts:
    cost: int
    vp: int
    circles: int
    column: int
    kind: str  # "production" or "violet"
    large: bool
    text: str


def _p(cost: int, vp: int, circles: int, column: int, text: str) -> BuildingFacts:
    return BuildingFacts(cost, vp, circles, column, "production", False, text)


def _v(cost: int, vp: int, column: int, text: str, large: bool = False) -> BuildingFacts:
    return BuildingFacts(cost, vp, 1, column, "violet", large, text)


BUILDINGS: dict[str, BuildingFacts] = {
    "small_indigo_plant": _p(1, 1, 1, 1, "Craftsman: with a manned indigo plantation, makes up to 1 indigo."),
    "small_sugar_mill": _p(2, 1, 1, 1, "Craftsman: with a manned sugar plantation, makes up to 1 sugar."),
    "indigo_plant": _p(3, 2, 3, 2, "Craftsman: makes up to 3 indigo, one per manned plantation and colonist."),
    "sugar_mill": _p(4, 2, 3, 2, "Craftsman: makes up to 3 sugar, one per manned plantation and colonist."),
    "tobacco_storage": _p(5, 3, 3, 3, "Craftsman: makes up to 3 tobacco."),
    "coffee_roaster": _p(6, 3, 2, 3, "Craftsman: makes up to 2 coffee."),
    "small_market": _v(1, 1, 1, "Trader: +1 doubloon when you sell."),
    "hacienda": _v(2, 1, 1, "Settler: first draw an extra face-down plantation."),
    "construction_hut": _v(2, 1, 1, "Settler: you may take a quarry instead of a plantation."),
    "small_warehouse": _v(3, 1, 1, "Captain: keep all barrels of one kind of good."),
    "hospice": _v(4, 2, 2, "Settler: a colonist from the supply comes with your new tile."),
    "office": _v(5, 2, 2, "Trader: you may sell a kind already in the trading house."),
    "large_market": _v(5, 2, 2, "Trader: +2 doubloons when you sell."),
    "large_warehouse": _v(6, 2, 2, "Captain: keep all barrels of two kinds of goods."),
    "factory": _v(7, 3, 3, "Craftsman: 2/3/4/5 kinds produced earn 1/2/3/5 doubloons."),
    "university": _v(8, 3, 3, "Builder: a colonist from the supply comes with your new building."),
    "harbor": _v(8, 3, 3, "Captain: +1 VP each time you load goods."),
    "wharf": _v(9, 3, 3, "Captain: once per phase, ship all of one kind on your own ship."),
    "guild_hall": _v(10, 4, 4, "End: 1 VP per small and 2 VP per large production building.", True),
    "residence": _v(10, 4, 4, "End: 4/5/6/7 VP for up to 9/10/11/12 island spaces used.", True),
    "fortress": _v(10, 4, 4, "End: 1 VP for every 3 colonists you own.", True),
    "customs_house": _v(10, 4, 4, "End: 1 VP for every 4 VP chips you hold.", True),
    "city_hall": _v(10, 4, 4, "End: 1 VP for each violet building in your city.", True),
}

ROLES: dict[str, str] = {
    "settler": "Everyone takes one face-up plantation; the settler may take a quarry instead.",
    "mayor": "Colonists from the ship go round the table; the mayor takes one more from the supply. Then everyone places colonists.",
    "builder": "Everyone may build one building; the builder pays 1 doubloon less. Occupied quarries lower the price up to the building's column.",
    "craftsman": "Everyone produces goods from manned plantations and buildings; the craftsman takes one more barrel of a kind produced.",
    "trader": "Each may sell one barrel to the trading house (no kind twice); the trader earns 1 doubloon more.",
    "captain": "Everyone must load goods on the cargo ships, 1 VP per barrel; the captain gets 1 VP more. Then all but one barrel spoil (warehouses keep more).",
    "prospector": "The prospector takes 1 doubloon from the bank; nobody else acts.",
    "prospector2": "The prospector takes 1 doubloon from the bank; nobody else acts.",
}


def price_for(building: str, quarries_manned: int, is_builder: bool) -> int | None:
    """What a player pays: cost less manned quarries (capped by column), -1 as builder."""
    facts = BUILDINGS.get(building)
    if facts is None:
        return None
    price = facts.cost - min(quarries_manned, facts.column) - (1 if is_builder else 0)
    return max(0, price)
