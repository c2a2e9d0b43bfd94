"""Reading a game's saved state field by field: the checks every game's `load` shares.

Each game keeps its own field table and the rules that tie fields together; this module
only knows the plain shapes (integer, flag, list, list of lists) and the format number,
and names the field in every refusal so a bug report points at it.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from server.engine.errors import CorruptState


def is_int(x: Any) -> TypeGuard[int]:
    """An integer that is not a bool (JSON and msgpack keep them apart; Python does not)."""
    return isinstance(x, int) and not isinstance(x, bool)


def check_format(data: dict[str, Any], expected: int, hint: str = "") -> None:
    """The format number first: another format's fields mean other things."""
    fmt = data.get("format")
    if "format" not in data:
        raise CorruptState(f"format: missing; this engine reads format {expected}{hint}")
    if not is_int(fmt) or fmt != expected:
        age = "older" if is_int(fmt) and fmt < expected else "unknown or newer"
        raise CorruptState(f"format: {fmt!r} is {age}; this engine reads format {expected}")


def read_field(data: dict[str, Any], name: str, kind: str) -> Any:
    """Field ``name`` of kind "b" (flag), "i" (integer), "l" (list of integers) or
    "ll" (list of lists of integers), copied so the state owns its lists."""
    if name not in data:
        raise CorruptState(f"{name}: missing")
    v = data[name]
    if kind == "b":
        if not isinstance(v, bool):
            raise CorruptState(f"{name}: must be true or false")
    elif kind == "i":
        if not is_int(v):
            raise CorruptState(f"{name}: must be an integer")
    elif kind == "l":
        if not isinstance(v, list) or not all(is_int(x) for x in v):
            raise CorruptState(f"{name}: must be a list of integers")
        v = list(v)
    else:
        if not isinstance(v, list) or not all(
            isinstance(x, list) and all(is_int(y) for y in x) for x in v
        ):
            raise CorruptState(f"{name}: must be a list of lists of integers")
        v = [list(x) for x in v]
    return v
