"""A browser session's child forked by the warm parent (server/ssh/forks.py), on pipes.

textual-serve's packet loop (child.py) reads the child's stdout and stderr and writes
its stdin as asyncio streams of an ``asyncio.subprocess.Process``; a forked child is
not this process's child, so ``PipedProcess`` gives the same streams over three pipes
made here, the child's ends sent to the fork server, and the fork server's word (or a
pidfd) for its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from server.ssh.forks import ForkedProcess, ForkServer

STREAM_LIMIT = 1 << 16  # asyncio.subprocess's


class PipedProcess:
    """What child.py uses of an asyncio Process: pid, returncode, wait and the streams."""

    def __init__(self, process: ForkedProcess, stdin: asyncio.StreamWriter,
                 stdout: asyncio.StreamReader, stderr: asyncio.StreamReader) -> None:
        self._process = process
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    async def wait(self) -> int:
        return await self._process.wait()

    def close(self) -> None:
        """Our end of its stdin (the read ends close at their end of file)."""
        with contextlib.suppress(Exception):
            self.stdin.close()


async def forked_on_pipes(forks: ForkServer, argv: Sequence[str], env: Mapping[str, str],
                          cwd: Path) -> PipedProcess | None:
    """The child forked on three new pipes, or None (the caller spawns it itself)."""
    stdin_r, stdin_w = os.pipe()
    stdout_r, stdout_w = os.pipe()
    stderr_r, stderr_w = os.pipe()
    ours = (stdin_w, stdout_r, stderr_r)
    try:
        process = await forks.spawn(argv, env, cwd, (stdin_r, stdout_w, stderr_w), tty=False)
    finally:
        for fd in (stdin_r, stdout_w, stderr_w):
            os.close(fd)
    if process is None:
        for fd in ours:
            os.close(fd)
        return None
    loop = asyncio.get_running_loop()
    stdout = asyncio.StreamReader(limit=STREAM_LIMIT, loop=loop)
    stderr = asyncio.StreamReader(limit=STREAM_LIMIT, loop=loop)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdout, loop=loop),
                                 os.fdopen(stdout_r, "rb", buffering=0))
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stderr, loop=loop),
                                 os.fdopen(stderr_r, "rb", buffering=0))
    drain = asyncio.StreamReaderProtocol(asyncio.StreamReader(loop=loop), loop=loop)
    transport, _ = await loop.connect_write_pipe(lambda: drain,
                                                 os.fdopen(stdin_w, "wb", buffering=0))
    stdin = asyncio.StreamWriter(transport, drain, None, loop)
    return PipedProcess(process, stdin, stdout, stderr)
