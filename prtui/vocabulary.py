"""The words of a game, as its server describes them: one vocabulary chosen at a time.

The view carries canonical ids; a game's catalog entry (``list_games`` -> ``display``)
carries its vocabularies (Puerto Rico: classic and 1897), each a map from id to word,
short forms for tight spaces and three-letter tags. Log lines and action labels come
with templates (server/wording.py) that are rendered here, so the role cards, the
actions, the log, the help and the game-over screen all speak the vocabulary the
player chose, and switching it switches them all. The client keeps no names of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len

from prtui.i18n import _
from server.wording import render, word


def _table(data: Any) -> dict[str, str]:
    """A map of words from the server, keeping only str -> str (shown as plain text)."""
    if not isinstance(data, Mapping):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


class Vocabulary:
    """One vocabulary of a game: ids to words, short forms, tags, rendered templates."""

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        data = data or {}
        self.name = str(data.get("name") or "")
        self.title_text = str(data.get("title") or self.name)
        self.words = _table(data.get("words"))
        self.shorts = _table(data.get("short"))
        self.tags = _table(data.get("tags"))

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
        """A log line's or an action's text in these words: its template rendered when
        it has one, else its ``key`` field as the server wrote it."""
        tmpl = item.get("tmpl")
        if isinstance(tmpl, str):
            return self.render(tmpl, names)
        value = item.get(key)
        return value if isinstance(value, str) else ""


class Vocabularies:
    """Every vocabulary of one game, and which one a table uses by default."""

    def __init__(self, display: Mapping[str, Any] | None = None) -> None:
        display = display or {}
        found = display.get("vocabularies")
        self._all = [Vocabulary(v) for v in found if isinstance(v, Mapping)] if isinstance(found, list) else []
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
