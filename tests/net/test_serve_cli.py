"""`prtui serve` refuses a user's mistake with one line and exit 2, never a traceback:
a port out of range, a port in use, a data directory that cannot be one."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest


def serve(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prtui", "serve", *argv],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "99999"], "--port must be 0..65535"),
        (["--port", "0", "--ssh-port", "70000"], "--ssh-port must be 0..65535"),
    ],
)
def test_port_out_of_range(tmp_path: Path, argv: list[str], message: str) -> None:
    done = serve("--data", str(tmp_path), *argv)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--data", str(tmp_path), "--port", str(port))
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr


def test_data_directory_that_is_a_file(tmp_path: Path) -> None:
    not_a_dir = tmp_path / "games"
    not_a_dir.write_text("")
    done = serve("--data", str(not_a_dir), "--port", "0")
    assert done.returncode == 2
    assert f"cannot use the data directory {not_a_dir}" in done.stderr
    assert "Traceback" not in done.stderr
