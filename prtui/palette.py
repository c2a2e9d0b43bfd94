"""The command palette's own entries in the reader's language: Textual's commands
(Theme, Quit, Keys...) and the choice of language (ctrl+p, "Language / 语言"), and
how a screen is drawn again when the reader switches it."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from prtui.i18n import N_, _, language
from server.i18n import LANGUAGES, Translator

# Textual's system commands (textual/app.py App.get_system_commands), for the catalog
TEXTUAL_WORDS = (
    N_("Theme"), N_("Change the current theme"),
    N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)


def textual_commands(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Textual's commands, their titles and help looked up (a new one reads as written)."""
    for command in commands:
        yield command._replace(title=_(command.title), help=_(command.help))


def language_word() -> str:
    """"Language" in English and in every language we have ("Language / 语言"): the
    entry is found by whoever cannot read the language shown now."""
    words = [Translator(code, "prtui")(N_("Language")) for code in LANGUAGES]
    return " / ".join(dict.fromkeys(words))


def language_commands(setting: str | None,
                      switch: Callable[[str | None], None]) -> Iterator[SystemCommand]:
    """One entry per language, named in its own words, and one to follow the
    environment again; ``switch`` gets the code (None: the environment's)."""
    prefix = language_word()
    now = language()
    for code, name in LANGUAGES.items():
        if code == now:
            help_text = _("The language shown now (kept for next time)")
        else:
            help_text = _("Read everything in {language} from now on, kept for next "
                          "time").format(language=name)
        yield SystemCommand(f"{prefix}: {name}", help_text,
                            lambda code=code: switch(code))
    if setting is not None:
        automatic = _("automatic")
        yield SystemCommand(
            f"{prefix}: {automatic}",
            _("The language your terminal, ssh client or browser asks for, as when "
              "nothing was chosen"),
            lambda: switch(None))


def fills_on_mount(screen: Screen[Any]) -> bool:
    """Whether the screen's own class fills its parts as it mounts (a table's columns
    and rows, a chat's lines): composing it again would leave them empty."""
    return any("on_mount" in vars(cls) or "_on_mount" in vars(cls)
               for cls in type(screen).__mro__
               if issubclass(cls, Screen) and cls.__module__.startswith("prtui."))


async def redraw_screen(screen: Screen[Any]) -> None:
    """``screen`` in the language now. A screen with a ``language_changed`` method is
    left to it (it knows what its parts keep); a board draws its game again from the
    state it holds (never composed anew: its game, log, chat and numbering stay); a
    screen made whole by ``compose`` is composed again; one that fills its parts as it
    mounts is repainted (what it words as it draws follows; what it composed waits
    for its ``language_changed``: docs/translating.md, "Choosing the language")."""
    hook = getattr(screen, "language_changed", None)
    if callable(hook):
        result = hook()
        if inspect.isawaitable(result):
            await result
    elif callable(getattr(screen, "render_snapshot", None)):
        if screen.is_mounted:
            screen.render_snapshot()  # type: ignore[attr-defined]
    elif type(screen).__module__.startswith("prtui.") and not fills_on_mount(screen):
        await screen.recompose()  # (Textual's own screens, the palette: repainted only)
    else:
        for widget in screen.query("*"):
            widget.refresh(layout=True)
