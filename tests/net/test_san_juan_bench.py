"""`prtui bench server --game san-juan`: the bot-room bench measures San Juan's rooms
(four seats, two spectators each) on a real loopback server, small. Only what it
measured on is checked (no timing: figures belong in docs/benchmarks.md)."""

from __future__ import annotations

import json
import subprocess
import sys


def bench_server(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "prtui", "bench", "server", *argv],
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)


def test_the_server_bench_plays_san_juan_rooms() -> None:
    done = bench_server("--game", "san-juan", "--rooms", "2", "--spectators", "1",
                        "--seconds", "2", "--think", "0.05", "--json")
    assert done.returncode == 0, done.stderr
    fig = json.loads(done.stdout)
    assert fig["game"] == "san-juan" and fig["rooms"] == 2
    assert fig["failed_tables"] == 0 and fig["errors"] == [] and fig["rejects"] == 0
    assert fig["actions"] > 0 and 0 < fig["diff_to_snapshot"] < 1


def test_a_game_the_bench_cannot_seat_is_one_line() -> None:
    done = bench_server("--game", "chess")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("prtui bench server: unknown game 'chess'")
