"""The builder (建筑工): pay by discarding, the privilege, one of each violet building,
cost never below 0, and the building effects that change a build."""

from __future__ import annotations

from tests.games.san_juan.helpers import (
    K,
    act,
    build,
    city,
    good,
    hand,
    keep,
    names,
    new,
    options,
    pay,
    role,
    step,
    texts,
)


def _builds(s) -> dict[tuple[str, int], int]:  # type: ignore[no-untyped-def]
    """(building, over or -1) -> cost, for every build offered."""
    return {(a["building"], a.get("over", -1)): a["cost"] for a in options(s)
            if a["type"] == "build"}


def test_the_chooser_pays_one_card_less_and_pays_by_picking_cards() -> None:
    s = new(2, seed=1)
    hand(s, 0, "tobacco_storage", "well", "smithy", "statue")
    hand(s, 1, "tobacco_storage", "well", "smithy", "statue")
    role(s, "builder")
    assert _builds(s) == {("tobacco_storage", -1): 2, ("well", -1): 1, ("smithy", -1): 0,
                          ("statue", -1): 2}
    act(s, "build", building="tobacco_storage", cost=2)
    assert step(s) == "build_pay" and s.need == 2
    assert options(s) == [{"type": "pay", "card": "smithy"}, {"type": "pay", "card": "well"},
                          {"type": "pay", "card": "statue"}, {"type": "undo"}]
    act(s, "pay", card="statue")
    act(s, "undo")  # takes the statue back
    act(s, "undo")  # nothing picked: back to the choice of building
    assert step(s) == "build" and s.sel == [] and s.build == -1
    act(s, "build", building="tobacco_storage")  # the cost may be left out
    events = pay(s, "smithy", "well")
    assert city(s, 0) == ["indigo_plant", "tobacco_storage"] and names(s.hands[0]) == ["statue"]
    assert sorted(names(s.discard[-2:])) == ["smithy", "well"]
    assert "for 2 cards" in texts(events)[-1] and events[-1]["private"] == {
        "0": "(paid with smithy and well)"}
    # the other player pays full price: the statue costs 3 with 3 other cards
    assert s.turn == 1 and _builds(s) == {("tobacco_storage", -1): 3, ("well", -1): 2,
                                          ("smithy", -1): 1, ("statue", -1): 3}


def test_a_building_nobody_can_pay_for_is_not_offered_but_the_player_is_still_asked() -> None:
    s = new(2, seed=2)
    hand(s, 0, "indigo_plant")
    hand(s, 1, "palace", "indigo_plant")
    role(s, "builder")
    assert _builds(s) == {("indigo_plant", -1): 0}
    act(s, "build", building="indigo_plant", cost=0)  # free: choosing it is the decision
    assert city(s, 0) == ["indigo_plant", "indigo_plant"] and s.turn == 1
    assert options(s) == [{"type": "pass"}, {"type": "build", "building": "indigo_plant",
                                             "cost": 1}]
    assert texts(act(s, "pass")) == ["Player 2 builds nothing"]


def test_a_player_without_cards_is_skipped_for_all_to_see() -> None:
    s = new(2, seed=2)
    hand(s, 1)
    role(s, "builder")
    events = act(s, "pass")
    assert step(s) == "choose_role" and s.turn == 1
    assert texts(events) == ["Player 1 builds nothing", "Player 2 has no cards and builds nothing"]


def test_one_of_each_violet_building_and_any_number_of_production_buildings() -> None:
    s = new(2, seed=3)
    build(s, 0, "smithy", "sugar_mill")
    hand(s, 0, "smithy", "sugar_mill", "well", "indigo_plant")
    role(s, "builder")
    offered = {b for b, _ in _builds(s)}
    assert offered == {"sugar_mill", "well", "indigo_plant"}


def test_discounts_add_up_and_never_go_below_zero() -> None:
    s = new(3, seed=4)
    build(s, 0, "smithy", "quarry", "library")
    hand(s, 0, "indigo_plant", "sugar_mill", "crane", "palace", "coffee_roaster")
    role(s, "builder")  # the library doubles the privilege: -2, and -1 smithy/quarry
    assert _builds(s) == {("indigo_plant", -1): 0, ("sugar_mill", -1): 0, ("crane", -1): 0,
                          ("palace", -1): 3, ("coffee_roaster", -1): 1}


def test_smithy_is_for_production_and_quarry_for_violet_buildings() -> None:
    s = new(2, seed=5)
    build(s, 1, "smithy")
    hand(s, 1, "sugar_mill", "well", "statue", "statue")
    build(s, 0, "quarry")
    hand(s, 0, "sugar_mill", "well", "hero", "hero")
    role(s, "builder")
    assert _builds(s) == {("sugar_mill", -1): 1, ("well", -1): 0, ("hero", -1): 3}
    act(s, "pass")
    assert _builds(s) == {("sugar_mill", -1): 1, ("well", -1): 2, ("statue", -1): 3}


def test_a_builder_with_a_quarry_builds_the_crane_for_free() -> None:
    s = new(3, seed=6)
    build(s, 0, "quarry")
    hand(s, 0, "crane")
    role(s, "builder")
    assert _builds(s) == {("crane", -1): 0}


def test_black_market_pays_with_up_to_two_goods() -> None:
    s = new(2, seed=7)
    build(s, 1, "black_market", "sugar_mill", "silver_smelter", "coffee_roaster")
    good(s, 1, "indigo_plant", "sugar_mill", "silver_smelter")
    hand(s, 1, "palace", "well")
    role(s, "prospector")
    role(s, "builder")  # seat 1 chooses: palace 6 - 1 = 5 = 1 card + ... only 2 goods: no
    assert ("palace", -1) not in _builds(s)
    hand(s, 1, "palace", "well", "statue", "hero")
    s.legal = None
    assert _builds(s)[("palace", -1)] == 5
    act(s, "build", building="palace")
    picks = options(s)
    assert {"type": "pay", "good": "silver"} in picks and {"type": "pay", "good": "indigo"} in picks
    act(s, "pay", good="silver")
    act(s, "pay", good="indigo")
    assert all("good" not in a for a in options(s))  # two goods at most
    events = pay(s, "well", "statue", "hero")
    assert "for 3 cards and 2 goods" in texts(events)[-1]
    assert [g >= 0 for g in s.goods[1]] == [False, False, True, False, False, False]


def test_crane_builds_over_a_building_for_the_difference() -> None:
    s = new(2, seed=8)
    build(s, 0, "crane", "well", "chapel", "sugar_mill", "sugar_mill")
    good(s, 0, "sugar_mill")
    s.chapel[0] = []
    for _ in range(2):
        s.chapel[0].append(s.deck.pop())
    s.chapel[0].sort()
    hand(s, 0, "library", "sugar_mill", "statue", "hero", "coffee_roaster")
    role(s, "builder")  # privilege -1
    offers = _builds(s)
    # over the well (2): 5 - 1 - 2 = 2; over the chapel (3): 1; never over the crane
    assert offers[("library", 2)] == 2 and offers[("library", 3)] == 1
    assert offers[("library", -1)] == 4
    assert not any(over == 1 for _, over in offers)  # index 1 is the crane
    # production buildings of one kind alike, unless one holds a good: both offered
    assert ("coffee_roaster", 4) in offers and ("coffee_roaster", 5) in offers
    assert ("sugar_mill", 4) not in offers  # never over the same building
    act(s, "build", building="library", over=3, cost=1)
    pay(s, "statue")
    assert city(s, 0) == ["indigo_plant", "crane", "well", "library", "sugar_mill", "sugar_mill"]
    assert names(s.covered[0]) == ["chapel"] and len(s.chapel[0]) == 2  # tucked cards stay


def test_crane_over_a_production_building_discards_its_good() -> None:
    s = new(2, seed=9)
    build(s, 0, "crane", "sugar_mill")
    good(s, 0, "sugar_mill")
    the_good = s.goods[0][2]
    hand(s, 0, "coffee_roaster", "statue")
    role(s, "builder")
    act(s, "build", building="coffee_roaster", over=2, cost=1)
    pay(s, "statue")
    assert s.goods[0] == [-1, -1, -1] and the_good in s.discard
    assert names(s.covered[0]) == ["sugar_mill"]


def test_carpenter_draws_after_paying_for_a_violet_building_only() -> None:
    s = new(2, seed=10)
    build(s, 0, "carpenter")
    hand(s, 0, "well", "statue", "sugar_mill", "indigo_plant")
    role(s, "builder")
    act(s, "build", building="well", cost=1)
    events = pay(s, "statue")
    assert texts(events)[-1] == "Player 1 draws 1 card (carpenter)"
    assert len(s.hands[0]) == 3  # sugar mill, indigo plant, the carpenter's card
    s2 = new(2, seed=10)
    build(s2, 0, "carpenter")
    hand(s2, 0, "sugar_mill", "indigo_plant")
    role(s2, "builder")
    events = act(s2, "build", building="sugar_mill", cost=1)
    events += pay(s2, "indigo_plant")
    assert not any("carpenter" in t for t in texts(events))


def test_the_carpenter_does_not_pay_for_itself() -> None:
    s = new(2, seed=11)
    hand(s, 0, "carpenter", "statue", "statue")
    role(s, "builder")
    act(s, "build", building="carpenter", cost=2)
    events = pay(s, "statue", "statue")
    assert not any("draws" in t for t in texts(events)) and s.hands[0] == []


def test_poor_house_draws_with_a_hand_of_one_or_none_after_the_carpenter() -> None:
    s = new(2, seed=12)
    build(s, 0, "carpenter", "poor_house")
    hand(s, 0, "well", "statue")
    role(s, "builder")
    act(s, "build", building="well", cost=1)
    events = pay(s, "statue")
    # hand empty after paying; the carpenter's card makes 1, so the poor house still draws
    assert texts(events)[-2:] == ["Player 1 draws 1 card (carpenter)",
                                  "Player 1 draws 1 card (poor house)"]
    assert len(s.hands[0]) == 2
    s2 = new(2, seed=12)
    build(s2, 0, "carpenter", "poor_house")
    hand(s2, 0, "well", "statue", "hero")
    role(s2, "builder")
    act(s2, "build", building="well", cost=1)
    events = pay(s2, "statue")  # hero + carpenter's card: 2 cards, no poor house
    assert texts(events)[-1] == "Player 1 draws 1 card (carpenter)" and len(s2.hands[0]) == 2


def test_poor_house_gives_nothing_without_a_build() -> None:
    s = new(2, seed=13)
    build(s, 0, "poor_house")
    hand(s, 0, "palace")
    role(s, "builder")
    events = act(s, "pass")
    assert texts(events) == ["Player 1 builds nothing"] and len(s.hands[0]) == 1


def test_a_building_works_only_after_the_builder_phase_it_was_built_in() -> None:
    # two players: the governor builds a library with his first role (no doubling: he
    # had none), and it doubles his second role of the round
    s = new(2, seed=14)
    hand(s, 0, "library", "statue", "statue", "statue", "hero", "well")
    role(s, "builder")
    assert s.boost is False and options(s)[1] == {"type": "build", "building": "well",
                                                  "cost": 1}
    act(s, "build", building="library", cost=4)
    pay(s, "statue", "statue", "statue", "hero")
    act(s, "pass")
    role(s, "councillor")
    while step(s) == "council_keep":
        keep(s, options(s)[0]["card"])
    assert [a.get("library") for a in options(s)] == [None] * 3  # nothing to ask now
    before = len(s.hands[0])
    events = role(s, "prospector")
    assert "library" in texts(events)[0] and len(s.hands[0]) == before + 2


def test_twelve_buildings_end_the_game_after_the_builder_phase() -> None:
    s = new(3, seed=15)
    build(s, 1, *["indigo_plant"] * 4, *["sugar_mill"] * 6)  # 11 buildings
    hand(s, 1, "indigo_plant", "statue")
    hand(s, 2, "well", "statue", "statue")
    role(s, "builder")
    act(s, "pass")
    act(s, "build", building="indigo_plant", cost=1)
    pay(s, "statue")
    assert len(s.city[1]) == 12 and step(s) == "build"  # the phase goes on
    act(s, "build", building="well", cost=2)
    events = pay(s, "statue", "statue")
    assert step(s) == "game_over" and s.turn == -1
    assert "Player 2 has 12 buildings" in texts(events)
    assert K["well"] in s.city[2]
