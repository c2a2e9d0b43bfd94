"""Expansion I's draft: the board's commercial-building spaces filled before round 1.

From the starting player on, each player in turn places one candidate building (base,
new, and with the Citizens their buildings too) on an empty space of the same cost,
until every space is filled (1897 rulebook, "Expansion I: New Buildings"; the spaces
are in catalog.DRAFT_SPACES and CITIZEN_SPACES). A building placed cannot be chosen
again, and a cost whose spaces are full closes every building of that cost (the
rulebook's Church / Office example). With more than two players a small building's
space holds two copies (modules.Catalog.copies). The rest go back to the box.
"""

from __future__ import annotations

from bisect import insort

from server.wording import article

from ...core import catalog as C
from ...core import registry
from ...core.common import Events, say
from ...core.moves import DRAFT_PICK, Move
from ...core.state import CHOOSE_ROLE, PRState
from ...core.text import Texts

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines and labels by key

_PICKS: list[Move] = []  # one tuple per building id, made again when the catalog grows


def _moves() -> None:
    _PICKS[:] = [(DRAFT_PICK, b) for b in range(C.NB)]


_moves()
registry.on_change(_moves)


def open_costs(s: PRState) -> set[int]:
    costs = s.cat.space_costs
    return {costs[i] for i, b in enumerate(s.spaces) if b < 0}


def legal(s: PRState) -> list[Move]:
    costs = open_costs(s)
    left, cost = s.bsupply, C.COST
    # (a building on the board has copies in the supply: none is bought in the draft)
    return [_PICKS[b] for b in s.cat.candidates if not left[b] and cost[b] in costs]


def act(s: PRState, m: Move, ev: Events) -> None:
    b = m[1]
    p = s.turn
    cat = s.cat
    costs, spaces, cost = cat.space_costs, s.spaces, C.COST[b]
    i = costs.index(cost)  # the first empty space of its cost (no generator: cheaper)
    while spaces[i] >= 0:
        i = costs.index(cost, i + 1)
    s.spaces[i] = b
    insort(s.board, b)
    s.bsupply[b] = cat.copies[b]
    if ev is not None:
        key = ("draft" if cat.copies[b] == 1 else "draft_copies") + (
            "_an" if article(str(C.COST[b])) == "an" else "")
        say(ev, p, "draft", TEXTS.line(key, seat=p, building=C.BUILDINGS[b], cost=C.COST[b],
                                       copies=cat.copies[b]))
    if -1 not in s.spaces:  # every space filled
        say(ev, None, "draft", TEXTS.line("draft_done"))
        s.step = CHOOSE_ROLE
        s.turn = s.governor
        if s.festival:  # Expansion IV: its building is drawn from the board just made
            from ...expansions.festival.festival import after_draft

            after_draft(s, ev)
    else:
        s.turn = (p + 1) % s.n


def picks_made(s: PRState) -> int:
    return sum(1 for b in s.spaces if b >= 0)
