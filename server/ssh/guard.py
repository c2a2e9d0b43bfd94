"""Per-address limits of the SSH gateway's logins: a password guesser gets nowhere fast.

Slowing each connection down is not enough: a guesser opens hundreds of connections in
parallel (240 of them made 206 guesses a second from one address). So the limits are
per remote address, whatever the number of connections:

- how many connections from one address may be logging in at once is the business of
  server/ssh/startups.py, which closes the one too many before its banner;
- after ``FAILURES_BEFORE_BACKOFF`` wrong passwords from one address (over all its
  connections) the address must wait ``BACKOFF_FIRST_S`` before its next password is
  even checked, twice as long after each further wrong one, at most ``BACKOFF_MAX_S``;
  meanwhile its logins are disconnected with the time left. A correct password, or
  ``FORGET_AFTER_S`` without a wrong one, wipes the address's slate.

docs/ssh.md states these numbers; change both together.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

FAILURES_BEFORE_BACKOFF = 5
BACKOFF_FIRST_S = 5.0
BACKOFF_MAX_S = 300.0
FORGET_AFTER_S = 900.0
MAX_TRACKED_ADDRESSES = 10_000  # bounded memory even against many source addresses


@dataclass
class _Record:
    failures: int
    last: float
    wait_until: float


class LoginGuard:
    """Counts wrong passwords per address; ``clock`` is injectable
    so tests step through the backoff without sleeping."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._records: dict[str, _Record] = {}

    # -- wrong passwords -----------------------------------------------------------------

    def wait_left(self, address: str) -> float:
        """Seconds before ``address`` may have a password checked again (0: now)."""
        record = self._record(address)
        return 0.0 if record is None else max(0.0, record.wait_until - self.clock())

    def failed(self, address: str) -> None:
        """A wrong password from ``address``: from the Nth on, it has to wait."""
        now = self.clock()
        record = self._record(address)
        if record is None:
            self._make_room()
            record = self._records[address] = _Record(0, now, 0.0)
        record.failures += 1
        record.last = now
        over = record.failures - FAILURES_BEFORE_BACKOFF
        if over >= 0:
            record.wait_until = now + min(BACKOFF_MAX_S, BACKOFF_FIRST_S * 2.0 ** min(over, 32))

    def succeeded(self, address: str) -> None:
        self._records.pop(address, None)

    def _record(self, address: str) -> _Record | None:
        record = self._records.get(address)
        if record is not None and self._stale(record, self.clock()):
            del self._records[address]
            return None
        return record

    @staticmethod
    def _stale(record: _Record, now: float) -> bool:
        return now - record.last > FORGET_AFTER_S and now >= record.wait_until

    def _make_room(self) -> None:
        if len(self._records) < MAX_TRACKED_ADDRESSES:
            return
        now = self.clock()
        for address in [a for a, r in self._records.items() if self._stale(r, now)]:
            del self._records[address]
        if len(self._records) >= MAX_TRACKED_ADDRESSES:  # forget the quietest one
            del self._records[min(self._records, key=lambda a: self._records[a].last)]
