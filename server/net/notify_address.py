"""A player's notification address (an apprise URL): checked, masked, and sent to.

Everything here runs on the notifier's threads (server/net/notify.py), never on the
event loop: apprise loads its plugins on first use, look-ups wait on DNS, and a
receiver may answer slowly or never.

The checks, in order (each refusal a ``NotifyRefused`` with its code):

- the host has switched notices on (``notify_off``);
- at most ``MAX_URL_LEN`` characters, no spaces or control characters (``too_long``,
  ``bad_address``);
- a scheme the host allows (``scheme_not_allowed``), which apprise parses into a
  receiver (``bad_address``);
- every address its host (and an e-mail address's SMTP server) resolves to is allowed
  (``address_refused``): never multicast, unspecified or reserved; unless the host
  allowed private addresses, never loopback, link-local, private or otherwise not
  global (CGNAT, documentation ranges; also inside 6to4 and Teredo addresses), nor
  one of this machine's own addresses. A name that does not resolve is refused.

At send time the scheme is checked again (the host may have changed the list) and
every address the sending connects to is checked once more, as it connects
(server/net/notify_guard.py): the address a name had at registration proves nothing
later.

A URL can hold a token, a password or a secret topic, so it is only ever shown masked
(``mask``): the scheme, the host and port, "…" for the rest.
"""

from __future__ import annotations

import ipaddress
import socket
import unicodedata
from dataclasses import dataclass
from typing import Any

from server.errors import PrtuiError
from server.i18n import N_
from server.net import notify_guard
from server.protocol.limits import MAX_NOTIFY_URL_LEN
from server.says import Said, Say, say

MAX_URL_LEN = MAX_NOTIFY_URL_LEN
TITLE = "prtui"
LOCAL_SCHEMES = frozenset({"dbus", "gio", "glib", "gnome", "kde", "qt", "macosx", "windows",
                           "syslog", "blink1"})
"""apprise schemes that act on the server's own machine (its desktop, its syslog, a USB
light), not on a receiver of the player's: never allowed."""


NOTIFY_OFF = N_("this server sends no turn notices (its host has not switched them on)")

class NotifyRefused(PrtuiError):
    """A notification address (or a command about it) refused: a ``reject`` with
    ``code`` and ``reason``."""

    def __init__(self, code: str, reason: Say) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class NotifyPolicy:
    """What the host allows (``prtui serve --notify-...``); no schemes: notices off."""

    schemes: frozenset[str] = frozenset()
    allow_private: bool = False  # loopback, LAN and this machine's own addresses too
    per_hour: int = 6  # notices per account an hour (bursts of as many)
    timeout_s: float = 10.0  # one notice's connect and read timeouts

    @property
    def enabled(self) -> bool:
        return bool(self.schemes)


def known_schemes() -> frozenset[str]:
    """Every scheme apprise knows (loading its plugins: about a second the first time)."""
    from apprise.manager_plugins import NotificationManager

    manager: Any = NotificationManager  # untyped
    return frozenset(str(s) for s in manager().schemas())


def scheme_problem(schemes: frozenset[str]) -> str | None:
    """Why a host's list of schemes cannot be used (for `prtui serve`), or None."""
    local = sorted(schemes & LOCAL_SCHEMES)
    if local:
        return (f"{', '.join(local)}: notices to this machine itself, not to a player's "  # i18n: the host's command line (prtui serve), not a player's
                "receiver")
    unknown = sorted(schemes - known_schemes())
    if unknown:
        return f"{', '.join(unknown)}: not an apprise scheme"  # i18n: the host's command line (prtui serve), not a player's
    return None


def _embedded(ip: ipaddress.IPv4Address | ipaddress.IPv6Address
              ) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """``ip`` and the IPv4 addresses an IPv6 one carries (mapped, 6to4, Teredo)."""
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = [ip]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return [ip.ipv4_mapped]  # ::ffff:a.b.c.d is a.b.c.d
        if ip.sixtofour is not None:
            found.append(ip.sixtofour)
        if ip.teredo is not None:
            found.extend(ip.teredo)
    return found


def _own(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether this machine holds ``ip``: only its own addresses can be bound."""
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_DGRAM) as probe:
        try:
            probe.bind((str(ip), 0))
        except OSError:
            return False
    return True


def address_refusal(address: str, policy: NotifyPolicy) -> Say | None:
    """Why a notice may not go to ``address`` (an IP as getaddrinfo gives it), or None."""
    try:
        first = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return say(N_("{address}, not an IP address"), address=address)
    for ip in _embedded(first):
        if ip.is_multicast:
            return say(N_("{address}, a multicast address"), address=address)
        if ip.is_unspecified:
            return say(N_("{address}, an unspecified address"), address=address)
        if ip.is_loopback:  # before reserved: ::1 lies in IPv6's reserved ::/8
            if policy.allow_private:
                continue
            return say(N_("{address}, a loopback address (this machine)"), address=address)
        if ip.is_reserved:
            return say(N_("{address}, a reserved address"), address=address)
        if policy.allow_private:
            continue
        if ip.is_link_local:
            return say(N_("{address}, a link-local address"), address=address)
        if ip.is_private or not ip.is_global:
            return say(N_("{address}, a private address"), address=address)
    if not policy.allow_private and _own(first):
        return say(N_("{address}, one of this server's own addresses"), address=address)
    return None


@dataclass(frozen=True)
class Checked:
    url: str
    shown: str  # masked: safe to log and to send back


def _scheme(url: str) -> str:
    return url.split("://", 1)[0].lower() if "://" in url else ""


def precheck(url: str, policy: NotifyPolicy) -> None:
    """The checks that need no library and no look-up (on the event loop): the host sends
    notices, the length, the characters, the scheme; NotifyRefused otherwise."""
    if not policy.enabled:
        raise NotifyRefused("notify_off", say(NOTIFY_OFF))
    if len(url) > MAX_URL_LEN:
        raise NotifyRefused("too_long", say(N_("an address has at most {most} characters"),
                                            most=MAX_URL_LEN))
    if any(ch.isspace() or unicodedata.category(ch)[0] == "C" for ch in url):
        raise NotifyRefused("bad_address",
                            say(N_("an address has no spaces or control characters")))
    scheme = _scheme(url)
    if scheme not in policy.schemes:
        raise NotifyRefused("scheme_not_allowed", say(
            N_("this server sends notices to {schemes} addresses only (SCHEME://...)"),
            schemes=", ".join(sorted(policy.schemes))))


def _receiver(url: str, policy: NotifyPolicy) -> Any:
    """apprise's receiver for ``url`` once all of ``precheck`` passes, or NotifyRefused."""
    precheck(url, policy)
    scheme = _scheme(url)
    import apprise

    receiver = apprise.Apprise.instantiate(url)
    if receiver is None:
        raise NotifyRefused("bad_address", say(N_("not a {scheme}:// address apprise can use "
                                                  "(see its wiki for the form)"), scheme=scheme))
    return receiver


def mask(url: str, receiver: Any) -> str:
    """``url`` with every part that may be secret hidden: scheme, host and port only."""
    host = str(getattr(receiver, "host", "") or "")
    port = getattr(receiver, "port", None)
    where = f"{host}:{port}" if host and port else host
    who = "…@" if getattr(receiver, "user", None) or getattr(receiver, "password", None) else ""
    return f"{_scheme(url)}://{who}{where}/…" if where else f"{_scheme(url)}://…"


def _hosts(receiver: Any) -> list[str]:
    """The names the receiver connects to that can be known before sending."""
    names = [getattr(receiver, "host", None), getattr(receiver, "smtp_host", None)]
    return [str(n).strip("[]") for n in names if n]


def check_address(url: str, policy: NotifyPolicy) -> Checked:
    """The address as it will be stored (and shown), or NotifyRefused. Blocks: look-ups."""
    receiver = _receiver(url, policy)
    shown = mask(url, receiver)
    for host in _hosts(receiver):
        try:
            found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
        except OSError:
            raise NotifyRefused("address_refused", say(N_("{shown}: its host {host} was not "
                                                          "found"), shown=shown, host=host)
                                ) from None
        for *_, sockaddr in found:
            why = address_refusal(str(sockaddr[0]), policy)
            if why is not None:
                raise NotifyRefused("address_refused", say(
                    N_("{shown}: {host} resolves to {why}; this server does not send there"),
                    shown=shown, host=host, why=why))
    return Checked(url, shown)


@dataclass(frozen=True)
class Outcome:
    shown: str
    sent: bool
    why: Said = ""  # a failure's reason, safe to log (no URL, no token)


def _english(why: Say | None) -> str | None:
    return None if why is None else str(why)


def deliver(url: str, body: str, policy: NotifyPolicy) -> Outcome:
    """Send one notice now, every connection checked as it is made. Blocks (bounded by
    ``policy.timeout_s`` per connection); never raises."""
    shown = _scheme(url) + "://…"
    try:
        receiver = _receiver(url, policy)
        shown = mask(url, receiver)
        receiver.socket_connect_timeout = policy.timeout_s
        receiver.socket_read_timeout = policy.timeout_s
        from apprise import NotifyFormat

        with notify_guard.guarded(lambda address: _english(address_refusal(address, policy))):
            sent = bool(receiver.notify(body=body, title=TITLE, body_format=NotifyFormat.TEXT))
            refused = notify_guard.refused()
    except NotifyRefused as exc:
        return Outcome(shown, False, say(N_("no longer allowed ({why})"), why=exc.reason))
    except Exception as exc:  # a plugin's own failure: its type only (its text may hold the URL)
        return Outcome(shown, False, say(N_("the sender failed ({error})"),
                                         error=type(exc).__name__))
    if refused is not None:
        return Outcome(shown, False, say(N_("refused at sending: {why}"), why=refused))
    return Outcome(shown, sent, "" if sent else say(N_("the receiver did not accept it or "
                                                       "could not be reached")))
