"""Puerto Rico data tables: the numbers printed on the components, as plain ints.

Everything the rules read many times per move is precomputed here as tuples indexed
by small ints, so the phase code never looks anything up by name. The differences
between player counts and editions live in these tables, not in copies of code.
"""

from __future__ import annotations

# Goods (also plantation kinds); quarry is island tile 5.
CORN, INDIGO, SUGAR, TOBACCO, COFFEE = range(5)
QUARRY = 5
GOODS = ("corn", "indigo", "sugar", "tobacco", "coffee")
TILES = (*GOODS, "quarry")
PRICE = (0, 1, 2, 3, 4)

# Roles, in the fixed order of the view.
SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR, PROSPECTOR2 = range(8)
ROLES = (
    "settler",
    "mayor",
    "builder",
    "craftsman",
    "trader",
    "captain",
    "prospector",
    "prospector2",
)

# Buildings: (id, cost, vp, circles, column, copies for 3-5 players, good produced or -1, large)
_BUILDINGS = (
    ("small_indigo_plant", 1, 1, 1, 1, 4, INDIGO, False),
    ("small_sugar_mill", 2, 1, 1, 1, 4, SUGAR, False),
    ("indigo_plant", 3, 2, 3, 2, 3, INDIGO, False),
    ("sugar_mill", 4, 2, 3, 2, 3, SUGAR, False),
    ("tobacco_storage", 5, 3, 3, 3, 3, TOBACCO, False),
    ("coffee_roaster", 6, 3, 2, 3, 3, COFFEE, False),
    ("small_market", 1, 1, 1, 1, 2, -1, False),
    ("hacienda", 2, 1, 1, 1, 2, -1, False),
    ("construction_hut", 2, 1, 1, 1, 2, -1, False),
    ("small_warehouse", 3, 1, 1, 1, 2, -1, False),
    ("hospice", 4, 2, 1, 2, 2, -1, False),
    ("office", 5, 2, 1, 2, 2, -1, False),
    ("large_market", 5, 2, 1, 2, 2, -1, False),
    ("large_warehouse", 6, 2, 1, 2, 2, -1, False),
    ("factory", 7, 3, 1, 3, 2, -1, False),
    ("university", 8, 3, 1, 3, 2, -1, False),
    ("harbor", 8, 3, 1, 3, 2, -1, False),
    ("wharf", 9, 3, 1, 3, 2, -1, False),
    ("guild_hall", 10, 4, 1, 4, 1, -1, True),
    ("residence", 10, 4, 1, 4, 1, -1, True),
    ("fortress", 10, 4, 1, 4, 1, -1, True),
    ("customs_house", 10, 4, 1, 4, 1, -1, True),
    ("city_hall", 10, 4, 1, 4, 1, -1, True),
)
BUILDINGS = tuple(b[0] for b in _BUILDINGS)
B_INDEX = {name: i for i, name in enumerate(BUILDINGS)}
COST = tuple(b[1] for b in _BUILDINGS)
VP = tuple(b[2] for b in _BUILDINGS)
CIRCLES = tuple(b[3] for b in _BUILDINGS)
COLUMN = tuple(b[4] for b in _BUILDINGS)
COPIES = tuple(b[5] for b in _BUILDINGS)
PRODUCES = tuple(b[6] for b in _BUILDINGS)
LARGE = tuple(b[7] for b in _BUILDINGS)
SPACES = tuple(2 if b[7] else 1 for b in _BUILDINGS)
NB = len(BUILDINGS)
PRODUCTION = tuple(i for i in range(NB) if PRODUCES[i] >= 0)
SMALL_PRODUCTION = (0, 1)
LARGE_PRODUCTION = (2, 3, 4, 5)
VIOLET = tuple(i for i in range(NB) if PRODUCES[i] < 0)

(
    SMALL_MARKET,
    HACIENDA,
    CONSTRUCTION_HUT,
    SMALL_WAREHOUSE,
    HOSPICE,
    OFFICE,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    FACTORY,
    UNIVERSITY,
    HARBOR,
    WHARF,
    GUILD_HALL,
    RESIDENCE,
    FORTRESS,
    CUSTOMS_HOUSE,
    CITY_HALL,
) = range(6, NB)

FACTORY_BONUS = (0, 0, 1, 2, 3, 5)  # by kinds produced
RESIDENCE_BONUS = {10: 5, 11: 6, 12: 7}  # fewer filled spaces: 4
ISLAND_SPACES = 12
CITY_SPACES = 12
TRADING_HOUSE_SPACES = 4
WHARF_SHIP = -1  # the "ship" index of the wharf's imaginary ship

PLANTATION_TILES = (10, 12, 11, 9, 8)  # corn, indigo, sugar, tobacco, coffee
QUARRY_TILES = 8
GOODS_SUPPLY = (10, 11, 11, 9, 9)
COLONISTS = 100

EDITIONS = ("classic", "1897")


class Setup:
    """What a player count puts on the table (components.md section 3)."""

    __slots__ = (
        "building_copies",
        "colonist_ship",
        "colonist_supply",
        "doubloons",
        "face_up",
        "goods",
        "picks",
        "plantations",
        "quarries",
        "roles",
        "ships",
        "start_tiles",
    )

    def __init__(self, players: int) -> None:
        n = players
        two = n == 2
        self.doubloons = {2: 3, 3: 2, 4: 3, 5: 4}[n]
        self.start_tiles = {
            2: (INDIGO, CORN),
            3: (INDIGO, INDIGO, CORN),
            4: (INDIGO, INDIGO, CORN, CORN),
            5: (INDIGO, INDIGO, INDIGO, CORN, CORN),
        }[n]
        self.colonist_supply = {2: 40, 3: 55, 4: 75, 5: 95}[n]
        self.colonist_ship = n
        self.ships = {2: (4, 6), 3: (4, 5, 6), 4: (5, 6, 7), 5: (6, 7, 8)}[n]
        self.roles = {
            2: (SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR),
            3: (SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN),
            4: (SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR),
            5: tuple(range(8)),
        }[n]
        self.picks = 6 if two else n  # roles chosen per round
        self.face_up = n + 1
        removed = 3 if two else 0
        self.plantations = tuple(c - removed for c in PLANTATION_TILES)
        self.quarries = QUARRY_TILES - removed
        self.goods = tuple(g - (2 if two else 0) for g in GOODS_SUPPLY)
        if two:
            self.building_copies = tuple(2 if PRODUCES[b] >= 0 else 1 for b in range(NB))
        else:
            self.building_copies = COPIES


def vp_chips(players: int, edition: str) -> int:
    if players == 2:
        return 65
    if players == 5:
        return 126 if edition == "1897" else 122
    return {3: 75, 4: 100}[players]


SETUPS = {n: Setup(n) for n in range(2, 6)}
