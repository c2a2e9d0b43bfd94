"""`prtui bench sessions` (server/tools/session_bench.py): one small real run, and its
section of docs/benchmarks.md written once."""

from __future__ import annotations

from server.tools.bench_run import Run
from server.tools.benchmarks import machine
from server.tools.session_bench import measure
from server.tools.web_report import SESSIONS_HEADING, render_sessions, splice


async def test_the_bench_measures_forked_and_spawned_sessions() -> None:
    fig = await measure(sessions=2, spawned=1)
    forked, spawned = fig["forked"], fig["spawned"]
    assert forked["forked_children"] == 3  # the first board's session and the two idle
    assert spawned["forked_children"] == 0
    for way in (forked, spawned):
        assert way["one"]["lobby_s"] > 0 and way["one"]["start_to_board_s"] > 0
        assert 0 < way["one"]["lobby_cpu_s"] <= way["one"]["board_cpu_s"]
    assert forked["idle"]["sessions"] == 2 and spawned["idle"]["sessions"] == 1
    assert forked["idle"]["parent_pss_mib"] > 0 and spawned["idle"]["parent_pss_mib"] == 0
    assert 0 < forked["idle"]["uss_mib_mean"] <= forked["idle"]["pss_mib_mean"]
    assert "pss_mib_at_100" in forked["idle"] and "pss_mib_at_100" not in spawned["idle"]


def test_the_benchmark_page_gets_its_sessions_section_once() -> None:
    page = "# Benchmarks\n\n## Engine\n\nfast\n\n## Commands and raw figures\n\n### x\n"
    run = Run("sessions: SSH sessions forked by the warm parent, and spawned",
              ["bench", "sessions", "--json"])
    run.figures = {
        "forked": {"one": {"lobby_s": 0.4, "start_to_board_s": 0.3, "first_board_s": 0.7,
                           "lobby_cpu_s": 0.2, "board_cpu_s": 1.3},
                   "idle": {"sessions": 24, "pss_mib_mean": 21.6, "uss_mib_mean": 20.8,
                            "pss_mib_at_100_with_parent": 19.5}},
        "spawned": {"one": {"first_board_s": 2.0}, "idle": {"sessions": 6, "pss_mib_mean": 32.2}},
        "cores": 2, "load_1min_at_start": 1.0, "load_1min_at_end": 1.2,
        "target_pss_mib": 20.0, "target_first_board_s": 0.5}
    assert render_sessions([Run("other", ["bench", "web"])]) == []
    once = splice(page, [run], machine(), "2026-01-01 00:00 UTC")
    assert splice(once, [run], machine(), "2026-01-01 00:00 UTC") == once
    assert once.count(SESSIONS_HEADING) == 1
    assert once.index(SESSIONS_HEADING) < once.index("## Commands and raw figures")
    assert "PSS ≤ 20.0 MiB a session at 100: met" in once
    assert "first board ≤ 0.5 s: not met (0.70 s" in once
