"""The gateway's side of the fork server (server/ssh/forkserver.py): start it, keep it
running, and ask it for a session's process.

``ForkServer.spawn`` gives a ``ForkedProcess`` (pid, returncode, ``wait``: what the
sessions use of an ``asyncio.subprocess.Process``) or None when the fork server cannot
take the request (not warm yet, dead, restarting, or an argv that is not
``python -m prtui``): the caller then spawns the child itself, the old way, so a
session never waits for the fork server nor fails because of it.

The fork server is started on the first request (a gateway whose sessions run other
commands never starts one), restarted after ``RESTART_S`` when it dies, later and
later while it keeps dying before it is warm. A session started by a fork server that
died goes on: its end is seen through a pidfd (its status is then unknown:
``LOST_STATUS``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import signal
import socket
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from server.ssh.orphans import bound_to_this_process

log = logging.getLogger("prtui.sessions")

RESTART_S = 1.0  # after a death; doubled while it dies before it is warm
MAX_RESTART_S = 60.0
LOST_STATUS = 1  # a child whose fork server died before it: its status is not known
MAX_MESSAGE = 1 << 18
ANSWER_S = 10.0  # a fork server that has not forked by then: the session spawns its own
POLL_S = 1.0  # how often an orphaned session is looked at where there are no pidfds


SWITCH_ENV = "PRTUI_FORK_SERVER"  # "off": every session spawned directly (docs/hosting.md)


def wanted(environ: Mapping[str, str]) -> bool:
    """Whether the host wants sessions forked (the default) or spawned directly."""
    return environ.get(SWITCH_ENV, "on").strip().lower() not in ("0", "off", "no", "false")


def forkable(argv: Sequence[str]) -> bool:
    """Whether the fork server runs this argv: this interpreter's ``-m prtui``."""
    return len(argv) >= 3 and argv[0] == sys.executable and list(argv[1:3]) == ["-m", "prtui"]


class ForkedProcess:
    """A session's process forked by the fork server (not this process's child)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._ended = asyncio.get_running_loop().create_future()
        self._pidfd: int | None = None
        with contextlib.suppress(OSError):  # it may be gone already: its status comes
            self._pidfd = os.pidfd_open(pid)

    async def wait(self) -> int:
        return int(await asyncio.shield(self._ended))

    def _end(self, status: int) -> None:
        if self.returncode is None:
            self.returncode = status
            if not self._ended.done():
                self._ended.set_result(status)
        self._close_pidfd()

    def _orphaned(self) -> None:
        """Its fork server died: watch the process itself for its end."""
        if self.returncode is not None:
            return
        if self._pidfd is None:  # a kernel without pidfds (before 5.3): look now and then
            self._poll()
            return
        asyncio.get_running_loop().add_reader(self._pidfd, self._end, LOST_STATUS)

    def _poll(self) -> None:
        if self.returncode is not None:
            return
        try:
            gone = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        except (OSError, IndexError):
            gone = True
        if gone:
            self._end(LOST_STATUS)
        else:
            asyncio.get_running_loop().call_later(POLL_S, self._poll)

    def _close_pidfd(self) -> None:
        if self._pidfd is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None


class ForkServer:
    """One warm parent for a gateway's sessions, restarted whenever it dies."""

    def __init__(self, env: Mapping[str, str], cwd: Path | None = None) -> None:
        self._env = dict(env)
        self._cwd = cwd
        self._proc: asyncio.subprocess.Process | None = None
        self._sock: socket.socket | None = None
        self._lifeline: int | None = None  # the write end: closes when this process dies
        self._life_r = -1
        self._ready = False
        self._closed = False
        self._starting: asyncio.Task[None] | None = None
        self._watching: asyncio.Task[None] | None = None  # the fork server's end
        self._restart: asyncio.TimerHandle | None = None
        self._delay = RESTART_S
        self._ids = itertools.count(1)
        self._asked: dict[int, asyncio.Future[ForkedProcess]] = {}
        self._running: dict[int, ForkedProcess] = {}
        self.pid: int | None = None  # the fork server's, once it runs
        self.starts = 0  # how many times it was started (restarts included)
        self.forked = 0  # sessions it started
        self.abandoned = 0  # children forked after their session had stopped waiting

    @property
    def ready(self) -> bool:
        return self._ready

    def warm_up(self) -> None:
        """Start the fork server now if it is not running (spawn does it anyway)."""
        if self._closed or self._proc is not None or self._starting is not None:
            return
        if self._restart is not None:
            return  # it died: its restart is already planned
        self._starting = asyncio.get_running_loop().create_task(self._start())

    async def spawn(self, argv: Sequence[str], env: Mapping[str, str], cwd: Path | None,
                    stdio: tuple[int, int, int], tty: bool) -> ForkedProcess | None:
        """Fork a session's process on ``stdio`` (its fds 0, 1, 2; ``tty``: fd 0 is a
        terminal it takes as its own), or None: the caller starts it itself."""
        if not forkable(argv):
            return None
        self.warm_up()
        if not self._ready or self._sock is None:
            return None
        ident = next(self._ids)
        request = {"id": ident, "argv": list(argv), "env": dict(env),
                   "cwd": str(cwd) if cwd is not None else None, "tty": tty}
        answer: asyncio.Future[ForkedProcess] = asyncio.get_running_loop().create_future()
        self._asked[ident] = answer
        try:
            socket.send_fds(self._sock, [json.dumps(request).encode()], list(stdio))
        except OSError as exc:  # full, or the fork server just died
            log.warning("fork server: cannot send a request (%s); spawning it directly", exc)
            self._asked.pop(ident, None)
            return None
        try:
            return await asyncio.wait_for(answer, ANSWER_S)
        except (ConnectionError, RuntimeError, TimeoutError) as exc:
            log.warning("fork server: %s; spawning it directly", exc or "no answer")
            return None
        finally:
            self._asked.pop(ident, None)  # a child forked after this is killed (_message)

    async def close(self) -> None:
        """Stop the fork server (the sessions it started are the gateway's to end)."""
        self._closed = True
        if self._restart is not None:
            self._restart.cancel()
        if self._starting is not None:
            with contextlib.suppress(BaseException):
                await self._starting
        proc = self._proc
        self._drop_socket()
        if proc is not None and proc.returncode is None:
            try:
                await asyncio.wait_for(proc.wait(), 5.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
        if self._lifeline is not None:
            os.close(self._lifeline)
            os.close(self._life_r)
            self._lifeline, self._life_r = None, -1

    # -- internals ---------------------------------------------------------------

    async def _start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        if self._lifeline is None:  # one for every fork server this gateway starts
            self._life_r, self._lifeline = os.pipe()
        try:
            self._proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "server.ssh.forkserver", str(theirs.fileno()),
                str(self._life_r), pass_fds=(theirs.fileno(), self._life_r), env=self._env,
                cwd=self._cwd, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL, start_new_session=True,
                preexec_fn=bound_to_this_process())  # dies with the gateway
        except OSError as exc:
            ours.close()
            log.error("fork server: cannot start it: %s", exc)
            self._died()
            return
        finally:
            theirs.close()
            self._starting = None
        self.starts += 1
        self.pid = self._proc.pid
        ours.setblocking(False)
        self._sock = ours
        asyncio.get_running_loop().add_reader(ours.fileno(), self._read)
        self._watching = asyncio.get_running_loop().create_task(self._watch(self._proc))

    async def _watch(self, proc: asyncio.subprocess.Process) -> None:
        code = await proc.wait()
        if self._proc is proc:
            if not self._closed:
                log.warning("fork server %s ended (status %s); restarting it", proc.pid, code)
            self._drop_socket()
            self._died()

    def _read(self) -> None:
        while self._sock is not None:
            try:
                data = self._sock.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._drop_socket()
                return
            with contextlib.suppress(ValueError, TypeError, KeyError):
                self._message(json.loads(data))

    def _message(self, message: dict[str, Any]) -> None:
        if message.get("ready"):
            self._ready = True
            self._delay = RESTART_S
            log.info("fork server %s is warm", message.get("pid"))
        elif "status" in message:
            process = self._running.pop(int(message["pid"]), None)
            if process is not None:
                process._end(int(message["status"]))
        elif "id" in message:
            answer = self._asked.get(int(message["id"]))
            if "pid" in message and (answer is None or answer.done()):
                self.abandoned += 1
                for kill in (os.kill, os.killpg):  # its session gave up on it
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        kill(int(message["pid"]), signal.SIGKILL)
            elif "pid" in message:
                process = ForkedProcess(int(message["pid"]))
                self._running[process.pid] = process
                self.forked += 1
                if answer is not None and not answer.done():
                    answer.set_result(process)
            elif answer is not None and not answer.done():
                answer.set_exception(RuntimeError(str(message.get("error"))))

    def _drop_socket(self) -> None:
        """The fork server is gone (or going): what it said last is read, then its
        children are watched by pidfd."""
        self._ready = False
        if self._sock is not None:
            self._sock.setblocking(False)
            with contextlib.suppress(OSError):
                while data := self._sock.recv(MAX_MESSAGE):
                    with contextlib.suppress(ValueError, TypeError, KeyError):
                        self._message(json.loads(data))
        self._ready = False
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(sock.fileno())
            sock.close()
        for answer in self._asked.values():
            if not answer.done():
                answer.set_exception(ConnectionError("the fork server died"))  # i18n: the log's (the player reads the session's own line)
        running, self._running = self._running, {}
        for process in running.values():
            process._orphaned()

    def _died(self) -> None:
        self._proc = None
        self.pid = None
        if self._closed:
            return
        delay, self._delay = self._delay, min(MAX_RESTART_S, self._delay * 2)

        def restart() -> None:
            self._restart = None
            self.warm_up()

        self._restart = asyncio.get_running_loop().call_later(delay, restart)
