"""The checks behind turn notices, on real look-ups and real sockets: the send-time
guard refuses what a look-up of a notice thread finds (a literal address too, which is
how a redirect to 127.0.0.1 is caught), and only in those threads; what the senders'
libraries log from them is dropped; the address rules; the host's flags; the table
that keeps the addresses."""

from __future__ import annotations

import argparse
import logging
import socket
import sqlite3
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import requests

from server.net import notify_guard
from server.net.notify_address import NotifyPolicy, _own, address_refusal
from server.net.serve_cli import notify_policy
from server.store.accounts import AccountRecord
from server.store.health import SCHEMA_VERSION
from server.store.sqlite import SqliteStore

STRICT = NotifyPolicy(frozenset({"json"}))
LAN = NotifyPolicy(frozenset({"json"}), allow_private=True)


class _Ok(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def http_server() -> Iterator[int]:
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Ok)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield srv.server_address[1]
    finally:
        srv.shutdown()
        srv.server_close()


def strict(address: str) -> str | None:
    said = address_refusal(address, STRICT)
    return None if said is None else str(said)


def test_the_guard_refuses_in_notice_threads_only(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with http_server() as port:
        url = f"http://127.0.0.1:{port}/SECRET-IN-PATH"

        def in_notice_thread() -> tuple[str | None, bool]:
            with notify_guard.guarded(strict):
                with pytest.raises(requests.ConnectionError):
                    requests.get(url, timeout=5)
                refused = notify_guard.refused()
                with pytest.raises(notify_guard.AddressRefused):  # smtplib's way in
                    socket.create_connection(("127.0.0.1", port), timeout=5)
                try:
                    socket.getaddrinfo("localhost", 80)
                    by_name = False
                except notify_guard.AddressRefused:
                    by_name = True
            return refused, by_name

        with ThreadPoolExecutor(1, thread_name_prefix=notify_guard.THREAD_PREFIX) as pool:
            refused, by_name = pool.submit(in_notice_thread).result(timeout=30)
        assert refused is not None and "127.0.0.1" in refused and "loopback" in refused
        assert by_name
        # the same request from any other thread (the event loop's look-ups too) goes through
        assert requests.get(url, timeout=5).status_code == 200
    from_notices = [r for r in caplog.records if r.threadName.startswith("prtui-notice")]
    assert from_notices == []  # urllib3's debug lines name the path: dropped there
    assert any("SECRET-IN-PATH" in r.getMessage() for r in caplog.records
               if r.name.startswith("urllib3"))  # ...and still logged from other threads


@pytest.mark.parametrize(("address", "why"), [
    ("127.0.0.1", "loopback"), ("::1", "loopback"), ("10.0.0.1", "private"),
    ("192.168.1.2", "private"), ("172.16.0.1", "private"), ("100.64.0.1", "private"),
    ("169.254.169.254", "link-local"), ("fe80::1%2", "link-local"), ("fc00::1", "private"),
    ("::ffff:10.0.0.1", "private"), ("2002:7f00:1::1", "loopback"),  # 6to4 of 127.0.0.1
    ("192.0.2.1", "private"), ("224.0.0.1", "multicast"), ("ff02::1", "multicast"),
    ("0.0.0.0", "unspecified"), ("240.0.0.1", "reserved"), ("255.255.255.255", "reserved"),
])
def test_addresses_refused_unless_public(address: str, why: str) -> None:
    said = address_refusal(address, STRICT)
    assert said is not None and why in str(said)


def test_public_addresses_pass_and_private_ones_only_when_allowed() -> None:
    for public in ("8.8.8.8", "2001:4860:4860::8888", "1.1.1.1"):
        assert address_refusal(public, STRICT) is None
    for private in ("127.0.0.1", "10.0.0.1", "::1", "169.254.1.1"):
        assert address_refusal(private, LAN) is None
    for never in ("224.0.0.1", "0.0.0.0", "240.0.0.1"):
        assert address_refusal(never, LAN) is not None


def test_own_addresses_are_the_ones_this_machine_can_bind() -> None:
    import ipaddress

    assert _own(ipaddress.ip_address("127.0.0.1"))
    assert not _own(ipaddress.ip_address("192.0.2.77"))  # TEST-NET-1: never assigned


def test_the_hosts_flags() -> None:
    def policy(**kw: object) -> NotifyPolicy | str:
        base = {"notify_schemes": "", "notify_private": False, "notify_per_hour": 6,
                "notify_timeout": 10.0}
        return notify_policy(argparse.Namespace(**{**base, **kw}))

    off = policy()
    assert isinstance(off, NotifyPolicy) and not off.enabled
    on = policy(notify_schemes="ntfys, MAILTOS", notify_private=True)
    assert isinstance(on, NotifyPolicy) and on.schemes == {"ntfys", "mailtos"} and on.allow_private
    assert "dbus" in str(policy(notify_schemes="ntfys,dbus"))  # the server's own desktop
    assert "not an apprise scheme" in str(policy(notify_schemes="nosuchscheme"))
    assert "--notify-per-hour" in str(policy(notify_schemes="ntfys", notify_per_hour=0))
    assert "--notify-timeout" in str(policy(notify_schemes="ntfys", notify_timeout=0.5))


def test_a_file_of_the_version_before_gets_the_table(tmp_path: Path) -> None:
    """A database written before schema version 3 (no notify_addresses) opens, gains the
    table and is marked version 3; what it held stays."""
    path = tmp_path / "prtui.sqlite3"
    store = SqliteStore(path)
    store.create_account(AccountRecord("acc1", "ana", "ana", None, None, 1.0))
    store.close()
    con = sqlite3.connect(path)
    con.execute("DROP TABLE notify_addresses")
    con.execute("PRAGMA user_version=1")
    con.commit()
    con.close()
    store = SqliteStore(path)
    try:
        assert store.account("ana") is not None
        store.set_notify_address("acc1", "ntfys://ntfy.sh/t", "ntfys://ntfy.sh/…")
        assert store.notify_address("acc1") is not None
    finally:
        store.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    con.close()


def test_an_address_goes_with_its_account(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "prtui.sqlite3")
    try:
        store.create_account(AccountRecord("acc1", "ana", "ana", None, None, 1.0))
        store.set_notify_address("acc1", "ntfys://ntfy.sh/t", "ntfys://ntfy.sh/…")
        assert store.notify_address("acc1") == ("ntfys://ntfy.sh/t", "ntfys://ntfy.sh/…")
        store.remove_account("ana")
        assert store.notify_address("acc1") is None
    finally:
        store.close()
