"""The language a browser's page asks for: its ``Accept-Language`` header (sent with
the page and with its websocket), read for the first language we have a catalog for,
by the weights the browser gave (docs/translating.md, "Choosing the language")."""

from __future__ import annotations

from server.i18n import LANGUAGES, normalize

MAX_TAGS = 32  # a browser sends a handful; more is not a browser's


def page_language(header: str | None) -> str | None:
    """``zh-CN,zh;q=0.9,en;q=0.8`` -> ``zh_CN``; None if it names none of ours."""
    if not header:
        return None
    weighted: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")[:MAX_TAGS]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag.strip() and tag.strip() != "*" and weight > 0:
            weighted.append((-weight, order, tag.strip()))
    for _, _, tag in sorted(weighted):
        found = normalize(tag)
        if found in LANGUAGES:
            return found
    return None
