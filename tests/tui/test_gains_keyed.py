"""San Juan's role previews by key (``role_gains_k``): the board reads a role's gain from
its key and fields in the reader's language, and in English exactly as the template."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from prtui.games.san_juan.actions import role_gain
from prtui.i18n import set_language
from prtui.vocabulary import Vocabularies, localized
from prtui.widgets.context import BoardContext
from server.games.registry import get_game
from server.games.san_juan.display import display
from server.i18n import Translator
from server.wording import fill, render

GAME = get_game("san-juan")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def chooser_views(seed: int, most: int = 6) -> list[dict[str, Any]]:
    state = GAME.setup(3, GAME.normalize_options(3, {}), seed)
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while not GAME.is_over(state) and len(out) < most:
        seat = GAME.to_move(state)[0]
        view = GAME.view(state, seat)
        if view["role_gains"] is not None:
            out.append(view)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return out


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_a_role_preview_is_read_by_its_key(lang: str) -> None:
    set_language(lang)
    data = display()
    vocab = Vocabularies(localized(data)).get(None)
    look = Translator(lang, "san_juan").keyed
    views = chooser_views(5)
    assert views
    for view in views:
        keyed = view["role_gains_k"]
        assert isinstance(keyed, dict) and set(keyed) == set(view["role_gains"])
        bare = {k: v for k, v in view.items() if k != "role_gains"}  # the key alone
        ctx = BoardContext(view=bare, legal=[], seat=0, vocab=vocab, palette={})
        for role, item in keyed.items():
            texts = {item["tk"]: look(item["tk"], data["texts"][item["tk"]])}
            assert role_gain(ctx, role) == render(fill(texts, item["tk"], item["tf"]), vocab.words)
            if lang == "en":
                assert role_gain(ctx, role) == vocab.render(view["role_gains"][role])
