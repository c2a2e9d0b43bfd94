"""Workers bound to their parent die when it is killed with SIGKILL, both ways:
the kernel's parent-death signal (Linux) and the portable watcher thread."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bots.procs import Proc, alive, children, kill_all, needs_proc, survivors

GUARD_S = 60.0  # hang guards, not timing assertions


@needs_proc
@pytest.mark.parametrize("how", ["kernel", "watch"])
def test_a_bound_child_dies_with_its_killed_parent(tmp_path: Path, how: str) -> None:
    if how == "kernel" and not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG is Linux only")
    log = tmp_path / "parent.log"
    with log.open("wb") as out:  # a file: the child inherits the parent's stdout
        parent = subprocess.Popen([sys.executable, "-m", "tests.bots.orphan_parent", how],
                                  stdout=out, stderr=subprocess.STDOUT)
    kids: list[Proc] = []
    try:
        end = time.monotonic() + GUARD_S
        found = None
        while found is None and time.monotonic() < end and parent.poll() is None:
            found = re.search(rb"child (\d+) (\w+)", log.read_bytes())
            time.sleep(0.05)
        assert found, log.read_text()
        assert found.group(2).decode() == how  # the way asked for is the way it is bound
        kids = [k for k in children(parent.pid) if k[0] == int(found.group(1))]
        assert kids and all(alive(k) for k in kids)
        parent.send_signal(signal.SIGKILL)
        parent.wait(GUARD_S)
        assert not survivors(kids, GUARD_S)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        kill_all(kids)
