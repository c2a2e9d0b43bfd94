"""The San Juan state: slotted, plain ints and lists, cheap to clone (bots search).

Every card is an index into catalog.py. Per-player data are lists indexed by seat:
``hands`` (each kept sorted, so a hand says nothing about the order cards came in),
``city`` (buildings in play, in build order), ``goods`` (parallel to ``city``: the card
lying face down on a production building, or -1), ``chapel`` (tucked cards, sorted) and
``covered`` (buildings a crane built over). ``legal`` caches the internal legal moves of
the pending decision. ``to_data`` / ``from_data`` give a JSON/msgpack-safe form;
loading validates it (validate.py) and raises CorruptState with the reason.
"""

from __future__ import annotations

from typing import Any

from server.engine.errors import CorruptState
from server.engine.options import names_error
from server.engine.rng import SeededRng
from server.engine.savedata import FieldTable, check_format, read_rng

# Steps (which decision is pending); the numbers are the save format.
(
    FAIR_START, CHAPEL, HAND_LIMIT, CHOOSE_ROLE, BUILD_STEP, BUILD_PAY, PRODUCE_STEP, SELL_STEP,
    COUNCIL_KEEP, COUNCIL_DISCARD, GOLD_MINE, GAME_OVER,
) = range(12)
# rules 3: a gold mine's owner says whether he turns up its four cards (prospector.py)
GOLD_MINE_ASK = 12
STEPS = (
    "fair_start", "chapel", "hand_limit", "choose_role", "build", "build_pay", "produce",
    "sell", "council_keep", "council_discard", "gold_mine", "game_over", "gold_mine_ask",
)
# what everyone may know of the step: the phase, never how far a decision has got
PUBLIC_STEP = (
    "fair_start", "chapel", "hand_limit", "choose_role", "builder", "builder", "producer",
    "trader", "councillor", "councillor", "prospector", "game_over", "prospector",
)

# (slot, kind): "i" int, "b" bool, "l" list of ints, "ll" per-player lists of ints
_FIELDS: tuple[tuple[str, str], ...] = (
    ("n", "i"),
    ("round", "i"),
    ("governor", "i"),
    ("picks", "i"),
    ("role_taken", "l"),
    ("step", "i"),
    ("role", "i"),
    ("role_player", "i"),
    ("phase_i", "i"),
    ("turn", "i"),
    ("boost", "b"),
    ("library_used", "b"),
    ("exhausted", "b"),
    ("tiles", "l"),
    ("trades", "i"),
    ("deck", "l"),
    ("discard", "l"),
    ("hands", "ll"),
    ("city", "ll"),
    ("goods", "ll"),
    ("chapel", "ll"),
    ("covered", "ll"),
    ("build", "i"),
    ("over", "i"),
    ("need", "i"),
    ("drawn", "i"),
    ("sel", "l"),
    ("pending", "l"),
    ("rules", "i"),  # the rules version the game was set up under (format 2)
)
# the save format's version: raise it whenever a field is added, removed or changes
# meaning (docs/san-juan-state.md), so that load refuses states it would misread
FORMAT = 2  # 2: ``rules`` (a format-1 state was set up under rules version 2)
_KEYS = frozenset(("format", "fair_start", "names", "rng", *(n for n, _ in _FIELDS)))
_TABLE = FieldTable(_FIELDS)


class SJState:
    """The whole table. Seats 0..n-1 clockwise from the first governor."""

    __slots__ = (*(name for name, _ in _FIELDS), "fair_start", "names", "rng", "legal")

    n: int
    round: int
    governor: int
    picks: int  # roles chosen so far this round
    role_taken: list[int]  # per role: the seat that chose it this round, or -1
    step: int
    role: int  # the role being played, or -1
    role_player: int  # who chose it, or -1
    phase_i: int  # how far the current round of turns has got (0 = the first seat)
    turn: int  # whose decision it is (-1 once over)
    boost: bool  # the library doubles the privilege of the role being played
    library_used: bool  # two players: the governor's library was used this round
    exhausted: bool  # a card was to be drawn with the deck and discards empty: last round
    tiles: list[int]  # the price tiles in stack order; tile ``trades % 5`` is next
    trades: int  # price tiles turned so far (the first min(trades, 5) are known)
    deck: list[int]  # face down; the top is the end of the list
    discard: list[int]
    hands: list[list[int]]
    city: list[list[int]]
    goods: list[list[int]]
    chapel: list[list[int]]
    covered: list[list[int]]
    build: int  # builder: the card being built (BUILD_PAY), else -1
    over: int  # builder: the city index the crane builds over, else -1
    need: int  # the size of the selection being made (exact, or the most allowed)
    drawn: int  # councillor: cards drawn this turn
    sel: list[int]  # the selection so far: cards, or goods (NCARDS + good) for the market
    pending: list[int]  # drawn but not in hand: councillor's cards, gold mine's face up
    rules: int  # the rules version (setup.RULES): 2 turns a gold mine up unasked
    fair_start: bool
    names: list[str]  # display names by seat (never read by the rules)
    rng: SeededRng
    legal: list[tuple[int, ...]] | None

    def clone(self) -> SJState:
        s = object.__new__(SJState)
        _TABLE.copy(self, s)
        s.fair_start = self.fair_start
        s.names = self.names  # never mutated: shared
        s.rng = self.rng.clone()
        s.legal = self.legal
        return s

    def to_data(self) -> dict[str, Any]:
        """The save format (docs/san-juan-state.md): plain JSON/msgpack data."""
        d: dict[str, Any] = {"format": FORMAT, "fair_start": self.fair_start}
        d["names"] = list(self.names)
        d["rng"] = self.rng.to_data()
        _TABLE.write(self, d)
        return d

    @classmethod
    def from_data(cls, data: Any) -> SJState:
        """Read a saved state's fields; CorruptState names the first field that is wrong.
        What the values mean is checked by validate.check (game.py calls it next: the
        state imports no rule, so no import cycle)."""
        if not isinstance(data, dict):
            raise CorruptState("state must be a map")
        if data.get("format") == 1 and "rules" not in data:  # before rules versions
            data = {**data, "format": FORMAT, "rules": 2}
        check_format(data, FORMAT)
        unknown = sorted(set(data) - _KEYS, key=str)
        if unknown:
            raise CorruptState(f"{unknown[0]}: unknown field in format {FORMAT}")
        s = object.__new__(cls)
        if not isinstance(data.get("fair_start"), bool):
            raise CorruptState("fair_start: must be true or false")
        s.fair_start = data["fair_start"]
        s.rng = read_rng(data)
        _TABLE.read(data, s)
        names = data.get("names")
        if not isinstance(s.n, int) or not 2 <= s.n <= 4:
            raise CorruptState(f"n: {s.n} players; San Juan is for 2 to 4")
        if (err := names_error(names, s.n)) is not None:
            raise CorruptState(f"names: {err}")
        s.names = list(names)
        s.legal = None
        return s
