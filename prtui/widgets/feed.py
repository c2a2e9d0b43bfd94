"""The scrolling game log and the table chat.

Log lines are shown in the vocabulary of the board: a line the server sent with a
template is rendered in it (prtui/vocabulary.py), and switching the vocabulary writes
the log again, so old lines speak the new words too. Both logs wrap their lines to
their width when written and write them again when their width changes (a terminal or
an SSH window resized), so a line is re-wrapped, never clipped. A rule marks where each
round begins ("── Round 5 ──"): before the line the server marks as opening the round
(its ``round`` field), else before the first lines written once the view's round number
went up. The rule never reads the words: a player named "Round 99" is just a name.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Resize
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, RichLog

from prtui.i18n import N_, _
from prtui.vocabulary import Vocabulary
from prtui.widgets.plain import plain, shown


class RewrapLog(RichLog):
    """A RichLog of wrapped text lines that wraps them again when its width changes.

    RichLog renders a line once, at the width it has then: after a resize, old lines
    were clipped (narrower) or kept short (wider). The texts written (as many as it
    keeps) are remembered and written again at the new width. It shows the last
    ``max_lines`` and may keep more (``kept_lines``, for a reader of the whole log);
    only lines shown are rendered, so a long game's log costs a board joined late no
    more than a short one's."""

    def __init__(self, max_lines: int, kept_lines: int | None = None, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=max_lines, min_width=16, **kwargs)
        self._texts: deque[Text] = deque(maxlen=max(max_lines, kept_lines or 0))
        self._wrapped_at = 0  # the content width the lines were last wrapped to

    @property
    def kept_lines(self) -> int:
        """How many written lines are kept (shown or not)."""
        return int(self._texts.maxlen or 0)

    def write_line(self, text: Text) -> None:
        """Add one line (it wraps to the width), remembered for a re-wrap."""
        self.write_lines([text])

    def write_lines(self, texts: list[Text]) -> None:
        """Add lines; of many at once, only the last ``max_lines`` are rendered (the
        others would scroll out as they are written)."""
        self._texts.extend(texts)
        self._writing = True
        try:
            for text in texts[-int(self.max_lines or len(texts)):]:
                self.write(text)
        finally:
            self._writing = False

    _writing = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        """A line written grows only the scrolled content, never the log's own box: its
        scrollbar is updated here instead of a layout of the whole screen (which was
        two thirds of a move's time on a 160x50 board, `prtui bench client`). A
        scrollbar that appears or goes still asks for the layout itself."""
        if layout and self._writing and self.is_mounted:
            self._scroll_update(self.virtual_size)
            layout = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def clear(self) -> Self:
        self._texts.clear()
        return super().clear()

    def on_resize(self, event: Resize) -> None:
        """Runs before RichLog's own handler (Textual calls each class's), which writes
        the lines held back until the first size is known: those wrap to it anyway."""
        width = self.scrollable_content_region.width
        if width <= 0 or width == self._wrapped_at:  # hidden (the compact chat): later
            return
        known, self._wrapped_at = self._size_known, width
        if not known or not self._texts:
            return
        shown = list(self._texts)[-int(self.max_lines or len(self._texts)):]
        super().clear()
        for text in shown:
            self.write(text, scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)


def round_rule(number: int) -> Text:
    return Text("── " + _("Round {number}").format(number=number) + " ──", style="bold")


PANEL_LINES = 150
"""Lines the board's log panel shows (and renders): `l` reads back the rest."""
KEPT_LINES = 500
"""Lines the board's log keeps for `l` (the log reader)."""


class GameLog(RewrapLog):
    """Log lines from the server, each written once (keyed by its number), with a rule
    where each round begins."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_lines=PANEL_LINES, kept_lines=KEPT_LINES, **kwargs)
        self._last_n = -1
        self._round = 0  # the round of the last rule written (0: none yet)
        self._vocab: Vocabulary | None = None  # the words the lines were written in
        self.mirror: RewrapLog | None = None  # the overlay reading the log back (`l`)

    def kept(self) -> list[Text]:
        """The lines kept, oldest first."""
        return list(self._texts)

    def write_lines(self, texts: list[Text]) -> None:
        super().write_lines(texts)
        if self.mirror is not None:
            self.mirror.write_lines(texts)

    @property
    def last_n(self) -> int:
        return self._last_n

    def restart(self) -> None:
        """Empty the log (a replay stepped back): the next extend writes from the start."""
        self.clear()
        if self.mirror is not None:
            self.mirror.clear()
        self._last_n = -1
        self._round = 0

    def extend(self, entries: list[dict[str, Any]], vocab: Vocabulary | None = None,
               names: Sequence[str] = (), round_number: object = None) -> None:
        """Write the lines not written yet; all of them again (as many as are kept) when
        the vocabulary changed. Names in a template are the seats' (``{p:N}``);
        ``round_number`` is the view's round."""
        if vocab is not self._vocab:
            self._vocab = vocab
            if self._last_n >= 0:
                self.restart()
                entries = entries[-self.kept_lines:]
        new = [e for e in entries if int(e.get("n", self._last_n + 1)) > self._last_n]
        opens = [self._opens(e) for e in new]
        now = round_number if isinstance(round_number, int) else 0
        if new and self._round and now > self._round and not any(opens):
            self._rule(now)  # the round went up without its opening line among these
        texts: list[Text] = []
        for entry, number in zip(new, opens, strict=True):
            if number:
                self._round = number
                texts.append(round_rule(number))
            self._last_n = int(entry.get("n", self._last_n + 1))
            text = vocab.text(entry, "text", names) if vocab else entry.get("text", "")
            texts.append(plain(text, blank=""))
        self.write_lines(texts)
        self._round = max(self._round, now)

    def _opens(self, entry: dict[str, Any]) -> int:
        """The round a line opens (the server's ``round`` field), 0 for any other line."""
        number = entry.get("round")
        if not isinstance(number, int) or isinstance(number, bool):
            return 0
        return number if number > self._round else 0

    def _rule(self, number: int) -> None:
        self._round = number
        self.write_line(round_rule(number))


CHAT_PLACEHOLDER = N_("chat… (Enter to send)")
SHORT_CHAT_PLACEHOLDER = N_("chat… Enter sends")
"""For a narrow chat column (the lobby's at 80x24), where the longer one read
"chat… (Enter"."""


class ChatPanel(Vertical):
    """Chat lines and an input; Enter sends. Sending, or Esc, gives the keys back to
    where they were before the chat (the seats, the rooms, my actions), so the screen's
    one-letter keys act again instead of typing into the chat, and Esc never reaches
    the screen's own Esc (leave) from inside the chat. Its size and place are the
    screen's (lobby.tcss, room.tcss, game.tcss)."""

    DEFAULT_CSS = """
    ChatPanel > #chat-log { height: 1fr; border: none; }
    ChatPanel > #chat-input { height: 3; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave_input", N_("Back"), show=False)]

    class Send(Message):
        def __init__(self, panel: ChatPanel, text: str) -> None:
            super().__init__()
            self.panel = panel
            self.text = text

        @property
        def control(self) -> ChatPanel:
            return self.panel

    def __init__(self, placeholder: str = CHAT_PLACEHOLDER, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._return_to: Widget | None = None  # focused before the chat was
        self._placeholder = _(placeholder)  # N_-marked, looked up as the panel is made

    def compose(self) -> ComposeResult:
        yield RewrapLog(max_lines=200, id="chat-log")
        yield Input(placeholder=self._placeholder, id="chat-input")

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._focus_moved, init=False)

    def _inside(self, widget: Widget) -> bool:
        return widget is self or self in widget.ancestors

    def _focus_moved(self, old: Widget | None, new: Widget | None) -> None:
        if new is not None and self._inside(new) and old is not None and not self._inside(old):
            self._return_to = old

    def action_leave_input(self) -> None:
        """Focus back where it was; else the screen's first focusable widget outside."""
        target = self._return_to
        if target is None or not target.is_attached or not target.focusable:
            target = next((w for w in self.screen.focus_chain if not self._inside(w)), None)
        if target is not None:
            target.focus()
        else:
            self.screen.set_focus(None)

    def add_line(self, who: str, text: str) -> None:
        line = Text(f"{shown(who, 32)}: {shown(text, blank='')}")
        self.query_one("#chat-log", RewrapLog).write_line(line)
        if not self.region.area:  # the chat is closed (a small board): say it arrived
            self.notify(line.plain, title=_("Chat (c opens it)"), markup=False)

    @on(Input.Submitted, "#chat-input")  # i18n: a selector
    def _send(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.Send(self, event.value.strip()))
        event.input.value = ""
        self.action_leave_input()
