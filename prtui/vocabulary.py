"""Names in the edition's own words: classic (2002) or 1897.

The view carries canonical ids (lower-case classic names); a vocabulary maps them to
what the table calls them. Vocabularies are TOML files shipped inside the package
(``prtui/vocab/``, read through importlib.resources so an installed copy needs no source
tree); the 1897 one lists only what differs and falls back to classic.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

SHIPPED_VOCABULARIES: Traversable = files("prtui") / "vocab"
EDITIONS = ("classic", "1897")


@cache
def _names(edition: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for part in ("classic", edition):
        path = SHIPPED_VOCABULARIES / f"{part}.toml"
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
