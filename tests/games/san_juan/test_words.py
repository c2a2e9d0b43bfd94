"""San Juan's words come from texts.toml (issue 35, step 1 of issue 38): over whole
random games of 2, 3 and 4 players, every log line, private part, action label, role
gain and step name is a key of the texts file with exactly its fields, its template is
that key filled in (the rules pass no English of their own), and rendering it in San
Juan's words leaves no mark, field or unknown word behind. A private part (cards drawn,
kept, paid with, discarded) is read by its seat alone, in words; everyone else gets the
line without it, template and text."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from server.engine.playout import pick
from server.games.san_juan import catalog as C
from server.games.san_juan.text import texts_file, words
from server.net.sync import log_line
from server.wording import FIELD, MARK, fields_of, fill, render
from tests.games.san_juan.helpers import GAME, new

TEXTS = texts_file()
WORDS = words()


def _skeleton(template: str) -> re.Pattern[str]:
    """A template as a pattern its filled forms match: each field any marks or digits."""
    out, at = [], 0
    for m in FIELD.finditer(template):
        out.append(re.escape(template[at:m.start()]))
        out.append(r"(?:\{[wWanp]:[a-z0-9_:]+\}|[0-9-]+|, | \{w:and\} )+?" if m.group(4) is None
                   else r".+?")
        at = m.end()
    out.append(re.escape(template[at:]))
    return re.compile("".join(out))


SKELETONS = {section: [(k, _skeleton(t)) for k, t in TEXTS[section].items()]
             for section in ("labels", "gains", "private")}


def _known(section: str, tmpl: str) -> str:
    """The key of ``section`` whose template ``tmpl`` is filled from, else fail."""
    found = [k for k, pattern in SKELETONS[section] if pattern.fullmatch(tmpl)]
    assert found, f"{tmpl!r} is no template of [{section}]"
    return found[0]


def _read(tmpl: str, names: list[str]) -> str:
    """A template in San Juan's words: every mark known, nothing left unfilled."""
    for m in MARK.finditer(tmpl):
        if m.group(1) in "wWan":
            ident = m.group(2)
            assert ident in WORDS or (m.group(1) == "n" and ident + "s" in WORDS), (ident, tmpl)
    plain = render(tmpl, WORDS, [f"P{n}" for n in range(len(names))])  # names may hold "{"
    assert "$" not in plain and "{" not in plain and "}" not in plain, (tmpl, plain)
    return render(tmpl, WORDS, names)


def _field_ids(fields: dict[str, Any]) -> None:
    """Fields are plain data: seats and counts as numbers, ids with a word, parts."""
    for value in fields.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, dict):
                assert item["key"] in TEXTS["log"] and set(item["fields"]) == fields_of(
                    TEXTS["log"][item["key"]]), item
                _field_ids(item["fields"])
            else:
                assert isinstance(item, int) or item in WORDS, (item, fields)  # an id with a word


def _game(players: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                             list[dict[str, str]], list[str]]:
    """Every event, every action offered and every role gain of a random game."""
    names = ["ana", "{p:0} [b]bo[/b]", "c$seat", "dee"][:players]
    s = new(players, seed=seed, names=names, fair_start=seed % 2 == 0)
    rnd = random.Random(seed)
    events: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    gains: list[dict[str, str]] = []
    while not GAME.is_over(s):
        seat, action = pick(GAME, s, rnd)
        actions.extend(GAME.legal_actions(s, seat))
        found = GAME.view(s, seat).get("role_gains")
        if found:
            gains.append(found)
        events.extend(GAME.apply(s, seat, action))
    return events, actions, gains, names


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_of_a_whole_game_is_a_known_template_with_its_fields(players: int) -> None:
    keys: set[str] = set()
    private_keys: set[str] = set()
    labels: set[str] = set()
    for seed in (1, 2):
        events, actions, gains, names = _game(players, seed + 10 * players)
        for ev in events:
            key, fields = ev["key"], ev["fields"]
            assert key in TEXTS["log"], ev
            assert set(fields) == fields_of(TEXTS["log"][key]), ev
            _field_ids(fields)
            assert ev["tmpl"] == fill(TEXTS["log"], key, fields)
            assert ev["text"] == _read(ev["tmpl"], names)
            keys.add(key)
            if "private" in ev:
                seat = str(ev["seat"])
                assert set(ev["private"]) == set(ev["private_tmpl"]) == {seat}, ev
                assert _known("private", ev["private_tmpl"][seat]) == ev["private_key"]
                assert ev["private"][seat] == _read(ev["private_tmpl"][seat], names)
                private_keys.add(ev["private_key"])
        for action in actions:
            labels.add(_known("labels", action["tmpl"]))
            assert action["label"] == _read(action["tmpl"], [])
        for gain in gains:
            for tmpl in gain.values():
                _known("gains", tmpl)
                _read(tmpl, [])
    assert len(keys) > 20 and len(labels) > 15 and private_keys >= {"cards", "kept", "paid"}
    for step in GAME.display()["steps"].values():
        _read(step, [])


def test_a_plain_english_line_is_no_text() -> None:
    """The rules cannot write a line of their own: a key the texts file lacks fails."""
    from server.games.san_juan.common import say

    with pytest.raises(KeyError):
        say([], 0, "build", "Player 1 builds a smithy", {"seat": 0})
    with pytest.raises(KeyError):  # and a template whose field is missing
        say([], 0, "build", "build", {"seat": 0, "card": "smithy"})


@pytest.mark.parametrize("players", [2, 4])
def test_a_private_part_is_read_by_its_seat_only(players: int) -> None:
    """What only one seat may see (the cards drawn, kept, paid with): that seat reads
    the card names in words, in its line's template and text alike; every other seat
    and a spectator get the public line, which names none of them."""
    events, _actions, _gains, names = _game(players, 7)
    private = [ev for ev in events if "private" in ev]
    assert len(private) > 20
    for n, ev in enumerate(private):
        owner = ev["seat"]
        cards = re.findall(r"\{w:([a-z_]+)\}", ev["private_tmpl"][str(owner)])
        assert cards and set(cards) <= set(C.CARDS) | {"and"}
        mine = log_line(n, ev, owner, False)
        assert mine["tmpl"] == f"{ev['tmpl']} {ev['private_tmpl'][str(owner)]}"
        assert render(mine["tmpl"], WORDS, names) == mine["text"]
        assert all(WORDS[c] in mine["text"] for c in cards if c != "and")
        for viewer in (None, *(v for v in range(players) if v != owner)):
            theirs = log_line(n, ev, viewer, False)
            assert theirs == {"n": n, "text": ev["text"], "tmpl": ev["tmpl"],
                              "tk": ev["tk"], "tf": ev["tf"]}
            assert ev["private_tmpl"][str(owner)] not in theirs["tmpl"]
        assert mine["tp"] == [ev["private_tk"][str(owner)]]  # its key, to its seat alone


# where the rules name a text: the call, the argument that is its key, its section
CALLS = {"say": (3, "log"), "_game_over": (2, "log"), "part": (0, "log"),
         "label": (0, "labels"), "gain": (0, "gains"), "secret": (0, "private")}


def test_the_rules_name_every_text_by_a_key_of_the_file() -> None:
    """Read from the source, so that the lines a random game seldom reaches (the deck
    run out, a shared win) are held too: every key a rules module passes as a string
    is a key of its section, and no text is put together there (an f-string key may
    only pick among keys: it holds no space). A key chosen before the call is chosen
    into a variable named ``key``."""
    import ast
    from pathlib import Path

    import server.games.san_juan as package

    named: dict[str, set[str]] = {section: set() for _, section in CALLS.values()}
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "key" for t in node.targets):
                section, key = "labels" if path.name == "labels.py" else "log", node.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in CALLS and len(node.args) > CALLS[node.func.id][0]:
                at, section = CALLS[node.func.id]
                key = node.args[at]
            else:
                continue
            for leaf in ast.walk(key):
                if isinstance(leaf, ast.JoinedStr):
                    pieces = "".join(v.value for v in leaf.values if isinstance(v, ast.Constant))
                    assert " " not in pieces, f"{path.name}:{node.lineno} writes a text"
                elif isinstance(leaf, ast.Constant) and isinstance(leaf.value, str) \
                        and not any(leaf is v for j in ast.walk(key)
                                    if isinstance(j, ast.JoinedStr) for v in j.values):
                    assert leaf.value in TEXTS[section], f"{path.name}:{node.lineno}: {leaf.value!r}"
                    named[section].add(leaf.value)
    assert {"out_of_cards", "end_out_of_cards", "win_shared", "score_tiebreak",
            "gold_mine_short", "council_no_cards"} <= named["log"]
    assert "builder_none" in named["gains"] and "paid" in named["private"]
