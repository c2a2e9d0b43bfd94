"""Which Host names the web port answers: a guard against DNS rebinding.

A site whose name an attacker controls can point that name at 127.0.0.1 after the
player's browser loaded its page; the browser then sends that page's requests, Host and
Origin both ``evil.example``, to the player's own gateway, which would start a session
and build its URLs from that Host. Serving only names the host chose stops it: an IP
address literal (a rebinding name never is one) when the gateway listens on every
address, else the listening address itself; ``localhost``; the --web-public-url's host;
and each --web-host-name. Anything else is answered 421 Misdirected Request.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

WILDCARDS = ("", "0.0.0.0", "::")


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name.strip("[]").split("%", 1)[0])
    except ValueError:
        return None


def host_name(host_header: str) -> str:
    """The name in a Host header, without its port, lower case."""
    host = host_header.strip().lower()
    if host.startswith("["):  # [::1]:8080
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


class AllowedHosts:
    """The Host names this gateway serves."""

    def __init__(self, listen_host: str, names: Iterable[str] = (),
                 public_url: str | None = None) -> None:
        self.any_address = listen_host in WILDCARDS
        self.listen_ip = _ip(listen_host)
        self.names = {"localhost"} | {host_name(n) for n in names if n.strip()}
        if not self.any_address and self.listen_ip is None:
            self.names.add(host_name(listen_host))  # --host my.example.org
        if public_url:
            self.names.add(host_name(urlsplit(public_url).netloc.rsplit("@", 1)[-1]))

    def allows(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        name = host_name(host_header)
        if name in self.names:
            return True
        ip = _ip(name)
        if ip is None:
            return False
        return self.any_address or ip == self.listen_ip or (ip.is_loopback and (
            self.listen_ip is not None and self.listen_ip.is_loopback))
