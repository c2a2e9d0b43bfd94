"""`prtui bench server` ends with a message when its clients' process dies or goes
silent (server/net/bench.py ``_from_child``): before, the parent waited on the queue for
ever once a client process died at set-up (seen at 300 rooms). Its set-up is bounded
(``--setup-timeout``): tables not set up by then fail the bench with one line, exit 1,
and no process of it is left (each command runs in a session of its own, checked)."""

from __future__ import annotations

import contextlib
import json
import multiprocessing as mp
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from server.net.bench import BenchFailed, _from_child


def _dies(out: Any) -> None:
    raise SystemExit(3)


def _silent(out: Any) -> None:
    time.sleep(30)


def _reports(out: Any) -> None:
    out.put({"ready": True})
    time.sleep(30)


async def test_a_client_process_that_dies_is_reported() -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_dies, args=(out,), daemon=True)
    proc.start()
    with pytest.raises(BenchFailed, match=r"ended \(exit code 3\) before the tables"):
        await _from_child(out, proc, 120.0, "the tables were set up")


async def test_a_silent_client_process_is_given_up_after_the_timeout() -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_silent, args=(out,), daemon=True)
    proc.start()
    try:
        with pytest.raises(BenchFailed, match="no figures within 2 s"):
            await _from_child(out, proc, 2.0, "figures")
    finally:
        proc.kill()


async def test_a_report_comes_through() -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_reports, args=(out,), daemon=True)
    proc.start()
    try:
        assert await _from_child(out, proc, 120.0, "the tables were set up") == {"ready": True}
    finally:
        proc.kill()


# --- the whole bench, through its command ----------------------------------------------


def _in_session(sid: int) -> list[str]:
    """Processes of session ``sid`` still running (zombies are gone in all but name)."""
    left = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended while we looked
        fields = text[text.rindex(")") + 2:].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            left.append(text[:text.rindex(")") + 1])
    return left


def _bench(*argv: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """`prtui bench server ARGV` in a session of its own, and what of it still runs once
    it has exited (given 20 s to go: multiprocessing's helpers leave on their own)."""
    proc = subprocess.Popen([sys.executable, "-m", "prtui", "bench", "server", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    deadline = time.monotonic() + 20
    while _in_session(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _in_session(proc.pid)
    for pid in (int(p.split()[0]) for p in left):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), left


def test_a_set_up_past_its_bound_fails_the_bench_and_leaves_nothing_running() -> None:
    """A real loopback server; the bound is below the least work the set-up takes (60
    tables, 16 at a time, each about 15 round trips through the server with a SQLite
    commit apiece, within 10 ms), so no machine meets it and a slower one misses it more
    surely. Before: the client process died on its own bookkeeping (InvalidStateError
    for each table still being set up, a traceback) and there was no bound to set."""
    done, left = _bench("--rooms", "60", "--spectators", "2", "--seconds", "2",
                        "--think", "0.05", "--setup-timeout", "0.01")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.splitlines() == [
        "prtui bench server: 60 of 60 tables were not set up within 0.01 s "
        "(--setup-timeout): nothing was measured"]
    assert left == []


def test_a_bench_that_passes_leaves_nothing_running_either() -> None:
    done, left = _bench("--rooms", "3", "--spectators", "1", "--seconds", "1",
                        "--think", "0.05", "--clients", "2", "--json")
    assert done.returncode == 0, done.stderr
    fig = json.loads(done.stdout)
    assert fig["rooms"] == 3 and fig["client_processes"] == 2 and fig["failed_tables"] == 0
    assert fig["actions"] > 0 and fig["server_cpu_share"] > 0
    assert left == []


def test_more_rooms_than_the_open_files_allow_is_said_before_anything_starts() -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard == resource.RLIM_INFINITY:
        hard = int(Path("/proc/sys/fs/nr_open").read_text())
    rooms = hard // 4 + 1  # four players a room: more connections than the limit
    done, left = _bench("--rooms", str(rooms), "--spectators", "0")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"prtui bench server: {rooms} rooms need {4 * rooms} "
                                  "connections")
    assert left == []
