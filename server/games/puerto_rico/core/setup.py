"""Options and the opening table for a player count and edition."""

from __future__ import annotations

from typing import Any

from server.engine.options import OptionSpec, normalize_table
from server.engine.rng import SeededRng
from server.i18n import N_

from . import catalog as C
from . import expansions, game_hooks
from .common import fill_ship
from .expansions import EXPANSIONS
from .modules import canonical, catalog
from .state import CHOOSE_ROLE, DRAFT, PRState
from .text import default_names

MIN_PLAYERS, MAX_PLAYERS = 2, 5
# the rules version (game.py ``rules_version``): 4 asks the mayor to confirm his
# placement (mayor_undo.py), 5 lets him choose worker or citizen on every place
# (mayor.py), 6 keeps a passed wharf for the player's later turns (captain.py) and
# awards the festival's estate goal of the planter phase's last move before the
# refresh (festival.py); a state made under an older version keeps its rules (``rules``)
RULES, OLDEST_RULES = 6, 2


def _options() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("edition", "choice", "classic",
                   N_("the rules and names of the classic (2002) or the 1897 edition"),
                   title=N_("Edition"), choices=C.EDITIONS,
                   labels=(N_("Classic (2002)"), "1897")),
        OptionSpec("open_vp", "bool", False, N_("everyone sees everyone's VP chips"),
                   title=N_("Open VP"), reveals_hidden=True),
        OptionSpec("expansions", "multi", (),
                   N_("the 1897 rulebook's expansions: new buildings (with the draft), "
                      "citizens, the smuggler, the festival"),
                   title=N_("Expansions"), choices=C.EXPANSIONS,
                   labels=tuple(EXPANSIONS[x].label for x in C.EXPANSIONS),
                   abouts=tuple(EXPANSIONS[x].about for x in C.EXPANSIONS)),
    )


OPTIONS = _options()
"""Every option Puerto Rico accepts, besides "names" (one display name per seat, used
only in words: log, labels, view); made again when the expansions table gains a row."""


def _new_options() -> None:
    global OPTIONS
    OPTIONS = _options()


expansions.on_change(_new_options)
DEFAULTS: dict[str, Any] = {spec.name: spec.default for spec in OPTIONS}


def normalize_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    return normalize_table("Puerto Rico", (MIN_PLAYERS, MAX_PLAYERS), OPTIONS, (OLDEST_RULES, RULES),
                           players, options)


def new_state(players: int, options: dict[str, Any], seed: int) -> PRState:
    opts = normalize_options(players, options)
    n = players
    su = C.SETUPS[n]
    s = object.__new__(PRState)
    s.n = n
    s.edition = opts["edition"]
    s.expansions = canonical(opts["expansions"])
    s.rules = opts.get("rules_version", RULES)
    cat = s.cat = catalog(n, s.edition, s.expansions, s.rules)
    s.open_vp = opts["open_vp"]
    s.names = opts.get("names") or default_names(n)
    s.rng = SeededRng(seed)
    s.round = 1
    s.governor = 0
    s.picks = 0
    s.picks_per_round = su.picks
    s.roles = list(cat.roles)
    s.role_coins = [0] * len(s.roles)
    s.role_taken = [-1] * len(s.roles)
    s.chosen = []
    s.step = CHOOSE_ROLE
    s.role = -1
    s.role_player = -1
    s.phase_i = 0
    s.turn = 0
    s.col_supply = cat.workers  # the supply and the ship's: the ship is filled from it
    s.cit_supply = cat.citizens
    s.col_ship = s.cit_ship = 0
    fill_ship(s, su.colonist_ship)
    s.vp_supply = C.vp_chips(n, s.edition)
    s.goods = list(su.goods)
    s.house = []
    s.ship_cap = list(su.ships)
    s.ship_good = [-1] * len(su.ships)
    s.ship_load = [0] * len(su.ships)
    counts = list(su.plantations)
    for t in su.start_tiles:
        counts[t] -= 1
    stack = [t for t in range(5) for _ in range(counts[t])]
    s.rng.shuffle(stack)
    s.stack = stack
    s.discard = []
    s.face_up = [stack.pop() for _ in range(min(su.face_up, len(stack)))]
    s.face_up.sort()
    s.quarries = su.quarries
    s.board = list(cat.fixed_board)
    s.bsupply = [0] * C.NB
    for b in s.board:
        s.bsupply[b] = cat.copies[b]
    s.spaces = [-1] * len(cat.space_costs)
    s.coins = [su.doubloons] * n
    s.pgoods = [[0] * 5 for _ in range(n)]
    s.vp = [0] * n
    s.san_juan = [0] * n
    s.san_juan_cit = [0] * n
    s.island = [[su.start_tiles[p]] for p in range(n)]
    s.island_col = [[0] for _ in range(n)]
    s.island_cit = [[0] for _ in range(n)]
    s.city = [[] for _ in range(n)]
    s.city_col = [[] for _ in range(n)]
    s.city_cit = [[] for _ in range(n)]
    s.wharf_used = [0] * n
    s.wharf_declined = [0] * n
    s.charter_used = [0] * n
    s.captain_loaded = False
    s.vp_pending = 0
    s.hacienda_tile = -1
    s.mayor_fresh = False
    s.placed = []
    s.produced = 0
    s.extra_left = 0
    s.last_round = False
    s.pending = []
    s.resume = 0
    s.smuggler = [-1, -1, -1]
    s.festival = []
    s.festival_won = []
    s.extra = {name: f.initial(n) for name, f in expansions.declared(s.expansions).items()}
    game_hooks.run(s, game_hooks.SETUP, None)  # Expansion IV: the festival's goals
    if cat.draft:  # Expansion I: the board is drafted before the first round
        s.step = DRAFT
    s.rebuild_bpos()
    s.legal = None
    s.offer = None
    s.islands_changed = True
    return s
