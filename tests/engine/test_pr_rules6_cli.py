"""Rules version 6 (issue 39), driven through `prtui engine` on crafted states.

Each position is a real state (`new`, then `state`) edited the way
docs/puerto-rico-state.md describes (every total kept) and loaded with `load`; the same
position with ``"rules": 5`` plays as stored games of that version were recorded.

- The wharf's "when" (000 Wharf and Small Wharf: "The player may choose when during
  the Shipment phase to use this special function (if at all)"): a player who passed
  with his wharf is asked again on his later turns while it can be used; the phase ends
  once everyone in turn has passed or cannot load.
- The festival's estate goal reached by the planter phase's last planter is awarded
  before the refresh, its tile discarded with the row: the next phase shows n + 1.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine.harness import EngineProc
from tests.engine.test_pr_declines_cli import GOOD, Position, play, types, view

ARGV = [sys.executable, "-m", "prtui", "engine"]


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineProc]:
    proc = EngineProc(ARGV)
    yield proc
    proc.kill()


def cargo(pos: Position, j: int, good: str, k: int) -> None:
    """k barrels of ``good`` from the supply aboard ship j."""
    pos.d["goods"][GOOD[good]] -= k
    pos.d["ship_good"][j], pos.d["ship_load"][j] = GOOD[good], k


def load(pos: Position, rules: int | None = None) -> dict[str, Any]:
    """Load the position under ``rules`` (None: the version `new` set it up with)."""
    if rules is not None:
        pos.d["rules"] = rules
    return pos.load()


def mover(answer: dict[str, Any]) -> int:
    (seat,) = answer["to_move"]
    return int(seat)


# -- the wharf and the small wharf ----------------------------------------------------


def _shipment(pos: Position, wharf: str) -> Position:
    """Seat 1 owns a manned ``wharf`` and holds corn, which no cargo ship takes (each
    carries another kind); seat 2 must load his indigo and his sugar, one a turn; the
    captain, seat 0, holds nothing."""
    pos.building(1, wharf).barrels(1, "corn", 2)
    pos.barrels(2, "indigo", 1).barrels(2, "sugar", 1)
    for j, good in enumerate(("indigo", "sugar", "tobacco")):
        cargo(pos, j, good, 1)
    return pos


def _drafted(engine: EngineProc, players: int, wanted: str) -> Position:
    """New Buildings: the draft played through (taking ``wanted`` when offered)."""
    pos = Position(engine, players, "1897", expansions=["new_buildings"])
    answer = engine.ask({"cmd": "legal"})
    while answer["legal"] and answer["legal"][0]["type"] == "draft":
        picks = [a for a in answer["legal"] if a["building"] == wanted]
        answer = play(engine, (picks or answer["legal"])[0])
    assert types(answer)[0] == "role"
    pos.d = engine.ask({"cmd": "state"})["state"]
    return pos


OPTIONAL = {"wharf": "load", "small_wharf": "charter"}  # the load each offers


def _position(engine: EngineProc, wharf: str) -> Position:
    if wharf == "wharf":  # classic
        return _shipment(Position(engine, 3), wharf)
    return _shipment(_drafted(engine, 3, wharf), wharf)  # 1897 with New Buildings


def corn(engine: EngineProc, seat: int = 1) -> int:
    return int(engine.ask({"cmd": "state"})["state"]["pgoods"][seat][GOOD["corn"]])


@pytest.mark.parametrize("wharf", ["wharf", "small_wharf"])
def test_a_passed_wharf_is_offered_again_on_the_later_turn(engine: EngineProc,
                                                           wharf: str) -> None:
    load(_position(engine, wharf))
    answer = play(engine, {"type": "role", "role": "captain"})  # seat 0 holds nothing
    assert mover(answer) == 1 and set(types(answer)) == {OPTIONAL[wharf], "pass"}
    answer = play(engine, {"type": "pass"})
    assert mover(answer) == 2  # indigo or sugar: his choice
    answer = play(engine, {"type": "load", "good": "indigo", "ship": 0})
    # seat 0 holds nothing: seat 1's turn comes round, and his wharf is still his
    assert mover(answer) == 1 and set(types(answer)) == {OPTIONAL[wharf], "pass"}
    name = "Small Wharf" if wharf == "small_wharf" else "wharf"  # (1897 / classic names)
    assert answer["legal"][-1]["label"] == f"Not now: keep the {name} for a later turn"
    before = engine.ask({"cmd": "state"})["state"]["vp"][1]
    both = {"type": "load", "good": "corn", "ship": "wharf"} if wharf == "wharf" else {
        "type": "charter", "good": "corn", "count": 2}
    play(engine, both)
    assert corn(engine) == 0
    assert engine.ask({"cmd": "state"})["state"]["vp"][1] == before + (
        2 if wharf == "wharf" else 1)  # a barrel a VP; the small wharf 1 for 2


@pytest.mark.parametrize("wharf", ["wharf", "small_wharf"])
def test_the_phase_ends_when_everyone_in_turn_has_passed(engine: EngineProc,
                                                         wharf: str) -> None:
    """Asked after every load, never in a loop: once the others cannot load, one more
    pass ends the loading (seat 1 then stores his corn; he chooses the next role)."""
    load(_position(engine, wharf))
    answer = play(engine, {"type": "role", "role": "captain"}, {"type": "pass"},
                  {"type": "load", "good": "sugar", "ship": 1})
    assert mover(answer) == 1 and "pass" in types(answer)
    answer = play(engine, {"type": "pass"})  # seat 2's indigo follows unasked: a load
    assert mover(answer) == 1 and "pass" in types(answer)
    answer = play(engine, {"type": "pass"})
    assert view(engine)["phase"]["step"] == "captain_store" and set(types(answer)) == {"store"}
    answer = play(engine, answer["legal"][0])  # keep 1 corn
    assert view(engine)["phase"]["step"] == "choose_role"
    assert mover(answer) == 1 and set(types(answer)) == {"role"} and corn(engine) == 1


@pytest.mark.parametrize("wharf", ["wharf", "small_wharf"])
def test_under_rules_5_a_pass_gave_the_wharf_up(engine: EngineProc, wharf: str) -> None:
    load(_position(engine, wharf), 5)
    answer = play(engine, {"type": "role", "role": "captain"})
    assert answer["legal"][-1]["label"].startswith("Do not use the")  # (version 5's words)
    answer = play(engine, {"type": "pass"}, {"type": "load", "good": "indigo", "ship": 0})
    # seat 2's sugar went unasked, seat 1 was not asked again: his corn is stored
    assert view(engine)["phase"]["step"] == "captain_store" and set(types(answer)) == {"store"}
    assert mover(answer) == 1 and corn(engine) == 2


# -- the festival's estate goal by the last planter -----------------------------------


def _festival(engine: EngineProc, players: int) -> tuple[Position, str]:
    """The last planter (seat n-1: seat 0 is the planter) has two estates of the
    festival's kind; one more of it lies face up."""
    pos = Position(engine, players, "1897", expansions=["festival"])
    d = pos.d
    kind = d["festival"][0]
    last = players - 1
    for _ in range(2):
        d["stack"].remove(kind)
        d["island"][last].append(kind)
        d["island_col"][last].append(0)
        d["island_cit"][last].append(0)
    if kind not in d["face_up"]:
        d["stack"].remove(kind)
        d["stack"].append(d["face_up"].pop(0))
        d["face_up"] = sorted([*d["face_up"], kind])
    return pos, next(g for g, i in GOOD.items() if i == kind)


@pytest.mark.parametrize("players", [3, 5])
def test_the_last_planters_estate_goal_comes_before_the_refresh(engine: EngineProc,
                                                                 players: int) -> None:
    pos, kind = _festival(engine, players)
    load(pos)
    answer = play(engine, {"type": "role", "role": "settler"},
                  *[{"type": "pass"}] * (players - 1))
    assert mover(answer) == players - 1
    discards = view(engine)["plantations"]["discard"]
    answer = play(engine, {"type": "plantation", "tile": kind})
    v = view(engine)
    # the goal is his before the phase is over: its tile lies in this phase's row
    assert v["festival"]["won"]["estate"] == players - 1 and v["phase"]["role"] == "settler"
    assert mover(answer) == players - 1 and "place_worker" in types(answer)
    assert v["plantations"]["face_up"].count(kind) >= 1
    row = len(v["plantations"]["face_up"])
    assert row == players + 1  # n + 1 turned up, one taken, the goal's tile added
    answer = play(engine, {"type": "pass"})  # the workers to the portrait
    v = view(engine)
    assert v["phase"]["step"] == "choose_role" and mover(answer) == 1
    assert len(v["plantations"]["face_up"]) == players + 1  # the next phase: n + 1
    assert v["plantations"]["discard"] == discards + row  # the goal's tile with the row


@pytest.mark.parametrize("players", [3, 5])
def test_under_rules_5_the_tile_joined_the_next_row(engine: EngineProc, players: int) -> None:
    pos, kind = _festival(engine, players)
    load(pos, 5)
    play(engine, {"type": "role", "role": "settler"}, *[{"type": "pass"}] * (players - 1),
         {"type": "plantation", "tile": kind})
    v = view(engine)
    assert v["festival"]["won"]["estate"] == players - 1
    assert len(v["plantations"]["face_up"]) == players + 2  # as stored games recorded it
