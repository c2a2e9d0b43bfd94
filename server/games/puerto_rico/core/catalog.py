"""Puerto Rico data tables: the numbers printed on the components, as plain ints.

Everything the rules read many times per move is precomputed here as tuples indexed
by small ints, so the phase code never looks anything up by name. The tables cover
every building of the box (base game, Expansion I "New Buildings", Expansion II "The
Citizens"); which of them a game uses, and how many copies, is the game's catalog
(modules.py), built from the player count, the edition and the expansions. Building
ids are stable: the base game's 0-22 kept their numbers when the expansions came.
"""

from __future__ import annotations

from dataclasses import dataclass

# Goods (also plantation kinds); quarry is island tile 5; a forest (Expansion I) is
# an estate placed face down: tile 6 + the good it was (the kind matters only for the
# count of tiles; the view shows "forest").
CORN, INDIGO, SUGAR, TOBACCO, COFFEE = range(5)
QUARRY = 5
FOREST = 6  # FOREST + g: a forest made of a g estate
GOODS = ("corn", "indigo", "sugar", "tobacco", "coffee")
TILES = (*GOODS, "quarry", "forest")
PRICE = (0, 1, 2, 3, 4)

# Roles: ids of the cards (two prospector cards with five players).
SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR, PROSPECTOR2 = range(8)
SMUGGLER = 8  # Expansion III: the Smuggler card (smuggler.py)
ROLES = (
    "settler",
    "mayor",
    "builder",
    "craftsman",
    "trader",
    "captain",
    "prospector",
    "prospector2",
    "smuggler",
)

# Expansions, in their canonical order (the option's choices).
NEW_BUILDINGS, CITIZENS = "new_buildings", "citizens"
SMUGGLER_X, FESTIVAL = "smuggler", "festival"  # Expansions III and IV
EXPANSIONS: tuple[str, ...] = (NEW_BUILDINGS, CITIZENS, SMUGGLER_X, FESTIVAL)

# Building kinds
K_PRODUCTION, K_COMMERCIAL, K_TAILOR = range(3)  # K_TAILOR: counts as large production

@dataclass(frozen=True, slots=True)
class Building:
    """One building of the box: its printed numbers and the expansion it comes with.

    ``expansion`` ("" for the base game) decides whether a game has it (modules.py
    reads it); ``hooked``: its effect is a hook (hooks.py) that its expansion's module
    registers (a test checks every such building has one); ``since``: the rules version
    (setup.RULES) it arrived in: a stored game of an older version plays without it,
    so a row added to an expansion of the box leaves stored games replaying as before."""

    name: str
    cost: int
    vp: int
    circles: int
    column: int
    copies: int  # for 3-5 players
    produces: int  # the good it produces, or -1
    large: bool
    expansion: str
    hooked: bool = False
    since: int = 0
    # a worker and a citizen on it do different things (Expansion II): where the kind
    # placed is the player's choice under rules 2-4 (phases/mayor.py)
    kind_matters: bool = False
    # counts as a large production building at the end, and from this rules version
    # has a production building's copies (the Tailor Shop: Expansion II)
    production_from: int | None = None


# the id of a building is its place in this table
BUILDING_ROWS: tuple[Building, ...] = (
    Building("small_indigo_plant", 1, 1, 1, 1, 4, INDIGO, False, ""),
    Building("small_sugar_mill", 2, 1, 1, 1, 4, SUGAR, False, ""),
    Building("indigo_plant", 3, 2, 3, 2, 3, INDIGO, False, ""),
    Building("sugar_mill", 4, 2, 3, 2, 3, SUGAR, False, ""),
    Building("tobacco_storage", 5, 3, 3, 3, 3, TOBACCO, False, ""),
    Building("coffee_roaster", 6, 3, 2, 3, 3, COFFEE, False, ""),
    Building("small_market", 1, 1, 1, 1, 2, -1, False, ""),
    Building("hacienda", 2, 1, 1, 1, 2, -1, False, ""),
    Building("construction_hut", 2, 1, 1, 1, 2, -1, False, ""),
    Building("small_warehouse", 3, 1, 1, 1, 2, -1, False, ""),
    Building("hospice", 4, 2, 1, 2, 2, -1, False, ""),
    Building("office", 5, 2, 1, 2, 2, -1, False, ""),
    Building("large_market", 5, 2, 1, 2, 2, -1, False, ""),
    Building("large_warehouse", 6, 2, 1, 2, 2, -1, False, ""),
    Building("factory", 7, 3, 1, 3, 2, -1, False, ""),
    Building("university", 8, 3, 1, 3, 2, -1, False, ""),
    Building("harbor", 8, 3, 1, 3, 2, -1, False, ""),
    Building("wharf", 9, 3, 1, 3, 2, -1, False, ""),
    Building("guild_hall", 10, 4, 1, 4, 1, -1, True, ""),
    Building("residence", 10, 4, 1, 4, 1, -1, True, ""),
    Building("fortress", 10, 4, 1, 4, 1, -1, True, ""),
    Building("customs_house", 10, 4, 1, 4, 1, -1, True, ""),
    Building("city_hall", 10, 4, 1, 4, 1, -1, True, ""),
    # Expansion I (components.md section 4): classic ids, 1897 names in text.py
    Building("aqueduct", 1, 1, 1, 1, 2, -1, False, NEW_BUILDINGS),
    Building("forest_house", 2, 1, 1, 1, 2, -1, False, NEW_BUILDINGS),
    Building("black_market", 2, 1, 1, 1, 2, -1, False, NEW_BUILDINGS),
    Building("storehouse", 3, 1, 1, 1, 2, -1, False, NEW_BUILDINGS),
    Building("guest_house", 4, 2, 2, 2, 2, -1, False, NEW_BUILDINGS, hooked=True),
    Building("trading_post", 5, 2, 1, 2, 2, -1, False, NEW_BUILDINGS),
    Building("church", 5, 2, 1, 2, 2, -1, False, NEW_BUILDINGS),
    Building("small_wharf", 6, 2, 1, 2, 2, -1, False, NEW_BUILDINGS),
    Building("lighthouse", 7, 3, 1, 3, 2, -1, False, NEW_BUILDINGS),
    Building("specialty_factory", 8, 3, 1, 3, 2, -1, False, NEW_BUILDINGS),
    Building("library", 8, 3, 1, 3, 2, -1, False, NEW_BUILDINGS),
    Building("union_hall", 9, 3, 1, 3, 2, -1, False, NEW_BUILDINGS),
    Building("statue", 10, 8, 0, 4, 1, -1, True, NEW_BUILDINGS),
    Building("cloister", 10, 4, 1, 4, 1, -1, True, NEW_BUILDINGS),
    # Expansion II (components.md section 5): classic "Nobles" ids by function
    Building("land_office", 2, 1, 1, 1, 2, -1, False, CITIZENS, hooked=True, kind_matters=True),
    Building("chapel", 3, 1, 1, 1, 2, -1, False, CITIZENS, hooked=True, kind_matters=True),
    Building("hunting_lodge", 4, 2, 1, 2, 2, -1, False, CITIZENS, hooked=True,
             kind_matters=True),
    Building("zoning_office", 5, 2, 1, 2, 2, -1, False, CITIZENS, kind_matters=True),
    Building("royal_supplier", 6, 2, 1, 2, 2, -1, False, CITIZENS),
    Building("villa", 7, 3, 1, 3, 2, -1, False, CITIZENS, hooked=True),
    Building("jeweler", 8, 3, 1, 3, 2, -1, False, CITIZENS, hooked=True,
             production_from=5),  # (LITERAL_CITIZENS_RULES, below)
    Building("royal_garden", 10, 4, 1, 4, 1, -1, True, CITIZENS),
)
BUILDINGS: tuple[str, ...] = ()
B_INDEX: dict[str, int] = {}
COST: tuple[int, ...] = ()
VP: tuple[int, ...] = ()
CIRCLES: tuple[int, ...] = ()
COLUMN: tuple[int, ...] = ()
COPIES: tuple[int, ...] = ()
PRODUCES: tuple[int, ...] = ()
LARGE: tuple[bool, ...] = ()
EXPANSION: tuple[str, ...] = ()
SPACES: tuple[int, ...] = ()
KIND: tuple[int, ...] = ()
KIND_MATTERS: frozenset[int] = frozenset()  # ids whose row says kind_matters
PRODUCTION_FROM: tuple[int | None, ...] = ()  # by id, the row's production_from
NB = 0


def derive() -> None:
    """(Re)make the tables read by id from ``BUILDING_ROWS``: at import, and when an
    expansion's own folder adds its rows (registry.py). Tables stay tuples rebound on
    this module, so the rules read ``C.COST[b]`` as fast as before."""
    global BUILDINGS, COST, VP, CIRCLES, COLUMN, COPIES, PRODUCES, LARGE, EXPANSION
    global SPACES, KIND, NB, KIND_MATTERS, PRODUCTION_FROM
    rows = BUILDING_ROWS
    BUILDINGS = tuple(b.name for b in rows)
    B_INDEX.clear()  # (one dict, changed in place: moves.parse holds it)
    B_INDEX.update((name, i) for i, name in enumerate(BUILDINGS))
    COST = tuple(b.cost for b in rows)
    VP = tuple(b.vp for b in rows)
    CIRCLES = tuple(b.circles for b in rows)
    COLUMN = tuple(b.column for b in rows)
    COPIES = tuple(b.copies for b in rows)
    PRODUCES = tuple(b.produces for b in rows)
    LARGE = tuple(b.large for b in rows)
    EXPANSION = tuple(b.expansion for b in rows)
    SPACES = tuple(2 if b.large else 1 for b in rows)
    # the Tailor Shop counts as a large production building (its row's production_from)
    KIND = tuple(K_PRODUCTION if b.produces >= 0 else
                 K_TAILOR if b.production_from is not None else K_COMMERCIAL for b in rows)
    KIND_MATTERS = frozenset(i for i, b in enumerate(rows) if b.kind_matters)
    PRODUCTION_FROM = tuple(b.production_from for b in rows)
    NB = len(rows)


derive()
NB_BASE = 23
SMALL_PRODUCTION = (0, 1)
LARGE_PRODUCTION = (2, 3, 4, 5)

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
    # Expansion I
    AQUEDUCT,
    FOREST_HOUSE,
    BLACK_MARKET,
    STOREHOUSE,
    GUEST_HOUSE,
    TRADING_POST,
    CHURCH,
    SMALL_WHARF,
    LIGHTHOUSE,
    SPECIALTY_FACTORY,
    LIBRARY,
    UNION_HALL,
    STATUE,
    CLOISTER,
    # Expansion II
    LAND_OFFICE,
    CHAPEL,
    HUNTING_LODGE,
    ZONING_OFFICE,
    ROYAL_SUPPLIER,
    VILLA,
    JEWELER,
    ROYAL_GARDEN,
) = range(6, len(BUILDING_ROWS))  # the box's rows (an expansion's own: registry.py)

BASE_COMMERCIAL = tuple(range(SMALL_MARKET, NB_BASE))
BASE_PRODUCTION = tuple(range(SMALL_MARKET))
NEW_BUILDINGS_SET = tuple(range(AQUEDUCT, LAND_OFFICE))
CITIZENS_SET = tuple(range(LAND_OFFICE, ROYAL_GARDEN + 1))
LARGE_BONUS = (GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL, CLOISTER, ROYAL_GARDEN)

FACTORY_BONUS = (0, 0, 1, 2, 3, 5)  # by kinds produced
RESIDENCE_BONUS = {10: 5, 11: 6, 12: 7}  # fewer filled spaces: 4
CLOISTER_BONUS = (0, 1, 3, 6, 10)  # by sets of three same tiles (at most 4 on 12 spaces)
ISLAND_SPACES = 12
CITY_SPACES = 12
TRADING_HOUSE_SPACES = 4
WHARF_SHIP = -1  # the "ship" index of the wharf's imaginary ship

PLANTATION_TILES = (10, 12, 11, 9, 8)  # corn, indigo, sugar, tobacco, coffee
QUARRY_TILES = 8
GOODS_SUPPLY = (10, 11, 11, 9, 9)
COLONISTS = 100
CITIZEN_PIECES = 20

# Expansion I: the costs of the commercial-building spaces of the board (1897
# rulebook), and the extra spaces the Citizens add: "1 extra Building of each cost
# (2-8)"; before rules version 5 also a sixth 10 (docs/rules-notes.md)
DRAFT_SPACES = (1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 10, 10, 10, 10)
CITIZEN_SPACES = (2, 3, 4, 5, 6, 7, 8)
CITIZEN_SPACES_V4 = (2, 3, 4, 5, 6, 7, 8, 10)
# from this rules version the Citizens' setup is read literally: 100 workers (3-5
# players), the Tailor Shop a production building (2 copies with 2 players), the spaces
# above; and the festival's estate tile goes face up (docs/rules-notes.md)
LITERAL_CITIZENS_RULES = 5

EDITIONS = ("classic", "1897")


class Setup:
    """What a player count puts on the table (components.md section 3)."""

    __slots__ = (
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


def vp_chips(players: int, edition: str) -> int:
    if players == 2:
        return 65
    if players == 5:
        return 126 if edition == "1897" else 122
    return {3: 75, 4: 100}[players]


SETUPS = {n: Setup(n) for n in range(2, 6)}
