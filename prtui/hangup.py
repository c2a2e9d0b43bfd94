"""A terminal that goes away ends the app.

When the terminal closes without a SIGHUP reaching us (the app run under `make`, or
any parent that outlives the terminal), Textual's input thread reads end-of-file from
the dead tty in a loop: the process stays, busy on a core, for good (seen: 19 CPU-minutes
after `make play`'s tmux window was closed). A terminal that was a tty and no longer
is has hung up; the app then exits as on a quit (its local server stops, the game
is stored move by move and resumes next time).
"""

from __future__ import annotations

import os
import sys

CHECK_EVERY = 1.0
"""Seconds between two looks at the terminal."""


class HangupWatch:
    """Whether the terminal the app reads from hung up since the app started."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd
        self.was_tty = fd is not None and os.isatty(fd)

    @classmethod
    def of_stdin(cls) -> HangupWatch:
        try:
            return cls(sys.__stdin__.fileno() if sys.__stdin__ is not None else None)
        except (OSError, ValueError):  # no real stdin (a pilot, a pipe closed)
            return cls(None)

    def hung_up(self) -> bool:
        return self.was_tty and self.fd is not None and not os.isatty(self.fd)
