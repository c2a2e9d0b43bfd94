"""End scoring: the large buildings' examples, building VP, tie-break by money + goods."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.scoring import breakdown, large_bonus, result
from tests.games.puerto_rico.helpers import build, goods, new, plant


def test_guild_hall_counts_production_buildings_only() -> None:
    s = new(4)
    build(
        s,
        0,
        "guild_hall",
        "small_sugar_mill",
        "sugar_mill",
        "small_indigo_plant",
        "coffee_roaster",
        "harbor",
        colonists=0,
    )
    s.city_col[0][0] = 1
    assert large_bonus(s, 0, C.GUILD_HALL) == 6


def test_fire_station_example_1897() -> None:
    s = new(4, "1897")
    build(s, 0, "guild_hall", "small_indigo_plant", "indigo_plant", "coffee_roaster", "sugar_mill")
    assert large_bonus(s, 0, C.GUILD_HALL) == 7


def test_residence_counts_filled_island_spaces() -> None:
    s = new(4)
    build(s, 0, "residence")
    expected = {9: 4, 10: 5, 11: 6, 12: 7}
    plant(
        s,
        0,
        "corn",
        "corn",
        "sugar",
        "quarry",
        "quarry",
        "coffee",
        "tobacco",
        "indigo",
        occupied=False,
    )
    for filled in (9, 10, 11, 12):
        while len(s.island[0]) < filled:
            plant(s, 0, "sugar", occupied=False)
        assert large_bonus(s, 0, C.RESIDENCE) == expected[filled]


def test_fortress_counts_every_colonist_including_san_juan() -> None:
    s = new(4)
    build(s, 0, "fortress", "sugar_mill", colonists=None)  # 1 + 3
    plant(s, 0, *["sugar"] * 8)  # 8 + the starting indigo unoccupied
    s.san_juan[0] = 8
    assert large_bonus(s, 0, C.FORTRESS) == (4 + 8 + 8) // 3 == 6
    s.san_juan[0] = 10
    assert large_bonus(s, 0, C.FORTRESS) == 7  # 1897 example: 22 workers


def test_customs_house_counts_vp_chips() -> None:
    s = new(4)
    build(s, 0, "customs_house")
    s.vp[0] = 23
    assert large_bonus(s, 0, C.CUSTOMS_HOUSE) == 5
    s.vp[0] = 30
    assert large_bonus(s, 0, C.CUSTOMS_HOUSE) == 7


def test_city_hall_counts_violet_buildings_including_itself() -> None:
    s = new(4)
    build(
        s,
        0,
        "city_hall",
        "hacienda",
        "harbor",
        "office",
        "construction_hut",
        "large_warehouse",
        "residence",
        "coffee_roaster",
        colonists=0,
    )
    s.city_col[0][0] = 1
    assert large_bonus(s, 0, C.CITY_HALL) == 7


def test_unoccupied_large_building_scores_only_its_printed_vp() -> None:
    s = new(4)
    build(s, 0, "fortress", colonists=0)
    s.vp[0] = 5
    assert breakdown(s, 0) == {"vp_chips": 5, "buildings": 4}


def test_breakdown_and_tie_break() -> None:
    s = new(3)
    build(s, 0, "harbor")  # 3 VP
    s.vp = [7, 10, 10]
    s.coins = [0, 2, 1]
    goods(s, 2, corn=1)  # seat 2: 1 doubloon + 1 barrel = seat 1's 2 doubloons
    res = result(s)
    assert [x.total for x in res.scores] == [10, 10, 10]
    assert res.scores[0].breakdown == {"vp_chips": 7, "buildings": 3}
    assert res.scores[0].tiebreak == 0
    assert res.winners == [1, 2]
    assert [x.rank for x in res.scores] == [3, 1, 1]
    assert res.ranking[-1] == 0
