"""`prtui bench deaf` and `prtui bench lobby` run against a real `prtui serve`, small.

Only what they measure and report is checked here, never how fast: the figures and
their targets belong to docs/benchmarks.md (`make bench`).
"""

from __future__ import annotations

import json
import subprocess
import sys

from server.tools.benchmarks import machine
from server.tools.hostile_report import hostile_runs, splice


def bench(*argv: str) -> dict[str, object]:
    proc = subprocess.run([sys.executable, "-m", "prtui", "bench", *argv, "--json"],
                          capture_output=True, text=True, timeout=300, check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    assert lines, proc.stderr
    return json.loads(lines[-1])


def test_deaf_clients_are_all_dropped_and_measured() -> None:
    fig = bench("deaf", "--deaf", "2", "--rooms", "50", "--settle", "0")
    assert fig["dropped"] == 2
    assert fig["lobby_bytes"] < 64 * 1024
    for key in ("rss_start_mb", "rss_peak_mb", "rss_after_mb"):
        assert isinstance(fig[key], float) and fig[key] > 0


def test_the_lobby_bench_pages_searches_and_replays() -> None:
    fig = bench("lobby", "--finished", "120", "--clients", "2")
    assert fig["counts"] == {"waiting": 0, "playing": 0, "over": 120}
    assert fig["lobby_rooms"] == 100 and fig["lobby_bytes_max"] < 64 * 1024
    assert isinstance(fig["replay_steps"], int) and fig["replay_steps"] > 50


def test_the_report_replaces_only_its_own_sections() -> None:
    page = "# Benchmarks\n\n## Engine\n\nfast\n\n## Bots: arena\n\nwins\n\n## Commands and raw figures\n"
    runs = hostile_runs()
    runs[0].figures = {"rooms": 1000, "clients": 8, "rss_start_mb": 41.0, "rss_peak_mb": 43.0,
                       "rss_after_mb": 42.0, "settle_s": 3.0, "dropped": 8}
    runs[1].figures = {"finished": 10000, "lobby_ms_median": 5.0, "lobby_bytes_max": 50000}
    once = splice(page, runs, machine(), "2026-01-01 00:00 UTC")
    assert splice(once, runs, machine(), "2026-01-01 00:00 UTC") == once
    assert once.index("## Engine") < once.index("never read") < once.index("## Bots: arena")
    assert "peak 43.00 MB (target < 150 MB)" in once and "fast" in once and "wins" in once
    assert once.count("prtui bench lobby --finished 10000 --json") == 1
