"""The command palette's own entries in the reader's language: Textual's commands
(Theme, Quit, Keys...) and the choice of language (ctrl+p, "Language / 语言")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from textual.app import SystemCommand

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
        if code == setting or (setting is None and code == now):
            help_text = _("The language shown now (kept for next time)")
        else:
            help_text = _("Read everything in {language} from now on, kept for next "
                          "time").format(language=name)
        yield SystemCommand(f"{prefix}: {name}", help_text,
                            lambda code=code: switch(code))
    if setting is not None:
        yield SystemCommand(
            f"{prefix}: {_('automatic')}",
            _("The language your terminal, ssh client or browser asks for, as when "
              "nothing was chosen"),
            lambda: switch(None))
