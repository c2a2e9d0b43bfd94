"""`prtui bench server` ends with a message when its clients' process dies or goes
silent (server/net/bench.py ``_from_child``): before, the parent waited on the queue for
ever once a client process died at set-up (seen at 300 rooms)."""

from __future__ import annotations

import multiprocessing as mp
import time
from typing import Any

import pytest

from server.net.bench import BenchFailed, _from_child


def _dies(out: Any) -> None:
    raise SystemExit(3)


def _silent(out: Any) -> None:
    time.sleep(30)


def _reports(out: Any) -> None:
    out.put({"ready": True})
    time.sleep(30)


async def test_a_client_process_that_dies_is_reported() -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_dies, args=(out,), daemon=True)
    proc.start()
    with pytest.raises(BenchFailed, match=r"ended \(exit code 3\) before the tables"):
        await _from_child(out, proc, 120.0, "the tables were set up")


async def test_a_silent_client_process_is_given_up_after_the_timeout() -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_silent, args=(out,), daemon=True)
    proc.start()
    try:
        with pytest.raises(BenchFailed, match="no figures within 2 s"):
            await _from_child(out, proc, 2.0, "figures")
    finally:
        proc.kill()


async def test_a_report_comes_through() -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_reports, args=(out,), daemon=True)
    proc.start()
    try:
        assert await _from_child(out, proc, 120.0, "the tables were set up") == {"ready": True}
    finally:
        proc.kill()
