"""Puerto Rico's texts the board writes itself, read by key (issue 38): an action's
warning note apart from its label (``note_k``) and a role card's gain
(``role_gains_k``), in the reader's language, and in English exactly as the templates."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from prtui.games.puerto_rico.actions import action_label
from prtui.games.puerto_rico.gains import role_gain
from prtui.i18n import set_language
from prtui.vocabulary import Vocabularies, localized
from prtui.widgets.context import BoardContext
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.io.display import display
from tests.games.puerto_rico.helpers import GAME, build, choose, legal, new, plant

ENGLISH = re.compile(r"[A-Za-z]{2,}")
MILL = {"indigo": "indigo_plant", "sugar": "sugar_mill", "tobacco": "tobacco_storage",
        "coffee": "coffee_roaster"}


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def _ctx(view: dict[str, Any], legal_: list[dict[str, Any]], seat: int = 0) -> BoardContext:
    vocab = Vocabularies(localized(display())).get("1897")
    return BoardContext(view=view, legal=legal_, seat=seat, vocab=vocab, palette={})


def _festival_craftsman() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Seat 0 as craftsman whose harvest makes the festival's goods goal: its produce
    action carries a note ("the festival's goods goal, +3 coins")."""
    s = new(4, "1897", 1, names=["Ana", "Ben", "Cleo", "Dan"], expansions=["festival"])
    for good in sorted({C.GOODS[g] for g in s.festival[1:4]}):
        k = [C.GOODS[g] for g in s.festival[1:4]].count(good)
        plant(s, 0, *[good] * k)
        if good != "corn":
            build(s, 0, MILL[good], colonists=k)
    choose(s, 0, "craftsman")
    return GAME.view(s, 0), legal(s, 0)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_an_actions_note_is_read_by_its_key(lang: str) -> None:
    set_language(lang)
    view, actions = _festival_craftsman()
    noted = [a for a in actions if a.get("note")]
    assert noted and all(isinstance(a.get("note_k"), dict) for a in noted)
    ctx = _ctx(view, actions)
    for action in noted:
        bare = {k: v for k, v in action.items() if k not in ("label", "tmpl", "tk", "tf")}
        note = ctx.vocab.render(str(action["note"]))
        label = action_label(ctx, {**bare, "type": "build", "building": "small_market",
                                   "note": action["note"], "note_k": action["note_k"]})
        if lang == "en":
            assert label.endswith(": " + note), label
        else:
            said = label.split("：", 1)[-1] if "：" in label else label.rsplit(": ", 1)[-1]
            assert not ENGLISH.findall(said), label


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_a_role_cards_gain_is_read_by_its_key(lang: str) -> None:
    set_language(lang)
    s = new(4, "1897", 1, names=["Ana", "Ben", "Cleo", "Dan"])
    view = GAME.view(s, s.turn)
    me = next(p for p in view["players"] if p.get("role_gains_k"))
    bare = {k: v for k, v in me.items() if k != "role_gains"}  # the keys alone
    ctx = _ctx({**view, "players": [bare if p is me else p for p in view["players"]]}, [],
               s.turn)
    ctx_en = _ctx(view, [], s.turn)
    for role, tmpl in me["role_gains"].items():
        gain = role_gain(ctx, role)
        assert gain
        if lang == "en":
            assert gain == ctx_en.vocab.render(tmpl)
        else:
            assert not ENGLISH.findall(gain), gain
