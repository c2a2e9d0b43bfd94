"""The arena: rotation of seats, tallies, the Wilson interval and the CLI output."""

from __future__ import annotations

import json

import pytest

from prtui.cli import build_parser
from server.bots.arena import run, run_arena
from server.bots.stats import wilson
from tests.bots import toygame  # noqa: F401  (registers "toy")


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3)
    assert hi == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == 1.0
    assert wilson(3, 0) == (0.0, 1.0)


def test_arena_rotates_seats_and_counts_every_game() -> None:
    summary = run_arena("toy", ["hard", "random", "random"], games=6, seed=2, iterations=40)
    bots = summary["bots"]
    assert summary["games"] == 6 and summary["unfinished"] == 0
    assert sum(b["wins"] for b in bots) == pytest.approx(6)
    assert [b["level"] for b in bots] == ["hard", "random", "random"]
    assert summary["avg_length"] == 12  # 4 takes each for 3 players
    assert all(b["fallbacks"] == 0 for b in bots)
    again = run_arena("toy", ["hard", "random", "random"], games=6, seed=2, iterations=40)
    for b in (*bots, *again["bots"]):
        del b["avg_move_seconds"]  # wall time, the only thing allowed to differ
    assert again["bots"] == bots  # a fixed seed and an iteration cap replay the run


def test_arena_cli_prints_one_json_line() -> None:
    """In a process of its own: `--jobs 2` forks its workers, and a fork of this
    multi-threaded test process could deadlock in the child (a lock held by another
    thread at the fork), which hung a whole pytest worker in CI."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "prtui", "arena", "--game", "puerto-rico", "--players", "2",
         "--bots", "easy,random", "--games", "4", "--seed", "3", "--jobs", "2", "--json"],
        capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["games"] == 4
    assert {"seat", "level", "wins", "win_rate", "ci95", "avg_score"} <= set(data["bots"][0])
    lo, hi = data["bots"][0]["ci95"]
    assert 0 <= lo <= data["bots"][0]["win_rate"] <= hi <= 1


def test_arena_cli_table_and_bad_levels(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    args = parser.parse_args(["arena", "--game", "toy", "--players", "2", "--bots", "random",
                              "--games", "2"])
    assert run(args) == 0
    assert "average game length" in capsys.readouterr().out
    bad = parser.parse_args(["arena", "--game", "toy", "--players", "3", "--bots", "easy,wizard,easy"])
    assert run(bad) == 2
    assert "unknown bot level" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "9", "--bots", "random"], "2 to 5 players, not 9"),
        (["--game", "chess", "--players", "2", "--bots", "random"], "unknown game 'chess'"),
        (["--players", "2", "--bots", "random", "--games", "0"], "--games must be at least 1"),
        (["--players", "2", "--bots", "random", "--jobs", "-1"], "--jobs must be at least 1"),
        (["--players", "2", "--bots", "random", "--move-time", "-1"], "--move-time must be"),
        (["--players", "2", "--bots", "random", "--option", "edition=2099"],
         "edition must be one of classic, 1897"),
        (["--players", "2", "--bots", "random", "--option", "colour=red"],
         "unknown option 'colour' (known: edition, open_vp, expansions)"),
        (["--players", "2", "--bots", "random", "--option", "open_vp"], "KEY=VALUE"),
    ],
)
def test_arena_cli_bad_arguments_are_a_message_not_a_traceback(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = build_parser().parse_args(["arena", *argv])
    assert run(args) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err and captured.out == ""
