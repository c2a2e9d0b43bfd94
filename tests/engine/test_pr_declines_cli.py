"""Declining an optional privilege changes the game, driven through `prtui engine`.

Each position is a real state (`new`, then `state`) edited by hand the way
docs/puerto-rico-state.md describes (every total kept), loaded with `load`, and
played twice: once taking the privilege, once declining it (`pass`). The outcome
differs: the colonist or last-chip end trigger fires or not, another player gets the
colonist, the last VP chip stays, the winner changes.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from server.games.puerto_rico.core import catalog as C
from tests.engine.harness import EngineProc

ARGV = [sys.executable, "-m", "prtui", "engine"]
GOOD = {g: i for i, g in enumerate(C.GOODS)}
ROLE = {r: i for i, r in enumerate(C.ROLES)}


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineProc]:
    proc = EngineProc(ARGV)
    yield proc
    proc.kill()


class Position:
    """A saved state being edited: every change keeps the component totals."""

    def __init__(self, engine: EngineProc, players: int, edition: str = "classic",
                 **options: Any) -> None:
        new = engine.ask({"cmd": "new", "players": players, "seed": 3,
                          "options": {"edition": edition, **options}})
        assert new["ok"], new
        self.engine = engine
        self.d: dict[str, Any] = engine.ask({"cmd": "state"})["state"]

    def waiting(self, seat: int, k: int) -> Position:
        """k colonists from the supply wait in the seat's San Juan."""
        self.d["col_supply"] -= k
        self.d["san_juan"][seat] += k
        return self

    def building(self, seat: int, name: str, colonists: int = 1) -> Position:
        b = C.B_INDEX[name]
        self.d["bsupply"][self.d["board"].index(b)] -= 1  # (one count per board building)
        self.d["city"][seat].append(b)
        self.d["city_col"][seat].append(colonists)
        self.d["city_cit"][seat].append(0)
        self.d["col_supply"] -= colonists
        return self

    def staffed_start_tile(self, seat: int) -> Position:
        self.d["island_col"][seat][0] = 1
        self.d["col_supply"] -= 1
        return self

    def barrels(self, seat: int, good: str, k: int) -> Position:
        self.d["goods"][GOOD[good]] -= k
        self.d["pgoods"][seat][GOOD[good]] += k
        return self

    def chips(self, seat: int, k: int) -> Position:
        self.d["vp_supply"] -= k
        self.d["vp"][seat] += k
        return self

    def load(self) -> dict[str, Any]:
        answer = self.engine.ask({"cmd": "load", "state": self.d})
        assert answer["ok"], answer
        return answer


def play(engine: EngineProc, *actions: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    for action in actions:
        answer = engine.ask({"cmd": "apply", "action": action})
        assert answer["ok"], (action, answer)
    return answer


def types(answer: dict[str, Any]) -> list[str]:
    return [a["type"] for a in answer["legal"]]


def view(engine: EngineProc) -> dict[str, Any]:
    return engine.ask({"cmd": "view", "viewer": None})["view"]


def finish_round(engine: EngineProc, answer: dict[str, Any]) -> dict[str, Any]:
    """Play on, passing wherever a pass is offered, until a new round or the end."""
    start = view(engine)["round"]
    while not answer["over"] and view(engine)["round"] == start:
        passes = [a for a in answer["legal"] if a["type"] == "pass"]
        answer = play(engine, passes[0] if passes else answer["legal"][0])
    return answer


# -- the mayor's privilege colonist ---------------------------------------------------


def _mayor_position(engine: EngineProc) -> Position:
    """Three players, no buildings: the ship refill needs 3 and the supply has 3."""
    pos = Position(engine, 3)
    left = pos.d["col_supply"] - 3
    for seat in range(3):  # the rest wait in San Juan: every placement is forced
        pos.waiting(seat, left // 3 + (1 if seat < left % 3 else 0))
    return pos


@pytest.mark.parametrize("take", [True, False])
def test_the_mayors_colonist_decides_the_colonist_end(engine: EngineProc, take: bool) -> None:
    _mayor_position(engine).load()
    answer = play(engine, {"type": "role", "role": "mayor"})
    assert types(answer) == ["mayor_colonist", "pass"]
    assert answer["legal"][1]["label"] == "Leave the colonist in the supply (privilege)"
    answer = play(engine, answer["legal"][0 if take else 1])
    v = view(engine)
    if take:  # 2 left for a refill of 3: the game ends after this round
        assert v["last_round"] and v["colonists"] == {"ship": 2, "supply": 0}
    else:
        assert not v["last_round"] and v["colonists"] == {"ship": 3, "supply": 0}
    answer = finish_round(engine, answer)
    assert answer["over"] is take


# -- the hospice's colonist -----------------------------------------------------------


@pytest.mark.parametrize("take", [True, False])
def test_the_hospice_colonist_from_the_ship_is_missing_for_the_next_mayor(
    engine: EngineProc, take: bool
) -> None:
    pos = Position(engine, 3).building(0, "hospice")
    # the supply is empty and one colonist is left on the ship; the rest wait with seat 1
    pos.d["san_juan"][1] += pos.d["col_supply"] + pos.d["col_ship"] - 1
    pos.d["col_supply"], pos.d["col_ship"] = 0, 1
    pos.load()
    answer = play(engine, {"type": "role", "role": "settler"})
    tile = answer["legal"][0]
    answer = play(engine, tile)
    assert types(answer) == ["hospice", "pass"]
    assert answer["legal"][0]["label"].endswith("(from the colonist ship)")
    before = people(view(engine), 1)
    answer = play(engine, answer["legal"][0 if take else 1])
    while view(engine)["phase"]["role"] == "settler":
        answer = play(engine, {"type": "pass"})
    answer = play(engine, {"type": "role", "role": "mayor"})  # seat 1 is mayor
    got = people(view(engine), 1) - before
    assert got == (0 if take else 1)  # the ship's only colonist went to the mayor


def people(v: dict[str, Any], seat: int) -> int:
    me = v["players"][seat]
    return me["san_juan"] + sum(t["colonists"] for t in me["island"] + me["city"])


# -- the university's colonist --------------------------------------------------------


@pytest.mark.parametrize("take", [True, False])
def test_the_university_colonist_decides_the_colonist_end(
    engine: EngineProc, take: bool
) -> None:
    pos = _mayor_position(engine).building(0, "university")
    pos.d["san_juan"][2] -= 1  # that colonist came from San Juan, not the supply
    pos.d["col_supply"] += 1
    pos.load()
    answer = play(engine, {"type": "role", "role": "builder"},
                  {"type": "build", "building": "small_market"})
    assert types(answer) == ["university", "pass"]
    assert answer["legal"][1]["label"] == "University: leave the colonist in the supply"
    answer = play(engine, answer["legal"][0 if take else 1])
    answer = play(engine, {"type": "pass"}, {"type": "pass"})  # seats 1 and 2 build nothing
    answer = play(engine, {"type": "role", "role": "mayor"}, {"type": "pass"})
    assert view(engine)["last_round"] is take  # 2 or 3 colonists for a refill of 3


# -- the harbor's point and the captain's privilege point -----------------------------


@pytest.mark.parametrize("take", [True, False])
def test_the_harbor_point_is_the_last_chip_or_stays(engine: EngineProc, take: bool) -> None:
    """1897 (the captain's advantage is compulsory): seat 1 ships 1 corn, 1 chip left."""
    pos = Position(engine, 3, "1897").building(1, "harbor").barrels(1, "corn", 1)
    pos.chips(2, pos.d["vp_supply"] - 2).load()
    answer = play(engine, {"type": "role", "role": "captain"})  # seat 0 has no goods
    answer = play(engine, {"type": "load", "good": "corn", "ship": 0})
    assert types(answer) == ["harbor_vp", "pass"]
    assert [a["label"] for a in answer["legal"]] == [
        "Harbor: take 1 VP chip", "Harbor: leave the VP chip in the supply"]
    answer = play(engine, answer["legal"][0 if take else 1])
    v = view(engine)
    assert v["vp_chips"] == (0 if take else 1) and v["last_round"] is take
    assert engine.ask({"cmd": "state"})["state"]["vp"][1] == (2 if take else 1)


@pytest.mark.parametrize("take", [True, False])
def test_the_classic_captains_point_is_the_last_chip_or_stays(
    engine: EngineProc, take: bool
) -> None:
    pos = Position(engine, 3).building(0, "harbor").barrels(0, "corn", 2)
    pos.chips(1, pos.d["vp_supply"] - 3).load()
    answer = play(engine, {"type": "role", "role": "captain"},
                  {"type": "load", "good": "corn", "ship": 0})
    assert types(answer) == ["captain_vp", "pass"]  # 1 chip left after the 2 barrels
    answer = play(engine, answer["legal"][0 if take else 1])
    if take:  # the last chip went: the harbor's point is pencil and paper, not asked
        assert view(engine)["last_round"] and types(answer) != ["harbor_vp", "pass"]
        assert engine.ask({"cmd": "state"})["state"]["vp"][0] == 4
    else:
        assert types(answer) == ["harbor_vp", "pass"]
        answer = play(engine, {"type": "pass"})
        assert view(engine)["vp_chips"] == 1 and not view(engine)["last_round"]


# -- production and the craftsman's extra good ----------------------------------------


def _corn_position(engine: EngineProc) -> Position:
    """1897, three players: seat 0 makes 1 corn; 2 VP chips left."""
    pos = Position(engine, 3, "1897").staffed_start_tile(2)
    pos.d["island"][0] = [GOOD["corn"]]  # seat 0's start tile swapped with seat 2's
    pos.d["island"][2] = [GOOD["indigo"]]
    pos.d["island_col"][0], pos.d["island_col"][2] = [1], [0]
    return pos.chips(1, pos.d["vp_supply"] - 2)


@pytest.mark.parametrize("take", [True, False])
def test_the_extra_good_forces_the_load_that_takes_the_last_chip(
    engine: EngineProc, take: bool
) -> None:
    _corn_position(engine).load()
    answer = play(engine, {"type": "role", "role": "craftsman"})
    assert types(answer) == ["produce", "pass"]
    answer = play(engine, {"type": "produce"})
    assert types(answer) == ["craftsman_bonus", "pass"]
    assert answer["legal"][1]["label"] == "Take no extra good (advantage)"
    answer = play(engine, answer["legal"][0 if take else 1])
    answer = play(engine, {"type": "role", "role": "captain"})  # seat 1: seat 0 must load
    assert set(types(answer)) == {"load"}
    answer = play(engine, answer["legal"][0])
    v = view(engine)
    assert v["vp_chips"] == (0 if take else 1) and v["last_round"] is take


@pytest.mark.parametrize("produce", [True, False])
def test_not_producing_keeps_the_last_chip(engine: EngineProc, produce: bool) -> None:
    _corn_position(engine).load()
    answer = play(engine, {"type": "role", "role": "craftsman"})
    answer = play(engine, {"type": "produce" if produce else "pass"})
    if produce:
        answer = play(engine, {"type": "craftsman_bonus", "good": "corn"})
    answer = play(engine, {"type": "role", "role": "captain"})
    if produce:
        answer = play(engine, answer["legal"][0])  # the only kind he has, on any ship
    v = view(engine)
    assert v["vp_chips"] == (0 if produce else 2) and v["last_round"] is produce


# -- storage: keeping less than the most ----------------------------------------------


@pytest.mark.parametrize("keep", [True, False])
def test_keeping_a_barrel_or_none_decides_the_tie_break(engine: EngineProc, keep: bool) -> None:
    """The last pick of the last round: seat 0 cannot load his 2 corn and stores."""
    pos = Position(engine, 3).barrels(0, "corn", 2)
    for j, good in enumerate(("indigo", "sugar", "tobacco")):  # no ship takes corn
        pos.d["goods"][GOOD[good]] -= 1
        pos.d["ship_good"][j], pos.d["ship_load"][j] = GOOD[good], 1
    for i, role in enumerate(("settler", "mayor")):  # seats 0 and 1 chose already
        pos.d["chosen"].append(ROLE[role])
        pos.d["role_taken"][ROLE[role]] = i
    pos.d.update(picks=2, turn=2, last_round=True)
    pos.d["coins"] = [2, 3, 1]  # seat 0's tie-break: 2 doubloons + the barrels he keeps
    pos.load()
    answer = play(engine, {"type": "role", "role": "captain"})
    assert [a["label"] for a in answer["legal"]] == ["Keep 1 corn", "Keep nothing"]
    answer = play(engine, answer["legal"][0 if keep else 1])
    assert answer["over"]
    winners = engine.ask({"cmd": "result"})["result"]["winners"]
    assert winners == ([0, 1] if keep else [1])  # 0 VP each: 3 against 3, or 2 against 3
