"""The worked examples of the 1897 rulebook's Expansion I chapter, played on the engine."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.costs import build_cost
from server.games.puerto_rico.core.scoring import cloister_bonus
from server.games.puerto_rico.phases.craftsman import income
from tests.games.puerto_rico.helpers import GAME, build, choose, goods, legal, new, plant

NB = ["new_buildings"]


def test_draft_church_on_the_office_space_then_office_closes_the_fives() -> None:
    """"A player places the Church on the Office space. Later, a player places the
    Office on the Large Market space. Neither the Large Market nor the Trading Post can
    be chosen.\""""
    s = new(4, expansions=NB)
    assert GAME.view(s, None)["phase"]["step"] == "draft"
    GAME.apply(s, 0, {"type": "draft", "building": "church"})
    GAME.apply(s, 1, {"type": "draft", "building": "office"})
    offered = {a["building"] for a in legal(s)}
    assert not {"large_market", "trading_post", "church", "office"} & offered
    assert "small_market" in offered and "guild_hall" in offered
    while GAME.view(s, None)["phase"]["step"] == "draft":
        GAME.apply(s, s.turn, legal(s)[0])
    assert len(s.board) == 6 + 17 and s.bsupply[C.CHURCH] == 2 and s.bsupply[C.OFFICE] == 2


def _past_draft(**opts: object) -> object:
    s = new(4, expansions=NB, **opts)
    while s.step == 14:  # draft
        GAME.apply(s, s.turn, legal(s)[0])
    return s


def test_four_forests_two_quarries_and_the_builder_pay_1_for_a_large_warehouse() -> None:
    s = _past_draft()
    build(s, 1, "forest_house")
    plant(s, 1, "quarry", "quarry")
    for t in (C.CORN, C.SUGAR, C.COFFEE, C.TOBACCO):
        s.stack.remove(t)
        s.island[1].append(C.FOREST + t)
        s.island_col[1].append(0)
        s.island_cit[1].append(0)
    s.role, s.role_player = C.BUILDER, 1
    assert build_cost(s, 1, C.LARGE_WAREHOUSE) == 1  # 6 - 2 quarries - 1 builder - 1 forests


def test_black_market_harbor_for_6_coins_a_fruit_and_a_worker() -> None:
    s = _past_draft(edition="1897")
    build(s, 1, "black_market")
    plant(s, 1, "corn")
    goods(s, 1, indigo=1)
    s.coins[1] = 6
    choose(s, 0, "builder")
    GAME.apply(s, 0, {"type": "pass"})
    harbor = [a for a in legal(s) if a.get("building") == "harbor"]
    assert harbor and "+ 2 from the Black Market" in harbor[0]["label"]
    GAME.apply(s, 1, harbor[0])
    pays = {(a["pay"], a.get("good")) for a in legal(s)}
    assert pays == {("good", "indigo"), ("worker", None)}  # no VP: he has none
    GAME.apply(s, 1, {"type": "black_market", "pay": "good", "good": "indigo"})
    # the worker on his corn is then the only item left: paid without asking
    assert C.HARBOR in s.city[1] and s.coins[1] == 0 and s.pgoods[1][C.INDIGO] == 0
    assert s.island_col[1][1] == 0


def test_distillery_six_sugar_earn_5() -> None:
    s = _past_draft()
    build(s, 0, "specialty_factory")
    assert income(s, 0, [0, 0, 6, 0, 0]) == [(C.SPECIALTY_FACTORY, 5)]
    assert income(s, 0, [3, 0, 0, 0, 0]) == []  # corn does not count


def test_assembly_hall_examples() -> None:
    for have, vp in (({"corn": 3, "indigo": 2, "coffee": 1}, 2), ({"corn": 4, "coffee": 2}, 3)):
        s = _past_draft(open_vp=True)
        build(s, 0, "union_hall")
        goods(s, 0, **have)
        events = choose(s, 0, "captain")
        hall = [e["text"] for e in events if "union hall" in e["text"]]
        assert hall == [f"Player 1 scores {vp} VP (union hall) (+{vp} VP)"], hall


def test_cathedral_six_forests_three_quarries_two_corn_one_coffee_is_6() -> None:
    island = [C.FOREST + C.CORN] * 6 + [C.QUARRY] * 3 + [C.CORN] * 2 + [C.COFFEE]
    assert cloister_bonus(island) == 6
    assert cloister_bonus([C.CORN] * 3) == 1 and cloister_bonus([C.CORN] * 12) == 10
