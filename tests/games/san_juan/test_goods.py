"""Producer and trader (生产者, 商人), with the well, aqueduct, trading post, market
stand, market hall and library."""

from __future__ import annotations

from server.games.san_juan import catalog as C
from tests.games.san_juan.helpers import (
    act,
    build,
    first,
    good,
    hand,
    new,
    options,
    role,
    step,
    texts,
    top,
)


def _goods(s, p: int) -> list[bool]:  # type: ignore[no-untyped-def]
    return [g >= 0 for g in s.goods[p]]


def test_producer_one_good_per_empty_building_the_chooser_up_to_two() -> None:
    s = new(2, seed=1)
    for p in (0, 1):
        build(s, p, "sugar_mill", "coffee_roaster")
    good(s, 0, "sugar_mill")  # seat 0: indigo and coffee empty
    role(s, "producer")
    assert s.need == 2 and options(s) == [
        {"type": "produce", "good": "indigo"}, {"type": "produce", "good": "coffee"},
        {"type": "confirm"}]
    act(s, "produce", good="coffee")
    assert options(s) == [{"type": "produce", "good": "indigo"}, {"type": "undo"},
                          {"type": "confirm"}]
    top(s, "palace")
    act(s, "produce", good="indigo")  # the selection is complete: undo or confirm
    assert options(s) == [{"type": "undo"}, {"type": "confirm"}] and s.deck[-1] == C.CARD_INDEX[
        "palace"]
    events = act(s, "confirm")
    assert texts(events)[0] == "Player 1 produces indigo and coffee"
    # goods are drawn in the order picked: the coffee roaster got the top card
    assert _goods(s, 0) == [True, True, True] and s.goods[0][2] == C.CARD_INDEX["palace"]
    assert s.turn == 1 and s.need == 1  # one good for the other player
    assert len(options(s)) == 4  # indigo, sugar, coffee or nothing
    act(s, "confirm")
    assert _goods(s, 1) == [False, False, False] and step(s) == "choose_role"


def test_a_player_without_an_empty_production_building_is_skipped() -> None:
    s = new(2, seed=2)
    good(s, 1, "indigo_plant")
    role(s, "producer")
    act(s, "produce", good="indigo")
    events = act(s, "confirm")
    assert "Player 2 has no empty production building" in texts(events)


def test_aqueduct_and_library_raise_production_to_four() -> None:
    s = new(3, seed=3)
    build(s, 0, "aqueduct", "library", *["sugar_mill"] * 4)
    build(s, 1, "aqueduct", *["sugar_mill"] * 3)
    role(s, "producer")
    assert s.need == 4  # 1 + privilege 2 (library) + aqueduct
    act(s, "confirm")
    assert s.need == 2  # 1 + aqueduct


def test_well_draws_for_two_goods_or_more_chooser_or_not() -> None:
    s = new(2, seed=4)
    build(s, 1, "well", "sugar_mill")
    build(s, 0, "well", "sugar_mill")
    role(s, "producer")
    act(s, "produce", good="indigo")
    act(s, "produce", good="sugar")
    events = act(s, "confirm")
    assert texts(events)[-1] == "Player 1 draws 1 card (well)"
    # seat 1 produces one good only: nothing from the well
    act(s, "produce", good="sugar")
    events = act(s, "confirm")
    assert not any("well" in t for t in texts(events))


def _trade(s, tile: int) -> None:  # type: ignore[no-untyped-def]
    s.tiles = [tile] + [t for t in range(5) if t != tile]


def test_trader_turns_a_tile_and_each_sells_for_its_price() -> None:
    s = new(2, seed=5)
    _trade(s, 4)  # 1-2-2-3-3
    build(s, 0, "silver_smelter", "sugar_mill")
    good(s, 0, "silver_smelter", "sugar_mill", "indigo_plant")
    build(s, 1, "coffee_roaster")
    good(s, 1, "coffee_roaster")
    before = len(s.hands[0])
    events = role(s, "trader")
    assert texts(events)[2].startswith("The price tile 1-2-2-3-3 is turned up")
    assert s.need == 2 and {"type": "sell", "good": "silver"} in options(s)
    act(s, "sell", good="silver")
    act(s, "sell", good="sugar")
    assert len(s.hands[0]) == before  # nothing sold before the confirm
    events = act(s, "confirm")
    assert len(s.hands[0]) == before + 5
    assert texts(events)[0] == "Player 1 sells sugar and silver and draws 5 cards"
    assert events[0]["private"]["0"]  # only the seller reads which cards
    act(s, "sell", good="coffee")
    act(s, "confirm")
    assert len(s.hands[1]) == 4 + 3 and step(s) == "choose_role"


def test_price_tiles_come_round_in_one_fixed_order() -> None:
    s = new(3, seed=6)
    order = list(s.tiles)
    seen = []
    for round_ in range(7):
        while step(s) != "choose_role":
            first(s)
        role(s, "trader")
        seen.append(s.tiles[(s.trades - 1) % 5])
        while step(s) != "choose_role":
            act(s, "confirm")
        for r in ("prospector", "councillor"):
            role(s, r)
            while step(s) not in ("choose_role", "chapel", "hand_limit"):
                first(s)
        assert s.round == round_ + 2
    assert seen == order + order[:2]


def test_trading_post_and_library_let_the_trader_sell_four() -> None:
    s = new(3, seed=7)
    build(s, 0, "trading_post", "library", "sugar_mill", "tobacco_storage", "silver_smelter")
    good(s, 0, "indigo_plant", "sugar_mill", "tobacco_storage", "silver_smelter")
    build(s, 1, "trading_post", "sugar_mill")
    good(s, 1, "indigo_plant", "sugar_mill")
    role(s, "trader")
    assert s.need == 4
    for g in ("indigo", "sugar", "tobacco", "silver"):
        act(s, "sell", good=g)
    act(s, "confirm")
    assert s.turn == 1 and s.need == 2


def test_market_stand_draws_for_two_sales_and_market_hall_once_for_any() -> None:
    s = new(2, seed=8)
    _trade(s, 0)  # 1-1-1-2-2
    build(s, 0, "market_stand", "market_hall", "sugar_mill")
    good(s, 0, "indigo_plant", "sugar_mill")
    build(s, 1, "market_stand", "market_hall")
    good(s, 1, "indigo_plant")
    role(s, "trader")
    act(s, "sell", good="indigo")
    act(s, "sell", good="sugar")
    events = act(s, "confirm")
    assert texts(events)[1:] == ["Player 1 draws 1 card (market stand)",
                                 "Player 1 draws 1 card (market hall)"]
    assert len(s.hands[0]) == 4 + 2 + 2
    act(s, "sell", good="indigo")
    events = act(s, "confirm")
    assert texts(events)[1:] == ["Player 2 draws 1 card (market hall)"]


def test_selling_nothing_is_a_choice() -> None:
    s = new(2, seed=9)
    good(s, 0, "indigo_plant")
    hand(s, 0, "well")
    role(s, "trader")
    assert options(s) == [{"type": "sell", "good": "indigo"}, {"type": "confirm"}]
    events = act(s, "confirm")
    assert texts(events)[0] == "Player 1 sells nothing" and s.goods[0] == [s.goods[0][0]]
