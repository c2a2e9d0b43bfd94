"""Expansion I, the Bohio (guest_house): guest workers moved at the start, middle or
end of any phase but the recruitment, used at once, staying until the next
recruitment; two guests need not move together (000 "Bohio", both examples)."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PHASE_END, PHASE_START
from tests.games.puerto_rico.exp_helpers import table, types
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    last,
    legal,
    plant,
    step,
)


def _bohio(seat: int = 1) -> object:
    s = table()
    build(s, seat, "guest_house", colonists=2)
    return s


def _to(s: object, p: int, name: str) -> dict[str, object]:
    i = s.bpos[p][C.B_INDEX[name]]
    return {"type": "guest", "where": "city", "index": i}


def test_start_of_a_phase_a_guest_to_the_publishing_house_doubles_the_advantage() -> None:
    s = _bohio()
    build(s, 1, "library", colonists=0)
    goods(s, 1, coffee=1)
    choose(s, 1, "trader")
    assert step(s) == "guest_house"  # asked before the phase begins
    GAME.apply(s, 1, _to(s, 1, "library"))
    assert step(s) == "guest_house"  # the second guest may stay for later
    act(s, 1, "pass")
    coins = s.coins[1]
    act(s, 1, "sell", good="coffee")
    assert s.coins[1] == coins + 4 + 2  # the trader's advantage twice over


def test_end_of_the_shipment_phase_a_guest_to_the_warehouse_stores_at_once() -> None:
    s = _bohio()
    build(s, 1, "small_warehouse", colonists=0)
    goods(s, 1, corn=1, sugar=3, tobacco=2)
    s.ship_good = [C.INDIGO, C.COFFEE, C.CORN]
    s.ship_load = [1, 1, 7]  # nothing of his can be loaded
    choose(s, 0, "captain")
    assert step(s) == "guest_house" and s.step == PHASE_START
    act(s, 1, "pass")  # not at the start; nobody can load, the phase ends
    assert step(s) == "guest_house" and s.step == PHASE_END  # before storage
    GAME.apply(s, 1, _to(s, 1, "small_warehouse"))
    act(s, 1, "pass")  # the second guest stays
    assert step(s) == "captain_store" and s.turn == 1
    assert max(len(a["keep"]) for a in legal(s)) == 1  # the warehouse's one kind
    act(s, 1, "store", keep=["sugar"], single="tobacco")
    assert s.pgoods[1] == [0, 0, 3, 1, 0]


def test_middle_of_a_phase_before_his_own_turn() -> None:
    s = _bohio(2)
    choose(s, 1, "builder")
    assert GAME.to_move(s) == [2] and step(s) == "guest_house"  # the start: everyone
    act(s, 2, "pass")
    while s.turn != 2:
        GAME.apply(s, GAME.to_move(s)[0], last(s, GAME.to_move(s)[0]))
    assert step(s) == "guest_house" and GAME.to_move(s) == [2]  # before his turn
    act(s, 2, "guest", where="island", index=0)
    assert s.island_col[2][0] == 1


def test_a_guest_to_an_estate_at_the_craftsmans_start_produces() -> None:
    s = _bohio()
    plant(s, 1, "corn", occupied=False)
    choose(s, 0, "craftsman")
    act(s, 1, "guest", where="island", index=1)
    while step(s) == "guest_house":
        GAME.apply(s, GAME.to_move(s)[0], {"type": "pass"})
    while step(s) == "craftsman_produce":
        GAME.apply(s, GAME.to_move(s)[0], {"type": "produce"})
    assert s.pgoods[1][C.CORN] == 1


def test_not_asked_in_the_recruitment_phase_where_guests_are_placed_anew() -> None:
    s = _bohio()
    plant(s, 1, "corn", occupied=False)
    choose(s, 1, "mayor")
    assert step(s) != "guest_house" and "guest" not in types(s)


def test_a_moved_guest_stays_until_the_next_recruitment() -> None:
    s = _bohio()
    plant(s, 1, "corn", occupied=False)
    choose(s, 0, "craftsman")
    act(s, 1, "guest", where="island", index=1)
    act(s, 1, "guest", where="island", index=0)
    assert s.city_col[1][0] == 0 and s.island_col[1] == [1, 1]
    while step(s) != "choose_role":
        GAME.apply(s, GAME.to_move(s)[0], legal(s, GAME.to_move(s)[0])[0])
    choose(s, 2, "builder")  # no guest left: nobody is asked
    assert step(s) == "builder" and s.island_col[1] == [1, 1]


def test_no_bohio_no_question() -> None:
    s = table()
    goods(s, 1, corn=1)
    choose(s, 1, "trader")
    assert step(s) == "trader"
