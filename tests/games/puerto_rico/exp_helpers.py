"""Positions for the expansions' tests: real states from ``setup`` (the draft played
out), then arranged by hand through the lists the rules read (helpers.py)."""

from __future__ import annotations

from typing import Any

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import DRAFT, PRState
from tests.games.puerto_rico.helpers import GAME, legal, new

NB = ["new_buildings"]
CIT = ["citizens"]
BOTH = ["new_buildings", "citizens"]


def table(players: int = 4, expansions: list[str] | None = None, edition: str = "classic",
          **opts: Any) -> PRState:
    """A new game of these expansions (Expansion I by default) past its draft."""
    s = new(players, edition, expansions=NB if expansions is None else expansions, **opts)
    while s.step == DRAFT:
        GAME.apply(s, s.turn, legal(s)[0])
    return s


def forest(s: PRState, p: int, *estates: str) -> None:
    """Forests on p's island, made of estates taken from the face-down stack."""
    for name in estates:
        g = C.GOODS.index(name)
        s.stack.remove(g)
        s.island[p].append(C.FOREST + g)
        s.island_col[p].append(0)
        s.island_cit[p].append(0)
    s.legal = None


def citizen_on(s: PRState, p: int, name: str) -> None:
    """The one person on p's building ``name`` becomes a citizen (a worker back to the
    supply, a citizen from theirs)."""
    i = s.bpos[p][C.B_INDEX[name]]
    assert s.city_col[p][i] == 1 and not s.city_cit[p][i]
    s.city_cit[p][i] = 1
    s.cit_supply -= 1
    s.col_supply += 1
    s.legal = None


def types(s: PRState) -> list[str]:
    return [a["type"] for a in legal(s)]


def mover(s: PRState) -> int:
    (seat,) = GAME.to_move(s)
    return seat


def offer(s: PRState, *names: str) -> None:
    """Put buildings on the board (as a draft could have), their copies in the supply."""
    for name in names:
        b = C.B_INDEX[name]
        if b not in s.board:
            s.board.append(b)
            s.board.sort()
            s.bsupply[b] = s.cat.copies[b]
    s.legal = None
