"""A game's catalog: what (players, edition, expansions) put on the table.

The tables in catalog.py describe every component of the box; a ``Catalog`` says which
of them one game uses: its role cards, the buildings it may have (fixed, or the
candidates and board spaces of the Expansion I draft), their copies, the workers and
citizens, and flags the rules test in one attribute lookup (``cat.nb``: any Expansion I
building can be built, ``cat.cit``: citizens are in play). Catalogs are immutable and shared: the
state carries a reference (never saved; rebuilt from the saved options on load).
The rules version is part of the key: rules 5 read the Citizens' setup literally
(docs/rules-notes.md, "Rules version 5"), and older games keep the catalog they had.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from . import catalog as C


class Catalog:
    __slots__ = (
        "calcs",
        "candidates",
        "cit",
        "citizens",
        "copies",
        "draft",
        "edition",
        "expansions",
        "fest",
        "fixed_board",
        "game_hooks",
        "hook_buildings",
        "hooks",
        "n",
        "nb",
        "open_roles",
        "role_index",
        "role_moves",
        "roles",
        "setup",
        "smug",
        "space_costs",
        "workers",
    )

    n: int
    edition: str
    expansions: tuple[str, ...]
    setup: C.Setup
    roles: tuple[int, ...]  # the role cards of this game, in the view's order
    nb: bool  # Expansion I: new buildings, forests, the draft
    cit: bool  # Expansion II: citizens
    smug: bool  # Expansion III: the Smuggler card (smuggler.py)
    fest: bool  # Expansion IV: the Festival board (festival.py)
    citizens: int  # citizen pieces in the game (0 without Expansion II)
    workers: int  # workers in the game: the supply and the ship's at the setup
    draft: bool  # the board is drafted (Expansion I)
    space_costs: tuple[int, ...]  # the drafted board's spaces, by cost
    candidates: tuple[int, ...]  # buildings the draft may place (ids, ascending)
    fixed_board: tuple[int, ...]  # buildings on the board before any draft pick
    copies: tuple[int, ...]  # copies of each building once on the board (by id)
    role_moves: tuple[tuple[int, int], ...]  # the "choose this card" move, by card
    role_index: dict[int, int]  # role id -> its card's place in ``roles``
    open_roles: dict[frozenset[int], tuple[tuple[int, int], ...]]  # chosen -> the rest's moves
    hooks: Any  # the hook table (hooks.py), made on first use
    hook_buildings: Any  # its buildings by role and point (hooks.watched), made on first use
    calcs: Any  # the calculation points' contributors (calc.py), made on first use
    game_hooks: Any  # the game hook table (game_hooks.py), made on first use

    def __init__(self, n: int, edition: str, expansions: tuple[str, ...], rules: int) -> None:
        self.n = n
        self.edition = edition
        self.expansions = expansions
        self.setup = C.SETUPS[n]
        self.smug = C.SMUGGLER_X in expansions
        self.fest = C.FESTIVAL in expansions
        self.roles = self.setup.roles + ((C.SMUGGLER,) if self.smug else ())
        self.role_moves = tuple((0, r) for r in self.roles)  # (moves.ROLE, r)
        self.role_index = {r: i for i, r in enumerate(self.roles)}
        self.open_roles = {}  # (flow.legal: filled as the rounds go)
        self.hooks = None
        self.hook_buildings = None
        self.calcs = None
        self.game_hooks = None
        self.nb = C.NEW_BUILDINGS in expansions
        self.cit = C.CITIZENS in expansions
        self.citizens = C.CITIZEN_PIECES if self.cit else 0
        self.draft = self.nb
        literal = rules >= C.LITERAL_CITIZENS_RULES
        su = self.setup
        # rules 5: "Place all 100 workers in the workers supply" (3-5 players)
        self.workers = (C.COLONISTS if self.cit and literal and n > 2
                        else su.colonist_supply + su.colonist_ship)
        two = n == 2
        copies = []
        for b in range(C.NB):
            since = C.PRODUCTION_FROM[b]  # the Tailor Shop: from rules 5 (its row)
            if C.PRODUCES[b] >= 0 or (since is not None and rules >= since):
                copies.append(2 if two else C.COPIES[b])  # the Tailor Shop: rules 5
            else:  # commercial (and the tailor shop before rules 5): one copy each
                copies.append(1 if two else C.COPIES[b])
        self.copies = tuple(copies)
        # the buildings in play: the base game's and those of the expansions chosen (each
        # catalog row's tag) that the game's rules version has; with the draft only the
        # production buildings are fixed
        tags = ("", *expansions)
        in_play = tuple(b for b, row in enumerate(C.BUILDING_ROWS)
                        if row.expansion in tags and row.since <= rules)
        if self.draft:
            extra = C.CITIZEN_SPACES if literal else C.CITIZEN_SPACES_V4
            self.space_costs = C.DRAFT_SPACES + (extra if self.cit else ())
            self.candidates = tuple(b for b in in_play if C.KIND[b] != C.K_PRODUCTION)
            self.fixed_board = tuple(b for b in in_play if C.KIND[b] == C.K_PRODUCTION)
        else:
            self.space_costs = ()
            self.candidates = ()
            self.fixed_board = in_play

    @property
    def draft_picks(self) -> int:
        return len(self.space_costs)


def canonical(expansions: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The expansions in their catalog order, each once."""
    return tuple(x for x in C.EXPANSIONS if x in expansions)


@cache
def catalog(n: int, edition: str, expansions: tuple[str, ...], rules: int) -> Catalog:
    """The shared catalog of a game (``expansions`` in canonical order) under a rules
    version."""
    return Catalog(n, edition, expansions, rules)
