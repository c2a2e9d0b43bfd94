"""Words of the log and the action labels, in each edition's vocabulary.

Ids stay the classic ones everywhere (docs/puerto-rico-view.md); only what people read
changes with the edition (components.md section 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import catalog as C

if TYPE_CHECKING:
    from .state import PRState

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


def article(word: str) -> str:
    """The indefinite article a reader expects before ``word`` ("an indigo")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


class Vocabulary:
    """Display names for one edition, as tuples indexed like the catalog."""

    __slots__ = (
        "a_tiles",
        "buildings",
        "circle",
        "city",
        "colonist",
        "colonists",
        "doubloon",
        "goods",
        "in_san_juan",
        "island",
        "on_island",
        "plantation",
        "privilege",
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
            self.in_san_juan = "on the Portrait"
            self.ship = "Work Register"
            self.doubloon = "coin"
            self.plantation = "Estate"
            self.privilege = "advantage"
            self.island, self.city = "countryside", "city"
            self.on_island = "in the countryside"
            self.circle = "semicircle"
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
            self.in_san_juan = "in San Juan"
            self.ship = "colonist ship"
            self.doubloon = "doubloon"
            self.plantation = "plantation"
            self.privilege = "privilege"
            self.island, self.city = "island", "city"
            self.on_island = "on the island"
            self.circle = "circle"
        self.tiles = (*self.goods, "quarry")
        # "a corn plantation", "an indigo plantation", "a quarry"
        self.a_tiles = tuple(f"{article(t)} {t}" for t in self.tiles)
        self.vp = "VP"

    def coins(self, k: int) -> str:
        return f"{k} {self.doubloon}{'' if k == 1 else 's'}"

    def people(self, k: int) -> str:
        return f"{k} {self.colonist if k == 1 else self.colonists}"


VOCAB = {e: Vocabulary(e) for e in C.EDITIONS}


def default_names(n: int) -> list[str]:
    return [f"Player {p + 1}" for p in range(n)]


def who(s: PRState, seat: int) -> str:
    """The seat's display name (the ``names`` option, else "Player N")."""
    return s.names[seat]


def listing(parts: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"
