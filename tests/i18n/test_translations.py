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

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from rich.cells import cell_len

from server.i18n import DOMAINS
from server.tools.catalogs import LOCALE, languages

MARK = re.compile(r"\{([wWanp]):(\$?[a-z0-9_]+)(?::(\$?[a-z0-9_]+))?\}")
DOLLAR = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
BRACE = re.compile(r"\{([^{}:!]*)(?:![rsa])?(?::[^{}]*)?\}")
FITTED = re.compile(r"(?:^|\.)(short|tags)\.")
"""A msgctxt key in a ``short`` or ``tags`` table (``core/names:1897.short.mayor``)."""


def parts(text: str) -> tuple[set[str], set[tuple[str, str]]]:
    """The fields and the marks (kind, id) of ``text``: ``$name``s and ``{name}``s, and
    each mark's id with its kind as it must be kept (``p``, or ``w`` for any word)."""
    marks: set[tuple[str, str]] = set()
    for m in MARK.finditer(text):
        marks.add(("p" if m.group(1) == "p" else "w", m.group(2)))
    rest = MARK.sub("", text).replace("{{", "").replace("}}", "")
    fields = set(DOLLAR.findall(text)) | {f"{{{name}}}" for name in BRACE.findall(rest)}
    return fields, marks


def _forms(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def problems(cat: Catalog) -> list[str]:
    """What is wrong with the translations of ``cat`` (untranslated entries are not
    this test's business: test_catalogs.py counts those)."""
    out: list[str] = []
    for msg in cat:
        if not msg.id:
            continue
        ids = _forms(msg.id)
        want_fields: set[str] = set()
        want_marks: set[tuple[str, str]] = set()
        for text in ids:
            f, m = parts(text)
            want_fields |= f
            want_marks |= m
        where = f"{msg.context + ' | ' if msg.context else ''}{ids[0]!r}"
        strings = [s for s in _forms(msg.string) if s]
        if not strings:
            continue
        got_fields: set[str] = set()
        got_marks: set[tuple[str, str]] = set()
        for text in strings:
            f, m = parts(text)
            got_fields |= f
            got_marks |= m
            if not f <= want_fields or not m <= want_marks:
                out.append(f"{where}: {text!r} adds {sorted(f - want_fields)}"
                           f" {sorted(m - want_marks)}")
        if got_fields != want_fields or got_marks != want_marks:
            out.append(f"{where}: {strings[0]!r} loses {sorted(want_fields - got_fields)}"
                       f" {sorted(want_marks - got_marks)}")
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
