"""Prospector phase: the prospector takes a doubloon (two with a manned library,
Expansion I); nobody else acts. (The trader is in trader.py.)"""

from __future__ import annotations

from ..core.common import PHASE_DONE, PHASE_OVER, Events, privileges, tell
from ..core.moves import Move
from ..core.state import PRState


class Prospector:
    @staticmethod
    def start(s: PRState, ev: Events) -> int:
        p = s.role_player
        k = privileges(s, p)
        s.coins[p] += k
        tell(ev, p, "prospector", "prospector", seat=p, count=k)
        return PHASE_OVER

    @staticmethod
    def legal(s: PRState) -> list[Move]:
        return []

    @staticmethod
    def act(s: PRState, m: Move, ev: Events) -> int:
        return PHASE_OVER

    @staticmethod
    def wrap_up(s: PRState, ev: Events) -> int:
        return PHASE_DONE

    @staticmethod
    def resume(s: PRState, ev: Events, code: int) -> int:
        raise ValueError(f"the prospector phase has no resume code {code}")

    @staticmethod
    def finish(s: PRState, ev: Events) -> None:
        return None

    @staticmethod
    def begin_turn(s: PRState) -> None:
        return None
