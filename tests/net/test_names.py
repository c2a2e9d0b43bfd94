"""Names on a real server: hostile names and room names are refused with the reason,
names are stored in NFC, and two seats of one room never carry the same name."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from server.games.registry import get_game
from server.net.seating import hash_token
from server.net.server import DB_NAME, GameServer
from server.store.base import RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore
from tests.net.client import Client

REFUSED = [
    ("escape sequence", "a\x1b[2J", "control character (U+001B)"),
    ("OSC 8 link", "\x1b]8;;http://x\x1b\\x", "control character"),
    ("newline", "ana\nbob", "control character (U+000A)"),
    ("bidi override", "ana\u202egnp.exe", "bidirectional control character (U+202E)"),
    ("bidi isolate", "\u2066ana", "bidirectional control character (U+2066)"),
    ("zero width space", "an\u200ba", "invisible formatting character (U+200B)"),
    ("only blanks", " \u3000 ", "no visible character"),
    ("hangul filler", "\u3164", "invisible filler character (U+3164)"),
    ("hangul fillers", "\u115f\u1160\uffa0", "invisible filler character (U+115F)"),
    ("braille blank", "\u2800\u2800", "invisible filler character (U+2800)"),
    ("filler after a name", "ana\u3164", "invisible filler character (U+3164)"),
    ("only a variation selector", "\ufe0f", "invisible character (U+FE0F)"),
    ("variation selector after a name", "Ana\ufe0f", "invisible character (U+FE0F)"),
    ("grapheme joiner", "An\u034fa", "invisible character (U+034F)"),
    ("tag character", "Ana\U000e0041", "invisible formatting character (U+E0041)"),
    ("musical null notehead", "\U0001d159", "invisible filler character (U+1D159)"),
    ("half fill space", "Ana\u303f", "invisible filler character (U+303F)"),
    ("line separator", "a\u2028b", "line break (U+2028)"),
    ("private use", "ana\ue000", "private-use character (U+E000)"),
    ("noncharacter", "ana\U0010ffff", "unassigned code point (U+10FFFF)"),
    ("combining stack", "Z" + "\u0336\u0335\u0334\u0337\u0338\u0321", "combining marks"),
]


@pytest.mark.parametrize(("what", "name", "why"), REFUSED, ids=[r[0] for r in REFUSED])
async def test_hostile_player_names_are_refused_with_the_reason(
    server: GameServer, what: str, name: str, why: str
) -> None:
    c = await Client.connect(server.port, name)
    try:
        assert c.welcome["t"] == "error" and c.welcome["code"] == "bad_hello", c.welcome
        assert why in c.welcome["message"] and "'name'" in c.welcome["message"]
    finally:
        await c.close()


@pytest.mark.parametrize(("what", "name", "why"), REFUSED, ids=[r[0] for r in REFUSED])
async def test_hostile_room_names_are_refused_with_the_reason(
    server: GameServer, what: str, name: str, why: str
) -> None:
    c = await Client.connect(server.port, "ana")
    try:
        r = await c.cmd("create_room", game="nettoy", players=2, options={}, name=name)
        assert r["t"] == "reject" and r["code"] == "bad_value", r
        assert why in r["reason"]
        assert (await c.ok("list_rooms"))["rooms"] == []
    finally:
        await c.close()


async def test_markup_looking_names_are_plain_text_and_kept_as_typed(server: GameServer) -> None:
    """Brackets are ordinary characters: the server keeps them; the client must show them."""
    c = await Client.connect(server.port, "[@click=app.quit]x")
    try:
        assert c.welcome["t"] == "welcome" and c.welcome["name"] == "[@click=app.quit]x"
        rid = (await c.ok("create_room", game="nettoy", players=2, options={}, name="[/]"))["room"]
        rooms = (await c.ok("list_rooms"))["rooms"]
        assert [(r["id"], r["name"]) for r in rooms] == [(rid, "[/]")]
    finally:
        await c.close()


async def test_names_are_stored_in_nfc(server: GameServer) -> None:
    decomposed = "Jose\u0301"  # e + combining acute
    c = await Client.connect(server.port, f"  {decomposed}  ")
    try:
        assert c.welcome["name"] == "Jos\u00e9"
        rid = (await c.ok("create_room", game="nettoy", players=2, options={},
                          name=f"Cafe\u0301 {decomposed}"))["room"]
        await c.ok("join_room", room=rid, as_="player")
        await c.ok("take_seat", room=rid, seat=0)
        room = await c.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][0]["name"])
        assert room["room"]["name"] == "Caf\u00e9 Jos\u00e9"
        assert room["room"]["seats"][0]["name"] == "Jos\u00e9"
        assert unicodedata.is_normalized("NFC", room["room"]["host"])
    finally:
        await c.close()


async def test_spaces_are_plain_and_single(server: GameServer) -> None:
    c = await Client.connect(server.port, "ana\u00a0\u00a0de\u3000souza ")
    try:
        assert c.welcome["name"] == "ana de souza"
    finally:
        await c.close()


async def test_wide_and_accented_names_are_accepted(server: GameServer) -> None:
    for name in ("李" * 16, "Nguyễn Thị Minh", "Ørjan", "שָׁלוֹם", "👩‍🚀"[:1]):  # 李: 2 cells
        c = await Client.connect(server.port, name)
        try:
            assert c.welcome["t"] == "welcome", (name, c.welcome)
        finally:
            await c.close()


async def test_two_seats_of_one_room_cannot_carry_the_same_name(server: GameServer) -> None:
    a = await Client.connect(server.port, "Ana")
    b = await Client.connect(server.port, "ana")  # same name, other case
    c = await Client.connect(server.port, "A\u0301na")  # another name: Ána
    try:
        rid = (await a.ok("create_room", game="nettoy", players=3, options={}))["room"]
        for cl in (a, b, c):
            await cl.ok("join_room", room=rid, as_="player")
        await a.ok("take_seat", room=rid, seat=0)
        r = await b.cmd("take_seat", room=rid, seat=1)
        assert r["t"] == "reject" and r["code"] == "name_taken", r
        assert "seat 1" in r["reason"] and "ignoring case" in r["reason"]
        await c.ok("take_seat", room=rid, seat=1)
        await a.ok("take_seat", room=rid, seat=2)  # moving to another seat is no clash
        summary = (await a.ok("list_rooms"))["rooms"][0]
        assert [s["name"] for s in summary["seats"]] == [None, "Ána", "Ana"]
        await a.ok("leave_seat", room=rid)
        await b.ok("take_seat", room=rid, seat=0)  # the name is free again
    finally:
        for cl in (a, b, c):
            await cl.close()


async def test_a_bot_never_takes_the_name_a_person_sits_under(server: GameServer) -> None:
    a = await Client.connect(server.port, "Bot 2 (easy)")
    try:
        rid = (await a.ok("create_room", game="nettoy", players=3, options={}))["room"]
        await a.ok("join_room", room=rid, as_="player")
        await a.ok("take_seat", room=rid, seat=0)
        await a.ok("add_bot", room=rid, seat=1, level="easy")
        summary = (await a.ok("list_rooms"))["rooms"][0]
        assert [s["name"] for s in summary["seats"]][:2] == ["Bot 2 (easy)", "bot 2 (easy) #2"]
    finally:
        await a.close()


async def test_a_stored_game_with_names_from_before_the_rules_still_loads(tmp_path: Path) -> None:
    """Seat names an older server stored (escape codes, a noncharacter, a bidi override)
    must not keep the game from loading: it resumes, with printable names in its log."""
    store = SqliteStore(tmp_path / DB_NAME)
    game = get_game("puerto-rico")
    names = ["\x1b[2J", "x\U0010ffff\u202e"]
    store.create_room(RoomRecord(
        id="old00001", game="puerto-rico", players=2, options=game.normalize_options(2, {}),
        seed=5, name="\x1b]8;;http://x\x1b\\", host=names[0], status="playing", created=1.0,
        seats=[SeatRecord(i, "human", n, None, hash_token(f"old00001.s{i}"))
               for i, n in enumerate(names)]))
    store.close()
    srv = GameServer(tmp_path, "127.0.0.1", 0)
    await srv.start()
    c = await Client.connect(srv.port, "ana", token="old00001.s0")
    try:
        assert c.welcome["t"] == "welcome" and c.welcome["resume"]["seat"] == 0
        state = await c.wait_for(lambda f: f["t"] == "state")
        text = " ".join(str(e["text"]) for e in state["snapshot"]["log"])
        assert text.isprintable() and "\x1b" not in text
        assert any(seat["name"] == names[1] for seat in
                   (await c.wait_for(lambda f: f["t"] == "room"))["room"]["seats"])
    finally:
        await c.close()
        await srv.stop()


CYRILLIC_ANA = "\u0410na"  # Cyrillic capital A, then Latin "na"
FULLWIDTH_ANA = "\uff21\uff4e\uff41"
GREEK_ANA = "\u0391na"


async def connect_from(port: int, name: str, address: str, role: str = "play") -> Client:
    """A client whose connection comes from ``address`` (another machine, for the server)."""
    return await Client.connect(port, name, role, source=address)


@pytest.mark.parametrize("look_alike", [CYRILLIC_ANA, FULLWIDTH_ANA, GREEK_ANA, "ANA"])
async def test_a_look_alike_of_a_connected_name_is_refused_in_the_lobby(
    server: GameServer, look_alike: str
) -> None:
    ana = await Client.connect(server.port, "Ana")
    try:
        other = await connect_from(server.port, look_alike, "127.0.0.2")
        try:
            assert other.welcome["t"] == "error" and other.welcome["code"] == "name_taken"
            assert "'Ana'" in other.welcome["message"]
        finally:
            await other.close()
    finally:
        await ana.close()


async def test_the_lobby_never_holds_two_people_of_one_name(server: GameServer) -> None:
    ana = await Client.connect(server.port, "Ana")
    clients = [ana]
    try:
        elsewhere = await connect_from(server.port, "Ana", "127.0.0.2")
        clients.append(elsewhere)
        assert elsewhere.welcome["code"] == "name_taken"  # someone else, same name
        fake = await Client.connect(server.port, CYRILLIC_ANA)
        clients.append(fake)
        assert fake.welcome["code"] == "name_taken"  # same machine, a look-alike spelling
        again = await Client.connect(server.port, "Ana")
        clients.append(again)
        assert again.welcome["t"] == "welcome"  # same machine, same name: Ana's 2nd window
        await ana.close()
        await again.close()
        later = await connect_from(server.port, CYRILLIC_ANA, "127.0.0.2")
        clients.append(later)
        assert later.welcome["t"] == "welcome"  # the name is free once Ana has left
    finally:
        for c in clients:
            await c.close()


async def test_look_alike_names_cannot_sit_at_one_table(server: GameServer) -> None:
    ana = await Client.connect(server.port, "Ana")
    rid = (await ana.ok("create_room", game="nettoy", players=3, options={}))["room"]
    await ana.ok("join_room", room=rid, as_="player")
    await ana.ok("take_seat", room=rid, seat=0)
    await ana.close()  # Ana's seat waits for her, under her name
    fake = await Client.connect(server.port, FULLWIDTH_ANA)
    try:
        assert fake.welcome["t"] == "welcome"  # nobody called Ana is connected now
        await fake.ok("join_room", room=rid, as_="player")
        r = await fake.cmd("take_seat", room=rid, seat=1)
        assert r["t"] == "reject" and r["code"] == "name_taken", r
        assert "look-alike" in r["reason"] and "'Ana'" in r["reason"]
    finally:
        await fake.close()


async def test_spectators_may_share_a_name_but_not_with_a_player(server: GameServer) -> None:
    """Every `ssh spectate@HOST` watcher is named after the host's user."""
    clients = [await connect_from(server.port, "pi", f"127.0.0.{n}", "spectate") for n in (2, 3)]
    try:
        assert [c.welcome["t"] for c in clients] == ["welcome", "welcome"]
        clients.append(await connect_from(server.port, "pi", "127.0.0.4"))
        assert clients[-1].welcome["code"] == "name_taken"
    finally:
        for c in clients:
            await c.close()
