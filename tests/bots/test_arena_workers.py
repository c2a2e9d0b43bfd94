"""`prtui arena --jobs 2` workers end with the arena: a SIGTERM'd arena (it unwinds and
terminates its pool), a SIGKILL'd one (the kernel's parent-death signal: no code of the
arena runs), a Ctrl-C'd one. Before, the bench's timeout killed the arena and its two
workers went on playing for minutes, competing with the next benches for the CPU."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.bots.procs import Proc, children, cmdline, kill_all, needs_proc, survivors

HANG_S = 240.0  # seconds before a process that should have ended counts as hung
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _ctrl_c_as_from_a_terminal() -> None:
    """The arena as started from a terminal: Ctrl-C not ignored. A test run started in
    the background (``pytest &`` in a script, as CI may) ignores SIGINT, its children
    inherit that, and Python then keeps ignoring it: the SIGINT case would wait for ever."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_arena() -> tuple[subprocess.Popen[bytes], list[Proc]]:
    """An arena with two workers busy for minutes; returned once both workers run.
    The seed holds a unique marker (forked workers show the arena's command line)."""
    marker = str(int(uuid.uuid4().int % 10**12) + 10**12)
    argv = [sys.executable, "-m", "prtui", "arena", "--players", "4", "--bots",
            "hard,easy,easy,easy", "--games", "8", "--jobs", "2", "--iterations", "100000",
            "--seed", marker, "--json"]
    arena = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True,
                             preexec_fn=_ctrl_c_as_from_a_terminal)
    workers: list[Proc] = []
    end = time.monotonic() + 120  # a hang guard for a loaded machine, not a timing check
    while len(workers) < 2 and time.monotonic() < end and arena.poll() is None:
        workers = [p for p in children(arena.pid) if marker in cmdline(p)]
        time.sleep(0.1)
    if len(workers) < 2:
        kill_all(workers)
        arena.kill()
        arena.wait()
        pytest.fail(f"the arena did not start two workers (exit {arena.poll()})")
    return arena, workers


@needs_proc
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT],
                         ids=["SIGTERM", "SIGKILL", "SIGINT"])
def test_workers_end_with_the_arena(how: signal.Signals) -> None:
    arena, workers = start_arena()
    try:
        time.sleep(1.0)  # the workers are playing, not just starting
        assert all(w[0] != arena.pid for w in workers)
        arena.send_signal(how)
        # hang guards, not timing checks
        arena.wait(timeout=HANG_S)
        left = survivors(workers, deadline_s=HANG_S)
        assert left == [], f"workers still running after {how.name} of the arena: {left}"
    finally:
        kill_all(workers)
        if arena.poll() is None:
            arena.kill()
            arena.wait()


def marked(marker: str) -> list[Proc]:
    """Every live process whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and marker in cmdline((int(entry.name), 0)):
            with contextlib.suppress(OSError):  # it may end between the two reads
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                found.append((int(entry.name), int(stat[19])))
    return found


@needs_proc
def test_a_bench_timeout_ends_the_arena_and_its_workers() -> None:
    """make bench's per-command timeout kills the arena's whole process group."""
    from server.tools.benchmarks import Run, run_one

    marker = str(int(uuid.uuid4().int % 10**12) + 10**12)
    run = Run("arena", ["arena", "--players", "4", "--bots", "hard,easy,easy,easy",
                        "--games", "8", "--jobs", "2", "--iterations", "100000",
                        "--seed", marker, "--json"])
    run_one(run, timeout=5.0)
    assert run.problem == "did not finish within 5 s"
    left = survivors(marked(marker), deadline_s=HANG_S)
    kill_all(left)
    assert left == []
