"""Which new SSH connections the gateway keeps, decided the moment one is accepted.

A connection that never sends a banner costs a file descriptor until the login timeout.
Without a cap, 1,100 of them from one address used up a 1,024-descriptor process: the
game port could not accept either, and asyncio logged a traceback per failed accept (56 MB
of log in 20 s). So, like OpenSSH's MaxStartups and PerSourceMaxStartups, a connection is
closed at once, before the SSH banner, when it would be one too many:

- unauthenticated connections: ``per_address`` from one address, ``in_all`` in total;
- connections of any kind: ``per_address + sessions_per_address`` from one address and
  ``in_all + sessions`` in total (an authenticated connection that opens no session
  must not pile up either, as anyone may authenticate in ``open`` mode);
- descriptors: the accepted socket's number is the lowest free one, so a number at or
  above ``fd_ceiling`` means at least that many are open: the rest are kept for the game
  port, the database and the sessions' terminals (server/ssh/fds.py).

A refused connection is logged as one line every ``LOG_EVERY_S`` at most, with counts.
docs/ssh.md ("Security notes") states these numbers; change both together.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable

log = logging.getLogger("prtui.ssh")

MAX_STARTUPS = 100  # unauthenticated connections in all (OpenSSH's MaxStartups full stop)
MAX_STARTUPS_PER_ADDRESS = 10  # unauthenticated connections from one address
LOG_EVERY_S = 10.0


class StartupGate:
    """Counts connections per address and in all, unauthenticated and in total."""

    def __init__(
        self,
        *,
        sessions: int,
        sessions_per_address: int,
        in_all: int = MAX_STARTUPS,
        per_address: int = MAX_STARTUPS_PER_ADDRESS,
        fd_ceiling: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        # a NAT'd address allowed N sessions may have N logins under way at once
        self.per_address = max(per_address, sessions_per_address)
        self.in_all = max(in_all, self.per_address)
        self.connections_per_address = self.per_address + sessions_per_address
        self.connections_in_all = self.in_all + sessions
        self.fd_ceiling = fd_ceiling
        self._clock = clock
        self._startups: Counter[str] = Counter()
        self._connections: Counter[str] = Counter()
        self.startups = 0
        self.connections = 0
        self._refused: Counter[str] = Counter()
        self._next_log = 0.0
        self._report_due = False

    def admit(self, address: str, fd: int) -> bool:
        """Take a place for a new, unauthenticated connection; False: close it at once."""
        why = self._over(address, fd)
        if why is not None:
            self._note_refusal(why)
            return False
        self._startups[address] += 1
        self._connections[address] += 1
        self.startups += 1
        self.connections += 1
        return True

    def authenticated(self, address: str) -> None:
        """The connection logged in: it no longer holds an unauthenticated place."""
        self._leave_startups(address)

    def closed(self, address: str, *, authenticated: bool) -> None:
        """The connection is gone; ``authenticated``: ``authenticated`` was called for it."""
        if not authenticated:
            self._leave_startups(address)
        self.connections -= 1
        _drop(self._connections, address)

    def _leave_startups(self, address: str) -> None:
        self.startups -= 1
        _drop(self._startups, address)

    def startups_from(self, address: str) -> int:
        return self._startups[address]

    def _over(self, address: str, fd: int) -> str | None:
        if self.fd_ceiling is not None and fd >= self.fd_ceiling:
            return "file descriptors running low"
        if self._startups[address] >= self.per_address:
            return f"{self.per_address} unauthenticated from one address"
        if self.startups >= self.in_all:
            return f"{self.in_all} unauthenticated in all"
        if self._connections[address] >= self.connections_per_address:
            return f"{self.connections_per_address} connections from one address"
        if self.connections >= self.connections_in_all:
            return f"{self.connections_in_all} connections in all"
        return None

    def _note_refusal(self, why: str) -> None:
        """One line per ``LOG_EVERY_S`` at most, whatever the number of refusals: the
        first at once, the ones after it counted and told in one line when it is due."""
        self._refused[why] += 1
        now = self._clock()
        if now >= self._next_log:
            self._report()
        elif not self._report_due:
            self._report_due = True
            asyncio.get_running_loop().call_later(self._next_log - now, self._report)

    def _report(self) -> None:
        self._report_due = False
        if not self._refused:
            return
        self._next_log = self._clock() + LOG_EVERY_S
        counts = ", ".join(f"{n} ({why})" for why, n in self._refused.items())
        self._refused.clear()
        log.warning("ssh: closed new connections before login: %s", counts)


def _drop(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]
