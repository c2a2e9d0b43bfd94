"""Text templates: words as canonical ids in marks, rendered in any vocabulary.

A game writes each log line and action label once, as a template whose game words are
marks, and renders it in its edition for the plain ``text``/``label`` fields; a client
renders the same template in whatever vocabulary its player chose, so every word on the
screen switches together (docs/protocol.md "Texts and vocabularies").

Marks (ids are lower-case ``[a-z0-9_]``):

    {w:ID}      the word for ID                   "{w:mayor}" -> "Mayor" / "Recruiter"
    {W:ID}      the same, first letter capital    "{W:hospice}" -> "Hospice" / "Hospital"
    {a:ID}      with its indefinite article       "{a:indigo}" -> "an indigo" / "a fruit"
    {n:ID:K}    K and the word, plural unless 1   "{n:doubloon:2}" -> "2 doubloons"
    {p:SEAT}    the seat's player name, as typed  "{p:0}" -> "ana"

The plural of ID is the word of ``ID + "s"``. ``{{`` and ``}}`` stand for literal braces.
An ID without a word shows as its words ("small_market" -> "small market"); a seat
without a name as "Player N". A name is put in as it is, in one pass, so a name that
looks like a mark stays text. This module imports nothing of the project, so the engine
and the client both render with it (an import contract keeps it that way).

A game may keep its texts in a file of keys (San Juan's texts.toml): ``fill`` makes a
template from a key and its fields (``$name`` in the key's template), and ``Tables``
keeps each table's rendered texts, which both games' ``finish_events`` go through.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

MARK = re.compile(r"\{\{|\}\}|\{([wWanp]):([a-z0-9_]+)(?::(\d+))?\}")


def article(word: str) -> str:
    """The indefinite article a reader expects before ``word`` ("an indigo"; by its
    sound for a number: "an 8-space", "an 11")."""
    if word[:1].isdigit():
        return "an" if word[:1] == "8" or word.split("-")[0] in ("11", "18") else "a"
    return "an" if word[:1].lower() in "aeiou" else "a"


def escape(text: str) -> str:
    """Plain text to put into a template as it is (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def word(words: Mapping[str, str], ident: str) -> str:
    """The word for ``ident``, else the id's own words."""
    found = words.get(ident)
    return found if found else ident.replace("_", " ")


def render(template: str, words: Mapping[str, str], names: Sequence[str] = ()) -> str:
    """``template`` with every mark replaced by its word (see the module docstring)."""

    def one(m: re.Match[str]) -> str:
        kind = m.group(1)
        if kind is None:  # "{{" or "}}"
            return m.group(0)[0]
        ident = m.group(2)
        if kind == "p":
            seat = int(ident) if ident.isdigit() else -1
            return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"
        w = word(words, ident)
        if kind == "W":
            return w[:1].upper() + w[1:]
        if kind == "a":
            return f"{article(w)} {w}"
        if kind == "n":
            k = int(m.group(3) or 0)
            return f"{k} {w if k == 1 else word(words, ident + 's')}"
        return w

    return MARK.sub(one, template)


class Renderer:
    """``render`` for one vocabulary and one table's names, fast for texts said again
    and again: each mark is rendered once and kept, and a text is then put together
    from its pieces (a template with literal braces, or anything ``MARK`` does not
    read as marks only, goes through ``render`` itself, so the result is the same)."""

    __slots__ = ("marks", "names", "words")

    def __init__(self, words: Mapping[str, str], names: Sequence[str] = ()) -> None:
        self.words = words
        self.names = tuple(names)
        self.marks: dict[str, str] = {}

    def __call__(self, template: str) -> str:
        if "{{" in template or "}}" in template:
            return render(template, self.words, self.names)
        parts = template.split("{")
        if len(parts) == 1:
            return template
        marks = self.marks
        out = [parts[0]]
        for part in parts[1:]:
            end = part.find("}")
            mark = part[:end]
            done = marks.get(mark)
            if done is None:
                if end < 0 or MARK.fullmatch("{" + mark + "}") is None:
                    return render(template, self.words, self.names)
                done = marks[mark] = render("{" + mark + "}", self.words, self.names)
            out.append(done)
            out.append(part[end + 1:])
        return "".join(out)


# -- a game's texts file: a template per key, its fields put in --------------------------

FIELD = re.compile(r"\{([wWanpl]):(?:([a-z0-9_]+):)?\$([a-z0-9_]+)\}|\$([a-z0-9_]+)")


def part(key: str, **fields: object) -> dict[str, object]:
    """A piece of a text that is a template of its own (a score line's parts): put in
    where a field stands as it is filled (plain data, so a log event stays JSON)."""
    return {"key": key, "fields": fields}


def keyed(prefix: str, key: str, fields: Mapping[str, object]) -> dict[str, Any]:
    """A text as it goes on the wire for a reader to fill in their language: ``tk`` the
    key as its msgctxt (``prefix`` is the texts file and table, "texts:log."), ``tf``
    its fields, each ``part`` among them keyed the same way (docs/protocol.md). A key
    with its file already ("core/texts:labels.build": a part from another texts file)
    is kept as it is, and so is the prefix of its own parts."""
    if ":" in key:
        return {"tk": key, "tf": wire_fields(key.rpartition(".")[0] + ".", fields)}
    return {"tk": prefix + key, "tf": wire_fields(prefix, fields)}


def wire_fields(prefix: str, fields: Mapping[str, object]) -> dict[str, Any]:
    """``fields`` with each ``part`` as ``{"tk", "tf"}`` (the same dict when it holds
    none, as most do: a log keeps no second copy)."""
    if not any(_is_part(v) for v in fields.values()):
        return fields if isinstance(fields, dict) else dict(fields)
    out: dict[str, Any] = {}
    for name, value in fields.items():
        if isinstance(value, Mapping) and "key" in value:
            out[name] = keyed(prefix, str(value["key"]), value["fields"])
        elif isinstance(value, list | tuple) and value and isinstance(value[0], Mapping):
            out[name] = [keyed(prefix, str(v["key"]), v["fields"]) for v in value]
        else:
            out[name] = value
    return out


def contexts(data: Mapping[str, Any], prefix: str) -> dict[str, str]:
    """Every text of a texts file by its msgctxt (``prefix`` is the file, "texts:"), as
    ``make catalogs`` names them (server/tools/toml_extract.py): what a client looks a
    ``tk`` up in, its English being the msgid."""
    out: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, str):
            out[prefix + str(key)] = value
        elif isinstance(value, Mapping):
            out.update(contexts(value, f"{prefix}{key}."))
    return out


def _is_part(value: object) -> bool:
    return isinstance(value, Mapping) or (
        isinstance(value, list | tuple) and bool(value) and isinstance(value[0], Mapping))


def listing(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"; the "and" a word of the vocabulary."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {{w:and}} {parts[-1]}"


def fill(texts: Mapping[str, str], key: str, fields: Mapping[str, object]) -> str:
    """The template of ``key`` with its fields put in, as marks to render later.

    ``$name`` stands for the field ``name``. In a mark (``{a:$card}``, ``{p:$seat}``,
    ``{n:card:$count}``) it is the mark's id or number; a list there makes one mark an
    item, as a listing (``{w:$cards}`` -> "{w:smithy} {w:and} {w:well}"; none:
    ``{w:nothing}``); ``{l:$name}`` lists parts the same way ("2 corn and 1 sugar"). Bare, a number is its digits, a list of numbers is joined with
    "-" (a price tile), and a ``part`` (or a list of them, joined with ", ") is filled
    from its own key. A field the template names and ``fields`` lacks is a KeyError."""
    pieces = _pieces(texts[key])
    out = [pieces[0]]
    for i in range(1, len(pieces), 2):
        kind, count_of, name, bare = pieces[i]
        if bare is None:
            value = fields[name]
            if kind == "l":  # parts, listed: "2 corn, 1 sugar and 1 coffee"
                listed = [_fill_part(texts, v) for v in value]  # type: ignore[attr-defined]
                out.append(listing(listed) if listed else "{w:nothing}")
            elif isinstance(value, list | tuple):
                items = [_mark(kind, count_of, v) for v in value]
                out.append(listing(items) if items else "{w:nothing}")
            else:
                out.append(_mark(kind, count_of, value))
        else:
            out.append(_bare(texts, fields[bare]))
        out.append(pieces[i + 1])
    return "".join(out)


_PIECES: dict[str, tuple[Any, ...]] = {}  # a template cut at its fields, once


def _pieces(template: str) -> tuple[Any, ...]:
    """The template's text between its fields, and each field's (kind, count word,
    name in a mark, bare name), alternately: literal, field, literal, ..., literal."""
    found = _PIECES.get(template)
    if found is None:
        out: list[Any] = []
        at = 0
        for m in FIELD.finditer(template):
            out += [template[at:m.start()], m.groups()]
            at = m.end()
        out.append(template[at:])
        found = _PIECES[template] = tuple(out)
    return found


def _bare(texts: Mapping[str, str], value: object) -> str:
    if isinstance(value, Mapping):
        return _fill_part(texts, value)
    if isinstance(value, list | tuple):
        if value and isinstance(value[0], Mapping):
            return ", ".join(_fill_part(texts, v) for v in value)
        return "-".join(str(int(v)) for v in value)
    return str(int(value))  # type: ignore[call-overload]


def _fill_part(texts: Mapping[str, str], value: Mapping[str, Any]) -> str:
    """A part as the game keeps it (``key``, ``fields``) or as the wire carries it
    (``tk``, ``tf``: ``keyed``)."""
    if "tk" in value:
        return fill(texts, str(value["tk"]), value["tf"])
    return fill(texts, str(value["key"]), value["fields"])


def _mark(kind: str, count_of: str | None, value: object) -> str:
    if count_of is not None:
        return f"{{{kind}:{count_of}:{int(value)}}}"  # type: ignore[call-overload]
    return f"{{{kind}:{value}}}"


def fields_of(template: str) -> set[str]:
    """The names of the fields a template takes."""
    return {m.group(3) or m.group(4) for m in FIELD.finditer(template)}


class Tables:
    """Rendered texts by table (its words and its seats' names), for games that say the
    same few lines again and again: each text is rendered once and kept, within a
    bound over all tables (all dropped beyond it, then made anew)."""

    def __init__(self, budget: int = 60_000, most: int = 64) -> None:
        self.budget, self.most = budget, most
        self.kept = 0
        self.tables: dict[object, Table] = {}

    def get(self, key: object, words: Mapping[str, str], names: Sequence[str]) -> Table:
        """The table of ``key`` (made with these words and names if new)."""
        table = self.tables.get(key)
        if table is None:
            if len(self.tables) >= self.most:
                self.tables.clear()
            table = self.tables[key] = Table(self, words, names)
        return table

    def clear(self) -> None:
        self.tables.clear()

    def count_one(self) -> None:
        self.kept += 1
        if self.kept > self.budget:  # a bound, not a cache policy
            self.kept = 0
            for table in self.tables.values():
                table.done.clear()


class Table:
    """The texts already rendered for one table of ``Tables``."""

    __slots__ = ("done", "owner", "render")

    def __init__(self, owner: Tables, words: Mapping[str, str], names: Sequence[str]) -> None:
        self.owner = owner
        self.render = Renderer(words, names)
        self.done: dict[str, str] = {}

    def text(self, tmpl: str) -> str:
        text = self.done.get(tmpl)
        if text is None:
            self.owner.count_one()
            text = self.done[tmpl] = self.render(tmpl)
        return text

    def finish(self, events: Sequence[Any]) -> None:
        """Each event's ``text`` was written as a template: keep it as ``tmpl`` and
        put this table's words in ``text`` (and in ``private``, from ``private_tmpl``)."""
        done = self.done
        for ev in events:
            tmpl = str(ev["text"])
            ev["tmpl"] = tmpl
            text = done.get(tmpl)
            ev["text"] = text if text is not None else self.text(tmpl)
            private = ev.get("private_tmpl")
            if isinstance(private, Mapping):
                ev["private"] = {seat: self.text(t) for seat, t in private.items()}
