"""`prtui serve --ssh-port` as a host runs it: SSH players reach the game as themselves."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path

from tests.ssh.conftest import WAIT_S, open_terminal


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


async def _ssh_port(out: asyncio.StreamReader) -> int:
    while True:
        line = (await out.readline()).decode()
        if not line:
            raise AssertionError("prtui serve ended before its SSH gateway started")
        found = re.match(r"SSH on [^ ]+:(\d+) ", line)
        if found:
            return int(found.group(1))


async def test_the_session_child_proves_its_players_address(tmp_path: Path) -> None:
    serve = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "prtui", "serve", "--port", "0", "--ssh-port", "0",
        "--data", str(tmp_path / "data"),
        # spawned, not forked: a forked child's environment is not in /proc (forks.py)
        env={**os.environ, "PRTUI_FORK_SERVER": "off"},
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert serve.stdout is not None
    proof = ""
    try:
        port = await asyncio.wait_for(_ssh_port(serve.stdout), WAIT_S)
        ana = await open_terminal(port, "ana", local_addr=("127.0.0.2", 0))
        try:
            await ana.expect_screen("Rooms")  # the game server took the relayed hello
            (child,) = _children(serve.pid)
            env = _environ(child)
            assert env["PRTUI_SSH_PEER"] == "127.0.0.2"
            proof = env["PRTUI_SSH_PEER_PROOF"]
            assert re.fullmatch(r"[0-9a-f]{64}", proof)
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            assert proof.encode() not in cmdline  # never in the process list
        finally:
            await ana.close()
    finally:
        serve.send_signal(signal.SIGTERM)
        out, err = await asyncio.wait_for(serve.communicate(), WAIT_S)
    assert proof and proof.encode() not in out + err  # never logged
