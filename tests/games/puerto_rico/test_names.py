"""Names (issue 22, item 9): one casing rule per kind of name in every vocabulary, and
"a"/"an" that agree with the word after them (docs/rules-notes.md, "Names").

The rule: role cards are capitalised ("the Planter"); goods, tiles, people, coins and
the other common words are lower case; building names follow their edition's rulebook,
one casing for all of them (classic: lower case, "the harbor"; 1897: Title Case, "the
Fire Station", "the Harbor"), and so do their short forms. Tags are three letters of the
word shown, capitalised.
"""

from __future__ import annotations

import random
import re
import tomllib
from importlib import resources

import pytest

from prtui.vocabulary import Vocabularies
from server.engine.contract import describe
from server.games.puerto_rico.core import catalog as C
from server.games.registry import get_game

GAME = get_game("puerto-rico")
VOCABS = Vocabularies(describe(GAME)["display"])
COMMON = [*C.GOODS, "quarry", "colonist", "colonists", "citizen", "citizens", "plantation",
          "plantations", "doubloon", "doubloons", "privilege", "island", "city", "circle",
          "circles", "colonist_supply"]
SMALL = {"of", "and", "the"}  # lower case inside a title
AN_BEFORE = re.compile(r"\b([Aa]n?) (\w+)")
SOUNDS_LIKE_YOU = ("uni", "use", "eu", "one")  # "a university", "a one-space building"


def title_cased(name: str) -> bool:
    return all(w[:1].isupper() or w in SMALL for w in name.split())


@pytest.mark.parametrize("vocab", VOCABS.names)
def test_each_kind_of_name_has_one_casing(vocab: str) -> None:
    words = VOCABS.get(vocab)
    for role in C.ROLES:
        assert words(role)[:1].isupper(), (vocab, role, words(role))
    for ident in COMMON:
        assert words(ident) == words(ident).lower(), (vocab, ident, words(ident))
    names = {b: words(b) for b in C.BUILDINGS}
    title = title_cased(names["factory"])
    wrong = {b: n for b, n in names.items() if title_cased(n) != title or
             (not title and n != n.lower())}
    assert not wrong, (vocab, "Title Case" if title else "lower case", wrong)
    shorts = {b: words.short(b) for b in C.BUILDINGS if words.short(b)}
    wrong = {b: n for b, n in shorts.items() if (n[:1].isupper()) != title}
    assert not wrong, (vocab, wrong)
    for role in C.ROLES:  # a tag reads as the name shown
        assert words.tag(role) == words(role).replace(" ", "")[:3].title(), (vocab, role)


def _article_errors(text: str) -> list[str]:
    wrong = []
    for art, word in AN_BEFORE.findall(text):
        vowel = word[:1].lower() in "aeiou" and not word.lower().startswith(SOUNDS_LIKE_YOU)
        if word.isdigit() and word.startswith(("8", "11", "18")):
            vowel = True
        if (art.lower() == "an") != vowel:
            wrong.append(f"{art} {word}")
    return wrong


def _texts() -> list[str]:
    data = tomllib.loads(resources.files("server.games.puerto_rico.io")
                        .joinpath("texts.toml").read_text())
    return [t for table in data.values() if isinstance(table, dict)
            for t in table.values() if isinstance(t, str)]


def _game_templates(seed: int) -> list[str]:
    """Labels and log lines of a random five-player game with every expansion."""
    players = 5
    options = GAME.normalize_options(players, {"edition": "1897", "expansions": [
        "new_buildings", "citizens", "smuggler", "festival"]})
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    out: list[str] = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        out += [str(a.get("tmpl", a["label"])) for a in legal]
        out += [str(e.get("tmpl", e.get("text", ""))) for e in
                GAME.apply(state, seat, rng.choice(legal))]
    return out


@pytest.mark.parametrize("vocab", VOCABS.names)
def test_a_and_an_agree_with_the_word_after_them(vocab: str) -> None:
    words = VOCABS.get(vocab)
    names = [f"Player {p}" for p in range(1, 6)]
    templates = set(_texts()) | {t for seed in (1, 2) for t in _game_templates(seed)}
    wrong = {t: bad for t in templates
             if (bad := _article_errors(words.render(t, names)))}
    assert not wrong, (vocab, dict(list(wrong.items())[:10]))
