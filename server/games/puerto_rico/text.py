"""Words of the log and the action labels, in each edition's vocabulary.

Ids stay the classic ones everywhere (docs/puerto-rico-view.md); only what people read
changes with the edition (components.md section 1).
"""

from __future__ import annotations

from . import catalog as C

_CLASSIC_BUILDINGS = {
    "small_indigo_plant": "small indigo plant",
    "small_sugar_mill": "small sugar mill",
    "indigo_plant": "indigo plant",
    "sugar_mill": "sugar mill",
}
_1897_BUILDINGS = {
    "small_indigo_plant": "Small Fruit Warehouse",
    "small_sugar_mill": "Small Sugar Mill",
    "indigo_plant": "Large Fruit Warehouse",
    "sugar_mill": "Large Sugar Mill",
    "construction_hut": "Builders Yard",
    "hospice": "Hospital",
    "university": "School",
    "guild_hall": "Fire Station",
}


class Vocabulary:
    """Display names for one edition, as tuples indexed like the catalog."""

    __slots__ = (
        "buildings",
        "colonist",
        "colonists",
        "doubloon",
        "goods",
        "plantation",
        "roles",
        "san_juan",
        "ship",
        "tiles",
        "vp",
    )

    def __init__(self, edition: str) -> None:
        if edition == "1897":
            self.roles = (
                "Planter",
                "Recruiter",
                "Builder",
                "Craftsman",
                "Trader",
                "Captain",
                "Adventurer",
                "Adventurer",
            )
            self.goods = ("corn", "fruit", "sugar", "tobacco", "coffee")
            self.buildings = tuple(
                _1897_BUILDINGS.get(b, b.replace("_", " ").title()) for b in C.BUILDINGS
            )
            self.colonist, self.colonists = "worker", "workers"
            self.san_juan = "the Portrait"
            self.ship = "Work Register"
            self.doubloon = "coin"
            self.plantation = "estate"
        else:
            self.roles = (
                "Settler",
                "Mayor",
                "Builder",
                "Craftsman",
                "Trader",
                "Captain",
                "Prospector",
                "Prospector",
            )
            self.goods = C.GOODS
            self.buildings = tuple(
                _CLASSIC_BUILDINGS.get(b, b.replace("_", " ")) for b in C.BUILDINGS
            )
            self.colonist, self.colonists = "colonist", "colonists"
            self.san_juan = "San Juan"
            self.ship = "colonist ship"
            self.doubloon = "doubloon"
            self.plantation = "plantation"
        self.tiles = (*self.goods, "quarry")
        self.vp = "VP"

    def coins(self, k: int) -> str:
        return f"{k} {self.doubloon}{'' if k == 1 else 's'}"

    def people(self, k: int) -> str:
        return f"{k} {self.colonist if k == 1 else self.colonists}"


VOCAB = {e: Vocabulary(e) for e in C.EDITIONS}


def who(seat: int) -> str:
    return f"Player {seat + 1}"
