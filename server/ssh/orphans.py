"""Session processes die with the server that started them, however it dies.

A ``kill -9`` of the server gives it no chance to end its children: every browser TUI
process went on (12 of 12 alive 20 s later, still there after a restart), re-parented
to init. So each session's child is bound to the server between fork and exec
(``preexec``): on Linux the kernel sends it SIGKILL when the server dies
(``prctl(PR_SET_PDEATHSIG)``, kept across exec), and a child whose server died before
the call exits at once. An SSH child also gets SIGHUP when its pty's master end closes
(it is the pty's session leader), as on any terminal that hangs up.
Workers of the bots' process pool do the same for themselves (server/bots/lifeline.py).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable

PR_SET_PDEATHSIG = 1
ORPHAN_EXIT = 70


def _load_prctl() -> Callable[..., int] | None:
    """Looked up once in the server, never between fork and exec."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _load_prctl()


def bound_to_this_process(then: Callable[[], None] | None = None) -> Callable[[], None]:
    """A ``preexec_fn`` that binds the child to the calling process, then runs ``then``.

    The kernel's "parent" is the thread that forks: the event loop's, which lives as
    long as the server does."""
    server = os.getpid()

    def preexec() -> None:
        if _PRCTL is not None:
            _PRCTL(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != server:  # the server died before the call
            os._exit(ORPHAN_EXIT)
        if then is not None:
            then()

    return preexec
