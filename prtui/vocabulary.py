"""The words of a game, as its server describes them: one vocabulary chosen at a time.

The view carries canonical ids; a game's catalog entry (``list_games`` -> ``display``)
carries its vocabularies (Puerto Rico: classic and 1897), each a map from id to word,
short forms for tight spaces and three-letter tags. Log lines and action labels come
with templates (server/wording.py) that are rendered here, so the role cards, the
actions, the log, the help and the game-over screen all speak the vocabulary the
player chose, and switching it switches them all. The client keeps no names of its own.

And in the reader's language: a word, a help text or a step is looked up in the game's
catalog by its key (the vocabulary's ``keys``, the display's ``texts``: msgctxt and
English), and a log line or a label that comes with its key and fields (``tk``, ``tf``)
is filled from the catalog's template (``server.wording.fill``), then rendered as above.
A text without a key (a game saved before) shows its ``tmpl`` (docs/protocol.md "Texts
and languages").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich.cells import cell_len

from prtui.i18n import _, language, translator
from server.wording import fill, render, word

TAG_CELLS = 3
"""A tag's cells: a word without a tag of its own in the reader's language is cut to it."""


def _table(data: Any) -> dict[str, str]:
    """A map of words from the server, keeping only str -> str (shown as plain text)."""
    if not isinstance(data, Mapping):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def _keys(data: Any) -> dict[str, dict[str, str]]:
    """A vocabulary's ``keys`` ({table: {msgctxt prefix: [ids]}}) as table -> id -> msgctxt."""
    out: dict[str, dict[str, str]] = {}
    if not isinstance(data, Mapping):
        return out
    for table, groups in data.items():
        if isinstance(table, str) and isinstance(groups, Mapping):
            out[table] = {i: f"{prefix}{i}" for prefix, ids in groups.items()
                          if isinstance(prefix, str) and isinstance(ids, list)
                          for i in ids if isinstance(i, str)}
    return out


class Texts(Mapping[str, str]):
    """A game's keyed texts in the reader's language: msgctxt -> template, looked up in
    the game's catalog (its ``domain``) with the English the display gives as msgid, at
    each use, so a switch of language shows at the next redraw."""

    def __init__(self, english: Mapping[str, str], domain: str) -> None:
        self.english = english
        self.domain = domain

    def __getitem__(self, ctx: str) -> str:
        return translator(self.domain).keyed(ctx, self.english[ctx])

    def __iter__(self) -> Iterator[str]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)

    def by_english(self) -> dict[str, str]:
        """English -> msgctxt (the first key of a text two keys share)."""
        out: dict[str, str] = {}
        for ctx, text in self.english.items():
            out.setdefault(text, ctx)
        return out


def texts_of(display: Mapping[str, Any] | None) -> Texts | None:
    """The display's keyed texts (``texts``, in its ``domain``), None from a server
    that sends none."""
    display = display or {}
    english, domain = display.get("texts"), display.get("domain")
    if not isinstance(english, Mapping) or not isinstance(domain, str):
        return None
    return Texts(_table(english), domain)


class Vocabulary:
    """One vocabulary of a game: ids to words, short forms, tags, rendered templates."""

    def __init__(self, data: Mapping[str, Any] | None = None, texts: Texts | None = None) -> None:
        data = data or {}
        self.name = str(data.get("name") or "")
        self.title_text = str(data.get("title") or self.name)
        self.english = {"words": _table(data.get("words")), "short": _table(data.get("short")),
                        "tags": _table(data.get("tags"))}
        self.keys = _keys(data.get("keys"))
        self.texts = texts
        self._made: tuple[str, dict[str, dict[str, str]]] | None = None

    def _tables(self) -> dict[str, dict[str, str]]:
        """The tables in the reader's language (made once per language): a word with a
        key is looked up in the catalog, one without stays as the server sent it; a tag
        without a key of its own, in another language, is its word cut to the cells."""
        lang = language()
        if self._made is not None and self._made[0] == lang:
            return self._made[1]
        domain = self.texts.domain if self.texts is not None else None
        if domain is None or not self.keys:
            tables = self.english
        else:
            look = translator(domain).keyed
            tables = {}
            for table, english in self.english.items():
                keys = self.keys.get(table, {})
                tables[table] = {i: look(keys[i], w) if i in keys else w for i, w in english.items()}
            if lang != "en":
                tags, keyed = tables["tags"], self.keys.get("tags", {})
                for i in tags:
                    if i not in keyed and tables["words"].get(i, "") != self.english["words"].get(i, ""):
                        tags[i] = _cut(tables["words"][i], TAG_CELLS)
        self._made = (lang, tables)
        return tables

    @property
    def words(self) -> dict[str, str]:
        return self._tables()["words"]

    @property
    def shorts(self) -> dict[str, str]:
        return self._tables()["short"]

    @property
    def tags(self) -> dict[str, str]:
        return self._tables()["tags"]

    def __call__(self, ident: str | None) -> str:
        if ident is None:
            return "-"
        return word(self.words, ident)

    def title(self, ident: str | None) -> str:
        name = self(ident)
        return name[:1].upper() + name[1:]

    def short(self, ident: str) -> str | None:
        """The short form for tight spaces, if the game gave one."""
        return self.shorts.get(ident)

    def tag(self, ident: str) -> str:
        """Three letters for one cell ("Crn"); else its word's first three cells, so a
        tag reads as the name shown (1897's Planter is "Pla", never the classic "Set";
        a wide character is two cells: one Chinese character)."""
        found = self.tags.get(ident)
        if found:
            return found
        tag = ""
        for char in self(ident).replace(" ", ""):
            if cell_len(tag + char) > 3:
                break
            tag += char
        return tag.title()

    def render(self, template: str, names: Sequence[str] = ()) -> str:
        """A server template in these words, with the seats' names put in as typed."""
        return render(template, self.words, names)

    def text(self, item: Mapping[str, Any], key: str, names: Sequence[str] = ()) -> str:
        """A log line's or an action's text in these words and the reader's language:
        filled from its key and fields when it has them, else its template rendered,
        else its ``key`` field as the server wrote it."""
        filled = self.filled(item)
        if filled is not None:
            return self.render(filled, names)
        tmpl = item.get("tmpl")
        if isinstance(tmpl, str):
            return self.render(tmpl, names)
        value = item.get(key)
        return value if isinstance(value, str) else ""


    def filled(self, item: Mapping[str, Any]) -> str | None:
        """The item's template from its key and fields in the reader's language (and
        its private parts', ``tp``), None when it has no key or the game's texts lack
        it (then its ``tmpl`` is shown)."""
        tk, texts = item.get("tk"), self.texts
        if not isinstance(tk, str) or texts is None:
            return None
        parts = item.get("tp") or []
        try:
            out = fill(texts, tk, item.get("tf") or {})
            more = [fill(texts, str(p["tk"]), p.get("tf") or {}) for p in parts]
        except (KeyError, TypeError, ValueError, AttributeError):
            return None  # a key this display lacks, or fields that do not fit it
        return " ".join([out, *more]) if more else out


def _cut(text: str, cells: int) -> str:
    """``text``'s first characters within ``cells`` cells."""
    out = ""
    for ch in text.replace(" ", ""):
        if cell_len(out + ch) > cells:
            break
        out += ch
    return out


def localized(display: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A copy of the display with each text that has a key (help, effects, steps, the
    parts' texts: the English of a ``texts`` entry) in the reader's language; the
    vocabularies look their words up themselves (``Vocabulary``)."""
    if not isinstance(display, Mapping):
        return None
    texts = texts_of(display)
    if texts is None:
        return dict(display)
    known = texts.by_english()

    def one(value: Any) -> Any:
        if isinstance(value, str):
            ctx = known.get(value)
            return texts[ctx] if ctx is not None else value
        if isinstance(value, list):
            return [one(v) for v in value]
        if isinstance(value, Mapping):
            return {k: one(v) if k in _SHOWN else v for k, v in value.items()}
        return value

    out = dict(display)
    for section in ("roles", "buildings", "cards", "steps", "parts"):
        if section in out:
            out[section] = _each(out[section], one)
    return out


_SHOWN = frozenset(("help", "effect", "text", "title", "label", "about"))
"""The keys of a display's part whose value is a text a person reads."""


def _each(value: Any, one: Any) -> Any:
    """Steps and parts are maps of texts; roles, buildings and cards lists of maps."""
    if isinstance(value, Mapping):
        return {k: one(v) for k, v in value.items()}
    if isinstance(value, list):
        return [one(v) for v in value]
    return value


class Vocabularies:
    """Every vocabulary of one game, and which one a table uses by default."""

    def __init__(self, display: Mapping[str, Any] | None = None) -> None:
        display = display or {}
        found = display.get("vocabularies")
        texts = texts_of(display)
        self._all = ([Vocabulary(v, texts) for v in found if isinstance(v, Mapping)]
                     if isinstance(found, list) else [])
        self._all = [v for v in self._all if v.name] or [Vocabulary({"name": "default"})]
        option = display.get("vocabulary_option")
        self.option = option if isinstance(option, str) else None

    @property
    def names(self) -> list[str]:
        return [v.name for v in self._all]

    def get(self, name: str | None) -> Vocabulary:
        """That vocabulary, else the first (an unknown name never fails)."""
        return next((v for v in self._all if v.name == name), self._all[0])

    def default(self, view: Mapping[str, Any]) -> str:
        """The table's own vocabulary: the one its option names (Puerto Rico: edition)."""
        options = view.get("options") or {}
        chosen = options.get(self.option) if self.option and isinstance(options, Mapping) else None
        return self.get(chosen if isinstance(chosen, str) else None).name

    def after(self, name: str) -> str:
        """The next vocabulary in turn (the `v` key)."""
        names = self.names
        return names[(names.index(name) + 1) % len(names)] if name in names else names[0]


def _unnamed(seat: int) -> str:
    return _("Player {number}").format(number=seat + 1)


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """The seats' names as the game knows them (its ``names`` option), for ``{p:N}``."""
    players = view.get("players")
    if isinstance(players, list) and players:
        return [str(p.get("name") or _unnamed(i)) if isinstance(p, Mapping) else _unnamed(i)
                for i, p in enumerate(players)]
    names = (view.get("options") or {}).get("names")
    return [str(n) for n in names] if isinstance(names, list) else []
