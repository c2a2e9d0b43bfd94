"""Help: every role and building explained, in the table's vocabulary."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from prtui.helptext import BUILDINGS, ROLES
from prtui.vocabulary import Vocabulary

KEYS = (
    "Keys: 1-9,0 take the numbered action · a actions list · b building supply · "
    "? help (on a focused building: its help) · c chat · v classic/1897 names · "
    "f follow a seat (spectators) · ctrl+p command palette (themes)"
)


class HelpScreen(ModalScreen[None]):
    """A scrollable reference; opened on a topic it scrolls there first."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def __init__(self, vocabulary: str = "classic", focus_topic: str | None = None) -> None:
        super().__init__()
        self.vocab = Vocabulary(vocabulary)
        self.focus_topic = focus_topic

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(Text(KEYS, style="italic"), id="help-keys")
            yield Static(Text("Roles", style="bold underline"))
            for role, text in ROLES.items():
                if role == "prospector2":
                    continue
                yield self._entry(role, self.vocab.title(role), text)
            yield Static(Text("Buildings (cost / VP / circles / column)", style="bold underline"))
            for bid, facts in BUILDINGS.items():
                title = f"{self.vocab.title(bid)}  {facts.cost}$ / {facts.vp} VP / {facts.circles}○ / col {facts.column}"
                if facts.large:
                    title += " / large"
                yield self._entry(bid, title, facts.text)
        yield Footer()

    def _entry(self, topic: str, title: str, text: str) -> Static:
        body = Text.assemble((title + "\n", "bold"))
        body.append(text)
        classes = "help-entry -topic" if topic == self.focus_topic else "help-entry"
        return Static(body, id=f"help-{topic}", classes=classes)

    def on_mount(self) -> None:
        if self.focus_topic:
            target = self.query(f"#help-{self.focus_topic}")
            if target:
                self.call_after_refresh(target.first().scroll_visible, top=True, animate=False)
