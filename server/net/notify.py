"""Turn notices while a player is away (issue 37, item 5): "your turn in Puerto Rico at
ana's table", sent through apprise to the address the player registered.

Where the host switched them on (``prtui serve --notify-schemes``), a claimed identity
(an account; a guest has none) registers one address with ``notify_address``
(docs/protocol.md). When a room says that account's turn started (server/net/turns.py)
and the account has no connection to this server, one notice goes out, on a thread of
the notifier's own (never the event loop), each connection with a timeout. A failing or
hanging receiver is logged with its address masked and costs the game nothing.

How often (decided for issue 37): one notice per table per absence (after a notice
for a table, the next one for that table waits until the player has connected again:
a player who is away is told once that a table waits, not at every turn of it), and at
most ``NotifyPolicy.per_hour`` per account an hour (6, in bursts of as many), which
caps what a player at many tables receives. Notices that do not fit are dropped and
logged (info), never queued for later. At most ``MAX_PENDING`` notices are on their
way at once, server-wide.

The text says the game and the table's name only: no hand, no VP, no board.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import unicodedata
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from server.games.registry import get_game
from server.i18n import N_, SOURCE
from server.net import turns
from server.net.names_in_use import NamesInUse
from server.net.notify_address import (
    NOTIFY_OFF,
    NotifyPolicy,
    NotifyRefused,
    Outcome,
    check_address,
    deliver,
    known_schemes,
    precheck,
)
from server.net.notify_guard import THREAD_PREFIX
from server.net.peer import Peer
from server.net.ratelimits import AddressRates
from server.protocol import messages as m
from server.says import say, text
from server.store.base import Store

log = logging.getLogger(__name__)

MAX_PENDING = 64
"""Notices being sent at once, server-wide; more are dropped (logged)."""
SENDERS = 4
"""Threads sending notices (each waits on one receiver at a time)."""
SETS_PER_S, SETS_BURST = 0.1, 10
"""Addresses an account may have checked (each costs look-ups): 10, then one every 10 s
(an address refused by its form or scheme alone costs nothing)."""
TABLE_NAME_LEN = 64
TEST_TEXT = N_("a test: your turn notices from this prtui server arrive here")


class Tables(Protocol):
    """What the notifier reads of the lobby: its open rooms and who is connected."""

    rooms: dict[str, Any]
    names: NamesInUse


def notice_text(game_title: str, table: str, language: str = SOURCE) -> str:
    """The notice, in the player's language: the game and the table's name (typed by a
    player: control characters dropped, cut to a line)."""
    name = "".join(ch for ch in table if unicodedata.category(ch)[0] != "C")
    name = " ".join(name.split())[:TABLE_NAME_LEN]
    if not name:
        return say(N_("your turn in {game}"), game=game_title).to(language)
    return say(N_("your turn in {game} at {table}"), game=game_title, table=name).to(language)


class Notices:
    """One server's away notices: the ``notify_address`` command and the sending."""

    def __init__(self, store: Store, tables: Tables, policy: NotifyPolicy | None = None
                 ) -> None:
        self.store = store
        self.tables = tables
        self.policy = policy or NotifyPolicy()
        self._hourly = AddressRates(self.policy.per_hour / 3600, self.policy.per_hour)
        self._sets = AddressRates(SETS_PER_S, SETS_BURST)
        self._told: dict[tuple[str, str], int] = {}  # (account, room) -> visit told in
        self._pending: set[asyncio.Task[None]] = set()
        self._pool: ThreadPoolExecutor | None = None
        self.outcomes: list[Outcome] = []  # the last notices' outcomes (tests, debugging)

    # --- life cycle --------------------------------------------------------------

    def start(self) -> None:
        if not self.policy.enabled:
            return
        self._pool = ThreadPoolExecutor(SENDERS, thread_name_prefix=THREAD_PREFIX)
        self._pool.submit(_warm_up)  # apprise's plugins load in about a second: not later
        turns.on_turn_started.append(self.turn_started)

    async def stop(self) -> None:
        if self.turn_started in turns.on_turn_started:
            turns.on_turn_started.remove(self.turn_started)
        for task in list(self._pending):
            task.cancel()
        await asyncio.gather(*self._pending, return_exceptions=True)
        if self._pool is not None:  # a thread still waiting on a receiver ends by its timeout
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    # --- the trigger ---------------------------------------------------------------

    def turn_started(self, account: str, room_id: str) -> None:
        """server/net/turns.py: ``account``'s turn started at ``room_id``."""
        room = self.tables.rooms.get(room_id)
        if room is None or self._pool is None:
            return  # another server's room (several in one process), or stopped
        names = self.tables.names
        if names.connected(account):
            return  # connected: the client rings and shows it (prtui/desktop.py)
        visit = names.visits(account)
        if self._told.get((account, room_id)) == visit:
            return  # told already during this absence
        address = self.store.notify_address(account)
        if address is None:
            return
        if not self._hourly.allow(account):
            log.info("turn notice for account %s at room %s not sent: its %d an hour are "
                     "used", account, room_id, self.policy.per_hour)
            return
        if len(self._pending) >= MAX_PENDING:
            log.warning("turn notice for account %s at room %s dropped: %d on their way",
                        account, room_id, MAX_PENDING)
            return
        if len(self._told) >= 100_000:  # bounded: the oldest absences go first
            for key in list(self._told)[:50_000]:
                del self._told[key]
        self._told[(account, room_id)] = visit
        text = notice_text(get_game(room.rec.game).title, room.rec.name,
                           names.language_of(account))
        self._spawn(self._send(account, address[0], text))

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _send(self, account: str, url: str, text: str) -> Outcome:
        pool = self._pool
        if pool is None:
            return Outcome(address_shown(self.store, account), False,
                           say(N_("the server is stopping")))
        loop = asyncio.get_running_loop()
        wait = self.policy.timeout_s * 3 + 5  # connect, read and look-ups, each bounded
        try:
            outcome = await asyncio.wait_for(
                loop.run_in_executor(pool, deliver, url, text, self.policy), wait)
        except TimeoutError:
            outcome = Outcome(address_shown(self.store, account), False,
                              say(N_("no answer within {seconds} s"), seconds=f"{wait:g}"))
        self.outcomes = [*self.outcomes[-15:], outcome]
        if outcome.sent:
            log.info("turn notice for account %s sent to %s", account, outcome.shown)
        else:
            log.warning("turn notice for account %s to %s failed: %s", account,
                        outcome.shown, outcome.why)
        return outcome

    # --- the command ---------------------------------------------------------------

    def handle(self, peer: Peer, msg: dict[str, Any]) -> None:
        """``notify_address``: show, set, clear or test this account's address."""
        mid = msg["id"]
        try:
            account = self._account(peer)
            if msg["op"] == "show":
                peer.send(m.ack(mid, self._answer(account)))
            elif msg["op"] == "clear":
                self.store.clear_notify_address(account)
                peer.send(m.ack(mid, self._answer(account)))
            elif msg["op"] == "test":
                self._test(peer, mid, account)
            else:
                url = msg.get("url")
                if url is None:
                    raise NotifyRefused("missing_field",
                                        say(N_("set needs the address (url)")))
                precheck(url, self.policy)
                if not self._sets.allow(account):
                    raise NotifyRefused("rate_limited", say(N_("too many addresses set; try "
                                                               "again in a few seconds")))
                self._spawn(self._set(peer, mid, account, url))
        except NotifyRefused as exc:
            peer.refuse(mid, exc.code, exc.reason)

    def _test(self, peer: Peer, mid: int, account: str) -> None:
        """A notice now, connected or not, so a player sees that the address works; it
        counts against the hourly number like any other."""
        address = self.store.notify_address(account)
        if address is None:
            raise NotifyRefused("no_address", say(N_("set an address first")))
        if not self._hourly.allow(account):
            raise NotifyRefused("rate_limited", say(N_("at most {most} notices an hour: try "
                                                       "again later"), most=self.policy.per_hour))

        async def send() -> None:
            outcome = await self._send(account, address[0], say(TEST_TEXT).to(peer.lang))
            peer.send(m.ack(mid, {**self._answer(account), "sent": outcome.sent,
                                  "why": text(outcome.why, peer.lang)}))

        self._spawn(send())

    def _account(self, peer: Peer) -> str:
        if not self.policy.enabled or self._pool is None:
            raise NotifyRefused("notify_off", say(NOTIFY_OFF))
        if peer.account is None:
            raise NotifyRefused("guest", say(N_("only a claimed name has turn notices: claim "
                                                "your name first (ctrl+p)")))
        return peer.account

    def _answer(self, account: str) -> dict[str, Any]:
        found = self.store.notify_address(account)
        return {"address": None if found is None else found[1],
                "schemes": sorted(self.policy.schemes), "per_hour": self.policy.per_hour}

    async def _set(self, peer: Peer, mid: int, account: str, url: str) -> None:
        pool = self._pool
        if pool is None:
            return
        try:
            checked = await asyncio.get_running_loop().run_in_executor(
                pool, check_address, url, self.policy)
            self.store.set_notify_address(account, checked.url, checked.shown)
        except NotifyRefused as exc:
            peer.refuse(mid, exc.code, exc.reason)
            return
        except sqlite3.IntegrityError:  # the account was removed meanwhile
            peer.refuse(mid, "guest", say(N_("this name is no longer claimed")))
            return
        peer.send(m.ack(mid, self._answer(account)))


def address_shown(store: Store, account: str) -> str:
    found = store.notify_address(account)
    return "?" if found is None else found[1]


def _warm_up() -> None:
    known_schemes()  # apprise's plugins load on first use
