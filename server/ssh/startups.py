"""Which new SSH connections the gateway keeps, decided the moment one is accepted.

A connection that never sends a banner costs a file descriptor until the login timeout.
Without a cap, 1,100 of them from one address used up a 1,024-descriptor process. With
only a hard cap in all, ten addresses holding their ten places each locked every new
login out. So, like OpenSSH's PerSourceMaxStartups and MaxStartups ``start:rate:full``:

- unauthenticated connections from one address: at most ``per_address``;
- unauthenticated connections in all: from ``start`` on, a new one from an address that
  is already logging in is dropped with probability ``rate`` %, rising linearly to 100 %
  at ``full`` (random early drop); one from an address with no login under way is never
  dropped that way, and at ``full`` it takes the place of the oldest login of the
  address that holds the most (if that is more than one): a player from elsewhere gets
  in while any address hoards places; only ``full`` addresses holding one each fill it;
- connections of any kind: ``per_address + sessions_per_address`` from one address and
  ``full + sessions`` in total (an authenticated connection that opens no session must
  not pile up either, as anyone may authenticate in ``open`` mode);
- descriptors: the accepted socket's number is the lowest free one, so a number at or
  above ``fd_ceiling`` means at least that many are open: the rest are kept for the game
  port, the database and the sessions' terminals (server/ssh/fds.py).

A refusal is a sentence for the player (login.py sends it as the SSH disconnect reason,
which ``ssh`` prints) and one log line every ``LOG_EVERY_S`` at most, with counts.
Addresses are the keys of server/net/addresses.py (an IPv6 client by its /64).
docs/ssh.md ("Security notes") states these numbers; change both together.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from server.i18n import N_
from server.says import say

log = logging.getLogger("prtui.ssh")

MAX_STARTUPS = (50, 30, 100)  # start:rate:full, as OpenSSH's MaxStartups
MAX_STARTUPS_PER_ADDRESS = 10  # unauthenticated connections from one address
LOG_EVERY_S = 10.0

# Said before the key exchange, so before the ssh client could send its LANG: English
# (docs/ssh.md, "Languages"); marked all the same, the catalog has them.
BUSY = N_("the server has too many logins under way; try again in a few seconds")
_SAY = {
    "descriptors": N_("the server is short of resources for new connections; try again later"),
    "startups per address": N_("too many connections from your address are logging in at "
                               "once (at most {n}); finish or close one and try again"),
    "startups in all": BUSY,
    "early drop": BUSY,
    "taken over": N_("your login took too long while the server was busy; try again"),
    "connections per address": N_("too many connections from your address (at most {n})"),
    "connections in all": N_("this server is full; try again later"),
}


def parse_max_startups(text: str) -> tuple[int, int, int]:
    """``START:RATE:FULL`` (or ``FULL`` alone) as in sshd_config; ValueError says why."""
    parts = text.split(":")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise ValueError(f"--ssh-max-startups is START:RATE:FULL, not {text!r}") from None
    if len(numbers) == 1:
        numbers = [numbers[0], 100, numbers[0]]
    if len(numbers) != 3:
        raise ValueError(f"--ssh-max-startups is START:RATE:FULL, not {text!r}")
    start, rate, full = numbers
    if not (1 <= start <= full and 0 <= rate <= 100):
        raise ValueError("--ssh-max-startups needs 1 <= START <= FULL and RATE 0..100")
    return start, rate, full


@dataclass(eq=False)
class Startup:
    """One connection's place while it logs in; ``evict`` hangs it up with a sentence."""

    address: str
    evict: Callable[[str], None] = field(repr=False)
    authenticated: bool = False


class StartupGate:
    """Counts connections per address and in all, unauthenticated and in total."""

    def __init__(
        self,
        *,
        sessions: int,
        sessions_per_address: int,
        max_startups: tuple[int, int, int] = MAX_STARTUPS,
        per_address: int = MAX_STARTUPS_PER_ADDRESS,
        fd_ceiling: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        chance: Callable[[], float] = random.random,
    ) -> None:
        # a NAT'd address allowed N sessions may have N logins under way at once
        self.per_address = max(per_address, sessions_per_address)
        start, self.rate, full = max_startups
        self.full = max(full, self.per_address)
        self.start = min(start, self.full)
        self.connections_per_address = self.per_address + sessions_per_address
        self.connections_in_all = self.full + sessions
        self.fd_ceiling = fd_ceiling
        self._clock = clock
        self._chance = chance
        self._startups: dict[str, list[Startup]] = {}  # oldest first
        self._connections: Counter[str] = Counter()
        self.startups = 0
        self.connections = 0
        self._refused: Counter[str] = Counter()
        self._next_log = 0.0
        self._report_due = False

    def admit(self, address: str, fd: int, evict: Callable[[str], None]) -> Startup | str:
        """A place for a new, unauthenticated connection, or what to tell it as it is
        closed. ``evict`` is called (with the sentence) if a newcomer takes the place."""
        why = self._over(address, fd)
        if why is not None:
            self._note_refusal(why)
            return self._sentence(why)
        place = Startup(address, evict)
        self._startups.setdefault(address, []).append(place)
        self._connections[address] += 1
        self.startups += 1
        self.connections += 1
        return place

    def authenticated(self, place: Startup) -> None:
        """The connection logged in: it no longer holds an unauthenticated place."""
        if not place.authenticated:
            place.authenticated = True
            self._leave_startups(place)

    def closed(self, place: Startup) -> None:
        """The connection is gone."""
        if not place.authenticated:
            self._leave_startups(place)
        self.connections -= 1
        self._connections[place.address] -= 1
        if self._connections[place.address] <= 0:
            del self._connections[place.address]

    def startups_from(self, address: str) -> int:
        return len(self._startups.get(address, ()))

    def _leave_startups(self, place: Startup) -> None:
        mine = self._startups.get(place.address, [])
        if place in mine:
            mine.remove(place)
            self.startups -= 1
        if not mine:
            self._startups.pop(place.address, None)

    def _over(self, address: str, fd: int) -> str | None:
        if self.fd_ceiling is not None and fd >= self.fd_ceiling:
            return "descriptors"
        mine = self.startups_from(address)
        if mine >= self.per_address:
            return "startups per address"  # i18n: a refusal's key (its sentence is _SAY's), and the log's
        if self._connections[address] >= self.connections_per_address:
            return "connections per address"  # i18n: a refusal's key (its sentence is _SAY's), and the log's
        if self.connections >= self.connections_in_all:
            return "connections in all"  # i18n: a refusal's key (its sentence is _SAY's), and the log's
        if self.startups >= self.full:
            return None if self._take_over(mine) else "startups in all"  # i18n: a refusal's key (its sentence is _SAY's), and the log's
        if mine and self.startups >= self.start:
            span = max(1, self.full - self.start)
            drop = self.rate + (100 - self.rate) * (self.startups - self.start) / span
            if self._chance() * 100 < drop:
                return "early drop"  # i18n: a refusal's key (its sentence is _SAY's), and the log's
        return None

    def _take_over(self, mine: int) -> bool:
        """A full gate: a newcomer holding fewer places than the busiest address by two
        or more hangs up that address's oldest login and takes its place."""
        busiest = max(self._startups.values(), key=len, default=[])
        if len(busiest) < mine + 2:
            return False
        oldest = busiest[0]
        self._leave_startups(oldest)  # its place is free now; closed() still counts it
        oldest.authenticated = True  # so that closed() does not leave the startups again
        self._note_refusal("taken over")  # i18n: a refusal's key (its sentence is _SAY's), and the log's
        oldest.evict(self._sentence("taken over"))  # i18n: a refusal's key (its sentence is _SAY's), and the log's
        return True

    def _sentence(self, why: str) -> str:
        n = self.connections_per_address if why == "connections per address" else self.per_address
        return "prtui: " + str(say(_SAY[why], n=n))

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
