"""Where my turn notices go while I am away (issue 37, item 5): the one address a
claimed name may register on a server that sends them (docs/protocol.md,
``notify_address``). The palette opens it (ctrl+p, "Turn notices while I am away").

The server keeps the address and checks it; this screen only says what is stored (the
server's masked form: an address can hold a token or a password, so it never comes
back in full), sends a new one, or removes it. What the server answers is shown as
plain text, never markup: the host part was typed by a person.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from prtui.i18n import N_, _, ngettext
from prtui.netclient import ConnectionClosed, NetError
from prtui.screens.words import server_words, speak_keys
from prtui.widgets.plain import shown

Ask = Callable[..., Awaitable[dict[str, Any]]]
"""Sends ``notify_address`` with the given fields; its ack's data, or raises NetError."""

EXAMPLES = {  # i18n: addresses, as typed (an example's words would not be a valid one)
    "ntfy": "ntfy://ntfy.sh/your-secret-topic",  # i18n: an address
    "ntfys": "ntfys://ntfy.sh/your-secret-topic",  # i18n: an address
    "mailto": "mailto://you:app-password@example.com",  # i18n: an address
    "mailtos": "mailtos://you:app-password@example.com",  # i18n: an address
    "json": "json://hooks.example.org/prtui",  # i18n: an address
    "jsons": "jsons://hooks.example.org/prtui"}  # i18n: an address


class NoticeAddressScreen(ModalScreen[None]):
    """Shows the address stored, sets a new one (Enter), removes it (ctrl+r) or has the
    server send a test notice to it (ctrl+t)."""

    DEFAULT_CSS = """
    NoticeAddressScreen { align: center middle; }
    NoticeAddressScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: thick $accent; background: $surface;
    }
    NoticeAddressScreen Static { height: auto; }
    #notice-now { margin-top: 1; }
    #notice-said { height: auto; min-height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("ctrl+r", "remove", N_("Remove my address")),
        Binding("ctrl+t", "test", N_("Send a test notice")),
    ]

    def __init__(self, ask: Ask, schemes: list[str]) -> None:
        super().__init__()
        self.ask = ask
        self.schemes = schemes
        self.address: str | None = None  # as the server last said (masked)
        self.busy = False

    def compose(self) -> ComposeResult:
        speak_keys(self)
        example = next((EXAMPLES[s] for s in self.schemes if s in EXAMPLES),
                       f"{self.schemes[0]}://..." if self.schemes else "")
        about = Text.assemble(
            (_("Turn notices while I am away"), "bold"), "\n",
            _("When it becomes your turn at a table and you are not connected, this server "
              "sends word to one address of yours (an apprise URL), once per table until "
              "you are back. It accepts: {schemes}.").format(
                  schemes=shown(", ".join(self.schemes))))
        with Vertical():
            yield Static(about, id="notice-help")
            yield Static(Text(_("Your address: asking the server…")), id="notice-now")
            yield Input(placeholder=example, id="notice-url")
            yield Static(Text(""), id="notice-said")
            yield Static(Text(_("enter: save · ctrl+t: send a test · ctrl+r: remove · esc: close"),
                              style="dim"),
                         id="notice-keys")

    def on_mount(self) -> None:
        self.query_one("#notice-url", Input).focus()
        self.run_worker(self._call("show"), group="notice")

    def _said(self, text: str, error: bool = False) -> None:
        self.query_one("#notice-said", Static).update(
            Text(shown(text, blank=""), style="bold red" if error else "green"))

    def _now(self, data: dict[str, Any]) -> None:
        address = data.get("address")
        self.address = address if isinstance(address, str) else None
        line = Text(_("Your address:") + " ")
        if self.address is None:
            line.append(_("none (no notices)"), style="dim")
        else:
            line.append(shown(self.address), style="bold")
            per_hour = data.get("per_hour")
            if isinstance(per_hour, int):
                line.append(" " + ngettext("(at most {n} notice an hour)",
                                           "(at most {n} notices an hour)", per_hour)
                            .format(n=per_hour), style="dim")
        self.query_one("#notice-now", Static).update(line)

    async def _call(self, op: str, url: str | None = None) -> None:
        self.busy = True
        fields: dict[str, Any] = {"op": op} if url is None else {"op": op, "url": url}
        try:
            data = await self.ask(**fields)
        except (NetError, ConnectionClosed, TimeoutError) as exc:
            reason = server_words(getattr(exc, "reason", None) or exc)
            self._said(_("Not done: {reason}").format(reason=reason), error=True)
            return
        finally:
            self.busy = False
        self._now(data)
        if op == "set":
            self.query_one("#notice-url", Input).value = ""
            self._said(_("Saved: notices of your turns go there while you are away."))
        elif op == "clear":
            self._said(_("Removed: no notices while you are away."))
        elif op == "test" and data.get("sent"):
            self._said(_("Sent: look at your receiver (phone, mailbox...)."))
        elif op == "test":
            why = data.get("why")
            self._said(_("Not sent: {reason}").format(
                reason=server_words(why) if why else _("the receiver did not take it")),
                error=True)

    @on(Input.Submitted, "#notice-url")
    def save(self, event: Input.Submitted) -> None:
        url = event.value.strip()
        if not url:
            self._said(_("Type an address first (or ctrl+r to remove yours)."), error=True)
            return
        self._said(_("Checking…"))
        self.run_worker(self._call("set", url), group="notice")

    def action_remove(self) -> None:
        self.run_worker(self._call("clear"), group="notice")

    def action_test(self) -> None:
        self._said(_("Sending…"))
        self.run_worker(self._call("test"), group="notice")

    def action_close(self) -> None:
        self.dismiss(None)
