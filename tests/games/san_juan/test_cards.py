"""Councillor and prospector (议员, 矿工), with the prefecture, archive, gold mine and
library; the library's once-a-round rule with two players."""

from __future__ import annotations

from tests.games.san_juan.helpers import (
    K,
    act,
    build,
    discard,
    hand,
    keep,
    names,
    new,
    options,
    role,
    step,
    texts,
    top,
)


def test_councillor_draws_2_keeps_1_and_the_chooser_draws_5() -> None:
    s = new(2, seed=1)
    top(s, "palace", "well", "smithy", "hero", "statue", "chapel", "tower")
    role(s, "councillor")
    assert step(s) == "council_keep" and s.need == 1
    assert names(s.pending) == ["palace", "well", "smithy", "hero", "statue"]
    offered = {a["card"] for a in options(s)}
    assert offered == {"palace", "well", "smithy", "hero", "statue"}
    assert {"type": "undo"} not in options(s) and {"type": "confirm"} not in options(s)
    act(s, "keep", card="hero")
    assert options(s) == [{"type": "undo"}, {"type": "confirm"}] and len(s.hands[0]) == 4
    events = act(s, "confirm")  # the pick is carried out once confirmed
    assert K["hero"] in s.hands[0] and len(s.hands[0]) == 5
    assert texts(events)[0] == "Player 1 keeps 1 card and discards 4 cards"
    assert events[0]["private"] == {"0": "(kept hero)"}
    assert names(s.pending) == ["chapel", "tower"] and s.turn == 1  # 2 for the other
    keep(s, "tower")
    assert sorted(names(s.discard[-5:])) == ["chapel", "palace", "smithy", "statue", "well"]


def test_prefecture_keeps_two_and_undo_takes_back_a_pick() -> None:
    s2 = new(3, seed=2)
    build(s2, 0, "prefecture")
    role(s2, "councillor")
    assert s2.need == 2 and len(s2.pending) == 5
    first = options(s2)[0]["card"]
    act(s2, "keep", card=first)
    assert {"type": "undo"} in options(s2)
    act(s2, "undo")
    assert s2.sel == []
    act(s2, "keep", card=first)
    act(s2, "keep", card=options(s2)[0]["card"])
    assert len(s2.hands[0]) == 4 and s2.turn == 0  # complete, not yet confirmed
    act(s2, "undo")
    assert len(s2.sel) == 1 and {"type": "confirm"} not in options(s2)
    act(s2, "keep", card=options(s2)[0]["card"])
    act(s2, "confirm")
    assert len(s2.hands[0]) == 6 and s2.turn == 1


def test_a_player_who_keeps_all_he_drew_is_not_asked() -> None:
    s = new(3, seed=3)
    build(s, 1, "prefecture")
    role(s, "councillor")
    events = keep(s, options(s)[0]["card"])
    # seat 1 draws 2 and keeps 2: no decision
    assert "Player 2 keeps 2 cards" in texts(events) and s.turn == 2


def test_archive_discards_from_the_whole_hand() -> None:
    s = new(2, seed=4)
    build(s, 0, "archive")
    hand(s, 0, "palace", "indigo_plant")
    top(s, "well", "smithy", "hero", "statue", "chapel")
    role(s, "councillor")
    assert step(s) == "council_discard" and s.need == 4
    assert names(s.hands[0]) == ["indigo_plant", "smithy", "well", "chapel", "statue", "hero",
                                 "palace"]
    discard(s, "palace", "indigo_plant", "smithy", "statue")
    assert names(s.hands[0]) == ["well", "chapel", "hero"]


def test_prospector_draws_one_for_the_chooser_only_two_with_a_library() -> None:
    s = new(3, seed=6)
    events = role(s, "prospector")
    assert [len(h) for h in s.hands] == [5, 4, 4] and step(s) == "choose_role"
    assert texts(events)[-1] == "Player 1 draws 1 card (prospector)"
    s2 = new(3, seed=6)
    build(s2, 0, "library")
    role(s2, "prospector")
    assert len(s2.hands[0]) == 6


def test_gold_mine_keeps_one_of_four_with_different_costs_for_every_owner() -> None:
    s = new(3, seed=7)
    build(s, 1, "gold_mine")
    top(s, "well", "smithy", "library", "crane", "tobacco_storage", "palace")
    role(s, "prospector")  # seat 0 draws the well; seat 1's gold mine
    events = act(s, "gold_mine")  # (rules 3: he says he turns them up)
    assert "Player 2's gold mine turns up tobacco storage, smithy, crane and library: " \
        "four different costs" in texts(events)
    assert step(s) == "gold_mine" and s.turn == 1
    assert {a["card"] for a in options(s)} == {"smithy", "library", "crane", "tobacco_storage"}
    events = act(s, "take", card="library")
    assert K["library"] in s.hands[1] and texts(events)[0] == (
        "Player 2 keeps a library from the gold mine")
    assert step(s) == "choose_role" and len(s.discard) == 3


def test_gold_mine_with_equal_costs_gives_nothing() -> None:
    s = new(2, seed=8)
    build(s, 0, "gold_mine")
    top(s, "hero", "smithy", "well", "crane", "statue")  # well and crane both cost 2
    hand_before = len(s.hands[0])
    role(s, "prospector")
    events = act(s, "gold_mine")
    assert "a cost repeats, all discarded" in texts(events)[-1]
    assert len(s.hands[0]) == hand_before + 1 and step(s) == "choose_role"


def test_two_players_the_library_doubles_one_of_the_governors_roles_his_choice() -> None:
    s = new(2, seed=9)
    build(s, 0, "library")
    roles = options(s)
    assert {"type": "role", "role": "builder", "library": True} in roles
    assert {"type": "role", "role": "builder", "library": False} in roles
    assert len(roles) == 10
    role(s, "prospector", library=False)
    assert len(s.hands[0]) == 5
    build(s, 1, "library")
    role(s, "producer")  # the other player's library works on his one role
    assert s.boost
    while step(s) != "choose_role":
        act(s, "confirm")
    assert [a.get("library") for a in options(s)] == [None] * 3
    before = len(s.hands[0])
    role(s, "councillor")  # kept for the second role: now it doubles (draw 8)
    assert s.boost and len(s.pending) == 8 and len(s.hands[0]) == before


def test_two_players_a_library_used_on_the_first_role_is_spent_for_the_round() -> None:
    s = new(2, seed=10)
    build(s, 0, "library")
    role(s, "prospector", library=True)
    assert len(s.hands[0]) == 6 and s.library_used
    role(s, "trader")
    while step(s) != "choose_role":
        act(s, "confirm")
    role(s, "councillor")
    assert not s.boost and len(s.pending) == 5
