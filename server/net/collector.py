"""The server's cyclic garbage collector, paced by a clock instead of by allocations.

A dedicated server process keeps every room's state, every viewer's last snapshot and
every connection alive for hours: after start-up they are frozen (``gc.freeze``), and
views and diffs are short-lived acyclic dicts that reference counting frees. Python
starts a young-generation pass when allocations minus deallocations pass a threshold,
but every old object freed counts as a deallocation too: each move frees the snapshots
the move before made, so the count barely grows while the young generation does. At
600 rooms a pass found 119,000 young objects and took 130 ms of CPU, a stall every
move of every room waited behind (issue 36: the capacity bench's p99). On a clock, the
young generation is swept every ``YOUNG_EVERY`` seconds whatever the count says, so a
pass scans only what that much play made; the older generations follow Python's own
rule (the middle one after ``threshold1`` young passes, the full one after
``threshold2`` middle ones), counted by the collector itself.
"""

from __future__ import annotations

import asyncio
import gc
import time

YOUNG = 20_000
MIDDLE = 50
OLD = 1_000
"""Python's thresholds for the passes it starts itself: young objects (allocations less
deallocations), young passes per middle one, middle passes per full one. The clock
below starts nearly every pass; these stay as the backstop for a loop that stalls."""

YOUNG_EVERY = 0.2
"""Seconds between two young-generation passes on the clock."""

FULL_EVERY = MIDDLE * OLD
"""Young sweeps between two whole passes (Python's own rhythm: a full collection after
``OLD`` middle ones, a middle one after ``MIDDLE`` young ones): every 2.8 hours."""

_sweeps = 0


def tune_gc() -> None:
    """For a dedicated server process: freeze what start-up made, raise the thresholds,
    and (from inside the running loop) sweep the young generation on a clock."""
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return  # no loop: Python's own schedule alone
    loop.call_later(YOUNG_EVERY, _sweep, loop)


def _sweep(loop: asyncio.AbstractEventLoop) -> None:
    """Sweep the young generation, freeze what survived, then plan the next sweep."""
    global _sweeps
    _sweeps += 1
    if _sweeps % FULL_EVERY == 0:
        gc.unfreeze()  # the rare whole pass: cycles among old objects are found too
        gc.collect()
    else:
        gc.collect(0)
    gc.freeze()
    if not loop.is_closed():
        loop.call_later(YOUNG_EVERY, _sweep, loop)


class Pauses:
    """The collector's passes while it is open, as CPU seconds each (``prtui bench
    server`` reports the longest: a pass stops the loop, so it is latency)."""

    def __init__(self) -> None:
        self.passes: list[float] = []
        self._start = 0.0

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.thread_time()
        else:
            self.passes.append(time.thread_time() - self._start)

    def __enter__(self) -> Pauses:
        gc.callbacks.append(self._note)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._note)
