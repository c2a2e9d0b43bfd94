"""`prtui bench server --find-capacity`: the most rooms one server holds at human pace.

Each size is a whole bench run of its own (server/net/bench.py: a fresh server, the
clients in their own processes, a warm-up, then one measured window), so a size's figure
never carries the backlog of the one before. From ``--rooms`` the size doubles while the
act -> diff p99 stays under the target, then the gap between the largest size that
passed and the smallest that did not is halved until it is within a tenth. A size
passes when its p99 is under the target; it fails on the p99, on a set-up that did not
finish in its bound, or on a client process that died. Where the clients' own loop lag
is half the target or more, their figures are theirs, not the server's: the search
stops there and says so rather than report a number the server did not earn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

HUMAN_THINK_S = 3.0
"""A move every ~3 s per room: players at a table, not bots."""

TARGET_P99_MS = 100.0

Run = Callable[[int], dict[str, Any]]
"""One bench run at N rooms: its figures, or {"error": why} when it failed."""


def verdict(fig: dict[str, Any], target_ms: float) -> str | None:
    """Why this size did not pass (``None``: it did)."""
    if "error" in fig:
        return "failed"
    if fig["client_lag_p99_ms"] >= target_ms / 2:
        return "clients"
    if fig["actions"] == 0 or fig["p99_ms"] >= target_ms:
        return "p99"
    return None


def search(run: Run, start: int, max_rooms: int, target_ms: float = TARGET_P99_MS,
           say: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run sizes as the module says; every size tried is a row of the report."""
    steps: list[dict[str, Any]] = []
    good: int | None = None
    bad: int | None = None
    n = max(1, min(start, max_rooms))
    stopped = None
    while True:
        fig = run(n)
        why = verdict(fig, target_ms)
        row = _row(n, fig, why)
        steps.append(row)
        if say is not None:
            say(row)
        if why == "clients":
            stopped = (f"at {n} rooms the clients' own loop lag (p99 "
                       f"{fig['client_lag_p99_ms']} ms) was half the target or more: past "
                       "that the figures would be the clients', not the server's (give them "
                       "more cores: --clients)")
            break
        if why is None:
            good = n
        else:
            bad = n
        if bad is None:
            if n >= max_rooms:
                stopped = f"every size passed up to --max-rooms {max_rooms}"
                break
            n = min(2 * n, max_rooms)
        elif good is None:
            if n == 1:
                break
            n = max(1, n // 2)
        else:
            if bad - good <= max(1, good // 10):
                break
            n = (good + bad) // 2
    best = next((s for s in reversed(steps) if s["rooms"] == good), None)
    return {"target_p99_ms": target_ms, "largest_rooms": good or 0,
            "at_largest": best, "stopped": stopped, "steps": steps}


def _row(n: int, fig: dict[str, Any], why: str | None) -> dict[str, Any]:
    if "error" in fig:
        return {"rooms": n, "passed": False, "limit": why, "error": fig["error"]}
    keys = ("actions", "actions_per_s", "p50_ms", "p99_ms", "server_cpu_share",
            "server_cpu_ms_per_action", "rss_per_room_kib", "loop_lag_p99_ms",
            "client_lag_p99_ms", "client_cpu_share", "setup_s", "seconds")
    row = {"rooms": n, "passed": why is None, "limit": why}
    return row | {k: fig[k] for k in keys if k in fig}


def render(report: dict[str, Any], seats: int, think: float) -> list[str]:
    """The report as lines: the sizes tried, then the answer."""
    lines = [f"find capacity: {seats}-player rooms, a move every ~{think:g} s per room, "
             f"act->diff p99 under {report['target_p99_ms']:g} ms",
             "   rooms  players  actions/s   p50 ms   p99 ms  server core  server lag p99"
             "  client lag p99"]
    for s in report["steps"]:
        if "error" in s:
            lines.append(f"  {s['rooms']:>6}  failed: {s['error']}")
            continue
        lines.append(f"  {s['rooms']:>6} {s['rooms'] * seats:>8} {s['actions_per_s']:>10} "
                     f"{s['p50_ms']:>8} {s['p99_ms']:>8} {s['server_cpu_share']:>11.0%} "
                     f"{s['loop_lag_p99_ms']:>11} ms {s['client_lag_p99_ms']:>11} ms  "
                     f"{'pass' if s['passed'] else 'over: ' + str(s['limit'])}")
    best = report["at_largest"]
    if best is None:
        lines.append("largest: none of the sizes tried passed")
    else:
        lines.append(f"largest: {best['rooms']} rooms ({best['rooms'] * seats} players), "
                     f"p99 {best['p99_ms']} ms, server {best['server_cpu_share']:.0%} of one "
                     f"core, {best['actions_per_s']} actions/s")
    if report["stopped"]:
        lines.append(f"stopped: {report['stopped']}")
    starved = [s for s in report["steps"] if s.get("limit") == "p99" and
               s["server_cpu_share"] < 0.5 and s["loop_lag_p99_ms"] >= report["target_p99_ms"] / 2]
    if starved:
        lines.append(f"note: at {starved[0]['rooms']} rooms the server's own loop woke late (p99 "
                     f"{starved[0]['loop_lag_p99_ms']} ms) while it used "
                     f"{starved[0]['server_cpu_share']:.0%} of a core: it waited for a CPU or "
                     "the disk, which other work on a shared machine takes; measure on a "
                     "quiet one")
    return lines
