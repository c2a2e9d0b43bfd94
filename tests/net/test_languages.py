"""Two readers, two languages, one table: the log and the labels reach each reader in
the reader's language, filled on the client from the game's catalog by their keys
(``tk``/``tf``, docs/protocol.md "Texts and languages"); a private line's key and
fields go to its seat only. A real server on loopback, two real connections, and the
client's own renderer (prtui/vocabulary.py) for each reader."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from prtui.i18n import set_language
from prtui.vocabulary import Vocabularies, localized, seat_names
from server.i18n import Translator
from server.net.server import GameServer
from tests.net.client import Client

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def read(snap: Mapping[str, Any], game: Mapping[str, Any], lang: str,
         vocabulary: str | None = None) -> tuple[list[str], list[str]]:
    """The log and the labels as a client in ``lang`` shows them (one client process is
    one reader: the language is set, then the screen's own calls render)."""
    set_language(lang)
    vocabs = Vocabularies(localized(game["display"]))
    vocab = vocabs.get(vocabulary or vocabs.default(snap["view"]))
    names = seat_names(snap["view"])
    return ([vocab.text(line, "text", names) for line in snap["log"]],
            [vocab.text(a, "label") for a in snap["legal"]])


FIRST = ("load", "role", "produce", "sell", "build", "plantation", "mayor_done", "store")
"""Actions taken first when offered: the game moves on (a mayor who rearranges forever
never ships), and the lines said get many keys."""


def pick(legal: list[dict[str, Any]], acted: int) -> dict[str, Any]:
    """A roles' rotation, else the first action of the kinds that move the game on."""
    roles = [a for a in legal if a.get("type") == "role"]
    if roles:
        return roles[acted % len(roles)]
    for kind in FIRST:
        found = [a for a in legal if a.get("type") == kind]
        if found:
            return found[acted % len(found)]
    return next((a for a in legal if a.get("kind") != "undo" and a.get("type") != "mayor_lift"),
                legal[-1])


async def play_two(server: GameServer, game: str, options: dict[str, Any], moves: int,
                   offered: list[dict[str, Any]] | None = None
                   ) -> tuple[Client, Client, dict[str, Any]]:
    """ana (seat 0) and bo (seat 1) at one table, each acting when it is their turn
    (every action offered on the way kept in ``offered``)."""
    ana = await Client.connect(server.port, "ana")
    bo = await Client.connect(server.port, "bo")
    games = (await ana.ok("list_games"))["games"]
    entry = next(g for g in games if g["name"] == game)
    room = (await ana.ok("create_room", game=game, players=2,
                         options={"bot_delay_s": 0, **options}))["room"]
    await ana.ok("join_room", room=room, as_="player")
    await ana.ok("take_seat", room=room, seat=0)
    await bo.ok("join_room", room=room, as_="player")
    await bo.ok("take_seat", room=room, seat=1)
    await bo.ok("ready", room=room, ready=True)
    await ana.ok("start", room=room)
    for c in (ana, bo):
        await c.wait_for(lambda f: f["t"] == "state")
    acted = 0
    while acted < moves:
        assert ana.snap is not None and bo.snap is not None
        if ana.snap["view"]["over"]:
            break
        mover = next((c for c in (ana, bo) if c.snap and c.snap["legal"]), None)
        if mover is None:
            await ana.wait_for(lambda f, v=ana.v: f["t"] in ("state", "diff") and f.get("v", 0) > v)
            continue
        v = mover.v
        legal = mover.snap["legal"]  # type: ignore[index]
        if offered is not None:
            offered.extend(legal)
        action = pick(legal, acted)
        answer = await mover.cmd("act", room=room, action=action, v=v)
        assert answer["t"] == "ack", answer
        acted += 1
        for c in (ana, bo):
            await c.wait_for(lambda f, v=v: f["t"] in ("state", "diff") and f.get("v", 0) > v)
    return ana, bo, entry


NAMES = re.compile(r"\b(ana|bo)\b")


def translated(entry: Mapping[str, Any], line: Mapping[str, Any]) -> bool:
    """Whether the catalog has the line's template (and its private parts') in Chinese."""
    texts = entry["display"]["texts"]
    look = Translator("zh_CN", entry["display"]["domain"]).keyed
    keys = [line["tk"], *(p["tk"] for p in line.get("tp") or [])]
    return all(look(k, texts[k]) != texts[k] for k in keys)


def english_words(entry: Mapping[str, Any]) -> set[str]:
    """The game's words of two letters or more that are not also plain English
    ("and", "good"): an English card or role name left on a Chinese line is a miss."""
    vocab = entry["display"]["vocabularies"][0]
    keyed = {i for ids in vocab["keys"]["words"].values() for i in ids}
    return {w for i, w in vocab["words"].items() if i in keyed and len(w) > 3
            and i not in ("and", "nothing", "card", "cards", "good", "goods", "buildings")}


async def test_san_juan_log_and_labels_in_each_readers_language(server: GameServer) -> None:
    ana, bo, entry = await play_two(server, "san-juan", {}, 40)
    assert ana.snap is not None and bo.snap is not None
    zh_log, zh_labels = read(ana.snap, entry, "zh_CN")
    en_log, en_labels = read(bo.snap, entry, "en")
    # English reads exactly as the server wrote it
    assert en_log == [line["text"] for line in bo.snap["log"]]
    assert en_labels == [a["label"] for a in bo.snap["legal"]]
    # Chinese: every keyed line names its roles, cards and goods in Chinese
    english = english_words(entry)
    keyed = [(line, text) for line, text in zip(ana.snap["log"], zh_log, strict=True) if "tk" in line]
    assert len(keyed) > 20
    roles = [text for line, text in keyed if line["tk"] == "texts:log.role"]
    assert roles and all(HAN.search(t) for t in roles)
    for line, text in keyed:
        assert not [w for w in english if re.search(rf"\b{w}\b", text)], (line, text)
        if translated(entry, line):  # the whole line is the catalog's: no English left
            assert not re.search(r"[A-Za-z]{2,}", NAMES.sub("", text)), (line, text)
    assert any(HAN.search(t) for t in zh_labels) or not ana.snap["legal"]
    # the private lines: ana's cards by key and in Chinese to her alone
    mine = [(n, line) for n, line in enumerate(ana.snap["log"]) if line.get("tp")]
    assert mine, "no private line reached its seat"
    for n, line in mine:
        assert HAN.search(zh_log[n])
        theirs = bo.snap["log"][n]
        if theirs["text"] != line["text"]:  # ana's own private part, not bo's
            assert "tp" not in theirs or theirs["tp"] != line["tp"]
            assert all(str(part["tf"]) not in str(theirs) for part in line["tp"])
    await ana.close()
    await bo.close()


ENGLISH_VERBS = re.compile(r"\b(chooses|takes|builds|sells|ships|produces|Round|governor|"
                           r"places|does not|nothing|supply)\b")


async def test_puerto_rico_log_in_each_readers_language(server: GameServer) -> None:
    """The lines the rules say by key read in Chinese for ana, template and all (the
    game words as the catalog has them), and exactly as the server wrote them for bo;
    ana's VP gains reach her alone, by key."""
    offered: list[dict[str, Any]] = []
    ana, bo, entry = await play_two(server, "puerto-rico", {"edition": "1897"}, 200, offered)
    assert ana.snap is not None and bo.snap is not None
    zh_log, _ = read(ana.snap, entry, "zh_CN")
    en_log, en_labels = read(bo.snap, entry, "en")
    assert en_log == [line["text"] for line in bo.snap["log"]]
    assert en_labels == [a["label"] for a in bo.snap["legal"]]
    keyed = [(line, text) for line, text in zip(ana.snap["log"], zh_log, strict=True)
             if "tk" in line and line["tk"].startswith("core/texts:")]
    assert len(keyed) > 20
    assert {line["tk"] for line, _ in keyed} >= {"core/texts:log.round", "core/texts:log.role"}
    for line, text in keyed:
        assert HAN.search(text), (line, text)
        assert not ENGLISH_VERBS.search(text), (line, text)
    rounds = [t for line, t in keyed if line["tk"] == "core/texts:log.round"]
    assert rounds[0].startswith("第 1 回合：") and "长官" in rounds[0]  # governor: the glossary's 长官
    # the labels the rules say by key: Chinese for a Chinese reader
    said = {"view": ana.snap["view"], "log": [], "legal": offered}
    labels = [(a, text) for a, text in zip(offered, read(said, entry, "zh_CN")[1], strict=True)
              if str(a.get("tk", "")).startswith("core/texts:labels.")]
    assert len(labels) > 50
    assert [text for text in read(said, entry, "en")[1]] == [a["label"] for a in offered]
    for action, text in labels:
        assert HAN.search(text) and not re.search(r"\b(Choose|Take|Place|Build|Sell|Load|Pass)\b",
                                                  text), (action, text)
    # 1897's words by their keys: the same line in the classic vocabulary differs
    classic, _ = read(ana.snap, entry, "zh_CN", "classic")
    assert len(classic) == len(zh_log)
    # a VP gain: its amount by key to its seat only
    gains = [n for n, line in enumerate(ana.snap["log"]) if line.get("tp")]
    assert gains, "no VP gain of ana's in the game"
    for n in gains:
        assert "分" in zh_log[n]
        assert "tp" not in bo.snap["log"][n] or bo.snap["log"][n]["tp"] != ana.snap["log"][n]["tp"]
    await ana.close()
    await bo.close()


async def test_a_replay_reads_in_the_readers_language(server: GameServer) -> None:
    """A replay's log is the same lines with the same keys (server/net/replay.py), so the
    client renders it as it renders a live game: the final scores and the winner in
    Chinese for one reader, as the server wrote them for another."""
    host = await Client.connect(server.port, "host")
    entry = next(g for g in (await host.ok("list_games"))["games"] if g["name"] == "puerto-rico")
    room = (await host.ok("create_room", game="puerto-rico", players=3,
                          options={"edition": "classic"}))["room"]
    await host.ok("join_room", room=room, as_="player")
    for seat in range(3):
        await host.ok("add_bot", room=room, seat=seat, level="random")
    await host.ok("start", room=room)
    await host.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
    spec = await Client.connect(server.port, "eve", role="spectate")
    steps = (await spec.ok("replay", room=room, step=0))["steps"]
    snap = (await spec.ok("replay", room=room, step=steps))["snapshot"]
    zh_log, _ = read(snap, entry, "zh_CN")
    en_log, _ = read(snap, entry, "en")
    assert en_log == [line["text"] for line in snap["log"]]
    scores = [(line, zh_log[n]) for n, line in enumerate(snap["log"])
              if line.get("tk") in ("core/texts:log.score", "core/texts:log.win",
                                    "core/texts:log.win_shared")]
    assert len(scores) == 4, scores
    for line, text in scores:
        assert "分" in text and not re.search(r"\b(VP|wins|share)\b", text), (line, text)
    await host.close()
    await spec.close()
