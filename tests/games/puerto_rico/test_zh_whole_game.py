"""A whole 1897 game with all four expansions reads in Chinese (issue 38): every log
line, every action label and every role card's preview (``role_gains_k``), as a Chinese
reader's client renders them from their keys (prtui/vocabulary.py, the way
tests/net/test_languages.py reads them), has no Latin letter left but the players'
names; and in English each reads exactly as the server wrote it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from prtui.i18n import set_language
from prtui.vocabulary import Vocabularies, Vocabulary, localized
from server.engine.contract import describe
from server.net.sync import log_line
from tests.games.puerto_rico.helpers import GAME

FOUR = ["new_buildings", "citizens", "smuggler", "festival"]
NAMES = ["ana", "bo", "cy", "dee", "eve"]
LATIN = re.compile(r"[A-Za-z]")
NAME = re.compile(r"\b(ana|bo|cy|dee|eve)\b")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def played(seed: int, gains: list[tuple[str, dict[str, Any]]] | None = None,
           open_vp: bool = False) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every log line as its own seat reads it, and every action offered on the way,
    of a seeded random 5-player game (1897, the four expansions); and in ``gains`` each
    role card's preview offered to the chooser (template, keyed). ``open_vp``: the VP
    gains said openly, each the line it comes with as a part (an expansion's too)."""
    s = GAME.setup(5, GAME.normalize_options(
        5, {"edition": "1897", "expansions": FOUR, "names": NAMES, "open_vp": open_vp}), seed)
    rnd = random.Random(seed)
    lines: list[dict[str, Any]] = []
    offered: list[dict[str, Any]] = []
    while not GAME.is_over(s):
        (seat,) = GAME.to_move(s)
        legal = GAME.legal_actions(s, seat)
        offered.extend(legal)
        if gains is not None and any(a["type"] == "role" for a in legal):
            me = GAME.view(s, seat)["players"][seat]
            gains += [(me["role_gains"][r], me["role_gains_k"][r]) for r in me["role_gains"]]
        events = GAME.apply(s, seat, rnd.choice(legal))
        for ev in events:
            viewer = ev.get("seat")
            lines.append(log_line(len(lines), ev, viewer if isinstance(viewer, int) else None,
                                  False))
    return lines, offered


def vocab() -> Vocabulary:
    return Vocabularies(localized(describe(GAME)["display"])).get("1897")


@pytest.mark.parametrize(("seed", "open_vp"), [(3, False), (11, False), (7, True)])
def test_a_whole_1897_game_with_all_four_expansions_reads_in_chinese(seed: int, open_vp: bool
                                                                     ) -> None:
    lines, offered = played(seed, open_vp=open_vp)
    assert len(lines) > 200 and len(offered) > 300
    set_language("en")
    en = vocab()
    assert [en.text(line, "text", NAMES) for line in lines] == [line["text"] for line in lines]
    assert [en.text(a, "label") for a in offered] == [a["label"] for a in offered]
    set_language("zh_CN")
    zh = vocab()
    left = {zh.text(line, "text", NAMES) for line in lines}
    left |= {zh.text(a, "label") for a in offered}
    english = sorted(t for t in left if LATIN.search(NAME.sub("", t)))
    assert not english, f"{len(english)} texts with English left: {english[:40]}"


def test_the_role_cards_previews_read_in_chinese() -> None:
    gains: list[tuple[str, dict[str, Any]]] = []
    played(5, gains)
    assert len(gains) > 100
    set_language("en")
    en = vocab()
    assert [en.text(keyed, "label") for _, keyed in gains] == [en.render(t) for t, _ in gains]
    set_language("zh_CN")
    zh = vocab()
    left = sorted({zh.text(keyed, "label") for _, keyed in gains})
    assert not [t for t in left if LATIN.search(t)], left
