"""A desktop notification through the terminal, for "your turn" (issue 37, item 5).

Terminals show one when the program writes an OSC sequence: OSC 9 (iTerm2, kitty,
WezTerm, Windows Terminal, Ghostty, foot) or OSC 777 ``notify`` (foot, rxvt-unicode's
extension, and VTE terminals patched for it). Inside tmux the sequence is wrapped in
tmux's passthrough so it reaches the terminal outside (tmux needs ``set -g
allow-passthrough on``). A terminal that knows neither ignores it. The browser page's
terminal (xterm.js) ignores both: the bell and the on-screen notice are what it shows.

The text is ours plus a room name another person typed: every control character is
dropped, so nothing in a name can end the sequence early or start another.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

BEL = "\x07"
MAX_TEXT = 120  # a notification is a line, not a page


def _clean(text: str) -> str:
    """``text`` without control or formatting characters, and without ';' (OSC 777
    separates its fields with it), at most MAX_TEXT characters."""
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" and ch != ";")
    return kept[:MAX_TEXT]


def osc_notice(title: str, body: str, env: Mapping[str, str]) -> str:
    """The escape sequence that asks this terminal (named by ``env``: TERM,
    TERM_PROGRAM, TMUX) for a desktop notification."""
    title, body = _clean(title), _clean(body)
    term = env.get("TERM", "")
    if term.startswith(("foot", "rxvt")):
        seq = f"\x1b]777;notify;{title};{body}{BEL}"
    else:
        seq = f"\x1b]9;{title}: {body}{BEL}"
    if env.get("TMUX"):  # tmux's passthrough: every ESC inside doubled
        seq = "\x1bPtmux;" + seq.replace("\x1b", "\x1b\x1b") + "\x1b\\"  # i18n: tmux escape
    return seq
