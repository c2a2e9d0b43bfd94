"""San Juan's words: every log line, label, role gain and step is a key of texts.toml.

The rules name a text by its key and give its fields (card, good and role ids, seats,
counts); ``fill`` (server/wording.py) makes the template, whose words are marks, and
the table's words go in as Puerto Rico's do (``finish_events``, ``finish_label``), so a
client renders the same template in its player's vocabulary. Ids stay the lower-case
names with underscores of catalog.py everywhere on the wire (docs/san-juan-view.md);
the words for them are made here from the ids, with texts.toml's own ``[words]``. A
new text goes into texts.toml, not here.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Any

from server.engine.contract import LogEvent
from server.wording import Tables, fill, keyed, render, wire_fields

from . import catalog as C

Fields = dict[str, Any]

DOMAIN = "san_juan"
"""The game's message catalog (server/i18n.py): its texts' msgctxt is ``texts:<table>.<key>``."""


@cache
def texts_file() -> dict[str, dict[str, str]]:
    data = tomllib.loads((files(__package__) / "texts.toml").read_text(encoding="utf-8"))
    return {k: dict(v) for k, v in data.items()}


@cache
def words() -> dict[str, str]:
    """The id -> word table: cards, roles and goods by their ids, and the other words
    the texts use (``[words]``)."""
    out = {c: c.replace("_", " ") for c in (*C.CARDS, *C.ROLES, *C.GOODS)}
    out.update(texts_file()["words"])
    return out


def log(key: str, fields: Fields) -> str:
    """The template of the log line ``key`` with its fields."""
    return fill(texts_file()["log"], key, fields)


def label(key: str, **fields: Any) -> tuple[str, dict[str, object]]:
    """The template of the action label ``key`` with its fields, and the same as the
    wire's ``tk``/``tf``, so a reader fills it in their language (docs/protocol.md)."""
    return fill(texts_file()["labels"], key, fields), keyed("texts:labels.", key, fields)


def gain(key: str, **fields: Any) -> str:
    """The template of a role's gain (``role_gains``: shown while choosing a role)."""
    return fill(texts_file()["gains"], key, fields)


def card_ids(cards: list[int]) -> list[str]:
    """Cards as a field: their ids, in catalog order ("smithy, well and palace")."""
    return [C.CARDS[c] for c in sorted(cards)]


def goods_ids(goods: list[int]) -> list[str]:
    """Goods as a field: their ids, in the catalog's order."""
    return [C.GOODS[g] for g in sorted(goods)]


def secret(key: str, cards: list[int]) -> tuple[str, Fields] | None:
    """The private part of a line (only its seat reads it): the cards named, or None
    when there are none."""
    return (key, {"cards": card_ids(cards)}) if cards else None


def event(seat: int | None, kind: str, key: str, fields: Fields,
          private: tuple[str, Fields] | None = None) -> LogEvent:
    """A log event as the rules write it: ``text`` its template, ``key`` and ``fields``
    kept (public only); a private part as a template for ``seat`` alone."""
    line: LogEvent = {"seat": seat, "kind": kind, "text": log(key, fields), "key": key,
                      "fields": fields, "tk": "texts:log." + key,
                      "tf": wire_fields("texts:log.", fields)}
    if private is not None and seat is not None:
        line["private_key"] = private[0]
        line["private_tmpl"] = {str(seat): fill(texts_file()["private"], *private)}
        line["private_tk"] = {str(seat): keyed("texts:private.", *private)}
    return line


_TABLES = Tables()


def finish_events(events: list[LogEvent], names: list[str]) -> None:
    """Each event's template kept as ``tmpl``, the table's words put in ``text`` (and
    the private part's in ``private``)."""
    if events:
        _TABLES.get(tuple(names), words(), names).finish(events)


def finish_label(tmpl: str) -> str:
    """A label's template in San Juan's words (labels never name a player)."""
    return render(tmpl, words())


def default_names(n: int) -> list[str]:
    return [f"Player {p + 1}" for p in range(n)]
