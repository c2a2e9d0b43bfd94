"""Puerto Rico: the game's entry is game.py (``PuertoRico``); the rules' layout is in
docs/architecture.md. Importing any part of the package first loads the table of its
phases and expansions (core/expansions.py), so every registration has run."""

from .core.expansions import load as _load

_load()
