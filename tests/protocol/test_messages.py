"""The message catalog: every client message of docs/protocol.md validates, and bad ones
are refused with the right code."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from server.protocol import limits, messages
from server.protocol.framing import decode_body, encode_frame
from server.protocol.messages import ProtocolError, validate_client_message

GOOD: list[dict[str, Any]] = [
    {"t": "hello", "proto": 1, "name": "ana", "role": "play"},
    {"t": "hello", "proto": 1, "name": "bo", "role": "spectate", "token": "abc"},
    {"t": "list_rooms", "id": 1},
    {"t": "create_room", "id": 2, "game": "puerto-rico", "players": 4, "options": {"edition": "classic"}},
    {"t": "create_room", "id": 3, "game": "puerto-rico", "players": 2, "options": {}, "name": "fun"},
    {"t": "join_room", "id": 4, "room": "r1", "as": "player"},
    {"t": "leave_room", "id": 5, "room": "r1"},
    {"t": "take_seat", "id": 6, "room": "r1", "seat": 0},
    {"t": "leave_seat", "id": 7, "room": "r1"},
    {"t": "add_bot", "id": 8, "room": "r1", "seat": 2, "level": "hard"},
    {"t": "remove_bot", "id": 9, "room": "r1", "seat": 2},
    {"t": "ready", "id": 10, "room": "r1", "ready": True},
    {"t": "start", "id": 11, "room": "r1"},
    {"t": "chat", "id": 12, "room": None, "text": "hola"},
    {"t": "chat", "id": 13, "room": "r1", "text": "x" * limits.MAX_CHAT_LEN},
    {"t": "act", "id": 14, "room": "r1", "action": {"type": "role", "role": "mayor"}},
    {"t": "resync", "id": 15, "room": "r1"},
    {"t": "follow", "id": 16, "room": "r1", "seat": 1},
    {"t": "replay", "id": 17, "room": "r1", "step": 0},
    {"t": "ping", "ts": 12.5},
    {"t": "pong", "ts": 3},
]


@pytest.mark.parametrize("msg", GOOD, ids=lambda m: m["t"])
def test_good_messages_validate_and_survive_the_wire(msg: dict[str, Any]) -> None:
    assert validate_client_message(msg) == msg
    assert validate_client_message(decode_body(encode_frame(msg)[4:])) == msg


def test_catalog_covers_every_command_of_the_doc() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    section = doc[doc.index("## Commands") : doc.index("## Server pushes")]
    # the first table of the section is the command table (error codes follow it)
    start = section.index("\n|")
    end = section.find("\n\n", start + 1)
    table = section[start : end if end != -1 else len(section)]
    documented = set(re.findall(r"^\| `(\w+)` \|", table, flags=re.M))
    assert documented, "the command table moved"
    assert documented == set(messages.COMMANDS)


def test_unknown_fields_are_dropped() -> None:
    clean = validate_client_message({"t": "start", "id": 1, "room": "r", "evil": {"x": 1}})
    assert clean == {"t": "start", "id": 1, "room": "r"}


@pytest.mark.parametrize(
    ("msg", "code"),
    [
        ({"t": "launch_missiles", "id": 1}, "unknown_type"),
        ({"t": "start", "room": "r"}, "missing_id"),
        ({"t": "start", "id": "1", "room": "r"}, "missing_id"),
        ({"t": "start", "id": True, "room": "r"}, "missing_id"),
        ({"t": "start", "id": 1}, "missing_field"),
        ({"t": "hello", "proto": 1, "name": "ana"}, "missing_field"),
        ({"t": "take_seat", "id": 1, "room": "r", "seat": "0"}, "bad_type"),
        ({"t": "take_seat", "id": 1, "room": "r", "seat": True}, "bad_type"),
        ({"t": "take_seat", "id": 1, "room": "r", "seat": 1.0}, "bad_type"),
        ({"t": "ready", "id": 1, "room": "r", "ready": 1}, "bad_type"),
        ({"t": "act", "id": 1, "room": "r", "action": ["role"]}, "bad_type"),
        ({"t": "start", "id": 1, "room": None}, "bad_type"),
        ({"t": "ping", "ts": "now"}, "bad_type"),
        ({"t": "ping", "ts": False}, "bad_type"),
        ({"t": "join_room", "id": 1, "room": "r", "as": "admin"}, "bad_value"),
        ({"t": "hello", "proto": 1, "name": "ana", "role": "root"}, "bad_value"),
        ({"t": "hello", "proto": 1, "name": "   ", "role": "play"}, "bad_value"),
        ({"t": "hello", "proto": 1, "name": "a\x1b[2J", "role": "play"}, "bad_value"),
        ({"t": "hello", "proto": 1, "name": "a\u202eb", "role": "play"}, "bad_value"),
        ({"t": "hello", "proto": 1, "name": "x" * 33, "role": "play"}, "too_long"),
        ({"t": "chat", "id": 1, "room": None, "text": "x" * 501}, "too_long"),
        ({"t": "chat", "id": 1, "room": None, "text": "bell\x07"}, "bad_value"),
        ({"t": "start", "id": 1, "room": "r" * 65}, "too_long"),
        ({"t": "replay", "id": 1, "room": "r", "step": "3"}, "bad_type"),
        ({"t": "replay", "id": 1, "room": "r"}, "missing_field"),
    ],
)
def test_bad_messages_refused(msg: dict[str, Any], code: str) -> None:
    with pytest.raises(ProtocolError) as info:
        validate_client_message(msg)
    assert info.value.code == code


def test_error_keeps_the_id_for_the_reject() -> None:
    with pytest.raises(ProtocolError) as info:
        validate_client_message({"t": "take_seat", "id": 7, "room": "r", "seat": "x"})
    assert info.value.id == 7


def test_builders_spell_the_documented_fields() -> None:
    assert messages.command("join_room", 3, room="r", as_="player") == {
        "t": "join_room", "id": 3, "room": "r", "as": "player",
    }
    assert messages.hello("ana") == {"t": "hello", "proto": 1, "name": "ana", "role": "play"}
    assert messages.ack(4) == {"t": "ack", "id": 4}
    assert messages.ack(4, {"room": "r"}) == {"t": "ack", "id": 4, "data": {"room": "r"}}
    assert messages.reject(4, "full", "no seat") == {
        "t": "reject", "id": 4, "code": "full", "reason": "no seat",
    }
    assert messages.diff("r", 1, 2, []) == {"t": "diff", "room": "r", "base_v": 1, "v": 2, "ops": []}
    assert messages.chat(None, "ana", "hi", 1.0)["from"] == "ana"
    assert messages.welcome("c1", "ana", "prtui 0.1", {"room": "r", "seat": 0})["resume"] == {
        "room": "r", "seat": 0,
    }
    for built in (messages.error("x", "y"), messages.bye("z"), messages.state("r", 1, {})):
        assert decode_body(encode_frame(built)[4:]) == built
