"""San Juan data tables: the numbers printed on the cards and tiles, as plain ints.

A card is an index 0..28 into these tuples (components.md section 6); the rules never
look a card up by name. Production buildings are 0..4 and make the good of the same
index; everything from 5 on is violet.
"""

from __future__ import annotations

# Goods, in the order of the price tiles; production building k makes good k.
GOODS = ("indigo", "sugar", "tobacco", "coffee", "silver")
NGOODS = 5

# Roles, in the fixed order of the view.
BUILDER, PRODUCER, TRADER, COUNCILLOR, PROSPECTOR = range(5)
ROLES = ("builder", "producer", "trader", "councillor", "prospector")

# (id, cost, vp, copies)
_CARDS = (
    ("indigo_plant", 1, 1, 10),
    ("sugar_mill", 2, 1, 8),
    ("tobacco_storage", 3, 2, 8),
    ("coffee_roaster", 4, 2, 8),
    ("silver_smelter", 5, 3, 8),
    ("smithy", 1, 1, 3),
    ("gold_mine", 1, 1, 3),
    ("archive", 1, 1, 3),
    ("poor_house", 2, 1, 3),
    ("black_market", 2, 1, 3),
    ("trading_post", 2, 1, 3),
    ("well", 2, 1, 3),
    ("market_stand", 2, 1, 3),
    ("crane", 2, 1, 3),
    ("chapel", 3, 2, 3),
    ("tower", 3, 2, 3),
    ("aqueduct", 3, 2, 3),
    ("carpenter", 3, 2, 3),
    ("prefecture", 3, 2, 3),
    ("market_hall", 4, 2, 3),
    ("quarry", 4, 2, 3),
    ("library", 5, 3, 3),
    ("statue", 3, 3, 3),
    ("victory_column", 4, 4, 3),
    ("hero", 5, 5, 3),
    ("guild_hall", 6, 0, 2),
    ("city_hall", 6, 0, 2),
    ("triumphal_arch", 6, 0, 2),
    ("palace", 6, 0, 2),
)
CARDS = tuple(c[0] for c in _CARDS)
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
COST = tuple(c[1] for c in _CARDS)
VP = tuple(c[2] for c in _CARDS)
COPIES = tuple(c[3] for c in _CARDS)
NCARDS = len(CARDS)  # 29 kinds
DECK_SIZE = sum(COPIES)  # 110 cards

(
    INDIGO_PLANT, SUGAR_MILL, TOBACCO_STORAGE, COFFEE_ROASTER, SILVER_SMELTER,
    SMITHY, GOLD_MINE, ARCHIVE, POOR_HOUSE, BLACK_MARKET, TRADING_POST, WELL,
    MARKET_STAND, CRANE, CHAPEL, TOWER, AQUEDUCT, CARPENTER, PREFECTURE,
    MARKET_HALL, QUARRY, LIBRARY, STATUE, VICTORY_COLUMN, HERO,
    GUILD_HALL, CITY_HALL, TRIUMPHAL_ARCH, PALACE,
) = range(NCARDS)

PRODUCTION = frozenset(range(NGOODS))
MONUMENTS = (STATUE, VICTORY_COLUMN, HERO)
ARCH_BONUS = (0, 4, 6, 8)  # triumphal arch: by the number of monuments owned


def is_violet(card: int) -> bool:
    return card >= NGOODS


# The five trading-house tiles: the price of indigo, sugar, tobacco, coffee, silver.
TILES = (
    (1, 1, 1, 2, 2),
    (1, 1, 2, 2, 2),
    (1, 1, 2, 2, 3),
    (1, 2, 2, 2, 3),
    (1, 2, 2, 3, 3),
)

START_HAND = 4
FAIR_START_DRAW = (5, 6, 7, 8)  # by position from the governor; each keeps START_HAND
HAND_LIMIT, TOWER_HAND_LIMIT = 7, 12
END_BUILDINGS = 12
GOLD_MINE_CARDS = 4

# what one role gives: the action for everyone, and the chooser's privilege
COUNCIL_DRAW, COUNCIL_PRIVILEGE_DRAW, COUNCIL_LIBRARY_DRAW = 2, 5, 8
