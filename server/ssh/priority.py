"""Session processes yield the CPU to the game server.

Every SSH or browser session runs a whole TUI process, and starting one costs a second
or two of CPU: with a few starting at once on a busy two-core host, other games' moves
waited for a CPU behind them (issue 33: action p99 17 ms -> 178 and 202 ms while one
address churned browser sessions, `prtui bench web-churn`). The game server serves
every game; a session serves one player. So each session's child lowers its own
priority between fork and exec. A child runs in a session of its own, and Linux gives
each session its own scheduling group (autogroup), in which a process's nice value
only ranks it against its own group; so the group's nice is lowered too
(/proc/self/autogroup), which is what ranks the child against the server.
"""

from __future__ import annotations

import contextlib
import os

SESSION_NICE = 10


def yield_to_the_server() -> None:
    """A ``preexec_fn`` part (after ``setsid``): this child, and its session's scheduling
    group, at ``SESSION_NICE``. Quietly nothing where the system has no such knobs."""
    with contextlib.suppress(OSError):
        os.nice(SESSION_NICE)
    with contextlib.suppress(OSError), open("/proc/self/autogroup", "w") as group:
        group.write(str(SESSION_NICE))
