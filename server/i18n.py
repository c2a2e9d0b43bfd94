"""Languages and message catalogs: which language a reader asked for, and its catalogs.

Every word a person reads comes from a gettext catalog (issue 38). A language is one
``.po`` file per domain under ``server/locale/<language>/LC_MESSAGES/``, compiled to a
``.mo`` beside it by ``make catalogs`` (server/tools/catalogs.py, with Babel); adding a
language is adding files, no code. The domains:

    prtui        the client's own words: screens, footer keys, help, notices
    server       what the server says to a person: refusals, notices, option titles
    puerto_rico  the game's words and texts (its .toml files; msgctxt is the key)
    san_juan     the same for San Juan

English is the source language: its msgids are the texts themselves, so English needs
no catalog. This module imports nothing of the project (the client, the server and the
games all read it) and loads only the stdlib's ``gettext``: Babel is needed only to
extract and compile.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

SOURCE = "en"
"""The language the code is written in (msgids); it has no catalog."""

DOMAINS = ("prtui", "server", "puerto_rico", "san_juan")


_TAG = re.compile(r"^([A-Za-z]{2,3})(?:[-_]([A-Za-z0-9]{2,8}))?")
_ALIASES = {"zh": "zh_CN", "zh_hans": "zh_CN", "zh_sg": "zh_CN", "zh_cn": "zh_CN"}


def normalize(tag: str | None) -> str | None:
    """A language as the catalogs name it, from a POSIX locale ("zh_CN.UTF-8"), a BCP 47
    tag ("zh-Hans-CN", "zh-CN") or a bare language ("zh"); None if no catalog has it.
    "C" and "POSIX" are English."""
    if not tag:
        return None
    tag = tag.strip().split(".")[0].split("@")[0]
    if tag in ("C", "POSIX"):
        return SOURCE
    m = _TAG.match(tag)
    if m is None:
        return None
    lang = m.group(1).lower()
    region = (m.group(2) or "").lower()
    for key in (f"{lang}_{region}" if region else "", lang):
        if not key:
            continue
        if key in _ALIASES:
            return _ALIASES[key]
        for known in LANGUAGES:
            if known.lower() == key:
                return known
    return None


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for: LC_ALL, else LC_MESSAGES, else LANG (the
    POSIX order; LANGUAGE's list is read first, as GNU gettext does). None if it names
    no language we have."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            found = normalize(part)
            if found is not None:
                return found
        if name != "LANGUAGE":
            return None  # set, and not one of ours: the later ones do not count
    return None


def choose(flag: str | None, setting: str | None,
           environ: Mapping[str, str] | None = None) -> str:
    """The reader's language: ``--lang``, else the setting they chose and kept, else the
    environment's (over SSH the client's LANG), else English (docs/translating.md)."""
    for candidate in (flag, setting):
        found = normalize(candidate)
        if found is not None:
            return found
    return from_environment(environ) or SOURCE


@cache
def catalog(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``language`` (none for English or a missing
    file: then every text reads as written)."""
    if language == SOURCE:
        return gettext.NullTranslations()
    path = resources.files("server.locale").joinpath(language, "LC_MESSAGES", f"{domain}.mo")
    try:
        with path.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    except (FileNotFoundError, OSError):
        return gettext.NullTranslations()


def languages_in(root: Traversable) -> dict[str, str]:
    """English and every folder of ``root`` (server/locale) with catalogs, each named in
    its own words: its ``server`` catalog's translation of "English" in the context
    "language name" (a folder whose catalog lacks it is named by its folder)."""
    found = {SOURCE: "English"}
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        messages = entry.joinpath("LC_MESSAGES")
        if entry.name.startswith(("_", ".")) or not messages.is_dir():
            continue
        try:
            with messages.joinpath("server.mo").open("rb") as fh:
                own: gettext.NullTranslations = gettext.GNUTranslations(fh)
        except OSError:
            own = gettext.NullTranslations()
        name = own.pgettext("language name", "English")
        found[entry.name] = name if name != "English" else entry.name
    return found


LANGUAGES: dict[str, str] = languages_in(resources.files("server.locale"))
"""The languages with catalogs, each named in its own words (the menu shows these):
found from the files, so adding a language is adding its folder of catalogs."""


class Translator:
    """One reader's language: texts of one domain, looked up in its catalog."""

    __slots__ = ("_catalog", "domain", "language")

    def __init__(self, language: str, domain: str) -> None:
        self.language = language
        self.domain = domain
        self._catalog = catalog(language, domain)

    def __call__(self, message: str) -> str:
        return self._catalog.gettext(message) if message else message

    def plural(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    def keyed(self, context: str, message: str) -> str:
        """A text that has a key (a game's texts.toml, an error code): the key is its
        msgctxt, so two keys with one English text may read differently."""
        return self._catalog.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without looking it up: server code (a game's
    option titles, a refusal's reason) says English, and the reader's side looks it up."""
    return message
