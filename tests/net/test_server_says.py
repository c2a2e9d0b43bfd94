"""What the server says reaches each reader in their own language (issue 38): the hello's
``lang`` is the connection's, and every refusal carries its reason said in it, with the
msgid and the fields a client may render itself. Real server on loopback, real clients."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from prtui import i18n as client_i18n
from prtui.netclient import Client as TuiClient
from server.i18n import Translator
from server.net.server import GameServer
from tests.net.client import Client

ENGLISH_WORD = re.compile(r"\b[a-z]{3,}\b")


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    async with GameServer(tmp_path, "127.0.0.1", 0) as srv:
        yield srv


def rendered(frame: dict[str, Any], key: str, lang: str) -> str:
    """The frame's text as a client renders it from its msgid and fields."""
    return Translator(lang, "server")(frame["msgid"]).format(**frame.get("fields", {}))


def chinese(text: str, *allowed: str) -> bool:
    """Written in Chinese: CJK characters, and no English word but ``allowed`` ones
    (a name, a field's value)."""
    for word in allowed:
        text = text.replace(word, "")
    return bool(re.search(r"[\u4e00-\u9fff]", text)) and not ENGLISH_WORD.search(text)


def same_refusal(zh: dict[str, Any], en: dict[str, Any], key: str = "reason") -> None:
    """One refusal, two readers: the same code, msgid and fields, each said in its own
    language, and each what a client renders from the msgid."""
    assert zh["code"] == en["code"]
    assert zh["msgid"] == en["msgid"] and zh.get("fields") == en.get("fields")
    assert en[key] == en["msgid"].format(**en.get("fields", {}))  # English: as written
    assert zh[key] == rendered(zh, key, "zh_CN") != en[key]


async def test_a_bad_room_name_is_refused_in_each_readers_language(server: GameServer) -> None:
    zh = await Client.connect(server.port, "ana", lang="zh_CN")
    en = await Client.connect(server.port, "bo", lang="en")
    try:
        assert zh.welcome["lang"] == "zh_CN" and en.welcome["lang"] == "en"
        answers = [await c.cmd("create_room", game="puerto-rico", players=3, options={},
                               name="evil\u202etable") for c in (zh, en)]
        same_refusal(*answers)
        assert answers[0]["code"] == "bad_value"
        assert answers[0]["fields"] == {"field": "name", "code": "U+202E"}
        assert chinese(answers[0]["reason"], "name", "U+202E"), answers[0]["reason"]
        assert "bidirectional control character (U+202E)" in answers[1]["reason"]
    finally:
        await zh.close()
        await en.close()


async def test_a_taken_seat_is_refused_in_each_readers_language(server: GameServer) -> None:
    host = await Client.connect(server.port, "host", lang="en")
    zh = await Client.connect(server.port, "ana", lang="zh-Hans-CN")  # a BCP 47 tag
    en = await Client.connect(server.port, "bo")  # an old client: no lang, English
    try:
        room = (await host.ok("create_room", game="puerto-rico", players=3, options={}))["room"]
        await host.ok("join_room", room=room, as_="player")
        await host.ok("take_seat", room=room, seat=0)
        answers = []
        for c in (zh, en):
            await c.ok("join_room", room=room, as_="player")
            answers.append(await c.cmd("take_seat", room=room, seat=0))
        same_refusal(*answers)
        assert answers[0]["code"] == "seat_taken"
        assert answers[0]["reason"] == "那个座位已有人"
        assert answers[1]["reason"] == "that seat is taken"
        bad_seat = await zh.cmd("take_seat", room=room, seat=7)
        assert bad_seat["fields"] == {"last": 2} and bad_seat["reason"] == "座位编号为 0..2"
    finally:
        for c in (host, zh, en):
            await c.close()


async def test_a_name_in_use_is_refused_at_the_hello_in_each_readers_language(
        server: GameServer) -> None:
    ana = await Client.connect(server.port, "Ana", lang="en")
    try:
        zh = await Client.connect(server.port, "ANA", source="127.0.0.2", lang="zh_CN.UTF-8")
        en = await Client.connect(server.port, "ana", source="127.0.0.3", lang="de")  # no catalog
        refusals = [zh.welcome, en.welcome]
        await zh.close()
        await en.close()
        same_refusal(*refusals, key="message")
        assert refusals[0]["code"] == "name_taken" and refusals[0]["fields"] == {"name": "Ana"}
        assert chinese(refusals[0]["message"], "Ana"), refusals[0]["message"]
        assert "“Ana”" in refusals[0]["message"]  # the name as typed, put in after lookup
        assert refusals[1]["message"].startswith("someone connected is already called 'Ana'")
    finally:
        await ana.close()


async def test_a_claimed_name_is_refused_in_each_readers_language(server: GameServer) -> None:
    owner = await Client.connect(server.port, "Ana")
    await owner.ok("claim", password="correct horse")
    await owner.close()
    refusals = []
    for lang in ("zh_CN", "en"):
        c = await Client.connect(server.port, "ana", lang=lang)
        await c.close()
        refusals.append(c.welcome)
    same_refusal(*refusals, key="message")
    assert refusals[0]["code"] == "name_claimed" and refusals[0]["fields"] == {"name": "Ana"}
    assert refusals[0]["message"].startswith("名字“Ana”已被认领")
    wrong = await Client.connect(server.port, "ana", password="wrong horse", lang="zh_CN")
    await wrong.close()
    assert wrong.welcome["code"] == "bad_login" and wrong.welcome["message"] == "名字或密码错误"


async def test_the_coach_and_the_review_refuse_in_the_readers_language(
        server: GameServer) -> None:
    zh = await Client.connect(server.port, "ana", lang="zh_CN")
    try:
        room = (await zh.ok("create_room", game="san-juan", players=2,
                            options={"bot_delay_s": 0}))["room"]
        await zh.ok("join_room", room=room, as_="player")
        await zh.ok("take_seat", room=room, seat=0)
        await zh.ok("add_bot", room=room, seat=1, level="random")
        await zh.ok("start", room=room)
        coach = await zh.cmd("coach", room=room)
        assert coach["code"] == "coach_off"
        assert coach["reason"] == "牌桌主人没有在这张牌桌开启教练"
        assert coach["msgid"] == "the host did not allow the coach at this table"
        review = await zh.cmd("review", room=room)
        assert review["code"] == "not_over" and review["reason"] == "只有已结束的对局才能复盘"
        bad_level = await zh.cmd("add_bot", room=room, seat=1, level="grandmaster")
        assert chinese(bad_level["reason"]), bad_level["reason"]  # game_started, in Chinese
    finally:
        await zh.close()


async def test_the_games_option_texts_are_marked_for_their_own_catalogs(
        server: GameServer) -> None:
    """``list_games`` sends English (the msgids); the reader's side looks each text up in
    the game's own domain, which has it in Chinese."""
    client = await Client.connect(server.port, "ana", lang="zh_CN")
    try:
        games = (await client.ok("list_games"))["games"]
    finally:
        await client.close()
    ours = [game for game in games if game["name"] in ("puerto-rico", "san-juan")]
    assert len(ours) == 2  # (the tests' toy games have no catalog)
    for game in ours:
        domain = game["name"].replace("-", "_")
        tr = Translator("zh_CN", domain)
        texts = [game["title"]]
        for option in game["options"]:
            texts += [option["title"], option["description"],
                      *option.get("labels", []), *option.get("abouts", [])]
        for text in texts:
            if text != "1897":  # a year reads the same
                assert chinese(tr(text)), (domain, text, tr(text))


async def test_the_tui_client_sends_its_readers_language(server: GameServer) -> None:
    """prtui/netclient.py says the process's language in its hello."""
    client_i18n.set_language("zh_CN")
    try:
        client = await TuiClient.connect("127.0.0.1", server.port, "ana")
        try:
            assert client.welcome["lang"] == "zh_CN"
        finally:
            await client.close()
    finally:
        client_i18n.set_language("en")
