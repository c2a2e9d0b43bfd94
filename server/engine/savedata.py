"""Reading a game's saved state field by field: the checks every game's `load` shares.

Each game keeps its own field table and the rules that tie fields together; this module
only knows the plain shapes (integer, flag, list, list of lists) and the format number,
and names the field in every refusal so a bug report points at it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

from server.engine.errors import CorruptState
from server.engine.rng import SeededRng


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


def read_rng(data: dict[str, Any]) -> SeededRng:
    """The saved ``rng`` (``[seed, draws]``)."""
    try:
        return SeededRng.from_data(data.get("rng"))
    except ValueError:
        raise CorruptState("rng: must be [seed, draws] with draws >= 0") from None


class FieldTable:
    """A state's table of plain fields ((name, kind) as ``read_field`` takes them): how
    a state copies them (``clone``), writes them (``to_data``, in the table's order by
    shape: integers and flags, lists, lists of lists) and reads them back."""

    def __init__(self, fields: Sequence[tuple[str, str]]) -> None:
        self.fields = tuple(fields)
        self.scalars = tuple(name for name, kind in self.fields if kind in "ib")
        self.lists = tuple(name for name, kind in self.fields if kind == "l")
        self.nested = tuple(name for name, kind in self.fields if kind == "ll")

    def copy(self, src: object, dst: object) -> None:
        """Every field of ``src`` onto ``dst``, lists copied (the state's clone)."""
        for name in self.scalars:
            setattr(dst, name, getattr(src, name))
        for name in self.lists:
            setattr(dst, name, getattr(src, name)[:])
        for name in self.nested:
            setattr(dst, name, [x[:] for x in getattr(src, name)])

    def write(self, src: object, out: dict[str, Any]) -> None:
        """Every field of ``src`` into the saved map ``out`` as plain lists."""
        for name in self.scalars:
            out[name] = getattr(src, name)
        for name in self.lists:
            out[name] = list(getattr(src, name))
        for name in self.nested:
            out[name] = [list(x) for x in getattr(src, name)]

    def read(self, data: dict[str, Any], dst: object) -> None:
        """Every field of the saved map onto ``dst``, checked by shape (``read_field``)."""
        for name, kind in self.fields:
            setattr(dst, name, read_field(data, name, kind))
