"""Bot workers die with the server that started them.

A ``kill -9`` of the server gives its children no chance to be told; they would go on,
re-parented to init, holding the server's output pipes and multiprocessing's
resource tracker alive with them. So each worker binds itself to its parent at start:

- on Linux the kernel kills it when the parent dies (``prctl(PR_SET_PDEATHSIG,
  SIGKILL)``; checked right after, in case the parent died before the call);
- elsewhere, or if ``prctl`` is unavailable, a daemon thread waits on the parent's
  multiprocessing sentinel (ready when the parent is gone) and polls ``os.getppid()``
  (a re-parented child sees another parent), and exits the worker when either says so.

Once no worker holds its pipe, the resource tracker reads end-of-file and exits too.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
POLL_S = 0.5
ORPHAN_EXIT = 70  # the status a worker leaves when it finds its parent gone


def bind_to_parent(parent_pid: int, use_kernel: bool = True, poll_s: float = POLL_S) -> str:
    """Make this process exit when ``parent_pid`` dies; return how ("kernel" or "watch")."""
    how = "kernel" if use_kernel and _kernel_parent_death_signal() else "watch"
    if how == "watch":
        threading.Thread(target=_watch, args=(parent_pid, poll_s), daemon=True,
                         name="prtui-parent-watch").start()
    if _parent_gone(parent_pid):  # it died before we were bound to it
        os._exit(ORPHAN_EXIT)
    return how


def _kernel_parent_death_signal() -> bool:
    """Ask Linux to SIGKILL us when the parent dies; False where that is not possible."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _parent_gone(parent_pid: int) -> bool:
    if os.getppid() != parent_pid:
        return True
    parent = multiprocessing.parent_process()
    if parent is None or parent.pid != parent_pid:
        return False
    try:
        return not parent.is_alive()  # the sentinel: what tells on Windows, where
    except (OSError, ValueError):  # a child's parent id never changes
        return False


def _watch(parent_pid: int, poll_s: float) -> None:
    parent = multiprocessing.parent_process()
    if parent is not None and parent.pid != parent_pid:
        parent = None
    while True:
        if parent is not None:
            try:
                parent.join(poll_s)  # returns at once when the parent's sentinel closes
            except (OSError, ValueError):
                parent = None  # no usable sentinel: poll the parent id alone
        else:
            time.sleep(poll_s)
        if _parent_gone(parent_pid):
            os._exit(ORPHAN_EXIT)
