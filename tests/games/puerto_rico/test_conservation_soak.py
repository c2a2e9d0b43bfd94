"""The soak's Puerto Rico configurations (server/tools/soak.py): the expansions as an
argument, the conservation check after every action (and a soak that fails when a
barrel vanishes), the matrix of player counts x expansion sets, and a long soak
recorded in parts."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from server.games.puerto_rico.phases import trader
from server.tools import soak


def test_expansions_are_an_argument_and_conservation_is_checked(tmp_path: Path) -> None:
    record = tmp_path / "soak.json"
    code = soak.main(["--players", "3", "--expansions", "new_buildings,citizens", "--games",
                      "2", "--check-every", "10", "--json", "--record", str(record)])
    assert code == 0
    (entry,) = json.loads(record.read_text()).values()
    fig = entry["figures"]
    assert fig["options"]["expansions"] == ["new_buildings", "citizens"]
    assert fig["conservation_checks"] == fig["actions"] + 2  # every action and the setups
    assert fig["check_every"] == 10 and fig["loads"] < fig["actions"]
    assert "--expansions new_buildings,citizens" in entry["command"]
    assert sum(fig["triggers"].values()) == 2  # what set off each end
    assert not any("refill" in line for line in fig["triggers"])  # never the workers


def test_a_barrel_that_vanishes_fails_the_soak_with_its_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = trader.finish

    def leaky(s, ev):  # type: ignore[no-untyped-def]
        if s.house:
            s.house.pop()  # a barrel of the trading house goes nowhere
        real(s, ev)

    monkeypatch.setattr(trader, "finish", leaky)
    fig = soak.soak("puerto-rico", 2, 2, {"expansions": []}, seed=3, view_every=1000)
    assert fig.failures == 2
    assert fig.failed[0].startswith("seed ") and "goods." in fig.failed[0]


def test_the_matrix_plays_every_player_count_and_expansion_set(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "soak.json"
    assert soak.main(["--matrix", "--games", "1", "--check-every", "50", "--view-every",
                      "100", "--json", "--record", str(record)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    played = {(f["players"], tuple(f["options"]["expansions"])) for f in lines}
    four = ("new_buildings", "citizens", "smuggler", "festival")  # every set of the four
    sets = {c for k in range(5) for c in itertools.combinations(four, k)}
    assert len(sets) == 16 and played == {(n, x) for n in range(2, 6) for x in sets}
    kept = json.loads(record.read_text())
    assert len(kept) == 64
    commands = {e["command"] for e in kept.values()}
    assert ("python -m server.tools.soak --games 1 --check-every 50 --view-every 100 --json "
            f"--record {record} --players 5 --expansions none") in commands


def test_a_soak_in_parts_is_recorded_as_one(tmp_path: Path) -> None:
    record = tmp_path / "soak.json"
    args = ["--players", "2", "--expansions", "citizens", "--check-every", "20",
            "--record", str(record)]
    assert soak.main([*args, "--games", "2"]) == 0
    assert soak.main([*args, "--games", "1", "--seed", "3"]) == 0  # goes on: added
    (entry,) = json.loads(record.read_text()).values()
    assert entry["figures"]["games"] == 3 and entry["figures"]["seed"] == 1
    assert sum(entry["figures"]["endings"].values()) == 3
    assert entry["command"].count("python -m server.tools.soak") == 2
    assert soak.main([*args, "--games", "1", "--seed", "9"]) == 0  # not after: replaces
    (entry,) = json.loads(record.read_text()).values()
    assert entry["figures"]["games"] == 1 and entry["figures"]["seed"] == 9
