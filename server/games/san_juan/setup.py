"""Options and the opening table: an indigo plant in play for everyone, the price tiles
shuffled face down, 4 cards each (fair start: 5/6/7/8 from the governor on, keep 4)."""

from __future__ import annotations

from typing import Any

from server.engine.options import OptionSpec, normalize_table
from server.engine.rng import SeededRng
from server.i18n import N_

from . import catalog as C
from . import roundstart
from .state import FAIR_START, SJState
from .text import default_names

MIN_PLAYERS, MAX_PLAYERS = 2, 4
# the rules version (game.py ``rules_version``): 3 asks a gold mine's owner whether he
# turns its cards up; a state made under 2 keeps those rules (``rules``)
RULES, OLDEST_RULES = 3, 2

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("fair_start", "bool", False,
               N_("the governor draws 5 cards, the next players 6, 7 and 8, and each keeps 4"),
               title=N_("Fair start")),
)
"""Every option San Juan accepts, besides "names" (one display name per seat, used only
in words: log, labels, view)."""


def normalize_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    return normalize_table("San Juan", (MIN_PLAYERS, MAX_PLAYERS), OPTIONS, (OLDEST_RULES, RULES),
                           players, options)


def new_state(players: int, options: dict[str, Any], seed: int) -> SJState:
    opts = normalize_options(players, options)
    n = players
    s = object.__new__(SJState)
    s.n = n
    s.fair_start = opts["fair_start"]
    s.names = opts.get("names") or default_names(n)
    s.rules = opts.get("rules_version", RULES)
    s.rng = SeededRng(seed)
    s.round = 1
    s.governor = 0
    s.picks = 0
    s.role_taken = [-1] * 5
    s.role = -1
    s.role_player = -1
    s.phase_i = 0
    s.turn = 0
    s.boost = False
    s.library_used = False
    s.exhausted = False
    tiles = list(range(len(C.TILES)))
    s.rng.shuffle(tiles)
    s.tiles = tiles
    s.trades = 0
    deck = [c for c in range(C.NCARDS) for _ in range(C.COPIES[c])]
    for _ in range(n):
        deck.remove(C.INDIGO_PLANT)
    s.rng.shuffle(deck)
    s.deck = deck
    s.discard = []
    s.city = [[C.INDIGO_PLANT] for _ in range(n)]
    s.goods = [[-1] for _ in range(n)]
    s.chapel = [[] for _ in range(n)]
    s.covered = [[] for _ in range(n)]
    s.hands = []
    for p in range(n):
        k = C.FAIR_START_DRAW[p] if s.fair_start else C.START_HAND
        s.hands.append(sorted(deck.pop() for _ in range(k)))
    s.build = -1
    s.over = -1
    s.need = 0
    s.drawn = 0
    s.sel = []
    s.pending = []
    s.legal = None
    roundstart.begin(s, FAIR_START)
    return s
