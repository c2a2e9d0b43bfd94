"""Names that look alike: the UTS #39 confusable skeleton, from the Unicode data that
the confusable_homoglyphs package (MIT) ships and keeps up to date.

"Ana" in Latin letters, with a Cyrillic "А" or in fullwidth "Ａｎａ" prints the same, so
at one table or in one lobby they must count as one name. UTS #39 defines the
*skeleton* of a text: decompose (NFD), replace every character by the prototype it is
confusable with (confusables.txt: "а" → "a", "ｍ" → "m", "m" → "rn"), decompose again.
Two texts with one skeleton are confusable.

The package stores each confusables.txt line both ways (source → prototype and
prototype → its sources); ``_prototypes`` turns that back into the one-way map. A
source has exactly one prototype; a prototype usually has several sources. Where a
prototype has a single source the direction cannot be told, and the lower code point
stands for both: either way the two fall into one class, which is all that is compared.

The data (about 900 KB of JSON) is read on first use only, so a client that never
compares names never loads it.
"""

from __future__ import annotations

import functools
import unicodedata


@functools.cache
def _prototypes() -> dict[str, str]:
    from confusable_homoglyphs.confusables import confusables_data  # ~0.1 s, once

    table: dict[str, list[dict[str, str]]] = confusables_data
    mapping: dict[str, str] = {}
    for char, entries in table.items():
        if len(char) != 1 or len(entries) != 1:
            continue  # a sequence, or a prototype with several sources: maps to itself
        target = entries[0]["c"]
        back = table.get(target, [])
        if len(target) == 1 and len(back) == 1 and back[0]["c"] == char:
            if char > target:  # a pair: which is the prototype cannot be told
                mapping[char] = target
            continue
        mapping[char] = target
    return mapping


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, each character by its prototype, NFD."""
    proto = _prototypes()
    mapped = "".join(proto.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
