"""The browser gateway's own words (the name form, the "starting…" and "Session ended"
notices around the terminal), written here as msgids and looked up per request in the
page's language (server/web/language.py; issue 38, docs/web.md "Languages")."""

from __future__ import annotations

from server.i18n import N_, Translator


def html_lang(language: str) -> str:
    """The page's ``<html lang>``: BCP 47 (``zh-CN``), not POSIX (``zh_CN``)."""
    return language.replace("_", "-")


WELCOME = {
    "heading": N_("Puerto Rico & San Juan"),
    "your_name": N_("Your name"),
    "play": N_("Play"),
    "watch": N_("Watch"),
    "note": N_("Letters, digits, spaces, dots and dashes; at most {columns} columns (a Chinese "
               "character takes two). The game runs in the page: keys as in the terminal (? "
               "for help)."),
}
"""The name form's words (templates/welcome.html)."""

TERMINAL = {
    "starting": N_("{title}: starting…"),
    "ended": N_("Session ended."),
    "again": N_("Play again"),
    "watching": N_("prtui: watching"),
}
"""The game page's own words around the terminal (templates/terminal.html)."""


def words(table: dict[str, str], language: str, **fields: str | int) -> dict[str, str]:
    """``table`` in ``language``, each text filled with ``fields`` where it names one."""
    tr = Translator(language, "server")
    return {key: tr(text).format(**fields) for key, text in table.items()}
