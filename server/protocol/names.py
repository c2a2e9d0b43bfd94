"""What a name may be: the rules for player names and room names, shared by both ends.

A name is shown to other people, so it must be text a person can see and read back:
the server refuses control and formatting characters (bidi overrides, zero-width
marks), code points with no glyph (private use, unassigned, surrogates), names made
only of blanks or fillers, and stacks of combining marks; it stores names in NFC. Two
names are the same name when their ``name_key`` is (NFC, case folded), so "Ana" and
"ana" cannot sit at one table. The client's display helper (prtui/widgets/plain.py)
uses the same character classes to show names stored before these rules safely.
"""

from __future__ import annotations

import unicodedata

from server.protocol import limits

MAX_COMBINING_RUN = 4
"""Most combining marks in a row on one character (real scripts need at most about 3)."""

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder the text around them (RLO U+202E and friends)."""

FILLERS = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)
"""Printable characters that show nothing: Hangul fillers, the braille blank,
grapheme joiners and variation selectors."""

_WHAT = {
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Cs": "a surrogate code point",
}


class BadName(ValueError):
    """A name that breaks the rules; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def is_combining(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Me")


def is_visible(ch: str) -> bool:
    """A character that puts ink on the screen by itself."""
    cat = unicodedata.category(ch)
    return not (cat[0] in "CZ" or cat in ("Mn", "Me") or ch in FILLERS or ch.isspace())


def _code(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def _refusal(ch: str) -> str | None:
    """Why ``ch`` may not be in a name, or None if it may."""
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return f"a control character ({_code(ch)})"
    if ch in BIDI_CONTROLS:
        return f"a bidirectional control character ({_code(ch)}) that reorders the text"
    if cat == "Cf":
        return f"an invisible formatting character ({_code(ch)})"
    if cat in ("Zl", "Zp"):
        return f"a line break ({_code(ch)})"
    if cat in _WHAT:
        return f"{_WHAT[cat]} ({_code(ch)}) that has no agreed glyph"
    return None


def clean_name(text: str, field: str = "name", max_len: int = limits.MAX_NAME_LEN) -> str:
    """``text`` as stored: NFC, outer blanks removed. Raises BadName with the reason."""
    name = unicodedata.normalize("NFC", text).strip()
    if len(name) > max_len:
        raise BadName(f"{field!r} is longer than {max_len} characters")
    run = 0
    for ch in name:
        why = _refusal(ch)
        if why is not None:
            raise BadName(f"{field!r} contains {why}")
        run = run + 1 if is_combining(ch) else 0
        if run > MAX_COMBINING_RUN:
            raise BadName(
                f"{field!r} stacks more than {MAX_COMBINING_RUN} combining marks on one character"
            )
    if not any(is_visible(ch) for ch in name):
        raise BadName(
            f"{field!r} has no visible character (only blanks, fillers or combining marks)"
        )
    return name


def name_key(name: str) -> str:
    """What two names are compared by: NFC, case folded (so "ANA" is "ana")."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
