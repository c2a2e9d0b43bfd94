"""The client's garbage collector: no full collections in the middle of play.

A board of five players is ~100 widgets with their styles, caches and the loaded game:
hundreds of thousands of long-lived objects. Python's default thresholds ran a full
(generation 2) collection over all of them every few dozen moves, a ~70 ms pause in
``prtui bench client`` (its p95). When a board is shown the garbage so far is
collected once and what lives is frozen (``gc.freeze``): later collections only look at
what play creates. Only the real launcher turns this on (``enable``): a test process
runs hundreds of apps, and freezing each one's leftovers would keep them.
"""

from __future__ import annotations

import gc

_enabled = False


def enable() -> None:
    """For a process that runs one app (the `prtui` command, the bench)."""
    global _enabled
    _enabled = True


def settle() -> None:
    """Collect what is garbage now and freeze the rest (a board was just shown)."""
    if not _enabled:
        return
    gc.unfreeze()
    gc.collect()
    gc.freeze()
