"""A round (the seed's 开始游戏): chapel, hand limit, each role once from the governor on,
every player acting from the chooser, the governor card passing left; two players."""

from __future__ import annotations

from tests.games.san_juan.helpers import (
    K,
    act,
    build,
    discard,
    hand,
    keep,
    new,
    options,
    role,
    step,
    texts,
    until,
)


def test_each_player_chooses_one_role_from_the_governor_and_the_governor_passes() -> None:
    s = new(3, seed=2)
    seen: list[str] = []
    for expected, pick in ((0, "prospector"), (1, "councillor"), (2, "trader")):
        assert s.turn == expected and step(s) == "choose_role"
        roles = [a["role"] for a in options(s)]
        assert len(roles) == 5 - expected and not set(roles) & set(seen)
        seen.append(pick)
        role(s, pick)
        until(s)
    assert (s.round, s.governor, s.turn) == (2, 1, 1)
    assert s.role_taken == [-1] * 5


def test_two_players_choose_governor_other_governor() -> None:
    s = new(2, seed=3)
    order = []
    for r in ("prospector", "builder", "councillor"):
        order.append(s.turn)
        role(s, r)
        until(s)
    assert order == [0, 1, 0] and (s.round, s.governor, s.turn) == (2, 1, 1)


def test_every_player_acts_from_the_chooser_on() -> None:
    s = new(4, seed=5)
    role(s, "prospector")  # seat 0
    role(s, "councillor")  # seat 1 chooses: seats 1, 2, 3, 0 keep in that order
    order = []
    while step(s) == "council_keep":
        order.append(s.turn)
        keep(s, options(s)[0]["card"])
    assert order == [1, 2, 3, 0]


def test_chapel_tuck_comes_before_the_hand_limit_and_stays_secret() -> None:
    s = new(3, seed=6)
    build(s, 1, "chapel")
    hand(s, 1, *["statue"] * 3, *["indigo_plant"] * 5)  # 8 cards: one over 7
    hand(s, 2, *["sugar_mill"] * 8)
    for r in ("prospector", "trader", "producer"):
        role(s, r)
        until(s, "choose_role", "chapel")
    assert (s.round, step(s), s.turn) == (2, "chapel", 1)
    assert {"type": "pass"} in options(s) and {"type": "tuck", "card": "statue"} in options(s)
    events = act(s, "tuck", card="statue")
    assert s.chapel[1] == [K["statue"]]
    assert "statue" not in events[0]["text"] and events[0]["private"] == {"1": "(statue)"}
    # seat 1 is down to 7 + whatever he drew; seat 2 discards to the limit
    assert step(s) == "hand_limit" and s.turn == 2
    over = len(s.hands[2]) - 7
    assert s.need == over
    discard(s, *["sugar_mill"] * over)
    assert len(s.hands[2]) == 7 and step(s) == "choose_role" and s.turn == 1


def test_the_tower_raises_the_hand_limit_to_12() -> None:
    s = new(2, seed=7)
    build(s, 0, "tower")
    hand(s, 0, *["indigo_plant"] * 5, *["statue"] * 3, "hero")
    hand(s, 1, *["sugar_mill"] * 8)
    for r in ("prospector", "councillor", "trader"):
        role(s, r)
        until(s, "choose_role", "hand_limit")
    assert step(s) == "hand_limit" and s.turn == 1  # seat 0 keeps 10 or more: tower
    assert len(s.hands[0]) > 7


def test_the_round_header_and_role_choice_are_logged() -> None:
    s = new(4, seed=8, names=["Ann", "Bob", "Cy", "Di"])
    events = role(s, "prospector")
    assert texts(events)[:2] == ["Round 1: Ann is governor", "Ann chooses the prospector"]
