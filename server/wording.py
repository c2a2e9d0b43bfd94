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
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

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
