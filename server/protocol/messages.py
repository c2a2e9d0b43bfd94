"""The message catalog of docs/protocol.md as data, its validation, and message builders.

The server runs every client frame through `validate_client_message` before acting on
it, so a handler only ever sees known fields of the right types. Field names here are
exactly those of docs/protocol.md.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

import server.protocol.limits as limits  # the module, not the package (no import cycle)
from server.errors import PrtuiError
from server.i18n import N_, SOURCE
from server.protocol.names import BadName, clean_name
from server.says import Said, Say, say, wire

PROTO_VERSION = 1
"""The protocol version this code speaks; `hello` and `welcome` carry it as `proto`."""

ROLES = frozenset({"play", "spectate"})
"""`hello.role`: a player's client, or a read-only spectator's."""

JOIN_AS = frozenset({"player", "spectator"})
"""`join_room.as`."""


class ProtocolError(PrtuiError):
    """A client message that breaks the catalog; answered with `reject` (if it has an id)
    or `error`. Codes: "unknown_type", "missing_id", "missing_field", "bad_type",
    "bad_value", "too_long".
    """

    def __init__(self, code: str, reason: Say, id: int | None = None) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.id = id


@dataclass(frozen=True)
class Field:
    """One field of a message: its wire name, kind and constraints."""

    name: str
    kind: str  # "str" | "int" | "bool" | "number" | "map" | "list"
    required: bool = True
    nullable: bool = False
    choices: frozenset[str] | None = None
    max_len: int | None = None
    text: bool = False  # human text: no control characters, not blank
    person: bool = False  # a name shown to others: the rules of server/protocol/names.py


def _f(name: str, kind: str, **kw: Any) -> Field:
    return Field(name, kind, **kw)


_ROOM = _f("room", "str", max_len=limits.MAX_ID_LEN)
_SEAT = _f("seat", "int")

CLIENT_MESSAGES: dict[str, tuple[Field, ...]] = {
    "hello": (
        _f("proto", "int"),
        _f("name", "str", max_len=limits.MAX_NAME_LEN, person=True),
        _f("role", "str", choices=ROLES),
        _f("token", "str", required=False, max_len=limits.MAX_ID_LEN),
        # only from this server's own SSH gateway: the player's address (server/net/relay.py)
        _f("peer", "str", required=False, max_len=limits.MAX_ID_LEN),
        _f("peer_proof", "str", required=False, max_len=limits.MAX_ID_LEN),
        # a claimed name's password (server/net/identity.py); never logged, never stored
        _f("password", "str", required=False, max_len=limits.MAX_PASSWORD_LEN),
        # only from this server's own SSH gateway: the key the player logged in with
        _f("ssh_key", "str", required=False, max_len=limits.MAX_ID_LEN * 2),
        _f("ssh_key_proof", "str", required=False, max_len=limits.MAX_ID_LEN),
        # the reader's language (a POSIX locale or a BCP 47 tag): what the server says to
        # this connection is said in it (server/says.py); none or unknown: English
        _f("lang", "str", required=False, max_len=limits.MAX_LANG_LEN),
    ),
    # make this connection's name its own: with `password`, or with the SSH key it came
    # with (its owner: a new password)
    "claim": (_f("password", "str", required=False, max_len=limits.MAX_PASSWORD_LEN),),
    "list_rooms": (  # no field: the first page, as the `lobby` push; `status`: one page of those
        _f("status", "str", required=False, choices=frozenset({"waiting", "playing", "over"})),
        _f("before", "str", required=False, nullable=True, max_len=limits.MAX_ID_LEN * 2),
        _f("limit", "int", required=False),
        _f("search", "str", required=False, nullable=True, max_len=limits.MAX_SEARCH_LEN),
    ),
    "list_games": (),
    "create_room": (
        _f("game", "str", max_len=limits.MAX_ID_LEN),
        _f("players", "int"),
        _f("options", "map"),
        _f("name", "str", required=False, max_len=limits.MAX_NAME_LEN, person=True),
    ),
    "join_room": (_ROOM, _f("as", "str", choices=JOIN_AS)),
    "rematch": (_ROOM,),  # the finished room's id: the server pairs its players (server/net/rematch.py)
    "leave_room": (_ROOM,),
    "take_seat": (_ROOM, _SEAT),
    "leave_seat": (_ROOM,),
    "add_bot": (_ROOM, _SEAT, _f("level", "str", max_len=limits.MAX_ID_LEN)),
    "remove_bot": (_ROOM, _SEAT),
    "ready": (_ROOM, _f("ready", "bool")),
    "start": (_ROOM,),
    "chat": (
        _f("room", "str", nullable=True, max_len=limits.MAX_ID_LEN),
        _f("text", "str", max_len=limits.MAX_CHAT_LEN, text=True),
    ),
    # `v`: the version of the snapshot the action was chosen from; another one is `stale`
    # (optional in protocol 1, so clients written before it keep working)
    "act": (_ROOM, _f("action", "map"), _f("v", "int", required=False)),
    "resync": (_ROOM,),
    "follow": (_ROOM, _SEAT),
    "replay": (_ROOM, _f("step", "int")),
    "coach": (_ROOM,),  # my top moves now, by the search (room option coach: "on")
    "review": (_ROOM,),  # a finished game: my decisions against the search's best
    # a game's players best first by rating; a player's (or a bot level's) ratings and
    # finished games (server/net/standings.py)
    "leaderboard": (_f("game", "str", max_len=limits.MAX_ID_LEN), _f("limit", "int", required=False),
                    _f("offset", "int", required=False)),
    "my_turns": (),  # the turn-based tables waiting for my move (server/net/turnbased.py)
    "profile": (_f("name", "str", required=False, max_len=limits.MAX_NAME_LEN, person=True),
                _f("bot", "str", required=False, max_len=limits.MAX_ID_LEN),
                _f("limit", "int", required=False), _f("offset", "int", required=False)),
    # where my turn notices go while I am away, where the host sends them (an apprise
    # URL; server/net/notify.py): shown masked, set (checked by the server), cleared, or
    # sent a test notice
    "notify_address": (_f("op", "str", choices=frozenset({"show", "set", "clear", "test"})),
                       _f("url", "str", required=False, max_len=limits.MAX_NOTIFY_URL_LEN,
                          text=True)),
    "ping": (_f("ts", "number"),),
    "pong": (_f("ts", "number"),),
}
"""Every message a client may send, with its fields (besides "t" and "id")."""

UNNUMBERED = frozenset({"hello", "ping", "pong"})
"""Client messages without an `id`; every other one is a command answered by ack/reject."""

COMMANDS = frozenset(CLIENT_MESSAGES) - UNNUMBERED
"""Client messages that carry an integer `id` and get exactly one `ack` or `reject`."""


def _kind_ok(value: Any, kind: str) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "map":
        return isinstance(value, dict)
    if kind == "list":
        return isinstance(value, list)
    raise ValueError(f"unknown field kind {kind!r}")


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text)


def _check_field(field: Field, value: Any, msg_id: int | None) -> Any:
    """The value as handlers get it (names in NFC), or ProtocolError."""
    if value is None and field.nullable:
        return value
    if not _kind_ok(value, field.kind):
        raise ProtocolError("bad_type", say(N_("'{field}' must be {kind}, not {got}"),
                                            field=field.name, kind=field.kind,
                                            got=type(value).__name__), msg_id)
    if field.max_len is not None and len(value) > field.max_len:
        raise ProtocolError("too_long", say(N_("'{field}' is longer than {most}"),
                                            field=field.name, most=field.max_len), msg_id)
    if field.choices is not None and value not in field.choices:
        allowed = ", ".join(sorted(field.choices))
        raise ProtocolError("bad_value", say(N_("'{field}' must be one of: {allowed}"),
                                             field=field.name, allowed=allowed), msg_id)
    if field.text and (not value.strip() or _has_control(value)):
        raise ProtocolError("bad_value", say(
            N_("'{field}' must be visible text without control characters"), field=field.name),
            msg_id)
    if field.person:
        try:
            return clean_name(value, field.name, field.max_len or limits.MAX_NAME_LEN)
        except BadName as e:
            raise ProtocolError("bad_value", e.reason, msg_id) from None
    return value


def validate_client_message(msg: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded client frame against the catalog; return a clean copy.

    The copy holds "t", "id" (commands) and the known fields only: unknown fields are
    dropped, so a newer client's extras do not reach the handlers.
    """
    t = msg.get("t")
    fields = CLIENT_MESSAGES.get(t) if isinstance(t, str) else None
    raw_id = msg.get("id")
    msg_id = raw_id if isinstance(raw_id, int) and not isinstance(raw_id, bool) else None
    if fields is None:
        raise ProtocolError("unknown_type", say(N_("unknown message type {type}"),
                                                type=repr(t)), msg_id)
    clean: dict[str, Any] = {"t": t}
    if t in COMMANDS:
        if msg_id is None:
            raise ProtocolError("missing_id", say(N_("'{type}' needs an integer 'id'"), type=t))
        clean["id"] = msg_id
    for field in fields:
        if field.name not in msg:
            if field.required:
                raise ProtocolError("missing_field", say(N_("'{type}' needs '{field}'"),
                                                         type=str(t), field=field.name), msg_id)
            continue
        clean[field.name] = _check_field(field, msg[field.name], msg_id)
    return clean


# --- builders: one function per message, so field names are spelt in one place ---


def hello(
    name: str, role: str = "play", token: str | None = None, peer: tuple[str, str] | None = None,
    password: str | None = None, ssh_key: tuple[str, str] | None = None,
    lang: str | None = None,
) -> dict[str, Any]:
    """``peer``: (address, proof) handed to an SSH session's client by the gateway;
    ``ssh_key``: (fingerprint, proof) likewise; ``password``: a claimed name's;
    ``lang``: the reader's language, which the server then speaks to this connection."""
    msg: dict[str, Any] = {"t": "hello", "proto": PROTO_VERSION, "name": name, "role": role}
    if lang is not None:
        msg["lang"] = lang
    if token is not None:
        msg["token"] = token
    if password is not None:
        msg["password"] = password
    if ssh_key is not None:
        msg["ssh_key"], msg["ssh_key_proof"] = ssh_key
    if peer is not None:
        msg["peer"], msg["peer_proof"] = peer
    return msg


def command(t: str, id: int, **fields: Any) -> dict[str, Any]:
    """A client command; a field named like a Python keyword takes a trailing "_" (as_)."""
    msg: dict[str, Any] = {"t": t, "id": id}
    for key, value in fields.items():
        msg[key[:-1] if key.endswith("_") else key] = value
    return msg


def welcome(
    conn: str, name: str, server: str, resume: dict[str, Any] | None = None,
    lang: str = SOURCE,
) -> dict[str, Any]:
    """``lang``: the language the server speaks to this connection (from the hello)."""
    msg: dict[str, Any] = {
        "t": "welcome", "proto": PROTO_VERSION, "server": server, "conn": conn, "name": name,
        "lang": lang,
    }
    if resume is not None:
        msg["resume"] = resume
    return msg


def error(code: str, message: Said, lang: str = SOURCE) -> dict[str, Any]:
    """``message`` in ``lang``, with its ``msgid`` and ``fields`` (server/says.py)."""
    return {"t": "error", "code": code, **wire(message, lang, "message")}


def ack(id: int, data: dict[str, Any] | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"t": "ack", "id": id}
    if data is not None:
        msg["data"] = data
    return msg


def reject(id: int, code: str, reason: Said, lang: str = SOURCE) -> dict[str, Any]:
    """``reason`` in ``lang``, with its ``msgid`` and ``fields`` (server/says.py)."""
    return {"t": "reject", "id": id, "code": code, **wire(reason, lang, "reason")}


def state(room: str, v: int, snapshot: dict[str, Any]) -> dict[str, Any]:
    return {"t": "state", "room": room, "v": v, "snapshot": snapshot}


def diff(room: str, base_v: int, v: int, ops: list[list[Any]]) -> dict[str, Any]:
    return {"t": "diff", "room": room, "base_v": base_v, "v": v, "ops": ops}


def room(info: dict[str, Any]) -> dict[str, Any]:
    return {"t": "room", "room": info}


def lobby(
    rooms: list[dict[str, Any]], counts: dict[str, int] | None = None, more: bool = False
) -> dict[str, Any]:
    """The lobby's first page (the server packs it itself: server/net/listing.py)."""
    return {"t": "lobby", "rooms": rooms, "counts": counts or {}, "more": more}


def chat(room: str | None, sender: str, text: str, ts: float) -> dict[str, Any]:
    return {"t": "chat", "room": room, "from": sender, "text": text, "ts": ts}


def your_turn(room: str, name: str, game: str) -> dict[str, Any]:
    """Pushed to a player's other connections when a turn of theirs starts at a table
    they are not looking at (a turn-based table, most often)."""
    return {"t": "your_turn", "room": room, "name": name, "game": game}


def ping(ts: float) -> dict[str, Any]:
    return {"t": "ping", "ts": ts}


def pong(ts: float) -> dict[str, Any]:
    return {"t": "pong", "ts": ts}


def bye(reason: Said, lang: str = SOURCE) -> dict[str, Any]:
    return {"t": "bye", **wire(reason, lang, "reason")}
