"""Reading a saved Puerto Rico state (the save format, docs/puerto-rico-state.md).

The format number first, then every field's type while reading; validate.py checks
what the values mean. Each refusal is a CorruptState naming the field.
"""

from __future__ import annotations

from typing import Any

from server.engine.errors import CorruptState
from server.engine.rng import SeededRng

from . import catalog as C
from .modules import canonical, catalog
from .state import FIELDS, FORMAT, KEYS, PRState, names_error


def load(data: Any) -> PRState:
    """Read a saved state; CorruptState names the first field that is wrong."""
    from .validate import check

    if not isinstance(data, dict):
        raise CorruptState("state must be a map")
    _check_format(data)
    unknown = sorted(set(data) - KEYS, key=str)
    if unknown:
        raise CorruptState(f"{unknown[0]}: unknown field in format {FORMAT}")
    s = object.__new__(PRState)
    if data.get("edition") not in C.EDITIONS:
        raise CorruptState("edition: must be classic or 1897")
    s.edition = data["edition"]
    s.expansions = _read_expansions(data.get("expansions"))
    if not isinstance(data.get("open_vp"), bool):
        raise CorruptState("open_vp: must be true or false")
    s.open_vp = data["open_vp"]
    try:
        s.rng = SeededRng.from_data(data.get("rng"))
    except ValueError:
        raise CorruptState("rng: must be [seed, draws] with draws >= 0") from None
    for name, kind in FIELDS:
        setattr(s, name, _read(data, name, kind))
    saved = _read(data, "bsupply", "l")
    if len(saved) != len(s.board):
        raise CorruptState("bsupply: one count per building of the board")
    if not all(_is_int(b) and 0 <= b < C.NB for b in s.board):
        raise CorruptState(f"board: building ids are 0..{C.NB - 1}")
    s.bsupply = [0] * C.NB
    for b, left in zip(s.board, saved, strict=True):
        s.bsupply[b] = left
    if not 2 <= s.n <= 5:
        raise CorruptState(f"n: {s.n} players: Puerto Rico is for 2 to 5")
    s.cat = catalog(s.n, s.edition, s.expansions)
    check(s)
    names = data.get("names")
    if (err := names_error(names, s.n)) is not None:
        raise CorruptState(f"names: {err.removeprefix('names ')}")
    s.names = list(names)
    s.rebuild_bpos()
    s.legal = None
    s.offer = None
    return s


def _read_expansions(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise CorruptState("expansions: must be a list of names")
    unknown = [x for x in v if x not in C.EXPANSIONS]
    if unknown:
        raise CorruptState(f"expansions: unknown {unknown[0]!r} (known: {', '.join(C.EXPANSIONS)})")
    if list(canonical(v)) != v:
        raise CorruptState(f"expansions: each once, in the order {', '.join(C.EXPANSIONS)}")
    return tuple(v)


def _check_format(data: dict[str, Any]) -> None:
    """The format number first: another format's fields mean other things."""
    fmt = data.get("format")
    if "format" not in data:
        older = " (a state with \"v\" was saved by an older engine)" if "v" in data else ""
        raise CorruptState(f"format: missing; this engine reads format {FORMAT}{older}")
    if not _is_int(fmt) or fmt != FORMAT:
        age = "older" if _is_int(fmt) and fmt < FORMAT else "unknown or newer"
        raise CorruptState(f"format: {fmt!r} is {age}; this engine reads format {FORMAT}")


def _read(data: dict[str, Any], name: str, kind: str) -> Any:
    if name not in data:
        raise CorruptState(f"{name}: missing")
    v = data[name]
    if kind == "b":
        if not isinstance(v, bool):
            raise CorruptState(f"{name}: must be true or false")
    elif kind == "i":
        if not _is_int(v):
            raise CorruptState(f"{name}: must be an integer")
    elif kind == "l":
        if not isinstance(v, list) or not all(_is_int(x) for x in v):
            raise CorruptState(f"{name}: must be a list of integers")
        v = list(v)
    else:
        if not isinstance(v, list) or not all(
            isinstance(x, list) and all(_is_int(y) for y in x) for x in v
        ):
            raise CorruptState(f"{name}: must be a list of lists of integers")
        v = [list(x) for x in v]
    return v


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
