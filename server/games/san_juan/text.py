"""Words of the log and the action labels: card, good and role names for people.

Ids stay the lower-case names with underscores of catalog.py everywhere on the wire
(docs/san-juan-view.md); only what people read is spelled out here.
"""

from __future__ import annotations

from . import catalog as C

CARD_NAMES = tuple(c.replace("_", " ") for c in C.CARDS)
ROLE_NAMES = C.ROLES
GOOD_NAMES = C.GOODS


def name(card: int) -> str:
    return CARD_NAMES[card]


def article(word: str) -> str:
    """The indefinite article a reader expects before ``word`` ("an archive")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def a(card: int) -> str:
    word = CARD_NAMES[card]
    return f"{article(word)} {word}"


def cards(k: int) -> str:
    return f"{k} card{'' if k == 1 else 's'}"


def tile(prices: tuple[int, ...]) -> str:
    return "-".join(str(x) for x in prices)


def default_names(n: int) -> list[str]:
    return [f"Player {p + 1}" for p in range(n)]


def listing(parts: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def card_list(cards_: list[int]) -> str:
    """The cards named, in catalog order ("smithy, well and palace")."""
    return listing([CARD_NAMES[c] for c in sorted(cards_)])


def good_list(goods: list[int]) -> str:
    return listing([GOOD_NAMES[g] for g in sorted(goods)])
