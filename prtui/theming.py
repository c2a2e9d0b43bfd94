"""Colour themes as Textual ``Theme`` objects, loaded from TOML files.

The shipped themes are package data (``prtui/themes/*.toml``, read through
importlib.resources so an installed wheel or zip needs no source tree); the user's own
live in ``platformdirs.user_config_dir("prtui")/themes``, and a user file with the same
name overrides a shipped one. Each file may carry a ``[goods]`` table: the colours of
the goods of both games (and quarries, violet buildings), which widgets read through
:func:`goods_palette` so a colour-blind or 16-colour palette reaches the board too.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import fields
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import platformdirs
from rich.color import Color as RichColor
from rich.color import ColorParseError as RichColorParseError
from textual.color import ColorParseError
from textual.theme import BUILTIN_THEMES, Theme

from prtui.i18n import _

SHIPPED_THEMES: Traversable = files("prtui") / "themes"
DEFAULT_THEME = "prtui-dark"  # i18n: a theme's name

FALLBACK_GOODS = {
    "corn": "yellow",
    "indigo": "blue",
    "sugar": "white",
    "tobacco": "dark_orange3",
    "coffee": "red",
    "silver": "cyan",  # San Juan's fifth good
    "quarry": "grey70",
    "violet": "magenta",
}

_THEME_FIELDS = {f.name for f in fields(Theme)}
_GOODS: dict[str, dict[str, str]] = {}


def user_themes_dir() -> Path:
    return Path(platformdirs.user_config_dir("prtui")) / "themes"


def shipped_theme_files() -> list[Traversable]:
    """The theme files inside the package, by name."""
    return sorted((f for f in SHIPPED_THEMES.iterdir() if f.name.endswith(".toml")),
                  key=lambda f: f.name)


def theme_from_toml(path: Traversable) -> Theme:
    """Build a Theme from one file; raises ValueError with the file name on bad data."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path.name}: {exc}") from exc
    goods = data.pop("goods", {})
    unknown = set(data) - _THEME_FIELDS
    if unknown or "name" not in data or "primary" not in data:
        raise ValueError(f"{path.name}: needs name and primary; unknown keys {sorted(unknown)}")
    try:
        theme = _checked_theme(data)
        palette = _checked_goods(goods)
    except (TypeError, ValueError, AttributeError, ColorParseError, RichColorParseError) as exc:
        raise ValueError(f"{path.name}: {exc}") from exc
    _GOODS[theme.name] = {**FALLBACK_GOODS, **palette}
    return theme


def _checked_theme(data: dict[str, Any]) -> Theme:
    """A Theme whose name is text, flags are booleans and colours parse (Textual would
    otherwise fail later, when the theme is switched on, and stop the app)."""
    if not isinstance(data["name"], str) or not data["name"]:
        raise TypeError("name must be text")
    for flag in ("dark", "ansi"):
        if flag in data and not isinstance(data[flag], bool):
            raise TypeError(f"{flag} must be true or false")
    theme = Theme(**data)
    theme.to_color_system().generate()
    return theme


def _checked_goods(goods: object) -> dict[str, str]:
    """The ``[goods]`` table: good -> a Rich colour."""
    if not isinstance(goods, dict):
        raise TypeError("[goods] must be a table")
    for good, colour in goods.items():
        if not isinstance(colour, str):
            raise TypeError(f"goods.{good} must be a colour name or #hex")
        RichColor.parse(colour)
    return {str(k): v for k, v in goods.items()}


def load_themes(extra_dirs: list[Path] | None = None) -> dict[str, Theme]:
    """Every readable theme, shipped first, then the user's (which may override)."""
    themes: dict[str, Theme] = {}
    sources: list[Sequence[Traversable]] = [shipped_theme_files()]
    for folder in [user_themes_dir(), *(extra_dirs or [])]:
        if folder.is_dir():
            sources.append(sorted(folder.glob("*.toml")))
    for paths in sources:
        for path in paths:
            try:
                theme = theme_from_toml(path)
            except ValueError:
                continue  # a broken user file must not stop the game
            themes[theme.name] = theme
    return themes


def unknown_theme(name: str | None) -> str | None:
    """A one-line refusal for `--theme NAME` when no such theme exists (Textual's own
    and every readable file), so a typo fails like any bad option instead of being
    silently replaced by the default; None when the theme exists or none was asked."""
    if not name:
        return None
    known = sorted({*load_themes(), *BUILTIN_THEMES})
    if name in known:
        return None
    return _("unknown theme '{theme}' (known: {themes})").format(theme=name,
                                                                 themes=", ".join(known))


def goods_palette(theme_name: str) -> dict[str, str]:
    """Rich colours for goods under a theme (fallback for Textual's built-in themes)."""
    return _GOODS.get(theme_name, FALLBACK_GOODS)
