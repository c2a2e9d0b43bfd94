"""Expansions III and IV with the others: random games of every set of expansions that
holds III or IV, 2-5 players, played to the end with conservation after every action
and a save/load round trip on the way; the views hide what they hid before; the easy
and random bots finish games; and the save format 4 still reads format 3, whose
recorded games (by the engine before III/IV) replay to the same end."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from server.bots.levels import make_bot
from server.games.puerto_rico.io.conservation import violations
from tests.games.puerto_rico.helpers import GAME, replayed
from tests.games.puerto_rico.test_conservation_rich import play_checked, rich

FOUR = ("new_buildings", "citizens", "smuggler", "festival")
SETS = [list(c) for k in range(1, 5) for c in itertools.combinations(FOUR, k)
        if "smuggler" in c or "festival" in c]
DATA = Path(__file__).parent / "data" / "format3_games.json"
# placed: format 5; rules: format 6 (a format-3 state reads as rules version 3)
NEW_KEYS = ("smuggler", "festival", "festival_won", "placed", "rules")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_set_with_iii_or_iv_plays_random_games_to_the_end(players: int) -> None:
    assert len(SETS) == 12
    seen: set[str] = set()
    for i, expansions in enumerate(SETS):
        edition = ("classic", "1897")[i % 2]
        s = GAME.setup(players, {"edition": edition, "expansions": expansions}, i)
        rnd = random.Random(i)
        k = 0
        while not GAME.is_over(s):
            (seat,) = GAME.to_move(s)
            action = rnd.choice(GAME.legal_actions(s, seat))
            seen.add(action["type"])
            GAME.apply(s, seat, action)
            assert violations(s) == [], (expansions, i, k, action)
            k += 1
            if k % 40 == 0:
                again = GAME.from_data(GAME.to_data(s))
                assert GAME.to_data(again) == GAME.to_data(s)
                assert GAME.legal_actions(again, seat) is not None
        assert GAME.result(s) is not None
    assert {"role", "capture", "pass"} <= seen


def test_views_show_the_expansions_and_hide_the_same_as_before() -> None:
    s = GAME.setup(3, {"expansions": ["smuggler", "festival"]}, 4)
    rnd = random.Random(4)
    for _ in range(150):
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))
    spectator = GAME.view(s, None)
    assert set(spectator["smuggler"]) == {"holder", "captured", "captor"}
    assert set(spectator["festival"]) == {"estate", "goods", "building", "won"}
    for viewer in range(3):
        view = GAME.view(s, viewer)
        assert view["smuggler"] == spectator["smuggler"]  # all public
        assert view["festival"] == spectator["festival"]
        others = [p for p in view["players"] if p["seat"] != viewer]
        assert all(p["vp_chips"] is None for p in others)
    plain = GAME.view(GAME.setup(3, {}, 4), None)
    assert "smuggler" not in plain and "festival" not in plain


@pytest.mark.parametrize("expansions", [["smuggler", "festival"], list(FOUR)])
def test_the_easy_and_random_bots_finish_games(expansions: list[str]) -> None:
    for players in (2, 4):
        s = GAME.setup(players, {"expansions": expansions}, players)
        bots = [make_bot(("easy", "random")[p % 2], GAME, p) for p in range(players)]
        while not GAME.is_over(s):
            (seat,) = GAME.to_move(s)
            GAME.apply(s, seat, bots[seat].choose(GAME, s, seat))
        assert violations(s) == []


def test_format_3_states_and_games_of_the_engine_before_replay_the_same() -> None:
    recorded = json.loads(DATA.read_text())
    for game in recorded["games"]:
        # recorded under rules version 3: a stored room passes its version (issue 16)
        s = replayed(game, rules=3)
        old = game["final_state"]
        assert old["format"] == 3
        now = GAME.to_data(s)
        assert {k: v for k, v in now.items() if k not in ("format", *NEW_KEYS)} == {
            k: v for k, v in old.items() if k != "format"}
        assert GAME.to_data(GAME.from_data(old)) == now  # format 3 loads as format 4
        assert now["smuggler"] == [-1, -1, -1] and now["festival"] == []


def test_a_format_3_state_mid_game_loads_and_plays_on() -> None:
    s = GAME.setup(4, {"expansions": ["new_buildings"]}, 2)
    rnd = random.Random(2)
    for _ in range(80):
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))
    data = {k: v for k, v in GAME.to_data(s).items() if k not in NEW_KEYS}
    data["format"] = 3
    loaded = GAME.from_data(data)
    (seat,) = GAME.to_move(s)
    assert GAME.legal_actions(loaded, seat) == GAME.legal_actions(s, seat)
    with pytest.raises(Exception, match="smuggler: no smuggler in this game"):
        GAME.from_data({**GAME.to_data(s), "smuggler": [0, -1, -1]})


@pytest.mark.parametrize("seed", range(8))
def test_rich_positions_with_all_four_keep_everything(seed: int) -> None:
    """test_conservation_rich's positions (cities of the expansions' buildings, forests,
    barrels, few chips or workers) with the smuggler and the festival as well."""
    players = 2 + seed % 4
    sets = (list(FOUR), ["new_buildings", "smuggler", "festival"])
    play_checked(rich(players, sets[seed % 2], seed), players, seed)


def test_the_soak_takes_the_new_expansions(capsys: pytest.CaptureFixture[str]) -> None:
    from server.tools import soak

    args = ["--players", "3", "--games", "2", "--check-every", "5", "--json",
            "--expansions", "smuggler,festival"]
    assert soak.main(args) == 0
    (line,) = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert line["options"]["expansions"] == ["smuggler", "festival"]
    assert line["failures"] == 0 and line["games"] == 2
