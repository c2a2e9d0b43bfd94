"""The lobby's room list, in pages that always fit in one small frame.

A host that has run for months holds thousands of finished games; listing them all
made the lobby push pass the 4 MiB frame limit, so every new client was refused. A
page is at most ``LOBBY_PAGE_ROOMS`` rooms and ``LOBBY_PAGE_BYTES`` bytes: waiting
rooms first, then running ones (newest first), then the newest finished games; older
finished games are read from the store a page at a time (``list_rooms`` with
``status``, ``before``, ``limit``, ``search``; docs/protocol.md).

The first page is encoded once per change and the same bytes go to every connection:
the ``lobby`` push whole, a ``list_rooms`` answer as a small per-command prefix plus
those shared bytes (msgpack maps are their pairs one after another, so the pairs can be
packed once and framed twice).
"""

from __future__ import annotations

import asyncio
import itertools
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import msgpack

from server.i18n import N_
from server.net.ratelimits import AddressRates
from server.protocol import limits
from server.protocol.framing import HEADER
from server.says import say
from server.store.base import RoomRecord, Store

if TYPE_CHECKING:
    from server.net.peer import Peer
    from server.net.room import Room

_FRAME_SLACK = 64
"""Bytes kept free in a page for the frame's own keys (``t``, ``id``, ``data``)."""
STATUSES = ("waiting", "playing", "over")


def record_summary(rec: RoomRecord) -> dict[str, Any]:
    """The room summary of a stored room nobody is in (the shape of ``Room.summary``)."""
    seats = []
    for s in rec.seats:
        bot = s.kind == "bot"
        entry: dict[str, Any] = {"seat": s.seat, "name": s.name, "kind": s.kind,
                                 "connected": bot, "ready": bot, "bot_playing": bot}
        if s.level is not None:
            entry["level"] = s.level
        seats.append(entry)
    return {
        "id": rec.id, "name": rec.name, "game": rec.game, "players": rec.players,
        "options": dict(rec.options), "host": rec.host, "status": rec.status,
        "seats": seats, "spectators": 0, "created": rec.created,
    }


def cursor_of(rec: RoomRecord) -> str:
    """The ``before`` value that continues a listing after ``rec``."""
    return f"{rec.created!r}/{rec.id}"


def parse_cursor(text: str) -> tuple[float, str] | None:
    """``(created, id)`` from a cursor, or None if it is not one of ours."""
    created, sep, rid = text.partition("/")
    try:
        when = float(created)
    except ValueError:
        return None
    return (when, rid) if sep and rid and math.isfinite(when) else None


def _pack(obj: Any) -> bytes:
    packed: bytes = msgpack.packb(obj, use_bin_type=True)
    return packed


def _pairs(packed_rooms: list[bytes], extra: dict[str, Any]) -> bytes:
    """The packed key/value pairs ``rooms: [...]`` then ``extra``'s, without a map header."""
    head = msgpack.Packer().pack_array_header(len(packed_rooms))
    return b"".join([_pack("rooms"), head, *packed_rooms,
                     *(_pack(k) + _pack(v) for k, v in extra.items())])


def lobby_frame(pairs: bytes, n_pairs: int) -> bytes:
    """The ``lobby`` push made of ``pairs`` (``n_pairs`` key/value pairs)."""
    lead: bytes = msgpack.Packer().pack_map_header(1 + n_pairs) + _pack("t") + _pack("lobby")
    return HEADER.pack(len(lead) + len(pairs)) + lead + pairs


def ack_parts(mid: int, pairs: bytes, n_pairs: int) -> tuple[bytes, bytes]:
    """An ``ack`` of command ``mid`` whose ``data`` map is ``pairs``, as (its own prefix,
    ``pairs`` itself): sent one after the other they are one frame."""
    packer = msgpack.Packer()
    lead = b"".join([packer.pack_map_header(3), _pack("t"), _pack("ack"), _pack("id"),
                     _pack(mid), _pack("data"), packer.pack_map_header(n_pairs)])
    return HEADER.pack(len(lead) + len(pairs)) + lead, pairs


class LobbyList:
    """Counts, the newest finished games, and the cached first page."""

    def __init__(self, store: Store, page_rooms: int = limits.LOBBY_PAGE_ROOMS,
                 page_bytes: int = limits.LOBBY_PAGE_BYTES) -> None:
        self.store = store
        self.page_rooms = page_rooms
        self.page_bytes = page_bytes
        self.finished = store.count_rooms("over")
        self.recent = store.page_rooms("over", None, page_rooms)  # newest first
        self._packed: dict[str, bytes] = {}  # finished rooms nobody is in never change
        self._pairs: bytes | None = None
        self._push: bytes | None = None
        self.reader = getattr(store, "reader", None)  # reads pages off the event loop
        self.reads: set[asyncio.Task[None]] = set()  # pages being read for a client
        self._searches = AddressRates(limits.SEARCH_RATE_PER_S, limits.SEARCH_BURST)

    # --- keeping up ----------------------------------------------------------------

    def changed(self) -> None:
        """Something shown on the first page may have changed: rebuild it when next asked."""
        self._pairs = self._push = None

    def game_finished(self, rec: RoomRecord) -> None:
        """``rec`` just finished: count it and show it among the newest finished games."""
        self.finished += 1
        self.recent = sorted([rec, *(r for r in self.recent if r.id != rec.id)],
                             key=lambda r: (r.created, r.id), reverse=True)[: self.page_rooms]
        known = {r.id for r in self.recent}
        self._packed = {k: v for k, v in self._packed.items() if k in known}
        self.changed()

    # --- the first page, shared ------------------------------------------------------

    def push_frame(self, rooms: dict[str, Room]) -> bytes:
        """The ``lobby`` push, encoded once per change."""
        if self._push is None:
            self._push = lobby_frame(self._first_page(rooms), 3)
        return self._push

    def first_page_answer(self, mid: int, rooms: dict[str, Room]) -> tuple[bytes, bytes]:
        """A ``list_rooms`` ack holding the first page: (its own prefix, shared bytes)."""
        return ack_parts(mid, self._first_page(rooms), 3)

    def _first_page(self, rooms: dict[str, Room]) -> bytes:
        if self._pairs is None:
            live = sorted((r for r in rooms.values() if r.rec.status != "over"),
                          key=lambda r: (r.rec.status != "waiting", -r.rec.created))
            counts = {s: 0 for s in STATUSES}
            for r in live:
                counts[r.rec.status] += 1
            counts["over"] = self.finished
            summaries = (r.summary() for r in live)
            packed = self._fit(summaries, self._finished_packed(rooms))
            more = len(packed) < len(live) + self.finished
            self._pairs = _pairs(packed, {"counts": counts, "more": more})
        return self._pairs

    def _finished_packed(self, rooms: dict[str, Room]) -> Iterable[bytes]:
        for rec in self.recent:
            loaded = rooms.get(rec.id)
            if loaded is not None and loaded.members:  # someone watches: show them
                yield _pack(loaded.summary())
                continue
            packed = self._packed.get(rec.id)
            if packed is None:
                packed = self._packed[rec.id] = _pack(record_summary(rec))
            yield packed

    def _fit(self, summaries: Iterable[dict[str, Any]], more: Iterable[bytes] = ()) -> list[bytes]:
        """Packed summaries in order while the page has room (count and bytes)."""
        budget = self.page_bytes - _FRAME_SLACK - 96  # 96: counts, more, next, headers
        out: list[bytes] = []
        for packed in itertools.chain((_pack(s) for s in summaries), more):
            if len(out) >= self.page_rooms or len(packed) > budget:
                break
            budget -= len(packed)
            out.append(packed)
        return out

    # --- later pages -------------------------------------------------------------

    def search_allowed(self, address: str) -> bool:
        """Spend one of ``address``'s searches (all its connections share them)."""
        return self._searches.allow(address)

    def page_later(self, peer: Peer, mid: int, rooms: dict[str, Room],
                   before: tuple[float, str] | None, limit: int, search: str | None) -> None:
        """Answer a page of finished games once the reader thread has read it."""
        async def answer() -> None:
            assert self.reader is not None
            recs = await self.reader.page_rooms("over", before, min(limit, self.page_rooms) + 1,
                                                search)
            for part in self.page(mid, rooms, "over", before, limit, search, recs):
                peer.send_bytes(part)

        task = asyncio.get_running_loop().create_task(answer())
        self.reads.add(task)
        task.add_done_callback(self.reads.discard)

    def page(self, mid: int, rooms: dict[str, Room], status: str,
             before: tuple[float, str] | None, limit: int, search: str | None,
             recs: list[RoomRecord] | None = None) -> tuple[bytes, bytes]:
        """A ``list_rooms`` ack (prefix, rest) for rooms of one ``status``, newest first
        after the cursor ``before``; its data holds ``rooms`` and ``next`` (the cursor
        of the following page, or null at the end). ``recs``: finished games already
        read (``limit + 1`` of them at most)."""
        limit = min(limit, self.page_rooms)
        if recs is not None:
            pass
        elif status == "over":
            recs = self.store.page_rooms("over", before, limit + 1, search)
        else:
            recs = sorted((r.rec for r in rooms.values() if r.rec.status == status
                           and _after(r.rec, before) and _matches(r.rec, search)),
                          key=lambda rec: (rec.created, rec.id), reverse=True)[: limit + 1]
        packed = self._fit(rooms[r.id].summary() if r.id in rooms else record_summary(r)
                           for r in recs[:limit])
        # more after this page: continue after its last room (one too big for any page
        # is skipped rather than asked for again and again)
        nxt = cursor_of(recs[max(len(packed), 1) - 1]) if len(packed) < len(recs) else None
        return ack_parts(mid, _pairs(packed, {"next": nxt}), 2)


def _after(rec: RoomRecord, before: tuple[float, str] | None) -> bool:
    return before is None or (rec.created, rec.id) < before


def _matches(rec: RoomRecord, search: str | None) -> bool:
    if not search:
        return True
    needle = search.casefold()
    names = [rec.name, rec.host or "", *(s.name or "" for s in rec.seats)]
    return any(needle in n.casefold() for n in names)


def list_rooms(listing: LobbyList, peer: Peer, msg: dict[str, Any], rooms: dict[str, Room]) -> None:
    """Answer ``list_rooms``: the first page, or one page of rooms of one ``status``."""
    mid, status = msg["id"], msg.get("status")
    if status is None:
        if any(msg.get(k) is not None for k in ("before", "limit", "search")):
            peer.refuse(mid, "bad_value", say(N_("'before', 'limit' and 'search' need 'status'")))
            return
        parts = listing.first_page_answer(mid, rooms)
    else:
        limit = msg.get("limit", listing.page_rooms)
        if limit < 1:
            peer.refuse(mid, "bad_value", say(N_("'limit' must be 1 or more")))
            return
        before = None
        if msg.get("before") is not None:
            before = parse_cursor(msg["before"])
            if before is None:
                peer.refuse(mid, "bad_value", say(N_("'before' must be a 'next' of an earlier answer")))
                return
        search = msg.get("search")
        # a search, or a page of live rooms (every open room filtered and sorted on the
        # loop: 3.5 ms at 1,000 rooms), spends the address's searches
        if (search or status != "over") and not listing.search_allowed(
                getattr(peer, "address", "?")):
            peer.refuse(mid, "rate_limited", say(N_("too many searches or room pages from "
                                                        "your address; slow down")))
            return
        if status == "over" and listing.reader is not None:
            listing.page_later(peer, mid, rooms, before, limit, search)
            return
        parts = listing.page(mid, rooms, status, before, limit, search)
    for part in parts:  # one frame in two writes: its own prefix, then the shared page
        peer.send_bytes(part)
