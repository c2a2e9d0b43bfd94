"""What ``load`` refuses, part three: the board of buildings (and its draft) and the
pending interrupts.

The board is the catalog's fixed buildings, plus (Expansion I) what the draft placed,
each on a space of its cost; the draft runs before round 1 from the governor on. An
interrupt must be of a known kind, for a seat, and possible now (its handler says
why not); ``resume`` is one of the ways the round can go on.
"""

from __future__ import annotations

from ..core import catalog as C
from ..core import hooks, interrupts
from ..core.state import DRAFT, GAME_OVER, PRState
from .validate_phase import need


def check_board(s: PRState) -> None:
    cat = s.cat
    need(s.board == sorted(set(s.board)), "board", "building ids ascending, each once")
    if not cat.draft:
        need(s.board == list(cat.fixed_board), "board", "the buildings of this game's setup")
        need(s.spaces == [], "spaces", "only the Expansion I draft has spaces")
        return
    costs = cat.space_costs
    need(len(s.spaces) == len(costs), "spaces", f"{len(costs)} spaces on the drafted board")
    placed = [b for b in s.spaces if b >= 0]
    need(len(set(placed)) == len(placed), "spaces", "a building placed twice")
    for b, cost in zip(s.spaces, costs, strict=True):
        if b >= 0:
            need(b in cat.candidates, "spaces", f"{b} is not a building the draft may place")
            need(C.COST[b] == cost, "spaces", f"{C.BUILDINGS[b]} on a {cost}-space")
        else:
            need(b == -1, "spaces", "-1 for an empty space")
    need(s.board == sorted([*cat.fixed_board, *placed]), "board",
         "the production buildings and the drafted ones")
    if s.step != DRAFT:
        need(len(placed) == len(costs), "spaces", "the draft fills the board before round 1")


def check_draft(s: PRState) -> None:
    n = s.n
    placed = sum(1 for b in s.spaces if b >= 0)
    need(placed < len(s.spaces), "step", "the draft is over: every space is filled")
    need(s.round == 1 and s.picks == 0 and not s.chosen, "round", "the draft comes first")
    need(s.role == -1 and s.role_player == -1 and s.phase_i == 0, "role", "none in the draft")
    need(not any(s.city), "city", "nobody builds before the draft is over")
    drafter = (s.governor + placed) % n
    need(s.turn == drafter, "turn", f"seat {drafter} places the next building")


def check_pending(s: PRState) -> None:
    if s.step in (GAME_OVER, DRAFT) or not s.pending:
        need(not s.pending, "pending", "no interrupt outside a phase")
        need(s.resume == 0, "resume", "0 while no interrupt is pending")
        return
    for e in s.pending:
        handler = interrupts.HANDLERS.get(e[0]) if e else None
        need(handler is not None, "pending", f"unknown interrupt {e[:1]}")
        assert handler is not None
        need(len(e) == handler.size, "pending", f"{handler.name}: {handler.size} numbers")
        need(0 <= e[1] < s.n, "pending", f"{handler.name}: seat {e[1]} out of range")
        why = handler.check(s, e)
        need(why is None, "pending", f"{handler.name}: {why}")
    need(_resumable(s), "resume", f"{s.resume} is no way for this phase to go on")


def _resumable(s: PRState) -> bool:
    from ..core.flow import _PHASES, R_END, R_START, R_TURN

    code = s.resume
    if 0 <= code <= 3:
        return True
    table = hooks.table(s.cat)[s.role]
    for base, point in ((R_START, hooks.START), (R_TURN, hooks.TURN), (R_END, hooks.END)):
        if base <= code <= base + len(table[point]):
            return True
    return code in getattr(_PHASES[s.role], "RESUMES", ())
