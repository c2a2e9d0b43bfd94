"""Colour themes as Textual ``Theme`` objects, loaded from TOML files.

Themes live in the repository's ``themes/`` directory and in the user's config
directory (``platformdirs.user_config_dir("prtui")/themes``); a user file with the same
name overrides a shipped one. Each file may carry a ``[goods]`` table: the colours of
the five goods (and quarries, violet buildings), which widgets read through
:func:`goods_palette` so a colour-blind or 16-colour palette reaches the board too.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

import platformdirs
from textual.theme import Theme

THEMES_DIR = Path(__file__).resolve().parent.parent / "themes"
DEFAULT_THEME = "prtui-dark"

FALLBACK_GOODS = {
    "corn": "yellow",
    "indigo": "blue",
    "sugar": "white",
    "tobacco": "dark_orange3",
    "coffee": "red",
    "quarry": "grey70",
    "violet": "magenta",
}

_THEME_FIELDS = {f.name for f in fields(Theme)}
_GOODS: dict[str, dict[str, str]] = {}


def user_themes_dir() -> Path:
    return Path(platformdirs.user_config_dir("prtui")) / "themes"


def theme_from_toml(path: Path) -> Theme:
    """Build a Theme from one file; raises ValueError with the file name on bad data."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path.name}: {exc}") from exc
    goods = data.pop("goods", {})
    unknown = set(data) - _THEME_FIELDS
    if unknown or "name" not in data or "primary" not in data:
        raise ValueError(f"{path.name}: needs name and primary; unknown keys {sorted(unknown)}")
    theme = Theme(**data)
    _GOODS[theme.name] = {**FALLBACK_GOODS, **{str(k): str(v) for k, v in goods.items()}}
    return theme


def load_themes(extra_dirs: list[Path] | None = None) -> dict[str, Theme]:
    """Every readable theme, shipped first, then the user's (which may override)."""
    themes: dict[str, Theme] = {}
    for folder in [THEMES_DIR, user_themes_dir(), *(extra_dirs or [])]:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = theme_from_toml(path)
            except ValueError:
                continue  # a broken user file must not stop the game
            themes[theme.name] = theme
    return themes


def goods_palette(theme_name: str) -> dict[str, str]:
    """Rich colours for goods under a theme (fallback for Textual's built-in themes)."""
    return _GOODS.get(theme_name, FALLBACK_GOODS)
