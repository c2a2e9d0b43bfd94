"""A stand-in for the TUI: reports its terminal, echoes keys, follows resizes.

Lines it prints (CRLF, raw mode):  READY <argv> | TERM=.. | CTTY=yes/no | IDENT=..
| SIZE <cols>x<rows> (at start and on every SIGWINCH) | KEY <hex>.  'q' exits 0,
'!' exits 3 as a crash would.
"""

from __future__ import annotations

import os
import signal
import sys
import termios
import tty


def say(text: str) -> None:
    os.write(1, (text + "\r\n").encode())


def size() -> None:
    cols, rows = os.get_terminal_size(0)
    say(f"SIZE {cols}x{rows}")


def main() -> int:
    fd = 0
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        ctty = "yes"
        try:
            os.close(os.open("/dev/tty", os.O_RDWR))
        except OSError:
            ctty = "no"
        say("READY " + " ".join(sys.argv[1:]))
        say("TERM=" + os.environ.get("TERM", ""))
        say("CTTY=" + ctty)
        say("IDENT=" + os.environ.get("PRTUI_SSH_IDENTITY", ""))
        say("COLUMNS=" + os.environ.get("COLUMNS", "-"))
        say("STATE=" + os.environ.get("XDG_STATE_HOME", ""))
        say("CWD=" + os.getcwd())
        signal.signal(signal.SIGWINCH, lambda *_: size())
        size()
        while True:
            data = os.read(fd, 1024)
            if not data:
                return 0
            say("KEY " + data.hex())
            if b"q" in data:
                return 0
            if b"!" in data:
                return 3
    finally:
        termios.tcsetattr(fd, termios.TCSAFLUSH, saved)


if __name__ == "__main__":
    raise SystemExit(main())
