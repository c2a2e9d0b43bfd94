"""Rules version 5 (issue 27): where the engine followed its own reading of the 1897
rulebook rather than the rulebook's letter, it now follows the letter; games set up
under an older version replay move for move as they were recorded (the rules notes,
"Rules version 5"). Each test quotes the sentence it follows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.io.conservation import totals, violations
from tests.games.puerto_rico.exp_helpers import BOTH, CIT
from tests.games.puerto_rico.helpers import GAME, act, choose, legal, new, plant, replayed, step
from tests.games.puerto_rico.test_exp4_festival import _offer_face_up, fest
from tests.games.record_games import state_digest

RECORDED = Path(__file__).parent / "data" / "rules4_games.json"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_citizens_put_all_100_workers_in_play(players: int) -> None:
    """000_ae5c345a8774a459.txt (and 003_abe8706a0200239b.txt), Expansion II setup:
    "Place all 100 workers in the workers supply and place the 20 new citizens next to
    it." The supply and the Work Register hold 100 workers at the start, whatever the
    player count (3-5); the register is filled from them as in the base game."""
    s = new(players, expansions=CIT)
    assert s.col_supply + s.col_ship - s.cit_ship == 100
    assert s.col_ship == players and s.cit_ship == 1 and s.cit_supply + s.cit_ship == 20
    assert totals(s)["workers"] == 100 and violations(s) == []
    plain = new(players)  # without the Citizens: the base game's count
    assert plain.col_supply + plain.col_ship == C.SETUPS[players].colonist_supply + players


def test_two_players_with_the_citizens_keep_their_40_and_2() -> None:
    """000_ae5c345a8774a459.txt, Two-Person Game: "Place 2 workers (equal to the number
    of players) on the Work Register and 40 workers in the supply." The two-player
    game's own count stands with the Citizens (docs/rules-notes.md, Rules version 5)."""
    s = new(2, expansions=CIT)
    assert s.col_supply + s.col_ship - s.cit_ship == 40 + 2 and totals(s)["workers"] == 42


@pytest.mark.parametrize("players", [3, 4])
def test_version_4_games_keep_the_base_counts(players: int) -> None:
    s = new(players, expansions=CIT, rules_version=4)
    su = C.SETUPS[players]
    assert s.col_supply + s.col_ship - s.cit_ship == su.colonist_supply + su.colonist_ship


def test_the_tailor_shop_is_a_production_building_two_copies_with_two_players() -> None:
    """000_ae5c345a8774a459.txt, Components: "Expansion II: The Citizens adds 1 Large
    Commercial Building, 12 Small Commercial Buildings, 2 Production Buildings" (the two
    Tailor Shops), and Two-Person Game: "Place 1 of each Commercial Building and 2 of
    each Production Building on the corresponding spaces on the board." """
    s = new(2, expansions=CIT)
    assert s.bsupply[C.JEWELER] == 2 and s.bsupply[C.VILLA] == 1
    assert new(2, expansions=CIT, rules_version=4).bsupply[C.JEWELER] == 1
    assert new(3, expansions=CIT).bsupply[C.JEWELER] == 2  # the box's two, as before


def test_a_drafted_tailor_shop_brings_both_copies_with_two_players() -> None:
    """The same sentences with Expansion I: the Tailor Shop placed in the draft is a
    production building, so both copies go on its space."""
    s = new(2, expansions=BOTH)
    while step(s) == "draft":
        actions = legal(s)
        pick = next((a for a in actions if a["building"] == "jeweler"), actions[0])
        GAME.apply(s, s.turn, pick)
    assert C.JEWELER in s.board and s.bsupply[C.JEWELER] == 2
    assert s.bsupply[C.VILLA] in (0, 1) and violations(s) == []


def test_the_draft_with_the_citizens_adds_one_space_of_each_cost_2_to_8() -> None:
    """000_ae5c345a8774a459.txt, Expansion II setup: "If playing with the basic and
    Expansion I Buildings, follow the Expansion I setup and choose 1 extra Building of
    each cost (2-8) until all the Building spaces on the board are filled." Seven extra
    spaces, 2 to 8; no sixth 10 (the Town Square competes for the five 10-spaces)."""
    s = new(4, expansions=BOTH)
    assert sorted(s.cat.space_costs) == sorted((*C.DRAFT_SPACES, 2, 3, 4, 5, 6, 7, 8))
    assert s.cat.space_costs.count(10) == 5
    assert "royal_garden" in {a["building"] for a in legal(s)}
    old = new(4, expansions=BOTH, rules_version=4)
    assert old.cat.space_costs.count(10) == 6  # version 4's board, kept for its games


def _estate_goal(**opts: object) -> tuple[object, int, str]:
    s = fest(**opts)
    kind = s.festival[0]
    name = C.GOODS[kind]
    plant(s, 0, name, name, occupied=False)
    plant(s, 1, name, name, occupied=False)
    _offer_face_up(s, kind)
    choose(s, 0, "settler")
    act(s, 0, "plantation", tile=name)
    assert s.festival_won[0] == 0
    return s, kind, name


def test_the_festival_estate_tile_goes_face_up_and_may_be_planted() -> None:
    """000_ae5c345a8774a459.txt, Expansion IV: "Estate GOAL: ... Place the Estate tile
    from the Festival board face-up next to the central game board." Like the Zoning
    Office's sold estates, it joins the face-up estates: the next planter may take it."""
    s, kind, name = _estate_goal()
    assert kind in s.face_up and kind not in s.discard
    act(s, 0, "pass")  # the three workers to the Portrait
    assert GAME.to_move(s) == [1]
    assert {"type": "plantation", "tile": name} in [
        {k: a[k] for k in ("type", "tile")} for a in legal(s) if a["type"] == "plantation"]
    assert violations(s) == [] and GAME.from_data(GAME.to_data(s)) is not None


def test_under_version_4_the_festival_estate_tile_was_discarded() -> None:
    s, kind, _ = _estate_goal(rules_version=4)
    assert s.discard == [kind]


def test_games_recorded_under_version_4_replay_move_for_move() -> None:
    """Stored rooms pass their rules version to ``setup``: games recorded by the engine
    before version 5 (tests/games/record_games.py, one of each configuration version 5
    changes) replay every action to the same end and the same saved state."""
    recorded = json.loads(RECORDED.read_text())
    assert "rules version 4" in recorded["engine"]
    for game in recorded["games"]:
        s = replayed(game, rules=4)
        assert state_digest(GAME.to_data(s)) == game["state_digest"], game["options"]
