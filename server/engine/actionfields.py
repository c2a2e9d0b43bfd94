"""Reading a sent action's fields: a wrong one is an ``IllegalAction`` that says which
key and what it takes (the games' move parsers share these)."""

from __future__ import annotations

from typing import Any

from server.engine.errors import IllegalAction


def int_field(d: dict[str, Any], key: str) -> int:
    """``d[key]`` as a whole number (a bool is not one)."""
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise IllegalAction(f"{key!r} must be an integer")
    return v


def name_field(d: dict[str, Any], key: str, table: dict[str, int]) -> int:
    """The code ``table`` gives the name ``d[key]``."""
    v = d.get(key)
    if not isinstance(v, str) or v not in table:
        raise IllegalAction(f"{key!r} must be one of {', '.join(table)}")
    return table[v]


def type_code(action: Any, types: dict[str, int]) -> int:
    """The code ``types`` gives a sent action's ``type`` (only its shape is checked)."""
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a map with a 'type'")
    t = action.get("type")
    if not isinstance(t, str) or t not in types:
        raise IllegalAction(f"unknown action type {t!r}")
    return types[t]
