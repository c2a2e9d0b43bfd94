"""Address helpers shared by the game server and the SSH gateway."""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    """True when ``host`` can be reached only from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def canonical_address(host: str) -> str:
    """One spelling per address: an IPv4 client seen through an IPv6 socket
    (``::ffff:192.168.1.5``) counts as ``192.168.1.5``, as it would on an IPv4 socket."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return str(mapped or ip)
