"""Where a turn notice may connect to, checked at the moment it connects.

A notification address is checked when it is registered (server/net/notify_address.py),
but a name can resolve elsewhere by the time a notice is sent (DNS rebinding: a public
address at registration, 127.0.0.1 a minute later), and apprise's receivers connect
through several libraries (requests for the web hooks, smtplib for e-mail...). All of
them resolve through ``socket.getaddrinfo``, so that is where the check sits: in the
notice threads only (a thread-local flag; every other caller, the event loop's own
look-ups included, goes straight through), every address a look-up returns is checked
and one refused address refuses the whole look-up. The connection then uses exactly the
addresses checked, so there is no window between check and use.

apprise, requests and urllib3 log URLs (paths with tokens in them): what they log from a
notice thread is dropped, and apprise's own lines from any thread (it logs the URL as it
parses it, at registration, on whichever thread checks the address); the notifier logs
each outcome itself, with the address masked.
"""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from server.errors import PrtuiError

THREAD_PREFIX = "prtui-notice"  # i18n: a thread name
"""The name of every thread that sends notices (the notifier's executor)."""

SENDERS_LOGGERS = ("apprise", "requests", "urllib3", "urllib3.connection",
                   "urllib3.connectionpool", "urllib3.poolmanager", "urllib3.response",
                   "urllib3.util.retry", "charset_normalizer")

Check = Callable[[str], str | None]
"""An address (as getaddrinfo gives it) -> why it is refused, or None."""


class AddressRefused(PrtuiError, OSError):
    """A notice's look-up found an address the host does not allow."""


_local = threading.local()
_original = socket.getaddrinfo
_install_lock = threading.Lock()
_installed = False


def _guarded(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
    found = _original(host, port, *args, **kwargs)
    check: Check | None = getattr(_local, "check", None)
    if check is not None:
        for *_, sockaddr in found:
            why = check(str(sockaddr[0]))
            if why is not None:
                _local.refused = f"{host} resolves to {why}"  # i18n: the log's (the reason a player reads is notify_address's)
                raise AddressRefused(_local.refused)
    return found


class _NotFromNoticeThreads(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.threadName or "").startswith(THREAD_PREFIX)


class _Dropped(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return False


def install() -> None:
    """Put the guard in place (once per process) and quiet the senders' own logs."""
    global _installed
    with _install_lock:
        if _installed:
            return
        socket.getaddrinfo = _guarded
        quiet = _NotFromNoticeThreads()
        for name in SENDERS_LOGGERS:
            logging.getLogger(name).addFilter(_Dropped() if name == "apprise" else quiet)
        _installed = True


@contextmanager
def guarded(check: Check) -> Iterator[None]:
    """Inside: every look-up made by this thread is checked with ``check``."""
    install()
    _local.check, _local.refused = check, None
    try:
        yield
    finally:
        _local.check = None


def refused() -> str | None:
    """Why the last guarded look-up of this thread was refused (None: it was not)."""
    return getattr(_local, "refused", None)
