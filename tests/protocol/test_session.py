"""The sans-I/O client session: bytes in -> events out, commands -> bytes out, no I/O.

Everything here runs without a loop or a socket: the server's side is frames built with
server/protocol/messages.py, and what the session sends is decoded back from its bytes.
"""

from __future__ import annotations

from typing import Any

import pytest

from server.protocol import limits
from server.protocol import messages as m
from server.protocol.diff import diff
from server.protocol.framing import FrameBuffer, FrameError, encode_frame
from server.protocol.messages import ProtocolError
from server.protocol.session import (
    Answer,
    ClientSession,
    Event,
    Gap,
    Pong,
    Push,
    ResyncFailed,
    Synced,
    Welcomed,
)

V1 = {"view": {"round": 1, "log": ["a"], "me": {"gold": 2}}, "legal": [{"k": "x"}]}
V2 = {"view": {"round": 1, "log": ["a", "b"], "me": {"gold": 3}}, "legal": []}
V3 = {"view": {"round": 2, "log": ["b", "c"], "me": {}}, "legal": [{"k": "y"}]}


def sent(session: ClientSession) -> list[dict[str, Any]]:
    """The frames the session queued, decoded as the server would."""
    return FrameBuffer(limits.MAX_FRAME_FROM_CLIENT).feed(session.data_to_send())


def welcomed(**kwargs: Any) -> ClientSession:
    session = ClientSession(**kwargs)
    session.hello("ana")
    session.receive_data(encode_frame(m.welcome("c1", "ana", "prtui")))
    session.data_to_send()
    return session


def summary(events: list[Event]) -> list[tuple[Any, ...]]:
    """What a consumer reads off the events, comparable between two runs."""
    out: list[tuple[Any, ...]] = []
    for e in events:
        if isinstance(e, Synced):
            out.append(("synced", e.room, e.v, e.snapshot, e.size))
        elif isinstance(e, Answer):
            out.append(("answer", e.id, e.t, e.ok, e.data, e.code, e.reason))
        else:
            out.append((type(e).__name__, e.msg["t"], e.size))
    return out


def test_the_hello_is_the_first_frame_and_the_welcome_the_first_event() -> None:
    session = ClientSession()
    session.hello("ana", "spectate", token="tok")
    assert sent(session) == [m.hello("ana", "spectate", "tok")]
    events = session.receive_data(encode_frame(m.welcome("c1", "ana", "prtui")))
    assert isinstance(events[0], Welcomed) and events[0].ok
    assert session.welcome is not None and session.welcome["conn"] == "c1"


def test_a_refused_hello_says_why() -> None:
    session = ClientSession()
    session.hello("ana")
    [event] = session.receive_data(encode_frame(m.error("name_taken", "'ana' is playing")))
    assert isinstance(event, Welcomed) and not event.ok
    assert (event.code, event.message) == ("name_taken", "'ana' is playing")


def test_a_frame_cut_at_every_offset_gives_the_same_events() -> None:
    """The server's frames cut anywhere (in the length, in the body, between frames)."""
    session = welcomed()
    asks = session.command("list_rooms")
    acts = session.command("act", room="r1", action={"k": "x"}, v=1)
    session.ping(7.5)
    session.data_to_send()
    stream = b"".join(encode_frame(f) for f in (
        m.lobby([], {"waiting": 0}),
        m.ack(asks, {"rooms": [], "next": None}),
        m.state("r1", 1, V1),
        m.diff("r1", 1, 2, diff(V1, V2)),
        m.reject(acts, "stale", "the game has moved on"),
        m.ping(3.0),
        m.pong(7.5),
        m.diff("r1", 2, 3, diff(V2, V3)),
    ))
    whole = summary(_replayed(stream, [len(stream)]))
    assert [row[0] for row in whole] == [
        "Push", "answer", "synced", "synced", "answer", "Push", "Pong", "synced"]
    assert whole[1][1:5] == (asks, "list_rooms", True, {"rooms": [], "next": None})
    assert whole[4][1:4] == (acts, "act", False) and whole[4][5] == "stale"
    assert whole[-1][3] == V3
    for cut in range(1, len(stream)):
        assert summary(_replayed(stream, [cut, len(stream)])) == whole, cut
    assert summary(_replayed(stream, list(range(1, len(stream) + 1)))) == whole


def _replayed(stream: bytes, cuts: list[int]) -> list[Event]:
    """A fresh session fed `stream` in pieces ending at each of `cuts`."""
    session = welcomed()
    session.command("list_rooms")
    session.command("act", room="r1", action={"k": "x"}, v=1)
    session.ping(7.5)
    session.data_to_send()
    events: list[Event] = []
    start = 0
    for end in cuts:
        events += session.receive_data(stream[start:end])
        start = end
    assert session.pending_bytes == 0
    assert sent(session) == [m.pong(3.0)]  # the ping was answered, nothing else
    assert session.snapshot("r1") == V3
    return events


def test_a_command_is_checked_numbered_and_matched_to_its_answer() -> None:
    session = welcomed()
    with pytest.raises(ProtocolError):
        session.command("join_room", room="r1", as_="king")
    assert session.data_to_send() == b""  # nothing was queued
    first = session.command("join_room", room="r1", as_="player")
    second = session.command("start", room="r1")
    assert second == first + 1
    assert sent(session) == [m.command("join_room", first, room="r1", **{"as": "player"}),
                             m.command("start", second, room="r1")]
    events = session.receive_data(
        encode_frame(m.reject(second, "not_ready", "seat 2 is empty"))
        + encode_frame(m.ack(first)))
    assert [(e.id, e.t, e.ok, e.code, e.reason) for e in events if isinstance(e, Answer)] == [
        (second, "start", False, "not_ready", "seat 2 is empty"), (first, "join_room", True, "", "")]
    [again] = session.receive_data(encode_frame(m.ack(first)))  # answered twice: not ours now
    assert isinstance(again, Answer) and again.t == ""


def test_a_diff_that_does_not_fit_asks_for_a_resync_once() -> None:
    session = welcomed()
    session.receive_data(encode_frame(m.state("r1", 1, V1)))
    [gap] = session.receive_data(encode_frame(m.diff("r1", 2, 3, diff(V2, V3))))  # 2 is missed
    assert isinstance(gap, Gap) and gap.resync_id is not None
    assert sent(session) == [m.command("resync", gap.resync_id, room="r1")]
    [later] = session.receive_data(encode_frame(m.diff("r1", 3, 4, diff(V3, V1))))
    assert isinstance(later, Gap) and later.resync_id is None  # the fresh state is coming
    assert session.data_to_send() == b"" and session.snapshot("r1") == V1
    [fresh] = session.receive_data(encode_frame(m.state("r1", 4, V1)))
    assert isinstance(fresh, Synced) and (fresh.v, fresh.snapshot) == (4, V1)
    [ok] = session.receive_data(encode_frame(m.diff("r1", 4, 5, diff(V1, V2))))
    assert isinstance(ok, Synced) and ok.snapshot == V2 and ok.msg["snapshot"] == V2


def test_ops_that_do_not_apply_are_a_gap_too() -> None:
    session = welcomed()
    session.receive_data(encode_frame(m.state("r1", 1, V1)))
    [gap] = session.receive_data(encode_frame(m.diff("r1", 1, 2, [["del", ["nowhere", 3]]])))
    assert isinstance(gap, Gap) and session.snapshot("r1") == V1
    assert [f["t"] for f in sent(session)] == ["resync"]


def test_a_refused_resync_is_reported_and_the_next_diff_tries_again() -> None:
    session = welcomed()
    [gap] = session.receive_data(encode_frame(m.diff("r1", 1, 2, diff(V1, V2))))  # no state yet
    assert isinstance(gap, Gap) and gap.resync_id is not None
    session.data_to_send()
    [failed] = session.receive_data(encode_frame(m.reject(gap.resync_id, "not_in_room", "left")))
    assert isinstance(failed, ResyncFailed) and failed.room == "r1"
    assert "not_in_room" in failed.reason
    [gap2] = session.receive_data(encode_frame(m.diff("r1", 2, 3, diff(V2, V3))))
    assert isinstance(gap2, Gap) and gap2.resync_id not in (None, gap.resync_id)


def test_without_auto_resync_gaps_are_only_reported() -> None:
    session = welcomed(auto_resync=False)
    session.receive_data(encode_frame(m.state("r1", 1, V1)))
    events = session.receive_data(encode_frame(m.diff("r1", 2, 3, diff(V2, V3))) * 2)
    assert [type(e) for e in events] == [Gap, Gap] and session.data_to_send() == b""


def test_rooms_are_kept_apart_and_leaving_forgets_one() -> None:
    session = welcomed()
    session.receive_data(encode_frame(m.state("r1", 1, V1)) + encode_frame(m.state("r2", 7, V2))
                         + encode_frame(m.room({"id": "r2", "status": "playing"})))
    assert session.snapshot("r1") == V1 and session.snapshot("r2") == V2
    assert session.rooms["r2"].info == {"id": "r2", "status": "playing"}
    leave = session.command("leave_room", room="r1")
    session.receive_data(encode_frame(m.ack(leave)))
    assert session.snapshot("r1") is None and session.snapshot("r2") == V2


def test_pongs_are_matched_to_our_pings_and_pings_answered_unless_told_not_to() -> None:
    session = welcomed()
    session.ping(1.25)
    assert sent(session) == [m.ping(1.25)]
    mine, made_up = session.receive_data(encode_frame(m.pong(1.25)) + encode_frame(m.pong(9.0)))
    assert isinstance(mine, Pong) and mine.ts == 1.25
    assert isinstance(made_up, Pong) and made_up.ts is None
    session.answer_pings = False
    [ping] = session.receive_data(encode_frame(m.ping(4.0)))
    assert isinstance(ping, Push) and session.data_to_send() == b""


def test_a_bad_frame_raises() -> None:
    session = welcomed()
    with pytest.raises(FrameError):
        session.receive_data(b"\x00\x00\x00\x03abc")
