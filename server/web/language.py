"""The language of a browser page: the first of the page's Accept-Language that has a
catalog, else English (issue 38; docs/web.md, "Languages").

The gateway's own words (the name form, the "starting…" and "Session ended" notices, a
refusal) are said in it; they are written here as msgids, looked up per request.
"""

from __future__ import annotations

from server.i18n import N_, SOURCE, Translator, normalize

MAX_HEADER = 1024  # more is not a browser's: read no further


def from_accept_language(header: str | None) -> str:
    """``zh-CN,zh;q=0.9,en;q=0.8`` -> ``zh_CN``: the tags by their weight (q, 1 when
    absent; q=0 means "not this"), in order for equal weights; the first we have."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "")[:MAX_HEADER].split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and weight > 0:
            ranked.append((-weight, i, tag.strip()))
    for _, _, tag in sorted(ranked):
        if tag == "*":
            return SOURCE
        found = normalize(tag)
        if found is not None:
            return found
    return SOURCE


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
