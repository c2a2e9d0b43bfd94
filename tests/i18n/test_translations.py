"""Every translation keeps what the program puts into its text, and fits where the
English fits (issue 38; docs/translating.md).

A translation may reorder a text freely, but it must keep the set of its msgid's
fields (``$name`` in a game's templates, ``{name}`` in the client's and the server's
``str.format`` texts) and of its marks' ids (server/wording.py): a seat stays a
``{p:...}``; a word mark may change its kind to ``{w:...}``, since articles (``{a:}``),
capitals (``{W:}``) and English plurals (``{n:ID:K}``, written ``K 张{w:ID}`` with a
measure word) mean nothing in Chinese. A ``short`` or ``tags`` entry of a game's names
must take no more terminal cells than its English, which the board leaves room for.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from rich.cells import cell_len

from server.engine.playout import pick
from server.games.san_juan.game import SanJuan
from server.games.san_juan.text import texts_file
from server.games.san_juan.text import words as sj_words
from server.i18n import DOMAINS, Translator
from server.tools.catalogs import LOCALE, languages
from server.wording import FIELD, fill, part, render

MARK = re.compile(r"\{([wWanp]):(\$?[a-z0-9_]+)(?::(\$?[a-z0-9_]+))?\}")
DOLLAR = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
BRACE = re.compile(r"\{([^{}:!]*)(?:![rsa])?(?::[^{}]*)?\}")
SJ = SanJuan()
FITTED = re.compile(r"(?:^|\.)(short|tags)\.")
"""A msgctxt key in a ``short`` or ``tags`` table (``core/names:1897.short.mayor``)."""


def parts(text: str) -> set[tuple[str, str]]:
    """What ``text`` takes and names, each as (role, name): a field that is a mark's id
    (``{w:$card}``: "id"), a seat (``{p:$seat}``: "seat"), or a number (a mark's count
    ``{n:card:$count}``, or bare ``$count``: "number", for Chinese may write the count
    before its measure word); a ``str.format`` field (``{table}``: "format"); a word
    mark's id (``{w:mayor}``, ``{a:}``, ``{W:}`` and ``{n:}`` alike: "word"), a literal
    seat (``{p:0}``: "seat")."""
    out: set[tuple[str, str]] = set()
    for m in MARK.finditer(text):
        kind, ident, count = m.groups()
        if ident.startswith("$"):
            out.add(("seat" if kind == "p" else "id", ident[1:]))
        else:
            out.add(("seat" if kind == "p" else "word", ident))
        if count and count.startswith("$"):
            out.add(("number", count[1:]))
    rest = MARK.sub("", text)
    out |= {("number", name) for name in DOLLAR.findall(rest)}
    rest = rest.replace("{{", "").replace("}}", "")
    out |= {("format", name) for name in BRACE.findall(rest)}
    return out


def _forms(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def problems(cat: Catalog) -> list[str]:
    """What is wrong with the translations of ``cat`` (untranslated entries are not
    this test's business: test_catalogs.py counts those)."""
    out: list[str] = []
    for msg in cat:
        if not msg.id:
            continue
        ids = _forms(msg.id)
        want: set[tuple[str, str]] = set()
        for text in ids:
            want |= parts(text)
        where = f"{msg.context + ' | ' if msg.context else ''}{ids[0]!r}"
        strings = [s for s in _forms(msg.string) if s]
        if not strings:
            continue
        got: set[tuple[str, str]] = set()
        for text in strings:
            found = parts(text)
            got |= found
            if not found <= want:
                out.append(f"{where}: {text!r} adds {sorted(found - want)}")
        if got != want:
            out.append(f"{where}: {strings[0]!r} loses {sorted(want - got)}")
        key = (msg.context or "").partition(":")[2]
        if FITTED.search(key):
            for text in strings:
                if cell_len(text) > cell_len(ids[0]):
                    out.append(f"{where}: {text!r} takes {cell_len(text)} cells,"
                               f" the English {cell_len(ids[0])}")
    return out


def catalogs() -> Iterator[tuple[str, str, Path]]:
    for language in languages():
        for domain in DOMAINS:
            path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                yield language, domain, path


@pytest.mark.parametrize(("language", "domain", "path"),
                         [pytest.param(*c, id=f"{c[0]}-{c[1]}") for c in catalogs()])
def test_every_translation_keeps_its_fields_and_marks_and_fits(
        language: str, domain: str, path: Path) -> None:
    with path.open("rb") as fh:
        cat = read_po(fh, locale=language, domain=domain)
    assert problems(cat) == []


def test_every_language_and_domain_is_checked() -> None:
    found = {(lang, dom) for lang, dom, _ in catalogs()}
    assert ("zh_CN", "san_juan") in found and ("zh_CN", "puerto_rico") in found
    assert {dom for _, dom in found} == set(DOMAINS)


def _one(msgid: str | tuple[str, str], msgstr: str | tuple[str, ...],
         context: str | None = None) -> list[str]:
    cat = Catalog(locale="zh_CN", domain="test")
    cat[msgid] = Message(msgid, msgstr, context=context)
    return problems(cat)


@pytest.mark.parametrize(("msgid", "msgstr"), [
    ("{p:$seat} builds {a:$card} for {n:card:$cards}", "{p:$seat} 建设了{w:$card}"),
    ("{p:$seat} builds {a:$card}", "{w:$seat} 建设了{w:$card}"),
    ("{p:$seat} builds {a:$card}", "{p:$seat} 建设了{w:$cards}"),
    ("Round $round: {p:$seat} is governor", "第 $rnd 回合：{p:$seat} 是长官"),
    ("{W:mayor}: take a {w:citizen}?", "{w:mayor}：拿 1 个{w:colonist}？"),
    ("{W:mayor}: take a {w:citizen}?", "{w:mayor}：拿 1 个市民？"),  # the word, not its mark
    ("{p:$seat} produces {w:$goods}", "{p:$seat} 生产了 $goods"),  # a list of ids as a number
    ("Your move at {table}", "轮到你：{room}"),
    ("Your move at {table}", "轮到你"),
    (("{n} table", "{n} tables"), ("张牌桌",)),
])
def test_a_broken_translation_is_found(msgid: str | tuple[str, str],
                                       msgstr: str | tuple[str, ...]) -> None:
    assert _one(msgid, msgstr) != []


@pytest.mark.parametrize(("msgid", "msgstr"), [
    ("{p:$seat} builds {a:$card} for {n:card:$cards}", "{p:$seat} 花 $cards 张{w:card}建设了{w:$card}"),
    ("{W:mayor}: take a {w:citizen}?", "{w:mayor}：拿 1 个{w:citizen}？"),
    ("$count {w:$part}", "{w:$part} $count"),
    ("Your move at {table}", "{table}：轮到你"),
    ("Literal {{braces}} and {w:and}", "字面的 {{括号}} {w:and}"),
    (("{n} table", "{n} tables"), ("{n} 张牌桌",)),
    (("one table", "{n} tables"), ("{n} 张牌桌",)),
])
def test_a_sound_translation_passes(msgid: str | tuple[str, str],
                                    msgstr: str | tuple[str, ...]) -> None:
    assert _one(msgid, msgstr) == []


def test_a_short_form_or_tag_wider_than_its_english_is_found() -> None:
    assert _one("Sug", "糖", "core/names:classic.tags.sugar") == []
    assert _one("Sug", "蔗糖", "core/names:classic.tags.sugar") != []  # 4 cells in 3
    assert _one("Recr.", "招募", "core/names:1897.short.mayor") == []
    assert _one("Recr.", "招募者", "core/names:1897.short.mayor") != []  # 6 in 5
    assert _one("MSt", "交易站", "texts:tags.market_stand") != []
    assert _one("Recruiter", "招募者", "core/names:1897.words.mayor") == []  # not fitted


# -- the Chinese texts of a whole San Juan game, filled and rendered ------------------

SJ_TEXTS = texts_file()
LATIN = re.compile(r"[A-Za-z]")


def _chinese(section: str) -> dict[str, str]:
    """San Juan's texts.toml section as the Chinese catalog reads it (keys as msgctxt)."""
    zh = Translator("zh_CN", "san_juan")
    return {key: zh.keyed(f"texts:{section}.{key}", english)
            for key, english in SJ_TEXTS[section].items()}


def _chinese_words() -> dict[str, str]:
    """The catalog's Chinese for texts.toml's [words]; the cards', roles' and goods' ids
    have no msgid yet (docs/rules-notes.md "Chinese terms"), so they read as 词 here."""
    zh = _chinese("words")
    return {**dict.fromkeys(sj_words(), "词"), **zh}


def _read_in_chinese(tmpl: str) -> str:
    text = render(tmpl, _chinese_words(), ["甲", "乙", "丙", "丁"])
    assert not LATIN.search(text) and "$" not in text and "{" not in text, (tmpl, text)
    return text


def test_a_whole_san_juan_game_reads_in_chinese() -> None:
    """Every log line of a random 4-player game, from its key and fields, filled from the
    Chinese template and rendered: no English and no mark left, so each translation
    takes its fields as the rules give them (a count as a number, a list of cards as a
    listing)."""
    log = _chinese("log")
    s = SJ.setup(4, {"fair_start": True}, 5)
    rnd = random.Random(5)
    keys: set[str] = set()
    while not SJ.is_over(s):
        seat, action = pick(SJ, s, rnd)
        for ev in SJ.apply(s, seat, action):
            _read_in_chinese(fill(log, ev["key"], ev["fields"]))
            keys.add(ev["key"])
    assert len(keys) > 15 and {"round", "role", "score", "win"} <= keys | {"win_shared"}


@pytest.mark.parametrize("section", ["log", "labels", "gains", "private"])
def test_every_san_juan_template_fills_and_reads_in_chinese(section: str) -> None:
    """Every key of texts.toml, with fields of the kinds its English takes (a seat, an
    id or a list of ids in a mark, a number, a price tile, score parts)."""
    texts = {**_chinese("log"), **_chinese(section)}
    for key, english in SJ_TEXTS[section].items():
        fields: dict[str, object] = {}
        for m in FIELD.finditer(english):
            kind, count_of, name, bare = m.groups()
            if bare == "tile":
                fields[bare] = [1, 1, 2, 2, 3]
            elif bare == "parts":
                fields[bare] = [part("score_points", count=20, part="buildings"),
                                part("score_tiebreak", count=5)]
            elif bare is not None or count_of is not None:
                fields[bare or name] = 2
            elif kind == "p":
                fields[name] = [0, 1] if name == "seats" else 0
            else:
                fields[name] = ["smithy", "well"] if name in ("cards", "goods") else "smithy"
        _read_in_chinese(fill(texts, key, fields))


def test_the_two_editions_read_apart_in_chinese_where_their_english_does() -> None:
    """Puerto Rico's 1897 words (Planter, worker, coin, estate, fruit ...) stay distinct
    from the classic ones in every language, and the same where only the casing differs
    ("Tobacco Storage" / "tobacco storage"): the `v` key must change what it changes."""
    for language in languages():
        path = LOCALE / language / "LC_MESSAGES" / "puerto_rico.po"
        with path.open("rb") as fh:
            cat = read_po(fh, locale=language, domain="puerto_rico")
        by_key = {m.context: (str(m.id), str(m.string)) for m in cat if m.id and m.context}
        compared = 0
        for key, (english, translated) in by_key.items():
            if not key.startswith("core/names:1897.") or not translated:
                continue
            classic = by_key.get(key.replace(":1897.", ":classic.", 1))
            if classic is None or not classic[1]:
                continue
            compared += 1
            same_english = english.casefold() == classic[0].casefold()
            assert same_english == (translated == classic[1]), (key, english, classic[0],
                                                                translated, classic[1])
        if language == "zh_CN":
            assert compared > 30
