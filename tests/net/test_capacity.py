"""`prtui bench server --find-capacity`: the search over sizes (server/net/capacity.py),
on figures whose answer is known, and one small real search through the command whose
report's shape is checked (not its speed: figures belong in docs/benchmarks.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from server.net.capacity import render, search


def _linear(p99_per_room: float, lag: float = 1.0,
            lag_from: int | None = None) -> tuple[list[int], Any]:
    """A server whose p99 grows with the rooms (p99_per_room ms a room), the sizes asked."""
    asked: list[int] = []

    def run(n: int) -> dict[str, Any]:
        asked.append(n)
        return {"actions": 10 * n, "actions_per_s": n / 3, "p50_ms": 1.0,
                "p99_ms": n * p99_per_room, "server_cpu_share": n / 2000,
                "client_lag_p99_ms": 80.0 if lag_from and n >= lag_from else lag,
                "loop_lag_p99_ms": 2.0,
                "client_cpu_share": 0.1, "setup_s": 1.0, "seconds": 20.0}

    return asked, run


def test_doubles_then_halves_the_gap_to_within_a_tenth() -> None:
    asked, run = _linear(0.1)  # p99 reaches 100 ms at 1,000 rooms
    report = search(run, 250, 8000, 100.0)
    assert asked[:3] == [250, 500, 1000]  # doubling until one fails
    passed = [s["rooms"] for s in report["steps"] if s["passed"]]
    failed = [s["rooms"] for s in report["steps"] if not s["passed"]]
    assert max(passed) < min(failed) == 1000
    assert report["largest_rooms"] == max(passed) >= 900
    assert report["at_largest"]["rooms"] == report["largest_rooms"]
    assert all(s["limit"] == "p99" for s in report["steps"] if not s["passed"])


def test_a_first_size_that_fails_is_halved_down() -> None:
    asked, run = _linear(1.0)  # 100 ms at 100 rooms
    report = search(run, 400, 8000, 100.0)
    assert asked[:3] == [400, 200, 100]
    assert 90 <= report["largest_rooms"] < 100


def test_stops_at_the_largest_size_allowed() -> None:
    asked, run = _linear(0.001)
    report = search(run, 250, 600, 100.0)
    assert asked == [250, 500, 600] and report["largest_rooms"] == 600
    assert report["stopped"] == "every size passed up to --max-rooms 600"


def test_slow_clients_stop_the_search_and_say_so() -> None:
    """Past there the latency is the clients', not the server's: no figure is claimed."""
    asked, run = _linear(0.01, lag_from=1000)
    report = search(run, 250, 8000, 100.0)
    assert asked == [250, 500, 1000] and report["largest_rooms"] == 500
    assert report["steps"][-1]["limit"] == "clients"
    assert "the clients' own loop lag" in report["stopped"]


def test_a_size_that_could_not_be_set_up_fails_with_its_reason() -> None:
    def run(n: int) -> dict[str, Any]:
        if n > 300:
            return {"error": f"{n} of {n} tables were not set up within 120 s"}
        return _linear(0.01)[1](n)

    report = search(run, 200, 8000, 100.0)
    assert report["steps"][1] == {"rooms": 400, "passed": False, "limit": "failed",
                                  "error": "400 of 400 tables were not set up within 120 s"}
    assert 270 <= report["largest_rooms"] <= 300
    text = render(report, 4, 3.0)
    assert "  400  failed: 400 of 400 tables were not set up within 120 s" in "\n".join(text)
    assert text[-1].startswith(f"largest: {report['largest_rooms']} rooms "
                               f"({4 * report['largest_rooms']} players)")


def test_find_capacity_through_the_command() -> None:
    """Tiny sizes and a bound no loaded machine misses (10 s): the search goes 2 -> 4
    and stops at --max-rooms; each row carries the figures a host reads."""
    done = subprocess.run(
        [sys.executable, "-m", "prtui", "bench", "server", "--find-capacity", "--rooms", "2",
         "--max-rooms", "4", "--seconds", "1", "--think", "0.1", "--target-p99", "10000",
         "--json"], capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [s["rooms"] for s in report["steps"]] == [2, 4]
    assert all(s["passed"] and s["actions"] > 0 for s in report["steps"])
    assert set(report["steps"][0]) >= {"p50_ms", "p99_ms", "actions_per_s", "server_cpu_share",
                                       "client_lag_p99_ms", "client_cpu_share", "setup_s"}
    assert report["largest_rooms"] == 4 and report["at_largest"]["rooms"] == 4
    assert report["seats"] == 4 and report["think_s"] == 0.1
    assert report["spectators_per_room"] == 0 and report["target_p99_ms"] == 10000
    assert report["stopped"] == "every size passed up to --max-rooms 4"


def test_the_bench_clients_diffs_in_place_give_what_apply_ops_gives() -> None:
    """The bench's players change their own snapshot in place (server/net/
    bench_clients.py); every move of a seeded five-player game, as the server diffs it."""
    import copy

    from prtui.bench import diffs_of, late_game_snapshots
    from server.net.bench_clients import apply_in_place
    from server.protocol.diff import apply_ops

    frames = late_game_snapshots(5, seed=3, count=400)
    mine = copy.deepcopy(frames[0])
    for before, ops, after in zip(frames, diffs_of(frames), frames[1:], strict=False):
        assert apply_ops(before, ops) == after
        mine = apply_in_place(mine, copy.deepcopy(ops))
        assert mine == after
    assert apply_in_place({"a": [1]}, [["set", [], {"b": 2}]]) == {"b": 2}


def test_a_server_that_waited_for_the_machine_is_said_so() -> None:
    """Over the target with the server under half a core and its own loop late: the
    machine's other work, named in the report (the figures stay as measured)."""
    def run(n: int) -> dict[str, Any]:
        fig = _linear(0.01)[1](n)
        return fig | ({"p99_ms": 300.0, "server_cpu_share": 0.2, "loop_lag_p99_ms": 250.0}
                      if n >= 500 else {})

    report = search(run, 250, 8000, 100.0)
    assert report["largest_rooms"] < 500
    note = render(report, 4, 3.0)[-1]
    assert note.startswith("note: at 500 rooms the server's own loop woke late (p99 250.0 ms)"
                           " while it used 20% of a core")
