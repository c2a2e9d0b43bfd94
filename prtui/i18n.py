"""The client's words in the reader's language: ``_`` for a text, ``N_`` to mark one
that must be looked up later (class-level bindings, tables made at import).

One client is one process with one reader (an SSH or browser session runs a client
process of its own), so the language is the process's: ``set_language`` once at start
(``--lang``, the kept setting, the environment: server.i18n.choose), and again when the
reader switches it. Texts marked with ``N_`` are looked up where they are shown, so a
switch shows at the next redraw.
"""

from __future__ import annotations

from server.i18n import SOURCE, Translator

_current: dict[str, Translator] = {}
_language = SOURCE


def set_language(language: str) -> None:
    """Read every text from now on in ``language`` (a key of server.i18n.LANGUAGES)."""
    global _language
    _language = language
    _current.clear()


def language() -> str:
    return _language


def translator(domain: str = "prtui") -> Translator:
    """The current language's catalog of ``domain`` (``server`` for what the server
    says, a game's id for its words)."""
    found = _current.get(domain)
    if found is None:
        found = _current[domain] = Translator(_language, domain)
    return found


def _(message: str) -> str:
    """``message`` (English, as written in the code) in the reader's language."""
    return translator()(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without looking it up now: whoever shows it
    calls ``_`` on it then (a binding's description, a table of labels)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted text for ``n`` (one form in Chinese, two in English)."""
    return translator().plural(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English reads differently by ``context``."""
    return translator().keyed(context, message)
