"""One SSH session channel: a pty request, then the TUI child bridged to the channel.

Bytes flow both ways untouched (the channel has no encoding and no line editor): the
client's keystrokes are typed into the child's pty and the child's screen output is
written to the channel. Window changes resize the pty live. Without a pty there is
nothing to draw on, so the session gets one line of explanation and is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import asyncssh

from server.i18n import N_, SOURCE, from_environment
from server.says import Say, say
from server.ssh.auth import Identity
from server.ssh.host import SessionHost
from server.ssh.pty_child import PtyChild

log = logging.getLogger("prtui.ssh")

NO_PTY_MESSAGE = say(N_("prtui needs a terminal: connect with a pty, e.g. `ssh -t -p PORT "
                        "NAME@HOST`."))
FULL_MESSAGE = say(N_("prtui: this server is full (too many SSH sessions); try again later."))
NO_CLIENT_MESSAGE = N_("prtui: cannot start the game client: {error}")
# A child that died (crash, hang-up, server shutdown) could not undo what it switched on
# in the player's terminal: leave the alternate screen, stop mouse and focus reports and
# bracketed paste, show the cursor, reset colours. A clean exit has done this itself.
RESET_TERMINAL = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l\x1b[?2004l"
    b"\x1b[?25h\x1b[0m\x1b[?1049l\r\n"
)
DEFAULT_SIZE = (80, 24)
INPUT_BACKLOG_LIMIT = 1 << 16  # pause the SSH channel when the child stops reading keys

ChildCommand = Callable[[Identity, str], tuple[Sequence[str], Mapping[str, str]]]


class TuiSession(asyncssh.SSHServerSession[bytes]):
    """Bridges one SSH channel to one child process on a pty."""

    def __init__(self, gateway: SessionHost, identity: Identity, address: str) -> None:
        self._gateway = gateway
        self._identity = identity
        self._address = address  # where the player connects from
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._term_type = ""
        self._size: tuple[int, int, int, int] | None = None
        self._child: PtyChild | None = None
        self._started = False
        self._counted = False
        self._closed = False

    # -- asyncssh callbacks ------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def _line(self, said: Say) -> bytes:
        """``said`` as one line in the player's language: the LANG/LC_ALL their ssh
        client sent (SendEnv) by the time the shell starts, else English."""
        env = self._chan.get_environment() if self._chan is not None else {}
        return (said.to(from_environment(env) or SOURCE) + "\r\n").encode()

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self._term_type = term_type or "xterm-256color"
        width, height, px_w, px_h = term_size
        # a client without a window of its own (ssh -tt from a script) sends 0x0
        self._size = (width or DEFAULT_SIZE[0], height or DEFAULT_SIZE[1], px_w, px_h)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        """A command is treated as a login: there is only one thing to run here."""
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self._chan is not None
        if self._size is None:
            self._refuse(self._line(NO_PTY_MESSAGE))
            return
        refusal = self._gateway.claim_session(self._address)
        if refusal is not None:  # the server is full, or too many from this address
            self._refuse(self._line(refusal))
            return
        self._counted = True
        self._started = True
        self._gateway.run_session(self._run())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self._child is None:
            return
        self._child.write(data)
        if self._child.input_backlog > INPUT_BACKLOG_LIMIT and self._chan is not None:
            self._chan.pause_reading()
            asyncio.get_running_loop().call_later(0.05, self._maybe_resume_input)

    def eof_received(self) -> bool:
        return True  # a terminal has no EOF; the session ends when the channel closes

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size = (width, height, pixwidth, pixheight)
        if self._child is not None and width > 0 and height > 0:
            self._child.resize(width, height, pixwidth, pixheight)

    def pause_writing(self) -> None:
        if self._child is not None:
            self._child.pause_output()

    def resume_writing(self) -> None:
        if self._child is not None:
            self._child.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        if self._child is not None:
            self._child.hang_up()
        if not self._started:
            self._release()

    # -- the child -----------------------------------------------------------------

    async def _run(self) -> None:
        assert self._chan is not None and self._size is not None
        child = PtyChild(self._write_out)
        self._gateway.track(child)
        code = 1
        cwd: Path | None = None
        try:
            argv, env, cwd = self._gateway.child_command(
                self._identity, self._term_type, self._chan.get_environment(), self._address
            )
            await child.start(argv, env, self._size[0], self._size[1], cwd=cwd,
                              forks=self._gateway.forks)
            self._child = child
            if self._closed:  # the peer left while the child was starting
                child.hang_up()
            log.info("ssh session for %s: child %s", self._identity.name, child.pid)
            code = await child.wait()
        except Exception as exc:  # whatever it was, the player gets a line and an exit
            log.exception("cannot run the TUI for %s", self._identity.name)
            self._write_out(self._line(say(NO_CLIENT_MESSAGE, error=str(exc))))
        finally:
            self._gateway.untrack(child)
            self._release()
            if self._identity.once and cwd is not None:  # nobody can come back to it
                shutil.rmtree(cwd, ignore_errors=True)
        if not self._closed:
            if code != 0:
                self._write_out(RESET_TERMINAL)
            with contextlib.suppress(OSError, asyncssh.Error):
                self._chan.exit(code if code >= 0 else 128 - code)

    def _write_out(self, data: bytes) -> None:
        if self._chan is not None and not self._closed:
            self._chan.write(data)

    def _maybe_resume_input(self) -> None:
        if self._closed or self._chan is None:
            return
        if self._child is None or self._child.input_backlog <= INPUT_BACKLOG_LIMIT:
            self._chan.resume_reading()
        else:
            asyncio.get_running_loop().call_later(0.05, self._maybe_resume_input)

    def _refuse(self, message: bytes) -> None:
        assert self._chan is not None
        self._chan.write(message)
        self._chan.exit(1)

    def _release(self) -> None:
        if self._counted:
            self._counted = False
            self._gateway.release_session(self._address)
