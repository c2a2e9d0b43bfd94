"""A session's process starts behind the game server for a CPU, then runs as any other.

Every SSH or browser session runs a whole TUI process, and starting one costs a second
or two of CPU (its imports): with a few starting at once on a busy two-core host, other
games' moves waited behind them (issue 33: action p99 17 ms -> 178 and 202 ms while one
address churned browser sessions, `prtui bench web-churn`). So a session's child starts
at a lower priority, and gets the normal one back once its first screen has come (the
gateway calls ``back_to_normal``): a player's keys are never slowed for good, only the
start, which is what a churning address repeats.

The knob is the child's scheduling group: the child runs in a session of its own, and
Linux gives each session its own group (autogroup), whose weight, not the process's
nice value, ranks it against the server (a plain ``nice`` had no effect in the bench).
A group's nice goes back to 0 without privilege, a process's would not. Where the system
has no autogroups, nothing changes. The kernel answers a non-root writer at most once
per 100 ms machine-wide (EAGAIN), hence the retries.
"""

from __future__ import annotations

import asyncio
import errno
import logging

log = logging.getLogger("prtui.sessions")

STARTING_NICE = 10
RETRIES = 30  # of 0.1 s each: the kernel's rate limit, with room for other writers


def _set(path: str, nice: int) -> int:
    """0, or the errno of the write."""
    try:
        with open(path, "w") as group:
            group.write(str(nice))
    except OSError as exc:
        return exc.errno or errno.EIO
    return 0


def yield_to_the_server() -> None:
    """A ``preexec_fn`` part (after ``setsid``): this child's group at ``STARTING_NICE``,
    if the kernel lets us at once (no waiting between fork and exec)."""
    _set("/proc/self/autogroup", STARTING_NICE)


async def back_to_normal(pid: int | None) -> None:
    """The session ``pid`` has drawn its first screen: its group back to nice 0."""
    if pid is None:
        return
    for _ in range(RETRIES):
        failed = _set(f"/proc/{pid}/autogroup", 0)
        if failed != errno.EAGAIN:
            return  # done, or nothing to do (no autogroups, the child gone)
        await asyncio.sleep(0.1)
    log.warning("session %s: its start-up priority could not be restored", pid)

