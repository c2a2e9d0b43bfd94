"""The engine bench and the `make bench` report, on real games."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from server.games.puerto_rico.game import PuertoRico
from server.tools import bench, benchmarks
from tests.engine import toygame

REQUIRED = {"games_per_s", "actions_per_s", "mean_actions", "players", "games", "state_bytes"}


def test_engine_bench_counts_games_actions_and_state_size() -> None:
    fig = bench.engine_bench(toygame.NAME, 3, 40, {}, seed=5)
    assert fig.games == 40 and fig.players == 3
    assert fig.actions >= 40 * 3 and fig.mean_actions == round(fig.actions / 40, 2)
    assert fig.games_per_s > 0 and fig.actions_per_s > fig.games_per_s
    assert 0 < fig.state_bytes <= fig.state_bytes_max and fig.live_state_bytes > 0
    again = bench.engine_bench(toygame.NAME, 3, 40, {}, seed=5)
    assert (again.actions, again.state_bytes) == (fig.actions, fig.state_bytes)


def test_bench_json_line_has_the_agreed_fields(capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(bench_what="engine", game=toygame.NAME, players=2, games=10,
                              seed=1, option=["deck=long", "pool=20"], json=True)
    assert bench.run(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    fig = json.loads(lines[0])
    assert set(fig) >= REQUIRED
    assert fig["options"] == {"open_vp": False, "pool": 20, "deck": "long"}
    for bad, says in (["deck=huge"], "deck must be one of"), (["colour=red"], "unknown option"):
        args.option = bad
        assert bench.run(args) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.splitlines()) == 1


def test_missing_benches_are_a_clear_message_not_a_crash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench.run(argparse.Namespace(bench_what="nonsense")) == 2
    assert "unknown bench" in capsys.readouterr().err
    bad = argparse.Namespace(bench_what="engine", game="chess", players=4, games=3, seed=1,
                             option=[], json=True)
    assert bench.run(bad) == 2
    assert "chess" in capsys.readouterr().err


def test_report_page_quotes_commands_machine_and_figures(tmp_path: Path) -> None:
    fig = asdict(bench.engine_bench(toygame.NAME, 4, 5, {}, seed=1))
    runs = [
        benchmarks.Run("engine, 4 players", ["bench", "engine", "--players", "4", "--json"], fig),
        benchmarks.Run("server", [], problem="server/net/bench.py not present yet"),
    ]
    page = benchmarks.render(runs, benchmarks.machine(), "2026-01-01 00:00 UTC")
    assert "prtui bench engine --players 4 --json" in page
    assert f"{fig['games_per_s']:,.2f}" in page and "Target: at least 300" in page
    assert "Not measured: server/net/bench.py not present yet." in page
    assert benchmarks.machine()["cores"] in page and "Python: CPython 3.11" in page


def test_prtui_bench_engine_command_prints_one_json_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "prtui", "bench", "engine", "--players", "4", "--games", "3",
         "--json"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    fig = json.loads(out)
    assert set(fig) >= REQUIRED and fig["players"] == 4 and fig["games"] == 3


def test_make_bench_driver_writes_the_page_from_real_commands(tmp_path: Path) -> None:
    page = tmp_path / "benchmarks.md"
    assert benchmarks.main(["--games", "3", "--engine-only", "--write", str(page)]) == 0
    text = page.read_text()
    for n in (2, 3, 4, 5):
        assert f"prtui bench engine --players {n} --games 3 --seed 1 --json" in text
        assert f"\n| {n} | edition=classic open_vp=false | 3 | " in text
    assert "\n| 4 | edition=1897 open_vp=false | 3 | " in text and "Not measured" not in text
    assert "Target: at least 250 four-player games/s" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rooms", "0"], "--rooms must be at least 1"),
        (["--seconds", "-1"], "--seconds must be positive"),
        (["--think", "-0.5"], "--think must be 0 or more"),
        (["--spectators", "-1"], "--spectators must be 0 or more"),
    ],
)
def test_server_bench_bad_arguments_are_a_message(argv: list[str], message: str) -> None:
    """--rooms 0 used to print a traceback and leave its client process running."""
    done = subprocess.run(
        [sys.executable, "-m", "prtui", "bench", "server", *argv],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_report_page_judges_the_every_expansion_run_on_its_own_target() -> None:
    fig = asdict(bench.engine_bench(toygame.NAME, 4, 3, {}, seed=1))
    every = benchmarks._every_choice("puerto-rico")
    expansions = next(o for o in PuertoRico.options_spec if o.type == "multi")
    assert every == ["--option", f"expansions={','.join(expansions.choices)}"]
    runs = [
        benchmarks.Run("engine, 4 players", ["bench", "engine", "--players", "4"], fig),
        benchmarks.Run("engine, 4 players, every expansion",
                       ["bench", "engine", "--players", "4", *every], dict(fig, games_per_s=1.0,
                                                                       games_per_cpu_s=2.0)),
    ]
    page = benchmarks.render(runs, benchmarks.machine(), "2026-01-01 00:00 UTC")
    assert "Target: at least 300 four-player games/s on one core" in page
    assert ("Target: at least 250 four-player games/s with every expansion on one core; "
            "measured 1.0 by the wall clock and 2.0 per second of CPU time (misses it)") in page
    assert f"expansions={','.join(expansions.choices)}" in page
