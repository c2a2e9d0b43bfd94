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
        d: dict[str, Any] = {"v": 1, "edition": self.edition, "open_vp": self.open_vp}
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
        if not isinstance(data, dict):
            raise CorruptState("state must be a map")
        if data.get("v") != 1:
            raise CorruptState("unknown state version")
        s = object.__new__(cls)
        if data.get("edition") not in C.EDITIONS:
            raise CorruptState("edition must be classic or 1897")
        s.edition = data["edition"]
        if not isinstance(data.get("open_vp"), bool):
            raise CorruptState("open_vp must be a bool")
        s.open_vp = data["open_vp"]
        try:
            s.rng = SeededRng.from_data(data.get("rng"))
        except ValueError as e:
            raise CorruptState(str(e)) from None
        for name, kind in _FIELDS:
            if name not in data:
                raise CorruptState(f"missing field {name!r}")
            v = data[name]
            if kind == "b":
                if not isinstance(v, bool):
                    raise CorruptState(f"{name} must be a bool")
            elif kind == "i":
                if not _is_int(v):
                    raise CorruptState(f"{name} must be an int")
            elif kind == "l":
                if not isinstance(v, list) or not all(_is_int(x) for x in v):
                    raise CorruptState(f"{name} must be a list of ints")
                v = list(v)
            else:
                if not isinstance(v, list) or not all(
                    isinstance(x, list) and all(_is_int(y) for y in x) for x in v
                ):
                    raise CorruptState(f"{name} must be a list of lists of ints")
                v = [list(x) for x in v]
            setattr(s, name, v)
        _validate(s)
        names = data.get("names")
        if (err := names_error(names, s.n)) is not None:
            raise CorruptState(err)
        s.names = list(names)
        s.rebuild_bpos()
        s.legal = None
        return s


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check(cond: bool, reason: str) -> None:
    if not cond:
        raise CorruptState(reason)


def _validate(s: PRState) -> None:
    """Shapes and ranges that the rules code relies on (not a full legality proof)."""
    n = s.n
    _check(2 <= n <= 5, "n must be 2..5")
    _check(0 <= s.governor < n, "governor out of range")
    _check(s.round >= 1, "round must be 1 or more")
    _check(0 <= s.step < len(STEPS), "unknown step")
    _check(-1 <= s.turn < n and -1 <= s.role_player < n, "seat out of range")
    _check(-1 <= s.role < len(C.ROLES), "role out of range")
    _check(s.picks_per_round == (6 if n == 2 else n), "picks per round do not fit n")
    _check(0 <= s.picks <= s.picks_per_round, "picks out of range")
    _check(0 <= s.phase_i <= n, "phase index out of range")
    _check(len(s.roles) == len(C.SETUPS[n].roles), "role cards do not fit n")
    _check(all(0 <= r < len(C.ROLES) for r in s.roles), "unknown role card")
    _check(len(s.role_coins) == 8 and min(s.role_coins) >= 0, "role doubloons malformed")
    _check(len(s.role_taken) == 8 and all(-1 <= x < n for x in s.role_taken), "role owners")
    held = {r for r in range(8) if s.role_taken[r] >= 0}
    _check(
        len(set(s.chosen)) == len(s.chosen) and set(s.chosen) == held,
        "chosen roles do not match the role owners",
    )
    _check(len(s.goods) == 5 and min(s.goods) >= 0, "goods supply malformed")
    _check(len(s.house) <= C.TRADING_HOUSE_SPACES, "trading house overfull")
    _check(all(0 <= g < 5 for g in s.house), "unknown good in trading house")
    k = len(s.ship_cap)
    _check(k in (2, 3) and len(s.ship_good) == k and len(s.ship_load) == k, "ships malformed")
    for cap, g, load in zip(s.ship_cap, s.ship_good, s.ship_load, strict=True):
        _check(0 <= load <= cap and -1 <= g < 5, "ship cargo out of range")
        _check((load == 0) == (g == -1), "ship good and load disagree")
    for tiles in (s.face_up, s.stack, s.discard):
        _check(all(0 <= t < 5 for t in tiles), "unknown plantation tile")
    _check(len(s.bsupply) == C.NB and min(s.bsupply) >= 0, "building supply malformed")
    _check(min(s.col_ship, s.col_supply, s.quarries) >= 0, "negative supply")
    for name in ("coins", "vp", "san_juan", "wharf_used", "wharf_declined"):
        v = getattr(s, name)
        _check(len(v) == n and min(v) >= 0, f"{name} malformed")
    for name in ("pgoods", "island", "island_col", "city", "city_col"):
        _check(len(getattr(s, name)) == n, f"{name} must have one entry per player")
    for p in range(n):
        _check(len(s.pgoods[p]) == 5 and min(s.pgoods[p]) >= 0, "player goods malformed")
        isl, icol = s.island[p], s.island_col[p]
        _check(len(isl) <= C.ISLAND_SPACES and len(icol) == len(isl), "island malformed")
        _check(all(0 <= t <= C.QUARRY for t in isl), "unknown island tile")
        _check(all(c in (0, 1) for c in icol), "island colonists out of range")
        city, ccol = s.city[p], s.city_col[p]
        _check(len(ccol) == len(city) and len(set(city)) == len(city), "city malformed")
        _check(all(0 <= b < C.NB for b in city), "unknown building")
        _check(sum(C.SPACES[b] for b in city) <= C.CITY_SPACES, "city overfull")
        _check(all(0 <= c <= C.CIRCLES[b] for b, c in zip(city, ccol, strict=True)), "circles")
    _check_steps(s)
    _check_totals(s)


# the steps each role may be in
_ROLE_STEPS = {
    C.SETTLER: (SETTLER, SETTLER_HOSPICE),
    C.MAYOR: (MAYOR_PRIVILEGE, MAYOR),
    C.BUILDER: (BUILDER, BUILDER_UNIVERSITY),
    C.CRAFTSMAN: (CRAFTSMAN_PRODUCE, CRAFTSMAN_BONUS),
    C.TRADER: (TRADER,),
    C.CAPTAIN: (CAPTAIN, CAPTAIN_EXTRA, CAPTAIN_STORE),
}


def _check_steps(s: PRState) -> None:
    if s.step == GAME_OVER:
        return
    _check(0 <= s.turn < s.n, "no seat to move")
    if s.step == CHOOSE_ROLE:
        _check(s.role == -1, "a role is in play while choosing roles")
        return
    _check(s.role in _ROLE_STEPS and s.step in _ROLE_STEPS[s.role], "step does not fit role")
    _check(0 <= s.role_player < s.n, "role player out of range")
    if s.step == SETTLER_HOSPICE:
        _check(-1 <= s.hacienda_tile < len(s.island[s.turn]), "hospice tile out of range")


def _check_totals(s: PRState) -> None:
    """No component may appear or vanish: every total matches the box for n and edition."""
    su = C.SETUPS[s.n]
    people = s.col_supply + s.col_ship + sum(s.san_juan)
    people += sum(map(sum, s.island_col)) + sum(map(sum, s.city_col))
    _check(people == su.colonist_supply + su.colonist_ship, "colonists do not add up")
    _check(s.vp_supply <= C.vp_chips(s.n, s.edition), "more VP chips than in the box")
    quarries = s.quarries + sum(isl.count(C.QUARRY) for isl in s.island)
    _check(quarries == su.quarries, "quarries do not add up")
    for g in range(5):
        barrels = s.goods[g] + sum(pg[g] for pg in s.pgoods) + s.house.count(g)
        barrels += sum(ld for sg, ld in zip(s.ship_good, s.ship_load, strict=True) if sg == g)
        _check(barrels == su.goods[g], f"{C.GOODS[g]} barrels do not add up")
        tiles = s.face_up.count(g) + s.stack.count(g) + s.discard.count(g)
        tiles += sum(isl.count(g) for isl in s.island)
        _check(tiles == su.plantations[g], f"{C.GOODS[g]} plantations do not add up")
    for b in range(C.NB):
        built = sum(1 for city in s.city if b in city)
        _check(s.bsupply[b] + built == su.building_copies[b], f"{C.BUILDINGS[b]} copies")
