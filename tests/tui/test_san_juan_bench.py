"""`prtui bench client --game san-juan` measures the San Juan board: a late four-player
board made by the engine, its diffs applied to the real game screen. Only what it
measured on is checked here (no timing: the figures go to docs/benchmarks.md)."""

from __future__ import annotations

import json
import subprocess
import sys

from prtui.bench import late_game_snapshots


def test_the_late_san_juan_board_is_a_four_player_game_to_its_end() -> None:
    frames = late_game_snapshots(4, count=30, game_name="san-juan")
    assert len(frames) == 30 and frames[-1]["view"]["over"]
    assert all(f["view"]["game"] == "san-juan" and f["view"]["players_count"] == 4
               for f in frames)
    assert all(f["view"]["players"][0]["hand"] is not None for f in frames)  # seat 0's view
    assert any(len(f["legal"]) > 0 for f in frames)  # some of them mine to move
    assert len(frames[-1]["log"]) > 300


def test_bench_client_runs_on_the_san_juan_board() -> None:
    done = subprocess.run([sys.executable, "-m", "prtui", "bench", "client", "--game", "san-juan",
                           "--samples", "3", "--json"], capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode in (0, 1), done.stderr  # 1: slower than the target here
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    figures = json.loads(lines[0])
    assert figures["board"] == "san-juan, late game, 4 players, 160x50"
    assert figures["samples"] == 3 and figures["target_ms"] == 30
    assert figures["p95_ms"] >= figures["median_ms"] > 0


def test_make_bench_runs_and_quotes_the_san_juan_board() -> None:
    from server.tools import benchmarks

    planned = [r.argv for r in benchmarks.planned_runs(3, 1.0)]
    assert ["bench", "client", "--game", "san-juan", "--json"] in planned
    boards = ("late game, 5 players, 160x50", "san-juan, late game, 4 players, 160x50")
    runs = [benchmarks.Run(f"client {i}", ["bench", "client", "--json"],
                           {"board": board, "median_ms": 10.0 + i, "p95_ms": 20.0 + i,
                            "samples": 100, "target_ms": 30})
            for i, board in enumerate(boards)]
    page = benchmarks.render(runs, benchmarks.machine(), "2026-01-01 00:00 UTC")
    section = page.split("## Client: diff to screen", 1)[1].split("\n## ", 1)[0]
    assert f"{boards[0]}: median 10" in section and f"{boards[1]}: median 11" in section
