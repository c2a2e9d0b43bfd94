"""One child process on its own pseudo-terminal.

Textual's Linux driver reads stdin, writes stderr-side escapes to the terminal and
listens for SIGWINCH, so the child gets the pty slave as stdin, stdout and stderr and
as its controlling terminal (new session + TIOCSCTTY). Each SSH session owns one such
child: a crash in one touches no other, and closing the session hangs the child up.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from server.ssh.forks import ForkedProcess, ForkServer
from server.ssh.orphans import bound_to_this_process
from server.ssh.priority import back_to_normal, yield_to_the_server

READ_CHUNK = 65536
KILL_GRACE_S = 3.0


MAX_COLS, MAX_ROWS = 1000, 500  # a peer may claim any size; the child allocates per cell


def set_winsize(fd: int, cols: int, rows: int, px_w: int = 0, px_h: int = 0) -> None:
    """Set the terminal size of the pty behind ``fd`` (the kernel then sends SIGWINCH)."""
    cols, rows = _clamp(cols, 1, MAX_COLS), _clamp(rows, 1, MAX_ROWS)
    px_w, px_h = _clamp(px_w, 0, 0xFFFF), _clamp(px_h, 0, 0xFFFF)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, px_w, px_h))


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


# a terminal session's own signals, as a login gives them: a server started with nohup
# (SIGHUP ignored) or from a script in the background (SIGINT, SIGQUIT ignored) would
# pass its ignored dispositions on through exec, and a hung-up player's TUI would then
# linger until the SIGKILL grace ran out
_SESSION_SIGNALS = (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM)


def _become_tty_owner() -> None:
    """In the child, after setsid(): make stdin (the pty slave) the controlling terminal,
    with the session's signals at their defaults."""
    for sig in _SESSION_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    yield_to_the_server()  # a session's start never delays other games (priority.py)


class PtyChild:
    """A child process on a pty: output goes to ``on_output``, ``write`` types into it."""

    def __init__(self, on_output: Callable[[bytes], None]) -> None:
        self._on_output = on_output
        self._master: int | None = None
        self._proc: asyncio.subprocess.Process | ForkedProcess | None = None
        self._pending = bytearray()  # keystrokes the child has not read yet
        self._reading = False
        self._writing = False
        self._restoring: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    async def start(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        cols: int,
        rows: int,
        cwd: Path | None = None,
        forks: ForkServer | None = None,
    ) -> None:
        """Start ``argv`` on a new pty: forked by ``forks`` (warm, light) when it can,
        else spawned here."""
        master, slave = os.openpty()
        try:
            set_winsize(master, cols, rows)
            os.set_blocking(master, False)
            if forks is not None:
                self._proc = await forks.spawn(argv, env, cwd, (slave, slave, slave), tty=True)
            self._proc = self._proc or await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
                preexec_fn=bound_to_this_process(_become_tty_owner),  # dies with us
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self._master = master
        self.resume_output()

    async def wait(self) -> int:
        """Wait for the child to end; flush what it wrote last; its exit status."""
        assert self._proc is not None
        code = await self._proc.wait()
        self._drain()
        self._close_master()
        return code

    def resize(self, cols: int, rows: int, px_w: int = 0, px_h: int = 0) -> None:
        """Follow the client's window; SIGWINCH also goes to the child's process group."""
        if self._master is None:
            return
        with contextlib.suppress(OSError):
            set_winsize(self._master, cols, rows, px_w, px_h)
        self._signal_group(signal.SIGWINCH)

    def write(self, data: bytes) -> None:
        """Type ``data`` into the terminal without ever blocking the event loop."""
        if self._master is None:
            return
        self._pending += data
        self._flush_input()

    @property
    def input_backlog(self) -> int:
        return len(self._pending)

    def pause_output(self) -> None:
        """Stop reading the child (the SSH peer is slow); the pty then blocks the child."""
        if self._reading and self._master is not None:
            asyncio.get_running_loop().remove_reader(self._master)
        self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self._master is not None:
            asyncio.get_running_loop().add_reader(self._master, self._read)
            self._reading = True

    def hang_up(self) -> None:
        """The session is gone: SIGHUP now, SIGKILL if the child is still there later."""
        self._close_master()
        if self._proc is None or self._proc.returncode is not None:
            return
        self._signal_group(signal.SIGHUP)
        self._signal_group(signal.SIGCONT)
        asyncio.get_running_loop().call_later(KILL_GRACE_S, self._kill_if_alive)

    async def terminate(self, grace: float = KILL_GRACE_S) -> None:
        """Hang up and wait until the child is really gone (gateway shutdown)."""
        if self._proc is None:
            return
        running = self._proc.returncode is None
        if running:  # the signal, then the pty closed: the order of a terminal's hang-up
            self._signal_group(signal.SIGHUP)
        self._close_master()
        if running:
            try:
                await asyncio.wait_for(self._proc.wait(), grace)
            except TimeoutError:
                self._kill_if_alive()
                await self._proc.wait()

    # -- internals -------------------------------------------------------------

    def _read(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError as exc:  # EIO: every slave end closed, the child is gone
            if exc.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.pause_output()
            return
        if self._restoring is None:  # its first screen: the start-up is over
            self._restoring = asyncio.get_running_loop().create_task(back_to_normal(self.pid))
        self._on_output(data)

    def _drain(self) -> None:
        """Read what is left in the pty after the child exited."""
        while self._master is not None:
            try:
                data = os.read(self._master, READ_CHUNK)
            except OSError:
                return
            if not data:
                return
            self._on_output(data)

    def _flush_input(self) -> None:
        assert self._master is not None
        try:
            sent = os.write(self._master, self._pending) if self._pending else 0
        except BlockingIOError:
            sent = 0
        except OSError:
            self._pending.clear()
            sent = 0
        del self._pending[:sent]
        loop = asyncio.get_running_loop()
        if self._pending and not self._writing:
            loop.add_writer(self._master, self._flush_input)
            self._writing = True
        elif not self._pending and self._writing:
            loop.remove_writer(self._master)
            self._writing = False

    def _close_master(self) -> None:
        if self._master is None:
            return
        self.pause_output()
        if self._writing:
            asyncio.get_running_loop().remove_writer(self._master)
            self._writing = False
        os.close(self._master)
        self._master = None
        self._pending.clear()

    def _signal_group(self, sig: signal.Signals) -> None:
        if self._proc is None or self._proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._proc.pid, sig)

    def _kill_if_alive(self) -> None:
        self._signal_group(signal.SIGKILL)
