"""A yes/no question over the current screen, for steps that are hard to undo (leaving
a room you host or sit in, leaving or quitting a local game)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Static

from prtui.i18n import N_, _
from prtui.screens.words import speak_keys
from prtui.widgets.plain import shown


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True on y (or Enter), False on n (or Esc)."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Static {
        width: 60; max-width: 100%; height: auto; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        speak_keys(self)
        text = Text.assemble((shown(self.question, blank=""), "bold"))
        if self.detail:
            text.append("\n\n").append(shown(self.detail, blank=""))
        text.append("\n\n").append(_("y: yes · n or escape: no"))
        yield Static(text, id="confirm")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ChoiceScreen(ModalScreen[str | None]):
    """A question with a few answers, each on its key; Esc answers None (nothing done)."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Static {
        width: 64; max-width: 100%; height: auto; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    """

    def __init__(self, question: str, detail: str, answers: list[tuple[str, str, str]]) -> None:
        """``answers``: (key, what it does, the value dismissed with)."""
        super().__init__()
        self.question = question
        self.detail = detail
        self.answers = answers

    def compose(self) -> ComposeResult:
        text = Text.assemble((shown(self.question, blank=""), "bold"))
        if self.detail:
            text.append("\n\n").append(shown(self.detail, blank=""))
        text.append("\n")
        for key, what, _value in self.answers:
            text.append("\n").append(key, style="bold reverse").append(f" {what}")
        text.append("\n").append("esc", style="bold reverse").append(
            " " + _("neither: back to the table"))
        yield Static(text, id="choice")

    def on_key(self, event: Key) -> None:
        for key, _what, value in self.answers:
            if event.key == key:
                event.stop()
                self.dismiss(value)
                return
        if event.key == "escape":
            event.stop()
            self.dismiss(None)
