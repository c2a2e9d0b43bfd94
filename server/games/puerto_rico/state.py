"""The Puerto Rico state: slotted, plain ints and lists, cheap to clone (bots search).

Per-player data are lists indexed by seat. ``legal`` caches the internal legal moves
of the current decision (immutable tuples, so clones may share it). ``to_data`` /
``from_data`` give a JSON/msgpack-safe form; loading validates shapes and ranges and
raises CorruptState with the reason.
"""

from __future__ import annotations

from typing import Any

from server.engine.errors import CorruptState
from server.engine.rng import SeededRng

from . import catalog as C

NAME_MAX = 32


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


# Steps of the game (which kind of decision is pending); the numbers are the save format.
CHOOSE_ROLE, SETTLER, SETTLER_HOSPICE, MAYOR, BUILDER, CRAFTSMAN_BONUS = range(6)
TRADER, CAPTAIN, CAPTAIN_STORE, GAME_OVER = range(6, 10)
MAYOR_PRIVILEGE, BUILDER_UNIVERSITY, CRAFTSMAN_PRODUCE, CAPTAIN_EXTRA = range(10, 14)
STEPS = (
    "choose_role",
    "settler",
    "settler_hospice",
    "mayor",
    "builder",
    "craftsman_bonus",
    "trader",
    "captain",
    "captain_store",
    "game_over",
    "mayor_privilege",
    "builder_university",
    "craftsman_produce",
    "captain_vp",
)

# (slot, kind): "i" int, "b" bool, "l" list of ints, "ll" per-player lists of ints
_FIELDS: tuple[tuple[str, str], ...] = (
    ("n", "i"),
    ("round", "i"),
    ("governor", "i"),
    ("picks", "i"),
    ("picks_per_round", "i"),
    ("roles", "l"),
    ("role_coins", "l"),
    ("role_taken", "l"),
    ("chosen", "l"),
    ("step", "i"),
    ("role", "i"),
    ("role_player", "i"),
    ("phase_i", "i"),
    ("turn", "i"),
    ("col_ship", "i"),
    ("col_supply", "i"),
    ("vp_supply", "i"),
    ("goods", "l"),
    ("house", "l"),
    ("ship_cap", "l"),
    ("ship_good", "l"),
    ("ship_load", "l"),
    ("face_up", "l"),
    ("stack", "l"),
    ("discard", "l"),
    ("quarries", "i"),
    ("bsupply", "l"),
    ("coins", "l"),
    ("pgoods", "ll"),
    ("vp", "l"),
    ("san_juan", "l"),
    ("island", "ll"),
    ("island_col", "ll"),
    ("city", "ll"),
    ("city_col", "ll"),
    ("wharf_used", "l"),
    ("wharf_declined", "l"),
    ("captain_loaded", "b"),
    ("vp_pending", "i"),
    ("hacienda_tile", "i"),
    ("mayor_fresh", "b"),
    ("produced", "i"),
    ("last_round", "b"),
)
_LISTS = tuple(name for name, kind in _FIELDS if kind == "l")
# the save format's version: raise it whenever a field is added, removed or changes
# meaning (docs/puerto-rico-state.md), so that load refuses states it would misread
FORMAT = 2
_KEYS = frozenset(("format", "edition", "open_vp", "names", "rng", *(n for n, _ in _FIELDS)))
_NESTED = tuple(name for name, kind in _FIELDS if kind == "ll")
_SCALARS = tuple(name for name, kind in _FIELDS if kind in "ib")


class PRState:
    """The whole table. Seats 0..n-1 clockwise; ``bpos[p][b]`` = city index of b or -1."""

    __slots__ = (
        *(name for name, _ in _FIELDS),
        "edition",
        "open_vp",
        "names",
        "rng",
        "bpos",
        "legal",
        "forced",
    )

    n: int
    round: int
    governor: int
    picks: int
    picks_per_round: int
    roles: list[int]
    role_coins: list[int]
    role_taken: list[int]
    chosen: list[int]  # roles chosen this round, in the order chosen
    step: int
    role: int
    role_player: int
    phase_i: int
    turn: int
    col_ship: int
    col_supply: int
    vp_supply: int
    goods: list[int]
    house: list[int]
    ship_cap: list[int]
    ship_good: list[int]
    ship_load: list[int]
    face_up: list[int]
    stack: list[int]
    discard: list[int]
    quarries: int
    bsupply: list[int]
    coins: list[int]
    pgoods: list[list[int]]
    vp: list[int]
    san_juan: list[int]
    island: list[list[int]]
    island_col: list[list[int]]
    city: list[list[int]]
    city_col: list[list[int]]
    wharf_used: list[int]
    wharf_declined: list[int]
    captain_loaded: bool
    vp_pending: int  # optional VP still to decide after a load: 1 captain's, 2 harbor's
    hacienda_tile: int
    mayor_fresh: bool
    produced: int
    last_round: bool
    edition: str
    open_vp: bool
    names: list[str]  # display names by seat (never read by the rules)
    rng: SeededRng
    bpos: list[list[int]]
    legal: list[tuple[int, ...]] | None
    forced: bool  # the move being carried out was the only legal one (log wording only)

    def occupied(self, p: int, b: int) -> bool:
        i = self.bpos[p][b]
        return i >= 0 and self.city_col[p][i] > 0

    def spaces_used(self, p: int) -> int:
        sp = C.SPACES
        return sum(sp[b] for b in self.city[p])

    def rebuild_bpos(self) -> None:
        self.bpos = []
        for p in range(self.n):
            pos = [-1] * C.NB
            for i, b in enumerate(self.city[p]):
                pos[b] = i
            self.bpos.append(pos)

    def clone(self) -> PRState:
        s = object.__new__(PRState)
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        for name in _LISTS:
            setattr(s, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(s, name, [x[:] for x in getattr(self, name)])
        s.edition = self.edition
        s.open_vp = self.open_vp
        s.names = self.names  # never mutated: shared
        s.rng = self.rng.clone()
        s.bpos = [x[:] for x in self.bpos]
        s.legal = self.legal
        return s

    def to_data(self) -> dict[str, Any]:
        """The save format (docs/puerto-rico-state.md): plain JSON/msgpack data."""
        d: dict[str, Any] = {"format": FORMAT, "edition": self.edition, "open_vp": self.open_vp}
        d["names"] = list(self.names)
        d["rng"] = self.rng.to_data()
        for name in _SCALARS:
            d[name] = getattr(self, name)
        for name in _LISTS:
            d[name] = list(getattr(self, name))
        for name in _NESTED:
            d[name] = [list(x) for x in getattr(self, name)]
        return d

    @classmethod
    def from_data(cls, data: Any) -> PRState:
        """Read a saved state; CorruptState names the first field that is wrong."""
        from .validate import check

        if not isinstance(data, dict):
            raise CorruptState("state must be a map")
        _check_format(data)
        unknown = sorted(set(data) - _KEYS, key=str)
        if unknown:
            raise CorruptState(f"{unknown[0]}: unknown field in format {FORMAT}")
        s = object.__new__(cls)
        if data.get("edition") not in C.EDITIONS:
            raise CorruptState("edition: must be classic or 1897")
        s.edition = data["edition"]
        if not isinstance(data.get("open_vp"), bool):
            raise CorruptState("open_vp: must be true or false")
        s.open_vp = data["open_vp"]
        try:
            s.rng = SeededRng.from_data(data.get("rng"))
        except ValueError:
            raise CorruptState("rng: must be [seed, draws] with draws >= 0") from None
        for name, kind in _FIELDS:
            setattr(s, name, _read(data, name, kind))
        check(s)
        names = data.get("names")
        if (err := names_error(names, s.n)) is not None:
            raise CorruptState(f"names: {err.removeprefix('names ')}")
        s.names = list(names)
        s.rebuild_bpos()
        s.legal = None
        return s


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
