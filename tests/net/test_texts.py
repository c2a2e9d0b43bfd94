"""Templates travel with the texts: log lines and legal actions carry ``tmpl`` beside
``text``/``label``, private text goes into both for whoever may read it, an act is
matched without what is only shown, and the catalog carries the game's words."""

from __future__ import annotations

from typing import Any

from server.net.server import GameServer
from server.net.sync import log_line, strip_label
from server.wording import render
from tests.net.client import Client


def test_a_log_line_keeps_its_template_and_private_text_only_for_its_seat() -> None:
    ev: Any = {"seat": 1, "kind": "ship", "text": "bo ships 2 corn",
               "tmpl": "{p:1} ships 2 {w:corn}", "private": {"1": "(+2 {VP})"}}
    assert log_line(3, ev, 0, False) == {"n": 3, "text": "bo ships 2 corn",
                                         "tmpl": "{p:1} ships 2 {w:corn}"}
    mine = log_line(3, ev, 1, False)
    assert mine["text"] == "bo ships 2 corn (+2 {VP})"
    # private text goes in as text: its braces are not read as marks
    assert render(mine["tmpl"], {"corn": "corn"}, ["ana", "bo"]) == mine["text"]
    assert log_line(0, {"seat": None, "kind": "x", "text": "plain"}, None, False) == {
        "n": 0, "text": "plain"}


def test_a_private_part_written_as_a_template_goes_as_one_to_its_seat_only() -> None:
    """San Juan's hidden cards: the seat reads them in its own words (their template,
    ``private_tmpl``, in the template's place); nobody else gets either."""
    ev: Any = {"seat": 1, "kind": "draw", "text": "bo draws 2 cards",
               "tmpl": "{p:1} draws {n:card:2}", "private": {"1": "(smithy and well)"},
               "private_tmpl": {"1": "({w:smithy} {w:and} {w:well})"}}
    mine = log_line(4, ev, 1, False)
    assert mine == {"n": 4, "text": "bo draws 2 cards (smithy and well)",
                    "tmpl": "{p:1} draws {n:card:2} ({w:smithy} {w:and} {w:well})"}
    assert render(mine["tmpl"], {"smithy": "Schmiede", "well": "Brunnen", "and": "und"},
                  ["ana", "bo"]) == "bo draws 2 cards (Schmiede und Brunnen)"
    for viewer in (0, 2, None):
        assert log_line(4, ev, viewer, False) == {"n": 4, "text": "bo draws 2 cards",
                                                   "tmpl": "{p:1} draws {n:card:2}"}


def test_an_act_matches_without_label_and_template() -> None:
    legal = {"type": "role", "role": "mayor", "label": "Choose the Mayor", "tmpl": "Choose the {w:mayor}"}
    assert strip_label(legal) == strip_label({"type": "role", "role": "mayor"})
    assert strip_label({"type": "build", "building": "harbor", "price": 3}) != strip_label(
        {"type": "build", "building": "harbor", "price": 4})


async def test_log_and_legal_actions_carry_templates_over_the_wire(server: GameServer) -> None:
    c = await Client.connect(server.port, "ana")
    games = (await c.ok("list_games"))["games"]
    pr = next(g for g in games if g["name"] == "puerto-rico")
    words = {v["name"]: v["words"] for v in pr["display"]["vocabularies"]}
    room = (await c.ok("create_room", game="puerto-rico", players=2,
                       options={"bot_delay_s": 0, "edition": "1897"}))["room"]
    await c.ok("join_room", room=room, as_="player")
    await c.ok("take_seat", room=room, seat=0)
    await c.ok("add_bot", room=room, seat=1, level="random")
    await c.ok("start", room=room)
    await c.wait_for(lambda f: f["t"] == "state")
    acted = 0
    while acted < 6 and c.snap is not None and not c.snap["view"]["over"]:
        snap, v = c.snap, c.v
        if not snap["legal"]:
            await c.wait_for(lambda f, v=v: f["t"] in ("state", "diff") and f.get("v", 0) > v)
            continue
        names = [p["name"] for p in snap["view"]["players"]]
        for action in snap["legal"]:
            assert render(action["tmpl"], words["1897"]) == action["label"]
        for line in snap["log"]:
            assert render(line["tmpl"], words["1897"], names) == line["text"]
        bare = {k: x for k, x in snap["legal"][0].items() if k not in ("label", "tmpl")}
        answer = await c.cmd("act", room=room, action=bare, v=v)  # as a plain client sends it
        assert answer["t"] == "ack", answer
        acted += 1
        await c.wait_for(lambda f, v=v: f["t"] in ("state", "diff") and f.get("v", 0) > v)
    assert acted == 6
    await c.close()
