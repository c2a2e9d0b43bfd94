"""What a client needs to show San Juan: its words and the facts of its cards.

Sent once per connection in the game's catalog entry (``describe`` -> ``display``,
``list_games``), so the client keeps no copy of a name, a cost or an effect: the names
are the ones the engine's log and labels use (text.py), the printed numbers come from
catalog.py, the effects and help texts from cards.toml. San Juan has one vocabulary.
The format is in docs/san-juan-view.md ("Display").
"""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from importlib.resources import files
from typing import Any

from server.wording import contexts

from . import catalog as C
from .text import DOMAIN, texts_file, words


@cache
def _texts() -> dict[str, Any]:
    return tomllib.loads((files(__package__) / "cards.toml").read_text(encoding="utf-8"))


def _vocabulary() -> dict[str, Any]:
    """San Juan's one vocabulary: the words, texts.toml's short forms for the 80-column
    board and three-letter tags (a name's first three, where they tell cards apart)."""
    table, own = words(), texts_file()
    return {"name": "san-juan", "title": "San Juan", "words": dict(table),
            "short": dict(own["short"]),
            "tags": {c: own["tags"].get(c, table[c][:3].title()) for c in C.CARDS},
            # each word's key in the catalog: its msgctxt is the prefix and the id
            "keys": {"words": {"texts:words.": sorted(own["words"])},
                     "short": {"texts:short.": sorted(own["short"])},
                     "tags": {"texts:tags.": sorted(own["tags"])}}}


def _card(i: int, texts: dict[str, Any]) -> dict[str, Any]:
    card = C.CARDS[i]
    own = texts.get(card, {})
    out: dict[str, Any] = {
        "id": card,
        "cost": C.COST[i],
        "vp": C.VP[i],
        "copies": C.COPIES[i],
        "kind": "violet" if C.is_violet(i) else "production",
        "good": None if C.is_violet(i) else C.GOODS[i],
        "monument": i in C.MONUMENTS,
        "effect": str(own.get("effect", "")),
        "help": str(own.get("help", "")),
    }
    if own.get("lowers"):
        out["lowers"] = str(own["lowers"])
    if own.get("pays_goods"):
        out["pays_goods"] = int(own["pays_goods"])
    return out


@cache
def _display() -> dict[str, Any]:
    texts = _texts()
    roles = texts.get("roles", {})
    cards = texts.get("cards", {})
    return {
        "vocabulary_option": None,
        "vocabularies": [_vocabulary()],
        "goods": list(C.GOODS),
        "roles": [{"id": r, "help": roles.get(r, "")} for r in C.ROLES],
        "cards": [_card(i, cards) for i in range(C.NCARDS)],
        "price_tiles": [list(t) for t in C.TILES],
        "hand_limit": C.HAND_LIMIT,
        "steps": dict(texts_file()["steps"]),  # templates, as Puerto Rico's
        "domain": DOMAIN,
        "texts": _keyed(),
    }


def _keyed() -> dict[str, str]:
    """Every text a client may be sent by key (``tk``: log lines, labels, gains) and the
    help and steps above, by msgctxt: the English a reader's catalog is asked for."""
    own = {k: v for k, v in texts_file().items() if k not in ("words", "short", "tags")}
    return {**contexts(own, "texts:"), **contexts(_texts(), "cards:")}


def display() -> dict[str, Any]:
    """A fresh copy of the display data (callers may keep or change it)."""
    return copy.deepcopy(_display())
