"""Short names for tight spaces: the full name when it fits, the vocabulary's short
form of it when not (names.toml on the server), so a role card or a city space is never
cut mid-word."""

from __future__ import annotations

import re

from rich.cells import cell_len

from prtui.vocabulary import Vocabulary
from prtui.widgets.plain import cut_cells as cut


def fit_name(vocab: Vocabulary, ident: str, width: int, title: bool = False) -> str:
    """The vocabulary's name of ``ident`` in at most ``width`` cells: full, short, or cut."""
    name = vocab.title(ident) if title else vocab(ident)
    if cell_len(name) <= width:
        return name
    short = vocab.short(ident) or name
    if title:
        short = short[:1].upper() + short[1:]
    return short if cell_len(short) <= width else cut(short, max(1, width)) or short[:1]


def seat_tag(name: str, width: int) -> str:
    """A player's name squeezed for a one-line role card: "bot 2 (medium)" -> "bot2"."""
    base = name.split(" (")[0].replace(" ", "")
    return cut(base, max(1, width)) or base[:1]


def short_tag(name: str, width: int) -> str:
    """A player's name in ``width`` cells, its trailing number kept: "Player 3" -> "Playe3",
    "bot 3 (easy)" -> "bot3", "carlos" -> "carl"."""
    base = seat_tag(name, 64)
    if cell_len(base) <= width:
        return base
    return cut(base, width - 1) + base[-1] if base[-1].isdigit() else cut(base, width) or base[:1]


def building_tag(vocab: Vocabulary, ident: str) -> str:
    """A building in three or four cells for a one-line city, from its name in ``vocab``:
    one word, its first three letters ("Hos"); more, their initials and the last word's
    second letter ("small market" -> "SMa", "small wharf" -> "SWh", "city hall" -> "CHa",
    never "chapel"'s "Cha"). Unique in both editions' names (tests/tui/test_pr_layout.py).
    A name with no Latin letter (Chinese: two cells a character) is its short form, else
    itself, in four cells: "小市场" -> "小市", never the id's English."""
    name = vocab(ident)
    words: list[str] = re.findall(r"[A-Za-z]+", name)
    if not words and name.strip() and name != ident:
        return cut(vocab.short(ident) or name, 4) or name[:1]
    if not words:
        return ident[:3].title()
    if len(words) == 1:
        return words[0][:3].title()
    return "".join(w[0].upper() for w in words) + words[-1][1:2].lower()
