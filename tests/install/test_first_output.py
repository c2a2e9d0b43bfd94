"""What a host or a player first reads is prtui's own words: no warning of a library
(cryptography 51 greets every asyncssh import with ten lines about DSA) before the
line the host is looking for, and none on the game's screen (prtui/foreign_warnings.py).
Real processes: `serve --ssh-port`, `web` and `play` on a real pty."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

LIVENESS = 60.0
"""How long a start may take on a loaded machine (a bound, not a speed figure)."""


def _first_lines(argv: list[str], until: str) -> list[str]:
    """The lines a command prints (stdout and stderr together) up to the one starting with
    ``until``; then the command is stopped."""
    proc = subprocess.Popen([sys.executable, "-m", "prtui", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + LIVENESS
        while not any(line.startswith(until) for line in lines):
            assert time.monotonic() < deadline and proc.poll() is None, lines
            if select.select([proc.stdout], [], [], 0.5)[0]:
                lines.append(proc.stdout.readline().rstrip("\n"))
    finally:
        proc.terminate()
        proc.wait(timeout=LIVENESS)
    return lines


def test_serve_with_ssh_starts_with_its_own_lines(tmp_path: Path) -> None:
    lines = _first_lines(["serve", "--port", "0", "--ssh-port", "0", "--data", str(tmp_path)],
                         until="SSH on")
    assert lines[0].startswith("prtui server on 127.0.0.1:"), lines
    assert [line.split(" ")[0] for line in lines] == ["prtui", "SSH"], lines


def test_web_starts_with_its_own_lines(tmp_path: Path) -> None:
    lines = _first_lines(["web", "--port", "0", "--data", str(tmp_path)], until="web on")
    assert [line.split(" ")[0] for line in lines] == ["prtui", "web"], lines


def test_play_draws_the_board_with_no_warning_on_screen(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "prtui", "play", "--players", "2", "--bots", "random",
         "--data", str(tmp_path / "data")],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        deadline = time.monotonic() + LIVENESS
        while b"Round" not in seen:  # the board is drawn
            assert time.monotonic() < deadline and proc.poll() is None, seen[-400:]
            if select.select([master], [], [], 0.5)[0]:
                seen += os.read(master, 65536)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    assert b"Warning" not in seen and b"warn" not in seen.lower(), seen[:600]


_ROUTED = """
import warnings, logging, sys
logging.basicConfig(level=logging.DEBUG, stream=sys.stdout, format="LOG %(message)s")
from prtui.foreign_warnings import route_foreign_warnings
route_foreign_warnings()
warnings.warn_explicit("a library's notice", UserWarning, "/lib/site-packages/lib/x.py", 3)
warnings.warn_explicit("a library's API is going", DeprecationWarning, {ours!r}, 5)
warnings.warn_explicit("our own warning", UserWarning, {ours!r}, 7)
"""


def test_a_library_warning_goes_to_the_debug_log_and_ours_is_shown() -> None:
    import prtui.cli

    ours = prtui.cli.__file__
    done = subprocess.run([sys.executable, "-W", "always", "-c", _ROUTED.format(ours=ours)],
                          capture_output=True, text=True, timeout=LIVENESS, check=True)
    assert "our own warning" in done.stderr
    assert "library" not in done.stderr, done.stderr
    assert "LOG /lib/site-packages/lib/x.py:3: UserWarning: a library's notice" in done.stdout
    assert "DeprecationWarning: a library's API is going" in done.stdout
