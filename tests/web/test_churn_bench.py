"""`prtui bench web-churn` runs end to end, small: a real `prtui serve --web-port`, a
terminal player timing moves, and two clients from one address churning browser
sessions against a start rate that lets one through (docs/benchmarks.md has the figures;
nothing here is timed)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_churn_bench_counts_starts_refusals_moves_and_homes() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "prtui", "bench", "web-churn", "--players", "1", "--seconds",
         "1", "--churners", "2", "--starts-per-minute", "0.6", "--max-homes", "1", "--json"],
        capture_output=True, text=True, timeout=600, check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    assert lines, proc.stderr[-3000:]
    fig = json.loads(lines[-1])
    assert fig["started"] == 1  # a burst of one start (0.6 a minute)
    assert fig["refused"] >= 1 and fig["outcomes"]["refused_rate"] == fig["refused"]
    assert fig["attempts"] == sum(fig["outcomes"].values()) == fig["started"] + fig["refused"]
    for phase in ("quiet", "churn"):  # each phase timed at least one move
        assert fig[phase]["n"] >= 1
    assert fig["homes_bounded"] and fig["homes_max"] <= 1 and fig["tracebacks"] == 0
    assert len(fig["load_1min"]) == 3
