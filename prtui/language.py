"""Which language this client's reader reads (issue 38): ``--lang``, else the language
they chose in the command palette and kept (settings.json), else their environment's,
else English (server.i18n.choose; docs/translating.md, "Choosing the language").

"Their environment" is this process's LANGUAGE/LC_ALL/LC_MESSAGES/LANG, except in a
session the SSH or web gateway started: there the process runs on the host, whose
locale says nothing about the player, so the gateway puts the player's own language
(what their ssh client sent with SendEnv, or their browser's Accept-Language) in
``PRTUI_PLAYER_LANG``, empty when they said none, and only that counts.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from server.i18n import LANGUAGES, choose, normalize

PLAYER_LANG_ENV = "PRTUI_PLAYER_LANG"  # set by server/ssh/gateway.py and server/web/gateway.py


def reader_language(flag: str | None, setting: str | None,
                    environ: Mapping[str, str] | None = None) -> str:
    """The language to read in (a key of server.i18n.LANGUAGES)."""
    env = os.environ if environ is None else environ
    if PLAYER_LANG_ENV in env:  # a gateway's session: the player's, never the host's
        env = {"LANG": env[PLAYER_LANG_ENV]}
    return choose(flag, setting, env)


def known(value: str | None) -> str | None:
    """``value`` as a language we have (``zh``, ``zh-CN``, ``zh_CN.UTF-8``...), else None."""
    found = normalize(value)
    return found if found in LANGUAGES else None


def languages_list() -> str:
    """Every language, by its code and its own name: ``en (English), zh_CN (中文（简体）)``."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def scan_argv(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """``--lang`` and ``--data`` as written on the command line, read before the parser is
    built: its help is shown in the language they choose. The parser reads them again
    (an abbreviation, ``--la``, counts from there)."""
    found: dict[str, str | None] = {"--lang": None, "--data": None}
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        flag, eq, value = arg.partition("=")
        if flag in found:
            found[flag] = value if eq else (args[i + 1] if i + 1 < len(args) else None)
    return found["--lang"], found["--data"]
