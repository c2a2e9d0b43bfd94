"""Build Puerto Rico positions for scenario tests: real states from ``setup``, then
the board arranged by hand through the same lists the rules read."""

from __future__ import annotations

import random
from typing import Any

from server.engine.contract import Action, LogEvent
from server.engine.playout import choose as random_choice
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import CHOOSE_ROLE, PRState
from server.games.puerto_rico.game import PuertoRico

GAME = PuertoRico()
GOOD = {g: i for i, g in enumerate(C.GOODS)}
TILE = {t: i for i, t in enumerate(C.TILES)}


def new(players: int = 4, edition: str = "classic", seed: int = 1, **opts: Any) -> PRState:
    return GAME.setup(players, {"edition": edition, **opts}, seed)


def build(s: PRState, p: int, *names: str, colonists: int | None = 1) -> None:
    """Put buildings in p's city (taken from the supply), each with ``colonists``
    (None: every circle filled)."""
    for name in names:
        b = C.B_INDEX[name]
        assert s.bpos[p][b] < 0, f"{name} built twice"
        if b not in s.board:  # an expansion's building in a hand-made position
            s.board.append(b)
            s.board.sort()
            s.bsupply[b] = s.cat.copies[b]
        s.bsupply[b] -= 1
        s.bpos[p][b] = len(s.city[p])
        s.city[p].append(b)
        s.city_col[p].append(C.CIRCLES[b] if colonists is None else colonists)
        s.city_cit[p].append(0)
    s.legal = None


def plant(s: PRState, p: int, *tiles: str, occupied: bool = True) -> None:
    """Add island tiles (taken from the face-down stack or the quarry stack)."""
    for name in tiles:
        t = TILE[name]
        if t == C.QUARRY:
            s.quarries -= 1
        else:
            s.stack.remove(t)
        s.island[p].append(t)
        s.island_col[p].append(1 if occupied else 0)
        s.island_cit[p].append(0)
    s.legal = None


def goods(s: PRState, p: int, **have: int) -> None:
    """Set p's barrels (the difference comes from / goes to the supply)."""
    for name, k in have.items():
        g = GOOD[name]
        s.goods[g] -= k - s.pgoods[p][g]
        s.pgoods[p][g] = k
        assert s.goods[g] >= 0
    s.legal = None


def load_ship(s: PRState, j: int, good: str, load: int) -> None:
    g = GOOD[good]
    s.goods[g] -= load
    s.ship_good[j] = g
    s.ship_load[j] = load
    s.legal = None


def choose(s: PRState, seat: int, role: str) -> list[LogEvent]:
    """Make ``seat`` the next to choose a role this round, then choose ``role``."""
    s.step = CHOOSE_ROLE
    s.governor = seat
    s.picks = 0
    s.turn = seat
    s.role_taken = [-1] * len(s.roles)
    s.chosen = []
    s.legal = None
    return GAME.apply(s, seat, {"type": "role", "role": role})


def act(s: PRState, seat: int, type_: str, **params: Any) -> list[LogEvent]:
    return GAME.apply(s, seat, {"type": type_, **params})


def legal(s: PRState, seat: int | None = None) -> list[dict[str, Any]]:
    return GAME.legal_actions(s, s.turn if seat is None else seat)


def last(s: PRState, seat: int | None = None) -> dict[str, Any]:
    """The last legal action that takes nothing back: take-backs (``undo``) are listed
    last, and always taking the last would put a colonist back for ever (rules 4)."""
    return [a for a in legal(s, seat) if a["type"] != "undo"][-1]


# actions that take an optional privilege or building effect (declined by "pass")
TAKES = frozenset(("mayor_colonist", "hospice", "university", "produce", "captain_vp",
                   "harbor_vp"))


def take_all(s: PRState) -> list[LogEvent]:
    """Take every optional privilege or building effect offered, one after the other,
    until another kind of decision comes (the hospice's last tile: the one just taken)."""
    events: list[LogEvent] = []
    while not GAME.is_over(s):
        takes = [a for a in legal(s) if a["type"] in TAKES]
        if not takes:
            break
        events += GAME.apply(s, s.turn, takes[-1])
    return events


def strip(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Actions without their labels, for comparing parameters."""
    return [{k: v for k, v in a.items() if k not in ("label", "kind")} for a in actions]


def step(s: PRState) -> str:
    return GAME.view(s, None)["phase"]["step"]


def text(events: list[LogEvent]) -> str:
    return "\n".join(e["text"] for e in events)


def random_log(options: dict[str, Any], seed: int,
               ) -> tuple[list[tuple[int, Action]], list[LogEvent], Any]:
    """A seeded three-seat random game (playout's choice: no take-backs): its action log,
    its events and its final state's data, for replays under older rules."""
    s = GAME.setup(3, options, seed)
    rnd = random.Random(seed)
    log: list[tuple[int, Action]] = []
    events: list[LogEvent] = []
    while not GAME.is_over(s):
        (seat,) = GAME.to_move(s)
        a = random_choice(GAME.legal_actions(s, seat), rnd.randrange)
        log.append((seat, a))
        events += GAME.apply(s, seat, a)
    return log, events, GAME.to_data(s)


def replayed(game: dict[str, Any], rules: int) -> PRState:
    """A recorded game (players, options, seed, actions) played again under the rules
    version it was recorded with: it ends, with the recorded totals."""
    s = GAME.setup(game["players"], {**game["options"], "rules_version": rules}, game["seed"])
    for seat, action in game["actions"]:
        GAME.apply(s, seat, action)
    assert GAME.is_over(s)
    assert [line.total for line in GAME.result(s).scores] == game["totals"]
    return s
