"""Every numeric limit of the wire protocol, in one place.

Both ends import these, so a client never builds a frame the server will refuse, and
a hostile peer meets the same walls everywhere. Times are in seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_FRAME_FROM_CLIENT = 64 * 1024
"""Largest frame body (bytes) a server accepts from a client: commands are small."""

MAX_FRAME_FROM_SERVER = 4 * 1024 * 1024
"""Largest frame body (bytes) a client accepts from a server: full snapshots fit easily."""

MAX_DEPTH = 32
"""Deepest nesting of maps/arrays in a frame (the top-level map is depth 1)."""

MAX_STR_LEN = 64 * 1024
"""Longest msgpack string inside a frame (bytes); the frame limit is the real bound."""

MAX_BIN_LEN = 64 * 1024
"""Longest msgpack binary value inside a frame (bytes)."""

MAX_ARRAY_LEN = 10_000
"""Most items in one msgpack array."""

MAX_MAP_LEN = 10_000
"""Most pairs in one msgpack map."""

HELLO_TIMEOUT_S = 10.0
"""A new connection must send `hello` within this time or it is closed."""

IDLE_TIMEOUT_S = 60.0
"""A connection that sends nothing (not even `pong`) for this long is closed."""

PING_INTERVAL_S = 15.0
"""Each end sends `ping` this often; the other answers `pong` with the same `ts`."""

COMMAND_TIMEOUT_S = 30.0
"""How long the client library waits for the `ack`/`reject` of one command."""

COMMAND_RATE_PER_S = 20.0
"""Sustained commands per second per connection (token bucket refill rate)."""

COMMAND_BURST = 40
"""Commands a connection may send at once before the rate applies (bucket size)."""

RATE_LIMITED_PAUSE_S = 1.0
"""How long a client told `rate_limited` waits before sending that command again: the
bucket has refilled by then, and the server forgives one strike per second, so such a
client is never closed for flooding."""

MAX_CONNECTIONS_PER_ADDRESS = 16
"""Simultaneous connections from one remote IP address."""

OUTGOING_QUEUE_FRAMES = 256
"""Frames queued for one slow connection before the server drops it."""

OUTGOING_QUEUE_BYTES = 1024 * 1024
"""Bytes waiting to be sent to one connection (queued plus buffered, the kernel's socket
buffer not counted) before the server drops it as too slow; a single frame alone is
always taken, whatever its size."""

SEND_BUFFER_BYTES = 64 * 1024
"""Kernel send buffer asked for each connection (SO_SNDBUF; Linux doubles it): without
it the kernel grew a deaf client's buffer to megabytes (40 deaf spectators held 164 MB)."""

SEND_STALL_S = 60.0
"""A connection with bytes waiting for its socket (queue and kernel buffer full) at every
look for this long, never once caught up, is dropped as deaf."""

LOBBY_PAGE_ROOMS = 100
"""Most rooms in one `lobby` push or `list_rooms` answer (a `limit` above is lowered)."""

LOBBY_PAGE_BYTES = 64 * 1024
"""Largest body (bytes) of a `lobby` push or `list_rooms` answer: a page holds fewer
rooms rather than grow past it."""

MAX_SEARCH_LEN = 64
"""Longest `search` text of `list_rooms`, in characters."""

WAITING_ROOMS_PER_CONNECTION = 3
"""Waiting rooms one connection may have created and not yet started or closed."""

WAITING_ROOMS_PER_ADDRESS = 3
"""Waiting rooms all connections from one address together may have created and not
yet started or closed (even after those connections are gone)."""

LIVE_ROOMS_PER_ADDRESS = 8
"""Unfinished rooms (waiting or playing) all connections from one address together may
have created, counted also after they are gone and across restarts; a started game with
no human seat counts ``BOT_ROOM_WEIGHT`` times (it runs whether anybody watches or not)."""

BOT_ROOM_WEIGHT = 2
"""How many places of ``LIVE_ROOMS_PER_ADDRESS`` one running bots-only game takes."""

EMPTY_ROOM_EXPIRY_S = 60.0
"""A waiting room with nobody in it and no human seated is closed after this long."""

ABANDONED_ROOM_EXPIRY_S = 600.0
"""A waiting room with nobody in it whose seated humans are all disconnected (also
after a restart) is closed after this long; their seat tokens stop working."""

SEARCH_RATE_PER_S = 2.0
"""Sustained `list_rooms` searches per second from one address (all its connections);
more get `rate_limited`. Searches are read off the event loop, one at a time."""

SEARCH_BURST = 6
"""Searches one address may send at once before the rate applies."""

STANDINGS_RATE_PER_S = 4.0
"""Sustained `leaderboard` and `profile` commands per second from one address (all its
connections); each reads a page of the store's indexes on the event loop."""

STANDINGS_BURST = 12
"""`leaderboard` and `profile` commands one address may send at once."""

REPLAY_RATE_PER_S = 8.0
"""Sustained `replay` commands per second from one address (all its connections)."""

REPLAY_BURST = 16
"""`replay` commands one address may send at once before the rate applies."""

REPLAY_BUILD_COST = 8.0
"""What a `replay` of a game nobody is replaying costs of that budget: the game is
rebuilt from its deal (off the event loop), far dearer than stepping a built one."""

REPLAY_LOG_LINES = 200
"""Most log lines in one `replay` answer: the newest up to that step (each line carries
its number `n`); the answer's size no longer grows with the game."""

MAX_CHAT_LEN = 500
"""Longest chat message, in characters."""

MAX_NAME_LEN = 32
"""Longest player name, in characters."""

MAX_PASSWORD_LEN = 256
"""Longest password, in characters (server/net/passwords.py)."""

MAX_NOTIFY_URL_LEN = 512
"""Longest address for turn notices (an apprise URL: server/net/notify_address.py)."""

MAX_ID_LEN = 64
"""Longest room id, token or other identifier string, in characters."""

MAX_LANG_LEN = 35
"""Longest ``hello.lang`` (a language tag: BCP 47's longest common forms fit)."""


@dataclass
class RateLimiter:
    """Token bucket: `allow()` spends one token; tokens refill at `rate` per second.

    `clock` is injectable so tests need no sleeping.
    """

    rate: float = COMMAND_RATE_PER_S
    burst: int = COMMAND_BURST
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    _tokens: float = field(init=False)
    _last: float = field(init=False)

    def __post_init__(self) -> None:
        self._tokens = float(self.burst)
        self._last = self._now()

    def _now(self) -> float:
        return self.clock()

    def allow(self, cost: float = 1.0) -> bool:
        """Spend `cost` tokens if available; False means: refuse this command."""
        now = self._now()
        elapsed = max(0.0, now - self._last)
        self._last = now
        self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        return False
