"""What a client needs to show Puerto Rico: its vocabularies and the facts of its parts.

Sent once per connection in the game's catalog entry (``describe`` -> ``display``,
``list_games``), so the client keeps no copy of a name, a price rule or a building's
numbers: the words come from names.toml (the same the engine's texts are rendered
from), the printed numbers from catalog.py, the help and step texts from texts.toml: the base game's
beside this module, an expansion's in its own folder (``Expansion.folder``), so an
expansion's words live with its rules. Help and step texts are templates (server/wording.py), rendered by the client in the
vocabulary its player chose. The format is in docs/puerto-rico-view.md ("Display").
"""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from importlib.resources import files
from typing import Any

from server.wording import contexts

from ..core import catalog as C
from ..core import expansions, registry
from ..core.text import DOMAIN, TEXTS, names_file, texts_file, vocabulary

VOCABULARY_OPTION = "edition"
"""The option whose value names the table's own vocabulary."""


KEYED = ("log", "labels", "private", "gains")
"""An expansion's tables said by key (core/text.py ``Texts``): sent in ``texts`` only."""

HERE = __name__.rpartition(".")[0]  # the base game's texts.toml is beside this module
SECTIONS = ("roles", "buildings", "steps", "questions", "parts")
"""A texts.toml's tables: ``questions`` are steps (an interrupt's decision) whose words
the client also shows as the headline over the choices."""


def _read(package: str) -> dict[str, Any]:
    found = files(package) / "texts.toml"
    return tomllib.loads(found.read_text(encoding="utf-8")) if found.is_file() else {}


@cache
def _texts() -> dict[str, dict[str, str]]:
    """The base game's texts, then each expansion's from its folder, in the table's
    order; a key two of them give is refused (one part, one text)."""
    merged: dict[str, dict[str, str]] = {section: {} for section in SECTIONS}
    sources = [(HERE, _read(HERE))]
    sources += [(x.folder, _read(x.folder)) for x in expansions.EXPANSIONS.values()]
    for where, texts in sources:
        for section, entries in texts.items():
            if section in KEYED:
                continue
            if section not in merged:
                raise ValueError(f"{where}/texts.toml: unknown table [{section}]")
            for key, words in entries.items():
                if key in merged[section]:
                    raise ValueError(f"{where}/texts.toml: [{section}] {key} is given twice")
                merged[section][key] = words
    if twice := set(merged["steps"]) & set(merged["questions"]):
        raise ValueError(f"steps given both as a step and as a question: {sorted(twice)}")
    return merged


@cache
def _display() -> dict[str, Any]:
    texts = _texts()
    roles, buildings = texts["roles"], texts["buildings"]
    return {
        "vocabulary_option": VOCABULARY_OPTION,
        "vocabularies": [{"name": e, **vocabulary(e), "keys": _word_keys(e)} for e in C.EDITIONS],
        "goods": list(C.GOODS),
        "roles": [{"id": r, "help": roles.get(r, "")} for r in C.ROLES],
        "buildings": [
            {
                "id": b,
                "cost": C.COST[i],
                "vp": C.VP[i],
                "circles": C.CIRCLES[i],
                "column": C.COLUMN[i],
                "kind": "production" if C.PRODUCES[i] >= 0 else "violet",
                "large": C.LARGE[i],
                "help": buildings.get(b, ""),
            }
            for i, b in enumerate(C.BUILDINGS)
        ],
        "steps": {**texts["steps"], **texts["questions"]},
        "questions": list(texts["questions"]),  # steps the client headlines
        "parts": dict(texts["parts"]),  # Expansions III/IV: actions and goals
        "domain": DOMAIN,
        "texts": _keyed(),
    }


GAME = __name__.rsplit(".", 2)[0]  # the game's package: msgctxt paths are within it


def _where(package: str) -> str:
    """A texts file's msgctxt prefix: its path in the game's package ("io/texts:")."""
    return package.removeprefix(GAME + ".").replace(".", "/") + "/texts:"


def _keyed() -> dict[str, str]:
    """Every text a client may be sent by key (``tk``) or shown from above (help,
    steps, parts), by msgctxt: the English a reader's catalog is asked for."""
    out = contexts(texts_file(), TEXTS + ":")
    out.update(contexts(_read(HERE), _where(HERE)))
    for x in expansions.EXPANSIONS.values():
        out.update(contexts(_read(x.folder), _where(x.folder)))
    return out


def _word_keys(edition: str) -> dict[str, dict[str, list[str]]]:
    """Each word's key in names.toml: the edition's own table, else classic's (which
    1897 falls back to); {table: {msgctxt prefix: [ids]}}."""
    data = names_file()
    out: dict[str, dict[str, list[str]]] = {}
    for table in ("words", "short", "tags"):
        own = set(data.get(edition, {}).get(table, {}))
        out[table] = {f"core/names:{edition}.{table}.": sorted(own)}
        if edition != "classic":
            base = set(data.get("classic", {}).get(table, {})) - own
            out[table][f"core/names:classic.{table}."] = sorted(base)
    return out


def _forget() -> None:
    _texts.cache_clear()
    _display.cache_clear()


registry.on_change(_forget)  # an expansion's own buildings and names
expansions.on_change(_forget)  # a row added: its folder's texts


def display() -> dict[str, Any]:
    """A fresh copy of the display data (callers may keep or change it)."""
    return copy.deepcopy(_display())
