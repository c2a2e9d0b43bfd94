"""Processes as the kernel sees them (Linux /proc): who is whose child, who still runs.

A process is identified by (pid, start time), so a recycled pid is never mistaken for
the process that was seen before. A zombie counts as gone: it runs no code any more
(whoever adopted it may simply not reap it).
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import pytest

PROC = Path("/proc")
needs_proc = pytest.mark.skipif(not (PROC / "self" / "stat").exists(),
                                reason="reads the process table from /proc (Linux)")

Proc = tuple[int, int]  # (pid, start time in clock ticks since boot)


def _stat(pid: int) -> list[str] | None:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()  # fields after the command name


def children(parent: int) -> list[Proc]:
    """The live children of ``parent``."""
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat(int(entry.name))
        if fields and int(fields[1]) == parent and fields[0] != "Z":
            found.append((int(entry.name), int(fields[19])))
    return found


def alive(proc: Proc) -> bool:
    fields = _stat(proc[0])
    return fields is not None and int(fields[19]) == proc[1] and fields[0] != "Z"


def cmdline(proc: Proc) -> str:
    try:
        return (PROC / str(proc[0]) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def survivors(procs: list[Proc], deadline_s: float = 60.0) -> list[Proc]:
    """Wait until every process in ``procs`` is gone (or the generous deadline passes,
    a hang guard, not a timing assertion); return the ones still running."""
    end = time.monotonic() + deadline_s
    while True:
        left = [p for p in procs if alive(p)]
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.1)


def kill_all(procs: list[Proc]) -> None:
    """Clean up after a failed test: SIGKILL whatever of ``procs`` still runs."""
    for p in procs:
        if alive(p):
            with contextlib.suppress(OSError):
                os.kill(p[0], 9)
