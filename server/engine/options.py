"""Typed game options, after OpenSpiel's parameter specification.

A game declares ``options_spec``: one ``OptionSpec`` per option it accepts. That spec
is the single description of the options: the game's ``normalize_options`` checks
against it (``normalize``), the server sends it to clients (``list_games``) so the
new-game form builds its widgets from it, the engine CLI answers it (``games``,
``describe``), and the launchers parse ``--option KEY=VALUE`` by its types
(``parse_assignments``). As data (``to_data``) it is plain JSON/msgpack.

Every game also accepts ``names`` (the seats' display names, see the contract); it is
not part of the spec because it is the server's to fill, never a player's choice.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from server.engine.errors import InvalidOptions
from server.i18n import N_
from server.says import Say, say

OPTION_TYPES = ("bool", "int", "choice", "str", "multi")
"""bool: true/false · int: a whole number in [min, max] · choice: one of ``choices``
(strings) · str: free text of at most ``max_len`` characters · multi: any set of
``choices``, as a list in the order of ``choices`` (each at most once; [] = none)."""

NONE_WORDS = ("", "none", "-")  # a "multi" option typed as nothing

TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts: its type, default, allowed values and meaning."""

    name: str
    type: str
    default: Any
    description: str  # one line, shown by forms and --help
    title: str = ""  # a short label for a form ("Edition"); the name when empty
    choices: tuple[str, ...] = ()  # "choice"/"multi": the allowed values
    labels: tuple[str, ...] = ()  # "choice"/"multi": a human name per value (optional)
    abouts: tuple[str, ...] = ()  # "multi": one short line per value, what it adds (optional)
    min: int | None = None  # "int": inclusive bounds (None: unbounded)
    max: int | None = None
    max_len: int = 64  # "str": the longest value
    reveals_hidden: bool = False  # "bool" only: when true, everyone sees what any seat sees

    def __post_init__(self) -> None:
        """A malformed spec is a bug in the game module: fail at import, not in play."""
        if not self.name or not self.name.replace("_", "").isalnum() or self.name == "names":
            raise ValueError(f"bad option name {self.name!r}")
        if self.type not in OPTION_TYPES:
            raise ValueError(f"option {self.name}: type must be one of {OPTION_TYPES}")
        if self.type in ("choice", "multi") and (
            not self.choices or not all(isinstance(c, str) for c in self.choices)
        ):
            raise ValueError(f"option {self.name}: a {self.type} needs string choices")
        if self.type == "multi" and any("," in c or c.strip() != c for c in self.choices):
            raise ValueError(f"option {self.name}: multi choices are words without commas")
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")
        if self.abouts and (len(self.abouts) != len(self.choices)
                            or any("\n" in about for about in self.abouts)):
            raise ValueError(f"option {self.name}: one line about each choice")
        if self.reveals_hidden and self.type != "bool":
            raise ValueError(f"option {self.name}: only a bool option can reveal hidden information")
        if "\n" in self.description:
            raise ValueError(f"option {self.name}: the description is one line")
        self.check(self.default)  # the default must be a legal value

    @property
    def label(self) -> str:
        return self.title or self.name

    def check(self, value: Any) -> Any:
        """``value`` if it is allowed, else InvalidOptions saying what is."""
        if self.type == "bool":
            if not isinstance(value, bool):
                raise InvalidOptions(say(N_("{option} must be true or false"), option=self.name))
        elif self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(self._whole())
            if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max
            ):
                raise InvalidOptions(self._whole())
        elif self.type == "choice":
            if value not in self.choices or not isinstance(value, str):
                raise InvalidOptions(say(N_("{option} must be one of {choices}"),
                                         option=self.name, choices=", ".join(self.choices)))
        elif self.type == "multi":
            return self._check_multi(value)
        else:
            if not isinstance(value, str) or len(value) > self.max_len or any(
                unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in value
            ):
                raise InvalidOptions(say(N_("{option} must be text of at most {most} characters"),
                                         option=self.name, most=self.max_len))
        return value

    def _check_multi(self, value: Any) -> list[str]:
        """A list of distinct choices, put in the order of ``choices`` (a set, really)."""
        if isinstance(value, tuple):
            value = list(value)
        known = ", ".join(self.choices)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidOptions(say(N_("{option} must be a list of: {known}"),
                                     option=self.name, known=known))
        for v in value:
            if v not in self.choices:
                raise InvalidOptions(say(N_("{option}: unknown {value} (known: {known})"),
                                         option=self.name, value=repr(v), known=known))
        if len(set(value)) != len(value):
            raise InvalidOptions(say(N_("{option}: each choice at most once"), option=self.name))
        return [c for c in self.choices if c in value]

    def _whole(self) -> Say:
        """Why a value is not one of this option's whole numbers."""
        if self.min is not None and self.max is not None:
            return say(N_("{option} must be a whole number in {least}..{most}"),
                       option=self.name, least=self.min, most=self.max)
        if self.min is not None:
            return say(N_("{option} must be a whole number of at least {least}"),
                       option=self.name, least=self.min)
        if self.max is not None:
            return say(N_("{option} must be a whole number of at most {most}"),
                       option=self.name, most=self.max)
        return say(N_("{option} must be a whole number"), option=self.name)

    def _range(self) -> str:
        if self.min is not None and self.max is not None:
            return f" in {self.min}..{self.max}"
        if self.min is not None:
            return f" of at least {self.min}"
        if self.max is not None:
            return f" of at most {self.max}"
        return ""

    def parse(self, text: str) -> Any:
        """A value typed on a command line, read by this option's type, then checked."""
        word = text.strip()
        if self.type == "bool":
            if word.lower() in TRUE_WORDS:
                return True
            if word.lower() in FALSE_WORDS:
                return False
            raise InvalidOptions(f"{self.name} must be true or false, not {text!r}")
        if self.type == "int":
            try:
                number = int(word)
            except ValueError:
                raise InvalidOptions(
                    f"{self.name} must be a whole number{self._range()}, not {text!r}"
                ) from None
            return self.check(number)
        if self.type == "multi":  # "a,b" (spaces allowed); "", "none" or "-" for none
            if word.lower() in NONE_WORDS:
                return []
            return self.check([part.strip() for part in word.split(",")])
        return self.check(word if self.type == "choice" else text)

    def to_data(self) -> dict[str, Any]:
        """The spec as plain data (what clients and the engine CLI receive)."""
        data: dict[str, Any] = {
            "name": self.name, "type": self.type,
            "default": list(self.default) if self.type == "multi" else self.default,
            "title": self.label, "description": self.description,
            "reveals_hidden": self.reveals_hidden,
        }
        if self.type in ("choice", "multi"):
            data["choices"] = list(self.choices)
            data["labels"] = list(self.labels or self.choices)
            if self.abouts:
                data["abouts"] = list(self.abouts)
        elif self.type == "int":
            data["min"], data["max"] = self.min, self.max
        elif self.type == "str":
            data["max_len"] = self.max_len
        return data


def normalize(
    specs: Sequence[OptionSpec], options: Any,
    passthrough: Iterable[str] = ("names", "rules_version"),
) -> dict[str, Any]:
    """Every option of ``specs`` with defaults filled in and values checked.

    Keys in ``passthrough`` (the contract's ``names`` and ``rules_version``) are kept
    as given for the game to check; any other unknown key is refused with the list of known ones.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions(say(N_("options must be a map")))
    known = {spec.name: spec for spec in specs}
    keep = set(passthrough)
    unknown = sorted(str(k) for k in options if k not in known and k not in keep)
    if unknown:
        names = ", ".join(known) or "none"
        raise InvalidOptions(say(N_("unknown option(s): {unknown} (known: {known})"),
                                 unknown=", ".join(unknown), known=names))
    out = {spec.name: spec.check(options.get(spec.name, spec.default)) for spec in specs}
    out.update({k: v for k, v in options.items() if k in keep})
    return out


def parse_assignments(specs: Sequence[OptionSpec], pairs: Iterable[str]) -> dict[str, Any]:
    """``["edition=1897", "open_vp=yes"]`` -> typed values; InvalidOptions on a bad pair."""
    known = {spec.name: spec for spec in specs}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InvalidOptions(f"--option takes KEY=VALUE, not {pair!r}")
        spec = known.get(key)
        if spec is None:
            names = ", ".join(known) or "none"
            raise InvalidOptions(f"unknown option {key!r} (known: {names})")
        out[key] = spec.parse(text)
    return out


def reveals_hidden(specs: Sequence[OptionSpec], options: dict[str, Any]) -> bool:
    """Whether these options open the game: a revealing option is set to true."""
    return any(spec.reveals_hidden and options.get(spec.name) is True for spec in specs)


def check_players(title: str, lowest: int, highest: int, players: Any) -> int:
    """``players`` if it is a whole number in the game's range, else InvalidOptions."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
        lowest <= players <= highest
    ):
        raise InvalidOptions(say(N_("{game} is for {least} to {most} players, not {players}"),
                                 game=title, least=lowest, most=highest, players=repr(players)))
    return players


NAME_MAX = 32
"""The longest display name a seat may have (the contract's ``names`` option)."""


def names_error(names: Any, n: int) -> str | None:
    """Why ``names`` is not one display name per seat (None when it is fine)."""
    if not isinstance(names, list) or len(names) != n:
        return f"names must be a list of {n} strings, one per seat"
    for name in names:
        if not isinstance(name, str) or not name.strip():
            return "each name must be a non-empty string"
        if len(name) > NAME_MAX:
            return f"names are at most {NAME_MAX} characters"
        if not name.isprintable():
            return "names may not contain control characters"
    return None


def normalize_table(
    title: str, players_range: tuple[int, int], specs: Sequence[OptionSpec],
    rules_range: tuple[int, int], players: int, options: Any,
) -> dict[str, Any]:
    """A game's options as the contract wants them (``Game.normalize_options``): the
    players in range, ``specs`` filled and checked, a stored room's ``rules_version``
    within ``rules_range`` (oldest, newest), and ``names`` one per seat (dropped when
    None). Every game writes these checks alike, so they are written once here."""
    check_players(title, *players_range, players)
    out = normalize(specs, options)
    oldest, newest = rules_range
    rules = out.get("rules_version", newest)
    if isinstance(rules, bool) or not isinstance(rules, int) or not oldest <= rules <= newest:
        raise InvalidOptions(f"rules_version: {oldest} to {newest}")
    names = out.get("names")
    if names is None:
        out.pop("names", None)
    else:
        err = names_error(names, players)
        if err is not None:
            raise InvalidOptions(err)
        out["names"] = list(names)
    return out
