"""What a client needs to show Puerto Rico: its vocabularies and the facts of its parts.

Sent once per connection in the game's catalog entry (``describe`` -> ``display``,
``list_games``), so the client keeps no copy of a name, a price rule or a building's
numbers: the words come from names.toml (the same the engine's texts are rendered
from), the printed numbers from catalog.py, the help and step texts from texts.toml.
Help and step texts are templates (server/wording.py), rendered by the client in the
vocabulary its player chose. The format is in docs/puerto-rico-view.md ("Display").
"""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from importlib.resources import files
from typing import Any

from ..core import catalog as C
from ..core import registry
from ..core.text import vocabulary

VOCABULARY_OPTION = "edition"
"""The option whose value names the table's own vocabulary."""


@cache
def _texts() -> dict[str, Any]:
    return tomllib.loads((files(__package__) / "texts.toml").read_text(encoding="utf-8"))


@cache
def _display() -> dict[str, Any]:
    texts = _texts()
    roles, buildings = texts.get("roles", {}), texts.get("buildings", {})
    return {
        "vocabulary_option": VOCABULARY_OPTION,
        "vocabularies": [{"name": e, **vocabulary(e)} for e in C.EDITIONS],
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
        "steps": dict(texts.get("steps", {})),
        "parts": dict(texts.get("parts", {})),  # Expansions III/IV: actions and goals
    }


registry.on_change(_display.cache_clear)  # an expansion's own buildings and names


def display() -> dict[str, Any]:
    """A fresh copy of the display data (callers may keep or change it)."""
    return copy.deepcopy(_display())
