"""A terminal that goes away ends the app (prtui/hangup.py): a real prtui on a real pty
whose terminal side is closed, as when a tmux window running `make play` is killed.
Started without the pty as its controlling terminal, so no SIGHUP reaches it: before
the watch, Textual's input thread read end-of-file from the dead tty in a loop and the
process stayed, busy on a core, for good."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

LIVENESS = 60.0
"""How long the process may take to notice and stop: generous (not a speed figure);
without the watch it never stops."""


def test_a_closed_terminal_ends_the_game_and_its_server(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "prtui", "play", "--players", "2", "--bots", "random",
         "--data", str(tmp_path / "data")],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    try:
        seen = b""
        deadline = time.monotonic() + LIVENESS
        while b"Your move" not in seen and b"Round" not in seen:  # the board is drawn
            assert time.monotonic() < deadline and proc.poll() is None, seen[-400:]
            if select.select([master], [], [], 0.5)[0]:
                seen += os.read(master, 65536)
        os.close(master)  # the terminal goes away
        master = -1
        proc.wait(timeout=LIVENESS)
        assert proc.returncode is not None
    finally:
        if master >= 0:
            os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
