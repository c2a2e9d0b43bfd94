"""The Puerto Rico state: slotted, plain ints and lists, cheap to clone (bots search).

Per-player data are lists indexed by seat. ``legal`` caches the internal legal moves
of the current decision (immutable tuples, so clones may share it). ``to_data`` /
``from_data`` give a JSON/msgpack-safe form; loading validates shapes and ranges and
raises CorruptState with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.engine.rng import SeededRng
from server.engine.savedata import FieldTable

from . import catalog as C
from .modules import Catalog

# Steps of the game (which kind of decision is pending); the numbers are the save format.
CHOOSE_ROLE, SETTLER, SETTLER_HOSPICE, MAYOR, BUILDER, CRAFTSMAN_BONUS = range(6)
TRADER, CAPTAIN, CAPTAIN_STORE, GAME_OVER = range(6, 10)
MAYOR_PRIVILEGE, BUILDER_UNIVERSITY, CRAFTSMAN_PRODUCE, CAPTAIN_EXTRA = range(10, 14)
DRAFT, PHASE_START, PHASE_END = 14, 15, 16  # a phase's start / end hooks are asking
SMUGGLE = 17  # Expansion III: the smuggler chooses his one action (smuggler.py)
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
    "draft",
    "phase_start",
    "phase_end",
    "smuggler",
)

# (slot, kind): "i" int, "b" bool, "l" list of ints, "ll" per-player lists of ints
FIELDS: tuple[tuple[str, str], ...] = (
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
    ("cit_ship", "i"),
    ("cit_supply", "i"),
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
    ("board", "l"),
    ("spaces", "l"),
    ("coins", "l"),
    ("pgoods", "ll"),
    ("vp", "l"),
    ("san_juan", "l"),
    ("san_juan_cit", "l"),
    ("island", "ll"),
    ("island_col", "ll"),
    ("island_cit", "ll"),
    ("city", "ll"),
    ("city_col", "ll"),
    ("city_cit", "ll"),
    ("wharf_used", "l"),
    ("wharf_declined", "l"),
    ("charter_used", "l"),
    ("captain_loaded", "b"),
    ("vp_pending", "i"),
    ("hacienda_tile", "i"),
    ("mayor_fresh", "b"),
    ("produced", "i"),
    ("extra_left", "i"),
    ("last_round", "b"),
    ("pending", "ll"),
    ("resume", "i"),
    ("smuggler", "l"),
    ("festival", "l"),
    ("festival_won", "l"),
    ("placed", "l"),
    ("rules", "i"),
)
# the save format's version: raise it whenever a field is added, removed or changes
# meaning (docs/puerto-rico-state.md), so that load refuses states it would misread
FORMAT = 6
# fields a format-5 state lacks: the rules version it plays (5 was saved under 3)
FORMAT5_DEFAULTS: dict[str, int] = {"rules": 3}
# fields a format-4 state lacks (the mayor's undo), read as "nothing placed yet"
FORMAT4_DEFAULTS: dict[str, Any] = {"placed": [], **FORMAT5_DEFAULTS}
# fields a format-3 state lacks (Expansions III/IV), read as their "not in play" value
FORMAT3_DEFAULTS: dict[str, Any] = {
    "smuggler": [-1, -1, -1], "festival": [], "festival_won": [], **FORMAT4_DEFAULTS}
KEYS = frozenset(
    ("format", "edition", "expansions", "open_vp", "names", "rng", "bsupply", "extra",
     *(n for n, _ in FIELDS))
)
TABLE = FieldTable(FIELDS)


@dataclass(frozen=True, slots=True)
class StateField:
    """A field an expansion's row declares (core/expansions.py) instead of one of
    ``FIELDS``: kept in ``PRState.extra`` under its name, set to ``default`` at the
    setup of a game with that expansion, saved under "extra" and checked on load (its
    kind: "i" an int, "b" a bool, "l" one int per seat). So a new expansion's state
    costs no change to this module or to the save format of the box's games."""

    name: str
    kind: str
    default: int | bool = 0

    def initial(self, n: int) -> int | bool | list[int]:
        return [int(self.default)] * n if self.kind == "l" else self.default


class PRState:
    """The whole table. Seats 0..n-1 clockwise; ``bpos[p][b]`` = city index of b or -1.

    People: ``*_col`` count everyone on a tile, a building, the ship or in San Juan
    (workers and citizens); ``*_cit`` count the citizens among them. ``col_supply``
    holds workers only and ``cit_supply`` the citizens beside it. ``bsupply`` is by
    building id in memory (``board`` lists the buildings of this game); ``pending``
    holds interrupts (decisions a building or hook adds, asked before the phase's own
    step), each ``[kind, seat, ...]`` (interrupts.py); ``resume`` says how the phase
    goes on once they are answered.
    """

    __slots__ = (
        *(name for name, _ in FIELDS),
        "edition",
        "expansions",
        "open_vp",
        "names",
        "rng",
        "bsupply",
        "cat",
        "bpos",
        "legal",
        "offer",
        "forced",
        "islands_changed",  # a tile placed since festival.check looked (new, loaded, cloned: look)
        "extra",
    )

    n: int
    round: int
    governor: int
    picks: int
    picks_per_round: int
    roles: list[int]  # the role cards of this game (ids), in the view's order
    role_coins: list[int]  # by card, parallel to roles
    role_taken: list[int]  # by card: the seat that chose it this round, or -1
    chosen: list[int]  # role ids chosen this round, in the order chosen
    step: int
    role: int
    role_player: int
    phase_i: int
    turn: int
    col_ship: int  # people on the ship (citizens included)
    col_supply: int  # workers in the supply
    cit_ship: int  # citizens among the people on the ship
    cit_supply: int  # citizens in their supply
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
    board: list[int]  # buildings of this game (ids, ascending); the draft adds to it
    spaces: list[int]  # the drafted board: the building on each space, -1 while empty
    coins: list[int]
    pgoods: list[list[int]]
    vp: list[int]
    san_juan: list[int]
    san_juan_cit: list[int]
    island: list[list[int]]
    island_col: list[list[int]]
    island_cit: list[list[int]]
    city: list[list[int]]
    city_col: list[list[int]]
    city_cit: list[list[int]]
    wharf_used: list[int]
    wharf_declined: list[int]
    charter_used: list[int]  # the small wharf's chartered ship, used this captain phase
    captain_loaded: bool
    vp_pending: int  # optional VP still to decide after a load: 1 captain's, 2 harbor's
    hacienda_tile: int
    mayor_fresh: bool
    placed: list[int]  # this mayor turn's placements, the last on top (mayor_undo.py)
    rules: int  # the rules version the game plays (setup.RULES; 3: no mayor confirm)
    produced: int
    extra_left: int  # extra goods the craftsman may still take (2 with the library)
    last_round: bool
    pending: list[list[int]]
    resume: int
    smuggler: list[int]  # [tile holder, captured role, its captor], -1 for none
    festival: list[int]  # [] or [estate kind, 3 barrels' goods, building (-1 until drafted)]
    festival_won: list[int]  # [] or the seat that took each goal (estate, goods, building)
    edition: str
    expansions: tuple[str, ...]
    open_vp: bool
    names: list[str]  # display names by seat (never read by the rules)
    rng: SeededRng
    bsupply: list[int]  # copies left, by building id (0 for buildings not in the game)
    cat: Catalog
    bpos: list[list[int]]
    legal: list[tuple[int, ...]] | None
    offer: Any  # the labelled actions handed out for ``legal`` (offer.py), or None
    forced: bool  # the move being carried out was the only legal one (log wording only)
    islands_changed: bool
    extra: dict[str, Any]  # the expansions' declared fields (StateField), by name

    def occupied(self, p: int, b: int) -> bool:
        i = self.bpos[p][b]
        return i >= 0 and self.city_col[p][i] > 0

    def spaces_used(self, p: int) -> int:
        k = 0
        spaces = C.SPACES
        for b in self.city[p]:  # (a loop: cheaper than ``map`` over ``__getitem__`` on 3.11)
            k += spaces[b]
        return k

    def rebuild_bpos(self) -> None:
        self.bpos = []
        for p in range(self.n):
            pos = [-1] * C.NB
            for i, b in enumerate(self.city[p]):
                pos[b] = i
            self.bpos.append(pos)

    def clone(self) -> PRState:
        s = object.__new__(PRState)
        TABLE.copy(self, s)
        s.edition = self.edition
        s.expansions = self.expansions
        s.open_vp = self.open_vp
        s.names = self.names  # never mutated: shared
        s.rng = self.rng.clone()
        s.bsupply = self.bsupply[:]
        s.cat = self.cat
        s.bpos = [x[:] for x in self.bpos]
        s.legal = self.legal
        s.offer = None
        s.islands_changed = True  # (festival.check looks once)
        extra = self.extra
        s.extra = {k: v[:] if type(v) is list else v for k, v in extra.items()} if extra else {}
        return s

    def to_data(self) -> dict[str, Any]:
        """The save format (docs/puerto-rico-state.md): plain JSON/msgpack data."""
        d: dict[str, Any] = {"format": FORMAT, "edition": self.edition, "open_vp": self.open_vp}
        d["expansions"] = list(self.expansions)
        d["names"] = list(self.names)
        d["rng"] = self.rng.to_data()
        TABLE.write(self, d)
        d["bsupply"] = [self.bsupply[b] for b in self.board]
        if self.extra:  # (the box's games have none: their saves are as before)
            d["extra"] = {k: list(v) if type(v) is list else v for k, v in self.extra.items()}
        return d
