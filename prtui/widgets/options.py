"""Widgets for a game's options on the new-game form (prtui/screens/newgame.py).

A yes/no option is one checkbox whose label says its state in words; an option that
takes any set of its choices ("multi": Puerto Rico's expansions) is one such checkbox
per choice, with the line the game gives about it beside (``abouts``), its value the
chosen ones in the order the game lists them. Words come
from the server's catalog and are shown as plain text.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Checkbox

from prtui.i18n import _


class OptionFlag(Checkbox):
    """A yes/no option whose label says its state in words ("Open VP: off"): the box
    alone ("▐X▌") differs only by colour, which some themes make hard to see."""

    def __init__(self, title: Text, about: Text | None, value: bool, *, id: str,
                 classes: str = "", beside: bool = False) -> None:
        """``beside``: the ``about`` after a dot, dim (one line per choice of a set)."""
        self.title, self.about, self.beside = title, about, beside
        super().__init__(self._state_label(value), value=value, id=id, classes=classes)

    def _state_label(self, value: bool) -> Text:
        text = self.title.copy().append(": ")
        text.append(_("on") if value else _("off"), style="bold" if value else "")
        if self.about is not None and self.beside:
            text.append(" · ", style="dim").append(self.about.plain, style="dim")
        elif self.about is not None:
            text.append(" (").append_text(self.about).append(")")
        return text

    def watch_value(self) -> None:
        super().watch_value()
        self.label = self._state_label(self.value)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the label wraps to (a Checkbox is always one line, which cut a
        long option's description off at the form's edge); one unless styled to wrap."""
        if self.styles.text_wrap != "wrap":
            return 1
        return max(1, len(self.render().wrap(width)))

    def render(self) -> Content:
        """A Checkbox pads its label with a space on the right too; wrapping, a label that
        filled the width exactly was then drawn one cell too wide and cut with "…"."""
        if self.styles.text_wrap != "wrap" or not self._button_first:
            return super().render()
        label = self._label.pad(1, 0).stylize_before(self.get_visual_style("toggle--label"))  # i18n: a component class
        return Content.assemble(self._button, label)


class OptionChoices(Vertical):
    """Any set of an option's choices: one OptionFlag per choice ("I: New Buildings: on")."""

    DEFAULT_CSS = """
    OptionChoices { height: auto; width: 1fr; padding: 1 0; }
    OptionChoices Checkbox { width: 1fr; height: 1; border: none; padding: 0 1; }
    OptionChoices Checkbox:focus { border: none; background: $boost; }
    """

    def __init__(self, choices: list[tuple[str, Text]], chosen: list[str], *, id: str,
                 abouts: list[Text] | None = None) -> None:
        """``abouts``: one line per choice, what it adds (shown beside its box)."""
        super().__init__(id=id, classes="option-choices")
        self.choices = choices
        self.abouts = abouts if abouts and len(abouts) == len(choices) else None
        self._chosen = set(chosen)

    def compose(self) -> ComposeResult:
        for j, (value, label) in enumerate(self.choices):
            about = self.abouts[j] if self.abouts else None
            yield OptionFlag(label, about, value in self._chosen, id=f"{self.id}-{j}",
                             beside=True)

    @property
    def value(self) -> list[str]:
        """The choices ticked, in the game's order."""
        flags = list(self.query(OptionFlag))
        if not flags:  # not composed yet: what it was created with
            return [v for v, _ in self.choices if v in self._chosen]
        return [v for (v, _about), flag in zip(self.choices, flags, strict=True) if flag.value]

    @value.setter
    def value(self, chosen: list[str]) -> None:
        self._chosen = set(chosen)
        for (v, _about), flag in zip(self.choices, self.query(OptionFlag), strict=False):
            flag.value = v in self._chosen
