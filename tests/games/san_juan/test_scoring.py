"""Scoring and the end (游戏结束, 胜负判断, the end-of-game buildings), and the deck:
discards reshuffled, and what happens when no card is left anywhere."""

from __future__ import annotations

import pytest

from server.games.san_juan.scoring import breakdown, result
from tests.games.san_juan.helpers import (
    GAME,
    act,
    build,
    chapel,
    good,
    hand,
    new,
    options,
    pay,
    role,
    step,
    texts,
)


def _fresh_city(s, p: int, *names: str) -> None:  # type: ignore[no-untyped-def]
    s.deck.extend(s.city[p])
    s.city[p], s.goods[p] = [], []
    build(s, p, *names)


def test_guild_hall_two_per_production_building() -> None:
    s = new(2, seed=1)
    build(s, 0, "guild_hall", "sugar_mill", "sugar_mill", "well")
    assert breakdown(s, 0) == {"buildings": 1 + 2 + 1, "chapel": 0, "guild_hall": 6}


def test_city_hall_one_per_violet_building_itself_included() -> None:
    s = new(2, seed=2)
    build(s, 0, "city_hall", "well", "smithy", "sugar_mill")
    assert breakdown(s, 0)["city_hall"] == 3


@pytest.mark.parametrize(("monuments", "bonus"), [(0, 0), (1, 4), (2, 6), (3, 8)])
def test_triumphal_arch_4_6_8_for_1_2_3_monuments(monuments: int, bonus: int) -> None:
    s = new(2, seed=3)
    build(s, 0, "triumphal_arch", *("statue", "victory_column", "hero")[:monuments])
    assert breakdown(s, 0)["triumphal_arch"] == bonus


def test_palace_is_counted_last_over_everything_else() -> None:
    s = new(2, seed=4)
    _fresh_city(s, 0, "palace", "city_hall", "triumphal_arch", "hero", "statue", "chapel",
                "guild_hall", "silver_smelter")
    chapel(s, 0, 2)
    parts = breakdown(s, 0)
    # buildings 5 + 3 + 2 + 3 = 13, chapel 2, city hall 7 violet, arch 6, guild hall 2
    assert parts == {"buildings": 13, "chapel": 2, "guild_hall": 2, "city_hall": 7,
                     "triumphal_arch": 6, "palace": 30 // 4}


def test_covered_buildings_score_nothing_but_tucked_cards_do() -> None:
    s = new(2, seed=5)
    build(s, 0, "crane", "chapel")
    chapel(s, 0, 2)
    hand(s, 0, "hero", "statue", "statue")
    role(s, "builder")
    act(s, "build", building="hero", over=2, cost=1)  # 5 - 1 - 3
    pay(s, "statue")
    assert breakdown(s, 0) == {"buildings": 1 + 1 + 5, "chapel": 2}


def test_ties_go_to_the_most_cards_in_hand_plus_goods() -> None:
    s = new(3, seed=6)
    _fresh_city(s, 0, "statue")
    _fresh_city(s, 1, "statue")
    _fresh_city(s, 2, "sugar_mill", "sugar_mill", "indigo_plant")
    hand(s, 0, "well")
    hand(s, 1, "well", "smithy")
    hand(s, 2)
    good(s, 2, "sugar_mill", "indigo_plant")  # no cards, 2 goods
    res = result(s)
    totals = {x.seat: (x.total, x.tiebreak) for x in res.scores}
    assert totals == {0: (3, 1), 1: (3, 2), 2: (3, 2)}
    assert res.ranking == [1, 2, 0] and res.winners == [1, 2]
    assert [x.rank for x in res.scores] == [3, 1, 1]


def test_the_game_ends_after_the_builder_phase_and_the_scores_are_public() -> None:
    s = new(2, seed=7, names=["Ann", "Bob"])
    build(s, 0, *["sugar_mill"] * 8, "statue", "hero")  # 11 buildings
    hand(s, 0, "indigo_plant")
    role(s, "builder")
    act(s, "build", building="indigo_plant", cost=0)
    events = act(s, "pass")
    assert step(s) == "game_over" and GAME.to_move(s) == []
    lines = texts(events)
    assert lines[-4:-3] == ["The game ends after the builder phase of round 1"]
    assert lines[-3].startswith("1. Ann: ") and lines[-1].startswith("Ann wins with ")
    assert all("private" not in e for e in events[-3:])
    assert GAME.result(s).winners == [0] and GAME.legal_actions(s, 0) == []


def test_discards_are_shuffled_into_a_new_deck_when_it_runs_out() -> None:
    s = new(2, seed=8)
    s.discard.extend(s.deck[:-1])
    s.deck = s.deck[-1:]
    events = role(s, "councillor")  # draws 5: one from the deck, then the reshuffle
    assert any(t.startswith("The deck is empty: the ") for t in texts(events))
    assert len(s.pending) == 5 and not s.discard


def test_with_deck_and_discards_empty_the_round_is_the_last() -> None:
    s = new(2, seed=9)
    hand(s, 1, *s_cards(s))
    assert not s.deck and not s.discard
    events = role(s, "prospector")
    assert "No cards are left to draw (deck and discards are empty): this round is the " \
        "last" in texts(events) and s.exhausted
    role(s, "builder")
    while step(s) != "choose_role":
        act(s, "pass")
    events = role(s, "trader")
    assert step(s) == "game_over"
    assert "The game ends after round 1: no cards are left to draw" in texts(events)


def s_cards(s) -> list[str]:  # type: ignore[no-untyped-def]
    """Every card in the deck and discards and seat 1's hand, by name (to hold them all)."""
    from server.games.san_juan import catalog as C

    return [C.CARDS[c] for c in s.deck + s.discard + s.hands[1]]


def test_a_selection_confirm_with_options_left_is_not_offered() -> None:
    s = new(2, seed=10)
    hand(s, 0, "palace", "well", "well", "statue", "hero", "smithy", "smithy")
    role(s, "builder")
    act(s, "build", building="palace", cost=5)
    for card in ("well", "well", "statue", "hero"):
        assert {"type": "confirm"} not in options(s)
        act(s, "pay", card=card)
    act(s, "pay", card="smithy")
    assert options(s) == [{"type": "undo"}, {"type": "confirm"}]
    act(s, "confirm")
    assert len(s.hands[0]) == 1
