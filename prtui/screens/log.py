"""The game log read back as an overlay (`l` on the board screen).

The log at the side of the board shows the last lines as they come; reading further back
wants width, which the table cannot spare. So `l` lays the whole log over the board,
wide and tall, scrolled to its end; the board underneath keeps its layout. New lines
keep coming in while it is open (the board's log hands them on). Esc, `l` or `q` close it.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

from prtui.i18n import N_, _
from prtui.widgets.feed import GameLog, RewrapLog
from prtui.widgets.footer import CatalogFooter


class LogReader(ModalScreen[None]):
    """The board's log over the board: ↑↓ PgUp PgDn Home End scroll it."""

    DEFAULT_CSS = """
    LogReader { align: center middle; }
    LogReader #log-reader { width: 90%; height: 90%; background: $surface;
                            border: round $accent; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,l,q", "dismiss", N_("Close"))]

    def __init__(self, source: GameLog) -> None:
        super().__init__()
        self.source = source
        self._reader: RewrapLog | None = None

    def compose(self) -> ComposeResult:
        reader = RewrapLog(max_lines=self.source.kept_lines, id="log-reader")
        reader.border_title = _("Log (↑↓ PgUp PgDn Home End; Esc closes)")
        yield reader
        yield CatalogFooter()

    def on_mount(self) -> None:
        reader = self._reader = self.query_one(RewrapLog)
        reader.write_lines(self.source.kept())
        self.source.mirror = reader  # lines written from now on come here too
        reader.focus()

    def on_unmount(self) -> None:
        if self.source.mirror is self._reader:
            self.source.mirror = None
