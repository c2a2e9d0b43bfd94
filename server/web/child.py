"""One browser session's TUI child: textual-serve's AppService, started our way.

textual-serve runs one shell command per websocket with the server's whole
environment and, when the tab closes, asks the app to quit and waits for it forever.
A session here runs an argv (no shell: the player's name is an argument, never shell
text) with the SSH child's environment, in a process group of its own, and a child
that does not quit within ``QUIT_GRACE_S`` of the tab closing is terminated, then
killed, group and all, so a hung client never outlives its session.

What the child says on stderr (why it could not connect: "the name ana is taken") is
the player's to read: textual-serve printed it on the *server's* stdout, after closing
the page. Here its last lines are written to the page, then the session ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from textual_serve.app_service import AppService

from server.ssh.forks import ForkServer
from server.ssh.orphans import bound_to_this_process
from server.ssh.priority import back_to_normal, yield_to_the_server
from server.web.pipes import PipedProcess, forked_on_pipes

QUIT_GRACE_S = 2.0  # a quitting Textual app restores nothing and exits at once
TERM_GRACE_S = 1.0  # then SIGTERM, then SIGKILL: within 5 s of the tab closing in all
# what textual-serve sets for its web driver; everything else comes from the gateway
STDERR_KEPT = 2048  # the end of what the child said on stderr: its last words
_CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\x9b]")  # kept: newlines only
_DRIVER_ENV = ("TEXTUAL_DRIVER", "TEXTUAL_FPS", "TEXTUAL_COLOR_SYSTEM", "TERM_PROGRAM",
               "TERM_PROGRAM_VERSION", "COLUMNS", "ROWS")


class WebChild(AppService):
    """A ``prtui connect`` (or ``spectate``) child speaking textual-serve's packets."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str], cwd: Path,
                 forks: ForkServer | None = None, **service: Any) -> None:
        super().__init__(" ".join(argv), **service)
        self.argv = list(argv)
        self.env = dict(env)
        self.cwd = cwd
        self.forks = forks  # the warm parent that forks the child, when it can
        self._process: Any = None  # asyncio's Process, or a PipedProcess (pipes.py)
        self._restoring: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    @property
    def finished(self) -> asyncio.Task[None] | None:
        """The task that reads the child's screen; done when the child's output ends."""
        return self._task

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        driver = self._build_environment(width=width, height=height)
        env = {**self.env, **{k: driver[k] for k in _DRIVER_ENV if k in driver}}
        if self.forks is not None:
            forked = await forked_on_pipes(self.forks, self.argv, env, self.cwd)
            if forked is not None:
                self._process, self._stdin = forked, forked.stdin
                return forked
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=self.cwd,
            start_new_session=True,  # its own group: killed with whatever it started
            # killed when the server dies, and started behind it for a CPU (priority.py)
            preexec_fn=bound_to_this_process(yield_to_the_server),
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        """textual-serve's packet loop, with the child's stderr kept for the page."""
        process = self._process
        assert process is not None and process.stdout is not None
        assert process.stderr is not None
        stdout, stderr = process.stdout, process.stderr
        said = bytearray()

        async def read_stderr() -> None:
            while data := await stderr.read(4096):
                said.extend(data)
                del said[:-STDERR_KEPT]

        reading = asyncio.create_task(read_stderr())
        try:
            for _ in range(10):  # the prelude that says it is a Textual app
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
                elif kind == b"P":
                    await self.on_packed(payload)
        except (asyncio.IncompleteReadError, ConnectionResetError):
            pass
        finally:
            with contextlib.suppress(TimeoutError):  # its end, once the child has ended
                await asyncio.wait_for(asyncio.shield(reading), TERM_GRACE_S)
            reading.cancel()
        text = _CONTROLS.sub("", bytes(said).decode("utf-8", "replace")).strip()
        if text:
            with contextlib.suppress(Exception):
                await self.remote_write_bytes(("\r\n" + text.replace("\n", "\r\n") +
                                               "\r\n").encode())

    async def on_data(self, payload: bytes) -> None:
        """The screen; the first one ends the start-up's lower priority (priority.py)."""
        if self._restoring is None:
            self._restoring = asyncio.create_task(back_to_normal(self.pid))
        await super().on_data(payload)

    async def on_meta(self, data: bytes) -> None:
        """The app's "exit" ends the session once its last words are on the page (run)."""
        with contextlib.suppress(ValueError, TypeError, KeyError):
            if json.loads(data)["type"] == "exit":
                return
        await super().on_meta(data)

    async def stop(self) -> None:
        """Ask the app to quit; terminate, then kill, a child that does not."""
        process, task = self._process, self._task
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(Exception):  # a child that reads no more: not waited on
                async with asyncio.timeout(QUIT_GRACE_S):
                    await self.send_meta({"type": "quit"})
                if self._stdin is not None:
                    self._stdin.close()
        for sig, grace in ((None, QUIT_GRACE_S), (signal.SIGTERM, TERM_GRACE_S),
                           (signal.SIGKILL, None)):
            if process.returncode is not None:
                break
            if sig is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, sig)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), grace)
        if task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, TERM_GRACE_S)
            self._task = None
        if isinstance(process, PipedProcess):
            process.close()  # its pipes (asyncio's Process closes its own)
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
