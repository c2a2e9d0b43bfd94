"""A parent that starts a bound child, reports, and waits to be killed (for test_lifeline).

``python -m tests.bots.orphan_parent kernel|watch`` starts a spawned child that calls
``bind_to_parent`` that way, prints ``child PID HOW`` once the child is bound, then sleeps.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time

from server.bots.lifeline import bind_to_parent


def child(parent_pid: int, use_kernel: bool, report: multiprocessing.SimpleQueue) -> None:  # type: ignore[type-arg]
    report.put(bind_to_parent(parent_pid, use_kernel=use_kernel, poll_s=0.1))
    time.sleep(3600)


def main() -> None:
    use_kernel = sys.argv[1] == "kernel"
    ctx = multiprocessing.get_context("spawn")
    report = ctx.SimpleQueue()
    proc = ctx.Process(target=child, args=(os.getpid(), use_kernel, report), daemon=False)
    proc.start()
    print(f"child {proc.pid} {report.get()}", flush=True)
    time.sleep(3600)


if __name__ == "__main__":
    main()
