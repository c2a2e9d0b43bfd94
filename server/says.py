"""What the server says to a person (a refusal, a notice, a gateway's line), kept as its
message id and named fields until it is said, so each reader reads it in their own
language (issue 38; docs/protocol.md, "Languages").

A ``Say`` is made where the sentence is written: ``say(N_("seats are 0..{last}"),
last=3)``: the English text is the catalog's msgid (the ``server`` domain), marked with
``N_`` so ``make catalogs`` finds it; the values go in by name, after the lookup, so a
translator may move them and a name someone typed stays plain text. The wire carries
the sentence rendered in the connection's language plus ``msgid`` and ``fields``, so a
client may render it again itself (its reader switched language meanwhile).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from server.i18n import SOURCE, Translator

Field: TypeAlias = "str | int | float | Say"
"""A value put into a sentence: a name, a number, a code, or a phrase of its own (a
``Say``, rendered in the same language first: "{address}, a private address")."""


@dataclass(frozen=True, slots=True)
class Say:
    """One sentence for a person: its msgid (English, ``{name}`` fields) and values."""

    msgid: str
    fields: Mapping[str, Field] = field(default_factory=dict)
    domain: str = "server"

    def to(self, language: str) -> str:
        """The sentence in ``language`` (a key of server.i18n.LANGUAGES)."""
        text = Translator(language, self.domain)(self.msgid)
        if not self.fields:
            return text
        return text.format(**{k: v.to(language) if isinstance(v, Say) else v
                              for k, v in self.fields.items()})

    def wire(self, language: str, key: str) -> dict[str, Any]:
        """The frame fields that carry it: ``key`` (rendered), ``msgid`` and ``fields``."""
        out: dict[str, Any] = {key: self.to(language), "msgid": self.msgid}
        if self.fields:
            out["fields"] = self.data()["fields"]
        return out

    def data(self) -> dict[str, Any]:
        """As plain data: ``{"msgid", "fields"}``, a phrase in a field as the same."""
        return {"msgid": self.msgid,
                "fields": {k: v.data() if isinstance(v, Say) else v
                           for k, v in self.fields.items()}}

    def __str__(self) -> str:
        """English (the logs, an exception's text)."""
        return self.to(SOURCE)


def say(msgid: str, **fields: Field) -> Say:
    """``say(N_("no room with that id"))``; values by name: ``say(N_("step must be
    0..{last}"), last=9)``."""
    return Say(msgid, fields)


Said = Say | str
"""A reason as a frame builder takes it: a ``Say``, or a text not ours to translate
(an engine's message, passed through as it came)."""


def wire(reason: Said, language: str, key: str) -> dict[str, Any]:
    """The frame fields for ``reason`` in ``language`` (a plain text: ``key`` alone)."""
    return reason.wire(language, key) if isinstance(reason, Say) else {key: reason}


def reason_of(exc: BaseException) -> Said:
    """What to tell a person of ``exc``: the ``Say`` it carries (``said``: an engine's
    refusal), else its own text, cut to 200 characters (a game's message, not ours)."""
    said = getattr(exc, "said", None)
    return said if isinstance(said, Say | str) else str(exc)[:200]


def text(reason: Said, language: str) -> str:
    """``reason`` as a reader in ``language`` reads it (a plain text as it is)."""
    return reason.to(language) if isinstance(reason, Say) else reason
