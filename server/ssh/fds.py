"""File descriptors: as many as the system allows, a share kept for the game port, and
no traceback per connection the process had no descriptor for.

The soft limit is often 1,024 while the hard one is far higher; a server may raise its
own soft limit up to the hard one, so it does at start. The SSH gateway then stops
accepting new connections (closing them at once) above ``ceiling``: the last quarter of
the descriptors (at most ``RESERVE_MAX``) stays for the game port, the database and the
sessions' terminals. Should a listener still run out, asyncio would log a traceback for
every accept it retries (tens of thousands a second under a flood); ``quiet_accept_errors``
turns those into one line per ``LOG_EVERY_S``.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from typing import Any

log = logging.getLogger("prtui.ssh")

WANTED = 65536  # enough for any sensible number of players; more only costs kernel memory
RESERVE_MIN, RESERVE_MAX = 64, 4096
LOG_EVERY_S = 10.0
_ACCEPT_FAILED = "socket.accept() out of system resource"  # i18n: asyncio's log message, matched


def raise_fd_limit(wanted: int = WANTED) -> int:
    """Raise the soft limit on open files towards ``wanted`` (never past the hard limit,
    never lower it); returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError) as exc:  # a sandbox may refuse: keep what we have
            log.warning("cannot raise the open-file limit from %d to %d: %s", soft, target, exc)
    return soft


def ceiling(limit: int) -> int:
    """The descriptor number from which new SSH connections are refused."""
    reserve = max(RESERVE_MIN, min(RESERVE_MAX, limit // 4))
    return max(1, limit - reserve)


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Log a listener's failed accepts (no descriptor left) as one line per
    ``LOG_EVERY_S``, without a traceback; everything else goes where it went before."""
    previous = loop.get_exception_handler()
    if getattr(previous, "quiet_accept_errors", False):
        return  # another gateway on this loop put it there already
    state = {"next": 0.0, "missed": 0}

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") != _ACCEPT_FAILED:
            if previous is not None:
                previous(loop, context)
            else:
                loop.default_exception_handler(context)
            return
        state["missed"] += 1
        now = time.monotonic()
        if now >= state["next"]:
            state["next"] = now + LOG_EVERY_S
            log.error(
                "cannot accept connections: %s (%d times); raise the open-file limit "
                "(ulimit -n) or lower --ssh-max-sessions, --web-max-sessions or --web-max-waiting",
                context.get("exception"),
                state["missed"],
            )
            state["missed"] = 0

    handler.quiet_accept_errors = True  # type: ignore[attr-defined]
    loop.set_exception_handler(handler)
