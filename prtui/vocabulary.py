"""Names in the edition's own words: classic (2002) or 1897.

The view carries canonical ids (lower-case classic names); a vocabulary maps them to
what the table calls them. Vocabularies are TOML files in ``themes/vocab/``; the 1897
one lists only what differs and falls back to classic.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

VOCAB_DIR = Path(__file__).resolve().parent.parent / "themes" / "vocab"
EDITIONS = ("classic", "1897")


@cache
def _names(edition: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for part in ("classic", edition):
        path = VOCAB_DIR / f"{part}.toml"
        if path.is_file():
            names.update(tomllib.loads(path.read_text(encoding="utf-8")).get("names", {}))
    return names


class Vocabulary:
    """Maps canonical ids to display names for one edition."""

    def __init__(self, edition: str = "classic") -> None:
        self.edition = edition if edition in EDITIONS else "classic"
        self._map = _names(self.edition)

    def __call__(self, ident: str | None) -> str:
        if ident is None:
            return "-"
        return self._map.get(ident, ident.replace("_", " "))

    def title(self, ident: str | None) -> str:
        name = self(ident)
        return name[:1].upper() + name[1:]
