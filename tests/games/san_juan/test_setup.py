"""The opening table (the seed's 游戏准备 and the fair start at its end)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.engine.contract import describe
from server.engine.errors import InvalidOptions
from server.games.registry import get_game
from server.games.san_juan import catalog as C
from tests.games.san_juan.helpers import GAME, K, act, new, options, step


def test_the_deck_is_the_component_table() -> None:
    assert (C.NCARDS, C.DECK_SIZE) == (29, 110)
    assert sum(C.COPIES[:5]) == 42 and sum(C.COPIES[5:]) == 68
    assert (C.COST[K["palace"]], C.VP[K["hero"]], C.COPIES[K["indigo_plant"]]) == (6, 5, 10)
    assert sorted(C.TILES) == [(1, 1, 1, 2, 2), (1, 1, 2, 2, 2), (1, 1, 2, 2, 3),
                               (1, 2, 2, 2, 3), (1, 2, 2, 3, 3)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_everyone_starts_with_an_indigo_plant_and_four_cards(players: int) -> None:
    s = new(players, seed=players)
    assert s.city == [[K["indigo_plant"]]] * players and s.goods == [[-1]] * players
    assert [len(h) for h in s.hands] == [4] * players
    assert len(s.deck) == 110 - 5 * players and not s.discard
    everything = Counter(s.deck + [c for h in s.hands for c in h] + [c for x in s.city for c in x])
    assert everything == Counter({c: C.COPIES[c] for c in range(C.NCARDS)})
    assert sorted(s.tiles) == [0, 1, 2, 3, 4] and s.trades == 0
    assert (s.governor, s.turn, step(s), s.round) == (0, 0, "choose_role", 1)


def test_the_game_describes_itself() -> None:
    info = describe(get_game("san-juan"))
    assert (info["title"], info["min_players"], info["max_players"]) == ("San Juan", 2, 4)
    assert [o["name"] for o in info["options"]] == ["fair_start"]
    assert info["options"][0]["default"] is False and info["rules_version"] == 3
    assert get_game("san-juan").rules_compatible_since == 2  # version 1 had no confirm
    for players in (1, 5):
        with pytest.raises(InvalidOptions, match="2 to 4 players"):
            GAME.normalize_options(players, {})


def test_fair_start_deals_5_6_7_8_from_the_governor_and_each_keeps_4() -> None:
    s = new(4, seed=9, fair_start=True)
    assert [len(h) for h in s.hands] == [5, 6, 7, 8]
    assert (step(s), s.turn, s.need) == ("fair_start", 0, 1)
    first = options(s)
    assert all(a["type"] == "discard" for a in first) and {"type": "undo"} not in first
    assert {"type": "confirm"} not in first
    act(s, "discard", card=first[0]["card"])  # the selection is complete, not yet decided
    assert options(s) == [{"type": "undo"}, {"type": "confirm"}] and len(s.hands[0]) == 5
    act(s, "confirm")
    assert len(s.hands[0]) == 4 and s.turn == 1 and s.need == 2
    card = options(s)[0]["card"]
    act(s, "discard", card=card)
    assert {"type": "undo"} in options(s) and s.sel == [K[card]]
    assert {"type": "confirm"} not in options(s)  # one more to pick first
    act(s, "undo")
    assert s.sel == [] and len(s.hands[1]) == 6
    for seat, extra in ((1, 2), (2, 3), (3, 4)):
        assert s.turn == seat
        for _ in range(extra):
            act(s, "discard", card=options(s)[0]["card"])
        act(s, "confirm")
    assert [len(h) for h in s.hands] == [4] * 4 and len(s.discard) == 10
    assert (step(s), s.turn) == ("choose_role", 0)


def test_fair_start_with_two_players_draws_5_and_6() -> None:
    s = new(2, seed=4, fair_start=True)
    assert [len(h) for h in s.hands] == [5, 6]
