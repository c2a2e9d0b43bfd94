"""Babel's extraction method for a game's .toml texts: every string is a message, its
dotted key (after the file's path in the game's package) is its msgctxt.

``core/names.toml``'s ``[classic.words] mayor = "Mayor"`` is the message "Mayor" in the
context ``core/names:classic.words.mayor``, so a translator sees each word once per key
and two keys with one English text (the Prospector's two cards) may read differently.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from typing import IO, Any


def contexts(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(dotted key, text) of every string in ``data``, in file order (lists by index)."""
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, str):
            yield path, value
        elif isinstance(value, Mapping):
            yield from contexts(value, path)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, str):
                    yield f"{path}.{i}", item
                elif isinstance(item, Mapping):
                    yield from contexts(item, f"{path}.{i}")


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
            options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction interface: (line, funcname, (msgctxt, msgid), comments).
    ``options["prefix"]`` names the file (set by server/tools/catalogs.py)."""
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    prefix = str(options.get("prefix", ""))
    for key, text in contexts(data):
        if text:
            yield 0, "pgettext", (f"{prefix}:{key}" if prefix else key, text), []
