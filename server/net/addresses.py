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


IPV6_PREFIX = 64
"""How many leading bits of an IPv6 address name one client for the per-address limits.
One subscriber usually gets a whole /64 (often a /56 or /48) and may use any address in
it, so counting each /128 on its own gave one home 2^64 fresh addresses. ``prtui serve
--ipv6-prefix N`` sets it (``set_ipv6_prefix``) before anything listens."""


def set_ipv6_prefix(bits: int) -> None:
    global IPV6_PREFIX
    if not 16 <= bits <= 128:
        raise ValueError(f"--ipv6-prefix must be 16..128, not {bits}")
    IPV6_PREFIX = bits


def limit_key(host: str) -> str:
    """What the per-address limits count ``host`` as: an IPv4 address itself, an IPv6
    address by its ``IPV6_PREFIX`` network (``2001:db8:1:2::/64``); this machine's own
    addresses stay whole (the gateways' sessions are told apart by what they relay)."""
    address = canonical_address(host)
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 4 or ip.is_loopback or IPV6_PREFIX >= 128:
        return address
    return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False))
