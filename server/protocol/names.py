"""What a name may be: the rules for player names and room names, shared by both ends.

A name is shown to other people, so it must be text a person can see and read back:
the server refuses control and formatting characters (bidi overrides, zero-width
marks), every default-ignorable code point (variation selectors, fillers) and the
symbols that print blank (U+1D159, U+303F), code points with no glyph (private use,
unassigned, surrogates), names made only of blanks, and stacks of combining marks; it
stores names in NFC. Two names are the same name when their ``look_alike_key`` is
(NFKC, case folded, UTS #39 confusable skeleton: server/protocol/confusables.py), so
"Ana", "ana", "Аna" with a Cyrillic "А" and fullwidth "Ａｎａ" cannot sit at one table
or be in the lobby at once.

Names stored before these rules (or sent by another server) may hold anything, so
``printable`` turns any text into text that is safe to print: the client's display
helper (prtui/widgets/plain.py) and the names the server hands a game both use it.
"""

from __future__ import annotations

import unicodedata

import server.protocol.limits as limits  # the module, not the package (no import cycle)
from server.errors import PrtuiError
from server.i18n import N_
from server.says import Say, say

MAX_COMBINING_RUN = 4
"""Most combining marks in a row on one character (real scripts need at most about 3)."""

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder the text around them (RLO U+202E and friends)."""

BLANK_LOOKALIKES = frozenset("\u115f\u1160\u3164\uffa0\u2800\u303f\U0001d159\U00016fe4")
"""Characters that print as nothing (Hangul fillers, the braille blank, the ideographic
half fill space, the musical null notehead, the Khitan filler): never in a name, where
they only serve to fake a blank or pad another player's name."""

IGNORABLES = frozenset(
    "\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)
"""Marks that only tune the glyph before them (variation selectors, the grapheme joiner):
default-ignorable, so refused in a new name; left out when older names are compared."""

DEFAULT_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
"""Default_Ignorable_Code_Point (Unicode DerivedCoreProperties.txt, 15.1): code points a
terminal may draw as nothing at all (Python's unicodedata does not carry the property)."""

FILLERS = BLANK_LOOKALIKES | IGNORABLES
"""Printable characters that show nothing by themselves."""

REPLACEMENT = "\ufffd"
"""Shown for a code point that has no agreed glyph."""

_WHAT = {
    "Co": N_("'{field}' contains a private-use character ({code}) that has no agreed glyph"),
    "Cn": N_("'{field}' contains an unassigned code point ({code}) that has no agreed glyph"),
    "Cs": N_("'{field}' contains a surrogate code point ({code}) that has no agreed glyph"),
}


class BadName(PrtuiError, ValueError):
    """A name that breaks the rules; ``reason`` says why in plain words (server/says.py)."""

    def __init__(self, reason: Say) -> None:
        super().__init__(str(reason))
        self.reason = reason


def is_combining(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Me")


def char_cells(ch: str) -> int:
    """The terminal cells ``ch`` takes: a wide or full-width character (中, Ａ, most
    emoji) two, a combining mark none, any other one."""
    if is_combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cells(text: str) -> int:
    """The terminal cells ``text`` takes. A name is limited in cells, not characters:
    the boards are laid out for names of ``MAX_NAME_LEN`` cells, so a name typed in
    Chinese has at most half as many characters (issue 38: names keep tables aligned)."""
    return sum(char_cells(ch) for ch in text)


def cut_to_cells(text: str, most: int) -> str:
    """The longest start of ``text`` in at most ``most`` cells, whole characters only."""
    used = 0
    for i, ch in enumerate(text):
        used += char_cells(ch)
        if used > most:
            return text[:i]
    return text


def is_visible(ch: str) -> bool:
    """A character that puts ink on the screen by itself."""
    cat = unicodedata.category(ch)
    return not (cat[0] in "CZ" or cat in ("Mn", "Me") or ch in FILLERS or ch.isspace())


def _code(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def is_default_ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE_RANGES)


def char_refusal(ch: str) -> str | None:
    """Why ``ch`` may not be in a name, or None: for a gateway that cleans a name the
    player cannot retype (an SSH login name) before it reaches the server."""
    return _refusal(ch)


def _refusal(ch: str) -> str | None:
    """Why ``ch`` may not be in a name (a msgid with ``{field}`` and ``{code}``), or None
    if it may."""
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return N_("'{field}' contains a control character ({code})")
    if ch in BIDI_CONTROLS:
        return N_("'{field}' contains a bidirectional control character ({code}) that "
                  "reorders the text")
    if cat == "Cf":
        return N_("'{field}' contains an invisible formatting character ({code})")
    if cat in ("Zl", "Zp"):
        return N_("'{field}' contains a line break ({code})")
    if cat in _WHAT:
        return _WHAT[cat]
    if ch in BLANK_LOOKALIKES:
        return N_("'{field}' contains an invisible filler character ({code})")
    if is_default_ignorable(ch):
        return N_("'{field}' contains an invisible character ({code}) that only adjusts the "
                  "one before it")
    return None


def clean_name(text: str, field: str = "name", max_len: int = limits.MAX_NAME_LEN) -> str:
    """``text`` as stored: NFC, every space a plain one, runs of spaces made one, outer
    spaces removed. Raises BadName with the reason."""
    spaced = "".join(" " if unicodedata.category(ch) == "Zs" else ch
                     for ch in unicodedata.normalize("NFC", text))
    name = " ".join(part for part in spaced.split(" ") if part)
    if len(name) > max_len:
        raise BadName(say(N_("'{field}' is longer than {most} characters"),
                          field=field, most=max_len))
    if cells(name) > max_len:
        raise BadName(say(N_("'{field}' is {columns} columns wide, more than {most} (a wide "
                             "character, such as 中, takes two)"),
                          field=field, columns=cells(name), most=max_len))
    run = 0
    for ch in name:
        why = _refusal(ch)
        if why is not None:
            raise BadName(say(why, field=field, code=_code(ch)))
        run = run + 1 if is_combining(ch) else 0
        if run > MAX_COMBINING_RUN:
            raise BadName(say(N_("'{field}' stacks more than {most} combining marks on one "
                                 "character"), field=field, most=MAX_COMBINING_RUN))
    if not any(is_visible(ch) for ch in name):
        raise BadName(say(N_("'{field}' has no visible character (only blanks, fillers or "
                             "combining marks)"), field=field))
    return name


def _printable_char(ch: str) -> str:
    cat = unicodedata.category(ch)
    if cat == "Cc":
        code = ord(ch)
        if code < 0x20:
            return chr(0x2400 + code)  # a picture of the control: ␀..␟ (ESC: ␛)
        return "\u2421" if code == 0x7F else REPLACEMENT  # ␡, or a C1 control
    if cat == "Cf":
        return ""  # bidi overrides, zero-width marks: dropped
    if cat[0] == "Z":
        return " "  # line/paragraph separators, exotic spaces
    if cat in _WHAT:
        return REPLACEMENT
    return ch


def printable(text: str) -> str:
    """``text`` in NFC with nothing a terminal acts on and nothing that hides or reorders
    text: controls become their pictures (ESC: ␛), formatting characters are dropped,
    separators become spaces, code points without a glyph become U+FFFD. The result
    satisfies ``str.isprintable``. Combining marks and fillers are left to the caller."""
    return "".join(_printable_char(ch) for ch in unicodedata.normalize("NFC", text))


def _plain_spaced(name: str) -> str:
    """NFC, spaces made plain and single, ignorable marks left out."""
    text = "".join(" " if unicodedata.category(ch)[0] == "Z" else ch
                   for ch in unicodedata.normalize("NFC", name)
                   if ch not in IGNORABLES and not is_default_ignorable(ch))
    return " ".join(part for part in text.split(" ") if part)


def name_key(name: str) -> str:
    """Two names spelt alike: NFC, case folded (so "ANA" is "ana"), spaces made plain
    and single, ignorable marks left out."""
    return unicodedata.normalize("NFC", _plain_spaced(name).casefold())


def look_alike_key(name: str) -> str:
    """What two names are compared by where they must differ (one table, the lobby):
    names with one key look alike. NFKC ("Ａ" is "A"), the confusable skeleton ("А" is
    "A", "I" is "l", "m" is "rn"), case folded, and the skeleton again (so "AI" and
    "al" meet too). Loads the confusables data on first use (server side)."""
    from server.protocol.confusables import skeleton

    text = skeleton(unicodedata.normalize("NFKC", _plain_spaced(name)))
    return skeleton(unicodedata.normalize("NFKC", text.casefold()))
