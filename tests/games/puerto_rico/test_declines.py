"""Optional privileges and building effects: offered as take / leave only when there
is something to take, labelled in each edition's words, applied unasked when declining
could change nothing (docs/rules-notes.md "Optional privileges")."""

from __future__ import annotations

import pytest

from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.helpers import (
    act,
    build,
    choose,
    goods,
    legal,
    new,
    plant,
    step,
    take_all,
    text,
)


def _labels(s) -> list[str]:
    return [a["label"] for a in legal(s)]


def _empty_both_colonist_piles(s) -> None:
    s.san_juan[3] += s.col_supply + s.col_ship
    s.col_supply = s.col_ship = 0


@pytest.mark.parametrize(
    ("edition", "labels"),
    [
        ("classic", ["Take 1 colonist from the supply (privilege)",
                     "Leave the colonist in the supply (privilege)"]),
        ("1897", ["Take 1 worker from the supply (advantage)",
                  "Leave the worker in the supply (advantage)"]),
    ],
)
def test_mayor_privilege_is_take_or_leave_in_each_editions_words(
    edition: str, labels: list[str]
) -> None:
    s = new(4, edition)
    supply = s.col_supply
    choose(s, 0, "mayor")
    assert step(s) == "mayor_privilege" and s.turn == 0 and _labels(s) == labels
    ev = act(s, 0, "pass")
    assert s.col_supply == supply - 4  # only the refill of 4: the privilege stayed
    assert f"Player 1 leaves the {'privilege colonist' if edition == 'classic' else 'advantage worker'}" in text(ev)


def test_hospice_decision_only_with_a_colonist_to_give() -> None:
    s = new(4)
    build(s, 0, "hospice")
    _empty_both_colonist_piles(s)
    choose(s, 0, "settler")
    act(s, 0, "quarry")
    assert s.turn == 1 and s.island_col[0][-1] == 0  # nothing to take: nothing asked


@pytest.mark.parametrize(
    ("edition", "take", "leave"),
    [
        ("classic", "Hospice: take a colonist for the quarry (from the supply)",
         "Hospice: leave the colonist in the supply"),
        ("1897", "Hospital: take a worker for the quarry (from the supply)",
         "Hospital: leave the worker in the supply"),
    ],
)
def test_hospice_leave_keeps_the_colonist_in_the_supply(
    edition: str, take: str, leave: str
) -> None:
    s = new(4, edition)
    build(s, 0, "hospice")
    supply = s.col_supply
    choose(s, 0, "settler")
    act(s, 0, "quarry")
    assert step(s) == "settler_hospice" and _labels(s) == [take, leave]
    act(s, 0, "pass")
    assert s.col_supply == supply and s.island_col[0][-1] == 0 and s.turn == 1


def test_university_decision_only_with_a_colonist_to_give() -> None:
    s = new(4, "1897")
    build(s, 0, "university")
    s.coins[0] = 10
    choose(s, 0, "builder")
    act(s, 0, "build", building="small_market")
    assert _labels(s) == [
        "School: take a worker for the Small Market (from the supply)",
        "School: leave the worker in the supply",
    ]
    act(s, 0, "pass")
    assert s.city_col[0][-1] == 0 and s.turn == 1
    s = new(4)
    build(s, 0, "university")
    _empty_both_colonist_piles(s)
    choose(s, 0, "builder")
    act(s, 0, "build", building="small_market")
    assert s.turn == 1  # nothing to take: the builder phase goes on


def test_building_the_university_itself_offers_nothing() -> None:
    s = new(4)
    s.coins[0] = 10
    choose(s, 0, "builder")
    act(s, 0, "build", building="university")
    assert s.turn == 1 and s.city_col[0] == [0]  # it was not occupied when built


def test_production_is_asked_only_of_players_who_would_receive_a_barrel() -> None:
    s = new(4)
    s.island_col[0][0] = 1  # seat 0: a staffed indigo plantation but no indigo plant
    s.col_supply -= 1
    plant(s, 2, "corn")  # seat 2 makes 1 corn
    choose(s, 0, "craftsman")
    assert step(s) == "craftsman_produce" and s.turn == 2
    assert _labels(s) == ["Produce 1 corn", "Produce nothing"]
    ev = act(s, 2, "pass")
    assert s.pgoods[2] == [0] * 5 and "Player 3 does not produce" in text(ev)
    assert step(s) == "choose_role"  # the craftsman made nothing: no extra good


def test_the_craftsman_who_declines_production_gets_no_extra_good() -> None:
    s = new(4)
    plant(s, 0, "corn")
    choose(s, 0, "craftsman")
    act(s, 0, "pass")
    assert step(s) == "choose_role" and s.pgoods[0] == [0] * 5


def test_the_extra_good_can_be_declined() -> None:
    s = new(4)
    plant(s, 0, "corn")
    choose(s, 0, "craftsman")
    act(s, 0, "produce")
    assert _labels(s) == ["Take 1 extra corn", "Take no extra good (privilege)"]
    corn = s.goods[C.CORN]
    ev = act(s, 0, "pass")
    assert s.goods[C.CORN] == corn and s.pgoods[0][C.CORN] == 1
    assert "Player 1 takes no extra good (privilege)" in text(ev)


def test_harbor_point_is_counted_unasked_once_the_chips_are_gone() -> None:
    s = new(4, "1897")
    build(s, 1, "harbor")
    goods(s, 1, corn=3)
    s.vp[2] += s.vp_supply - 2  # 2 chips left: the 3 barrels take them and one more
    s.vp_supply = 2
    choose(s, 0, "captain")
    ev = act(s, 1, "load", good="corn", ship=0)
    assert s.vp[1] == 4 and s.vp_supply == -2 and s.last_round  # 3 + the harbor, unasked
    assert step(s) != "captain_vp"
    assert "Player 2 ships 3 corn" in text(ev)


def test_1897_captain_advantage_comes_with_the_load_classic_is_asked() -> None:
    s = new(4, "1897")
    goods(s, 0, corn=2)
    choose(s, 0, "captain")
    act(s, 0, "load", good="corn", ship=0)
    assert s.vp[0] == 3 and step(s) != "captain_vp"
    s = new(4, "classic")
    goods(s, 0, corn=2)
    choose(s, 0, "captain")
    act(s, 0, "load", good="corn", ship=0)
    assert s.vp[0] == 2 and step(s) == "captain_vp"
    assert _labels(s) == ["Take 1 VP chip (privilege)",
                          "Leave the VP chip in the supply (privilege)"]
    act(s, 0, "pass")
    assert s.vp[0] == 2 and s.captain_loaded is False  # the phase ended: reset


def test_classic_captain_with_harbor_decides_each_point_privilege_first() -> None:
    s = new(4)
    build(s, 0, "harbor")
    goods(s, 0, corn=2, sugar=1)
    choose(s, 0, "captain")
    act(s, 0, "load", good="corn", ship=0)
    assert [a["type"] for a in legal(s)] == ["captain_vp", "pass"]
    act(s, 0, "captain_vp")
    assert [a["type"] for a in legal(s)] == ["harbor_vp", "pass"]
    ev = act(s, 0, "pass")
    assert s.vp[0] == 3 and "Player 1 leaves the harbor VP chip in the supply" in text(ev)
    act(s, 0, "load", good="sugar", ship=1)  # his second load: only the harbor is asked
    assert [a["type"] for a in legal(s)] == ["harbor_vp", "pass"]


def test_vp_decisions_keep_gains_private() -> None:
    s = new(4)
    build(s, 0, "harbor")
    goods(s, 0, corn=2)
    choose(s, 0, "captain")
    act(s, 0, "load", good="corn", ship=0)
    ev = take_all(s)
    gains = [e for e in ev if e.get("private")]
    assert [e["private"] for e in gains] == [{"0": "+1 VP"}, {"0": "+1 VP"}]
    assert all("VP" not in e["text"].replace("VP chip", "") for e in gains)


def test_storage_offers_keeping_less_only_when_not_everything_fits() -> None:
    s = new(4)
    build(s, 0, "small_warehouse")
    for j, g in enumerate(("tobacco", "sugar", "indigo")):
        s.goods[C.GOODS.index(g)] -= 1
        s.ship_good[j], s.ship_load[j] = C.GOODS.index(g), 1  # no empty ship for corn
    goods(s, 0, corn=3)
    goods(s, 1, corn=1, coffee=1)
    choose(s, 0, "captain")
    # seat 0 keeps his corn whole in the warehouse: nothing asked; seat 1 has two kinds
    assert s.turn == 1 and _labels(s) == ["Keep 1 corn", "Keep 1 coffee", "Keep nothing"]
    ev = act(s, 1, "store", keep=[], single=None)
    assert s.pgoods[1] == [0] * 5 and "Player 2 keeps nothing, loses 1 corn and 1 coffee" in text(ev)
    assert s.pgoods[0][C.CORN] == 3
