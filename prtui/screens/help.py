"""Help: the keys, then every part of the game explained, in the vocabulary shown.

Shared by every game: the entries come from the game's board (``help_sections``),
which takes the texts and numbers from the server's facts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from prtui.i18n import N_, _
from prtui.screens.words import speak_keys
from prtui.vocabulary import Vocabulary

if TYPE_CHECKING:
    from prtui.games import GameBoard


class HelpScreen(ModalScreen[None]):
    """A scrollable reference; opened on a topic it scrolls there first."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "dismiss", N_("Close"))]

    def __init__(self, board: GameBoard, vocab: Vocabulary, facts: Any,
                 focus_topic: str | None = None, in_play: Iterable[str] | None = None,
                 screen_keys: str | None = None) -> None:
        """``in_play``: the parts of the table shown (None: every part of the game);
        ``screen_keys``: every key of the screen it was opened on, footer or not."""
        super().__init__()
        self.screen_keys = screen_keys
        self.board = board
        self.vocab = vocab
        self.facts = facts
        self.focus_topic = focus_topic
        self.in_play = list(in_play) if in_play is not None else None

    def compose(self) -> ComposeResult:
        speak_keys(self)
        with VerticalScroll(id="help-body"):
            if self.screen_keys:
                yield Static(Text(_("Every key here: {keys}").format(keys=self.screen_keys),
                                  style="italic"),
                             id="help-screen-keys")
            yield Static(Text(self.board.keys_help, style="italic"), id="help-keys")
            for heading, entries in self.board.help_sections(self.vocab, self.facts, self.in_play):
                yield Static(Text(heading, style="bold underline"))
                for topic, title, body in entries:
                    yield self._entry(topic, title, body)
        yield Footer()

    def _entry(self, topic: str, title: str, text: str) -> Static:
        body = Text.assemble((title + "\n", "bold"))
        body.append(text)
        classes = "help-entry -topic" if topic == self.focus_topic else "help-entry"  # i18n: CSS
        return Static(body, id=f"help-{topic}", classes=classes)

    def on_mount(self) -> None:
        if self.focus_topic:
            target = self.query(f"#help-{self.focus_topic}")
            if target:
                self.call_after_refresh(target.first().scroll_visible, top=True, animate=False)
