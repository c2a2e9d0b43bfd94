"""Small helpers every phase shares: turn status codes, log lines, VP and colonists."""

from __future__ import annotations

from server.engine.contract import LogEvent

from .state import PRState
from .text import who

# What a phase step tells the round flow after acting.
CONTINUE = 0  # a decision is pending for s.turn
TURN_OVER = 1  # this player's turn in an ordered phase is over
PHASE_OVER = 2  # the whole phase is over

Events = list[LogEvent]


def say(ev: Events, seat: int | None, kind: str, text: str) -> None:
    ev.append({"seat": seat, "kind": kind, "text": text})


def award_vp(s: PRState, p: int, k: int, ev: Events, text: str, kind: str = "ship") -> None:
    """VP are secret: the amount goes to ``private`` unless the table plays open VP.

    The chips may run out; VP beyond them are still counted (pencil and paper), and
    taking the last chip ends the game at the end of the round.
    """
    s.vp[p] += k
    before = s.vp_supply
    s.vp_supply -= k
    gain = f"+{k} VP"
    if s.open_vp:
        ev.append({"seat": p, "kind": kind, "text": f"{text} ({gain})"})
    else:
        ev.append({"seat": p, "kind": kind, "text": text, "private": {str(p): gain}})
    if before > 0 >= s.vp_supply:
        s.last_round = True
        say(ev, None, "end_trigger", "The last VP chip is gone: this round is the last.")


def colonist_source(s: PRState) -> str | None:
    """Where a hospice or university colonist would come from: the supply, else the
    ship (001, 000), else nowhere (then there is nothing to decide)."""
    if s.col_supply > 0:
        return "supply"
    if s.col_ship > 0:
        return "ship"
    return None


def take_colonist(s: PRState) -> bool:
    """One colonist for a hospice or university: from the supply, else from the ship."""
    if s.col_supply > 0:
        s.col_supply -= 1
        return True
    if s.col_ship > 0:
        s.col_ship -= 1
        return True
    return False


def order_from(s: PRState, first: int) -> list[int]:
    n = s.n
    return [(first + i) % n for i in range(n)]


__all__ = [
    "CONTINUE",
    "PHASE_OVER",
    "TURN_OVER",
    "Events",
    "award_vp",
    "colonist_source",
    "order_from",
    "say",
    "take_colonist",
    "who",
]
