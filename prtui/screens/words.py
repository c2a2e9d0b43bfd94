"""Words the screens around the game show but do not write themselves, in the reader's
language: their keys' descriptions (``N_``-marked in BINDINGS, made at import), what the
server sends (a game's option titles and labels, a refusal's reason) and the protocol's
words a room shows (its status, a seat's kind, a bot's level).

A text the catalogs lack reads as it came, so a newer server's words still show.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.binding import BindingsMap
from textual.dom import DOMNode
from textual.widgets import DataTable

from prtui.i18n import N_, _, translator
from prtui.widgets.plain import plain
from server.i18n import DOMAINS

LEVEL_WORDS = {"open": N_("open"), "random": N_("random"), "easy": N_("easy"),
               "medium": N_("medium"), "hard": N_("hard")}
"""A seat's level as the new-game form and the room name it ("open": left for a person)."""

STATUS_WORDS = {"waiting": N_("waiting"), "playing": N_("playing"), "over": N_("over")}
"""A room's status (server/store/base.py)."""

KIND_WORDS = {"human": N_("human"), "bot": N_("bot"), "empty": N_("empty")}
"""A seat's kind."""


def speak_keys(node: DOMNode) -> None:
    """``node``'s keys with their descriptions in the reader's language, from its class's
    English (call it as the screen composes: a recompose after a language switch reads
    them again)."""
    merged = type(node)._merged_bindings
    english = merged if merged is not None else node._bindings
    node._bindings = BindingsMap(replace(binding, description=_(binding.description))
                                 for _key, binding in english)


def level_word(level: object) -> str:
    """A bot's level ("medium") in the reader's words."""
    return _(LEVEL_WORDS.get(str(level), str(level)))


def status_word(status: object) -> str:
    return _(STATUS_WORDS.get(str(status), str(status)))


def kind_word(kind: object) -> str:
    return _(KIND_WORDS.get(str(kind), str(kind)))


def bot_name(level: object) -> str:
    """A bot without a name, by its level: "medium bot"."""
    return _("{level} bot").format(level=level_word(level))


BOT_NAME = re.compile(r"bot (\d+) \(([a-z]+)\)((?: #\d+)?)")
"""The name the server gives a bot it seats: "bot 2 (easy)", "bot 2 (easy) #2" when a
person has that name (server/net/seating.py)."""


def seat_name(seat: Mapping[str, Any]) -> str:
    """Who sits in a seat (the server's seat entry): a person's name as typed, a bot's
    the server's name for it in the reader's words ("bot 2 (easy)"), a bot without one
    by its level."""
    name = seat.get("name")
    if seat.get("kind") != "bot":
        return str(name or "")
    if not name:
        return bot_name(seat.get("level", "bot"))
    found = BOT_NAME.fullmatch(str(name))
    if found is None:
        return str(name)
    return _("bot {seat} ({level})").format(seat=found[1], level=level_word(found[2])) + found[3]


def bot_text(level: object, style: str, limit: int | None = None) -> Text:
    """A bot by its level, as a row of a table shows it: the level plain, the word "bot"
    around it (where the language puts it) in ``style``."""
    before, _level, after = _("{level} bot").partition("{level}")
    return Text.assemble((before, style), plain(level_word(level), limit=limit), (after, style))


def server_words(text: object, game: object = None) -> str:
    """A text the server sent (a game option's title, label or description; a refusal's
    reason) in the reader's language: the game's catalog first (its options are its
    own words), then the server's. Only the catalogs' own domains are looked in: a
    game's name is data from the server."""
    said = str(text)
    domain = str(game or "").replace("-", "_")
    if domain in DOMAINS and domain not in ("prtui", "server"):
        found = translator(domain)(said)
        if found != said:
            return found
    return translator("server")(said)


def columned(table: DataTable[Any], columns: Iterable[str]) -> DataTable[Any]:
    """``table`` with its columns (English, ``N_``-marked) in the reader's language, set
    up on first use: a push may fill it before it mounts, a recompose empties it."""
    if not table.columns:
        table.add_columns(*map(_, columns))
    return table
