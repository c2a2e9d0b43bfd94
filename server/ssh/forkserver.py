"""The warm parent of SSH and browser sessions: ``python -m server.ssh.forkserver SOCK LIFE``.

A session's TUI process used to start from nothing: 1.4 s of imports and 47 MiB of
memory of its own each (issue 36). This process imports Textual and the client once,
freezes what it built (``gc.freeze``: the collector then never writes into those
objects' pages, so they stay shared with every child), and forks one child per
session. A child shares the parent's code and objects until it writes to them.

It is single-threaded and has no event loop: a fork copies only the thread that
forks, so a thread or a loop here would be half-copied into every child.

The gateway (server/ssh/forks.py) speaks to it over a SEQPACKET socket (fd SOCK): a
request is one JSON message (argv, env, cwd, whether fd 0 is a terminal to own) with
the child's stdin, stdout and stderr attached (SCM_RIGHTS); the answers are
``{"ready"}`` once warm, ``{"id", "pid"}`` per child started and ``{"pid", "status"}``
when one ends (its exit code, or minus its signal, as asyncio reports it). The
gateway's end closing stops this process. LIFE is the read end of a pipe whose write
end only the gateway holds: each child watches it and dies when the gateway does (a
child must not die with this process, which the gateway restarts).

Before freezing, the app runs once headless (``rehearse``): Textual's CSS and caches
are then built once here; in one measure it took a child's CPU to its lobby from 0.32
to 0.28 s and its private memory from 21.4 to 20.8 MiB (docs/benchmarks.md).

The client is imported by name here, never by the gateway (the SSH and web gateways
import no client: pyproject.toml's contracts); only ``python -m prtui`` argvs are
forked, anything else is the gateway's to spawn.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import importlib
import io
import json
import os
import selectors
import signal
import socket
import sys
import termios
import threading
import traceback
from typing import Any

MAX_MESSAGE = 1 << 18  # argv and environment of one session: a few KiB
# what a session imports before its first screen (the rest comes when it is needed)
WARM = (
    "prtui.cli", "prtui.launch", "prtui.app", "prtui.controller", "prtui.netclient",
    "prtui.screens", "prtui.games", "prtui.widgets", "textual.drivers.linux_driver",
    "textual.drivers.web_driver", "textual.widgets", "textual._xterm_parser",
)
# a terminal session's own signals at their defaults (pty_child.py says why), and
# SIGCHLD, which this process catches; SIGPIPE stays ignored, as Python starts it
_SESSION_SIGNALS = (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM,
                    signal.SIGCHLD)
STARTING_NICE = "10"  # server/ssh/priority.py's STARTING_NICE (not imported: no asyncio)


def warm() -> None:
    """Import what every session needs, and every screen and widget package's modules."""
    import pkgutil

    for name in WARM:
        module = importlib.import_module(name)
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), f"{name}."):
            with contextlib.suppress(Exception):
                importlib.import_module(info.name)


def rehearse() -> None:
    """Run the app once, headless, for a few frames: Textual parses its CSS and fills
    its caches here, once, instead of in every child. The loop is closed and no thread
    is left when this returns (a fork copies neither)."""
    import asyncio

    app_class = importlib.import_module("prtui.app").PrtuiApp

    async def frames() -> None:
        async with app_class().run_test(size=(100, 30)) as pilot:
            await pilot.pause()

    try:
        asyncio.run(frames())
    except Exception:  # a warm-up only: the children start as they would without it
        traceback.print_exc()
    asyncio.set_event_loop_policy(None)


def serve(sock: socket.socket, lifeline: int) -> None:
    warm()
    rehearse()
    if threading.active_count() > 1:  # never fork with a thread: it would be half-copied
        raise RuntimeError(f"threads left before forking: {threading.enumerate()}")
    gc.collect()
    gc.freeze()  # the children's collector never touches (and so never copies) these
    wake_r, wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_w)
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ)
    selector.register(wake_r, selectors.EVENT_READ)
    _send(sock, {"ready": True, "pid": os.getpid()})
    while True:
        for key, _events in selector.select():
            if key.fileobj is sock:
                try:
                    data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, 3)
                except OSError:
                    data, fds = b"", []
                if not data:  # the gateway is gone or closing: so is this
                    return
                _start(sock, data, fds, lifeline, (wake_r, wake_w))
            else:
                with contextlib.suppress(BlockingIOError):
                    while os.read(wake_r, 512):
                        pass
                _reap(sock)


def _send(sock: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):  # the gateway gone: the next read says so
        sock.send(json.dumps(message).encode())


def _reap(sock: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _send(sock, {"pid": pid, "status": os.waitstatus_to_exitcode(status)})


def _start(sock: socket.socket, data: bytes, fds: list[int], lifeline: int,
           wake: tuple[int, int]) -> None:
    try:
        request = json.loads(data)
        ident = int(request["id"])
    except (ValueError, KeyError, TypeError):
        for fd in fds:
            os.close(fd)
        return
    if len(fds) != 3:
        for fd in fds:
            os.close(fd)
        _send(sock, {"id": ident, "error": "a request needs stdin, stdout and stderr"})  # i18n: between two processes of the server, logged
        return
    try:
        pid = os.fork()
    except OSError as exc:
        pid = -1
        _send(sock, {"id": ident, "error": str(exc)})
    if pid == 0:
        sock.close()
        for fd in wake:
            os.close(fd)
        _child(request, fds, lifeline)  # never returns
    for fd in fds:
        os.close(fd)
    if pid > 0:
        _send(sock, {"id": ident, "pid": pid})


def _child(request: dict[str, Any], fds: list[int], lifeline: int) -> None:
    """In the child: become the session's own process, then run the client."""
    code: int = 1
    try:
        signal.set_wakeup_fd(-1)
        for sig in _SESSION_SIGNALS:
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        for fd in fds:
            if fd > 2:
                os.close(fd)
        if request.get("tty"):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        _write("/proc/self/autogroup", STARTING_NICE)  # behind the server (priority.py)
        _write("/proc/self/comm", "prtui-session")  # i18n: a process name (`ps -o comm`, `top`: not its parent)
        _die_with_the_gateway(lifeline)
        if request.get("cwd"):
            os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in request["env"].items()})
        _fresh_stdio()
        importlib.reload(importlib.import_module("textual.constants"))  # read at import
        argv = [str(a) for a in request["argv"]]
        sys.argv = ["prtui", *argv[3:]]
        main = importlib.import_module("prtui.cli").main
        code = _exit_code(main(argv[3:]))
    except SystemExit as exc:
        code = _exit_code(exc.code)
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _write(path: str, text: str) -> None:
    with contextlib.suppress(OSError), open(path, "w") as file:
        file.write(text)


def _exit_code(value: object) -> int:
    """What ``raise SystemExit(value)`` makes the process's status."""
    if value is None:
        return 0
    if isinstance(value, int):
        return value & 0xFF
    with contextlib.suppress(Exception):
        print(value, file=sys.stderr)
    return 1


def _fresh_stdio() -> None:
    """Python's own stdin/stdout/stderr, on the session's descriptors 0, 1 and 2 (the
    parent's were bound to its own, and buffered as a pipe's)."""
    tty = os.isatty(1)
    streams = {
        "stdin": io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "rb", closefd=False)),
                                  encoding="utf-8", errors="surrogateescape"),
        "stdout": io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "wb", closefd=False)),
                                   encoding="utf-8", errors="surrogateescape",
                                   line_buffering=tty),
        "stderr": io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "wb", closefd=False)),
                                   encoding="utf-8", errors="backslashreplace",
                                   line_buffering=True),
    }
    for name, stream in streams.items():
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def _die_with_the_gateway(lifeline: int) -> None:
    """A thread that waits for the gateway's end of ``lifeline`` to close (the gateway
    died, whatever killed it), then kills this session and what it started."""

    def watch() -> None:
        while True:
            try:
                if os.read(lifeline, 1):
                    continue
            except InterruptedError:
                continue
            except OSError:
                pass
            with contextlib.suppress(OSError):
                os.killpg(0, signal.SIGKILL)
            os._exit(70)

    threading.Thread(target=watch, name="lifeline", daemon=True).start()


def main(argv: list[str]) -> int:
    sock = socket.socket(fileno=int(argv[0]))
    lifeline = int(argv[1])
    try:
        serve(sock, lifeline)
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
