"""Reading a saved Puerto Rico state (the save format, docs/puerto-rico-state.md).

The format number first, then every field's type while reading; validate.py checks
what the values mean. Each refusal is a CorruptState naming the field.
"""

from __future__ import annotations

from typing import Any

from server.engine.errors import CorruptState
from server.engine.options import names_error
from server.engine.savedata import check_format, is_int, read_field, read_rng

from ..core import catalog as C
from ..core import expansions
from ..core.modules import canonical, catalog
from ..core.setup import OLDEST_RULES, RULES
from ..core.state import (
    FORMAT,
    FORMAT3_DEFAULTS,
    FORMAT4_DEFAULTS,
    FORMAT5_DEFAULTS,
    KEYS,
    TABLE,
    PRState,
)


def load(data: Any) -> PRState:
    """Read a saved state; CorruptState names the first field that is wrong."""
    from .validate import check

    if not isinstance(data, dict):
        raise CorruptState("state must be a map")
    older = " (a state with \"v\" was saved by an older engine)" if "v" in data else ""
    if data.get("format") == 3 and not isinstance(data.get("format"), bool):
        data = {**FORMAT3_DEFAULTS, **data, "format": FORMAT}  # before Expansions III/IV
    if data.get("format") == 4 and not isinstance(data.get("format"), bool):
        data = {**FORMAT4_DEFAULTS, **data, "format": FORMAT}  # before the mayor's undo
    if data.get("format") == 5 and not isinstance(data.get("format"), bool):
        data = {**FORMAT5_DEFAULTS, **data, "format": FORMAT}  # saved under rules 3
    check_format(data, FORMAT, older)
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
    s.rng = read_rng(data)
    TABLE.read(data, s)
    if not OLDEST_RULES <= s.rules <= RULES:
        raise CorruptState(f"rules: a rules version from {OLDEST_RULES} to {RULES}")
    saved = read_field(data, "bsupply", "l")
    if len(saved) != len(s.board):
        raise CorruptState("bsupply: one count per building of the board")
    if not all(is_int(b) and 0 <= b < C.NB for b in s.board):
        raise CorruptState(f"board: building ids are 0..{C.NB - 1}")
    s.bsupply = [0] * C.NB
    for b, left in zip(s.board, saved, strict=True):
        s.bsupply[b] = left
    if not 2 <= s.n <= 5:
        raise CorruptState(f"n: {s.n} players: Puerto Rico is for 2 to 5")
    s.cat = catalog(s.n, s.edition, s.expansions, s.rules)
    s.extra = _read_extra(data.get("extra", {}), s)
    check(s)
    _check_placed(s)
    names = data.get("names")
    if (err := names_error(names, s.n)) is not None:
        raise CorruptState(f"names: {err.removeprefix('names ')}")
    s.names = list(names)
    s.rebuild_bpos()
    s.legal = None
    s.offer = None
    s.islands_changed = True  # (festival.check looks once)
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


def _read_extra(v: Any, s: PRState) -> dict[str, Any]:
    """The fields the game's expansions declare (expansions.declared), each of its kind."""
    fields = expansions.declared(s.expansions)
    if not isinstance(v, dict) or set(v) != set(fields):
        raise CorruptState(f"extra: the fields {sorted(fields)} of this game's expansions")
    out: dict[str, Any] = {}
    for name, f in fields.items():
        value = v[name]
        if f.kind == "b":
            ok = isinstance(value, bool)
        elif f.kind == "i":
            ok = is_int(value)
        else:
            ok = isinstance(value, list) and len(value) == s.n and all(map(is_int, value))
        if not ok:
            kind = {"b": "true or false", "i": "an int"}.get(f.kind, f"{s.n} ints, one per seat")
            raise CorruptState(f"extra.{name}: must be {kind}")
        out[name] = list(value) if f.kind == "l" else value
    return out


def _check_placed(s: PRState) -> None:
    """Each placement of this mayor turn names a person still there, of that kind, so
    that ``undo`` takes back someone who is (mayor_undo.py)."""
    count: dict[tuple[int, int, int], int] = {}
    for code in s.placed:
        if not is_int(code) or not 0 <= code < 64:
            raise CorruptState(f"placed: {code} names no place of seat {s.turn}")
        where, index, citizen = code >> 5, code & 15, code >> 4 & 1
        if index >= len(s.island_col[s.turn] if where == 0 else s.city_col[s.turn]):
            raise CorruptState(f"placed: {code} names no place of seat {s.turn}")
        count[where, index, citizen] = count.get((where, index, citizen), 0) + 1
    for (where, index, citizen), k in count.items():
        col = (s.island_col if where == 0 else s.city_col)[s.turn][index]
        cit = (s.island_cit if where == 0 else s.city_cit)[s.turn][index]
        if k > (cit if citizen else col - cit):
            raise CorruptState(f"placed: {k} placed at {('island', 'city')[where]} "
                               f"{index} this turn, fewer are there")

