"""Stones, for two: take 1, 2 or 3 stones from the pile in turn; whoever takes the last
stone wins. With ``jokers`` (the default) the three cards 1, 2 and 3 are shuffled and
each player is dealt one face down, the third stays face down beside the pile: once a
game, a player may play his joker to take that many stones and move again. Nobody sees
another's joker until it is played, nor the spare card, ever.

What a game needs beyond its rules comes from server/engine/base.py (``GameBase``:
options, result, clone, save, load checks) and server/engine/contract.py (``ranked``).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from server.engine.actionfields import int_field
from server.engine.base import GameBase
from server.engine.contract import Action, LogEvent, Options, Result, ScoreLine, ranked
from server.engine.errors import CorruptState, IllegalAction, NotYourTurn
from server.engine.options import OptionSpec, names_error
from server.engine.rng import SeededRng

PLAY, OVER = 0, 1  # the steps (the save format's numbers)
CARDS = (1, 2, 3)
OPTIONS = (
    OptionSpec("stones", "int", 15, "stones in the pile at the start", title="Stones",
               min=5, max=40),
    OptionSpec("jokers", "bool", True, "deal each player a face-down joker", title="Jokers"),
)
_KEYS = ("step", "names", "turn", "start", "pile", "taken", "jokers", "played", "spare", "winner")


@dataclass
class StonesState:
    step: int
    names: list[str]
    turn: int  # the seat to move (-1 once over)
    start: int  # the pile at the start (the ``stones`` option)
    pile: int
    taken: list[int]  # stones each seat took
    jokers: list[int]  # each seat's joker (0: none dealt)
    played: list[bool]  # whose joker is face up (played)
    spare: int  # the face-down card beside the pile (0: none)
    winner: int  # -1 until the last stone is taken
    n: int = 2

    def clone(self) -> StonesState:
        return copy.deepcopy(self)

    def to_data(self) -> dict[str, Any]:
        return {key: copy.deepcopy(getattr(self, key)) for key in _KEYS}


class Stones(GameBase):
    name = "stones"
    title = "Stones (test game)"
    min_players = 2
    max_players = 2
    rules_version = 1
    rules_compatible_since = 1
    options_spec = OPTIONS
    over_step = OVER

    def setup(self, players: int, options: Options, seed: int) -> StonesState:
        opts = self.normalize_options(players, options)
        cards = list(CARDS) if opts["jokers"] else [0, 0, 0]
        SeededRng(seed).shuffle(cards)
        names = opts.get("names") or [f"Seat {s + 1}" for s in range(players)]
        return StonesState(PLAY, names, 0, opts["stones"], opts["stones"], [0, 0], cards[:2], [False, False],
                           cards[2], -1)

    def to_move(self, state: StonesState) -> list[int]:
        return [state.turn] if state.step == PLAY else []

    def legal_actions(self, state: StonesState, seat: int) -> list[Action]:
        if state.step != PLAY or seat != state.turn:
            return []
        out: list[Action] = [{"type": "take", "n": k, "label": f"take {k}"}
                             for k in range(1, min(3, state.pile) + 1)]
        joker = state.jokers[seat]
        if joker and not state.played[seat] and joker <= state.pile:
            out.append({"type": "joker", "label": f"play your joker: take {joker}, move again"})
        return out

    def apply(self, state: StonesState, seat: int, action: Action) -> list[LogEvent]:
        if state.step != PLAY:
            raise IllegalAction("the game is over")
        if seat != state.turn:
            raise NotYourTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s")
        if not isinstance(action, dict):
            raise IllegalAction("an action is a map")
        kind = action.get("type")
        if kind == "take":
            n = int_field(action, "n")
            if not 1 <= n <= min(3, state.pile):
                raise IllegalAction(f"take 1 to {min(3, state.pile)} stones")
            again = False
        elif kind == "joker":
            n = state.jokers[seat]
            if not n or state.played[seat] or n > state.pile:
                raise IllegalAction("no joker to play")
            state.played[seat] = True
            again = True
        else:
            raise IllegalAction(f"not an action of this game: {kind!r}")
        state.pile -= n
        state.taken[seat] += n
        who = state.names[seat]
        text = f"{who} plays a joker and takes {n}" if again else f"{who} takes {n}"
        events: list[LogEvent] = [{"seat": seat, "kind": kind, "text": text}]
        if state.pile == 0:
            state.step, state.turn, state.winner = OVER, -1, seat
            events.append({"seat": seat, "kind": "game_over", "text": f"{who} took the last stone"})
        elif not again:
            state.turn = 1 - seat
        return events

    def score(self, state: StonesState) -> Result:
        return ranked([ScoreLine(s, int(s == state.winner), {"last stone": int(s == state.winner)},
                                 0) for s in range(state.n)])

    def view(self, state: StonesState, viewer: int | None) -> dict[str, Any]:
        over = state.step == OVER
        return {
            "game": self.name,
            "viewer": viewer,
            "pile": state.pile,
            "to_move": self.to_move(state),
            "players": [{"seat": s, "name": state.names[s], "taken": state.taken[s],
                         "joker": state.jokers[s] if s == viewer or state.played[s] else None,
                         "joker_played": state.played[s]} for s in range(state.n)],
            "over": over,
            "winner": state.winner if over else None,
        }

    def from_data(self, data: Any) -> StonesState:
        if not isinstance(data, dict) or set(data) != set(_KEYS):
            raise CorruptState("a stones state is a map of " + ", ".join(_KEYS))
        ints = ("step", "turn", "start", "pile", "spare", "winner")
        if any(isinstance(data[k], bool) or not isinstance(data[k], int) for k in ints):
            raise CorruptState(f"{', '.join(ints)} must be whole numbers")
        for key, kind in (("taken", int), ("jokers", int), ("played", bool)):
            v = data[key]
            if not isinstance(v, list) or len(v) != 2 or not all(
                    type(x) is kind for x in v):
                raise CorruptState(f"{key} must be two {kind.__name__}s")
        if (err := names_error(data["names"], 2)) is not None:
            raise CorruptState(err)
        s = StonesState(**copy.deepcopy(data))
        cards = sorted([*s.jokers, s.spare])
        if cards not in ([0, 0, 0], list(CARDS)):
            raise CorruptState("the cards must be 1, 2 and 3 (or none)")
        if s.pile + sum(s.taken) != s.start:
            raise CorruptState("the stones taken and the pile do not add up to the start")
        if s.pile < 0 or min(s.taken) < 0 or any(p and not j for p, j in zip(
                s.played, s.jokers, strict=True)):
            raise CorruptState("a count below 0, or a joker played that was never dealt")
        over = s.pile == 0
        if s.step != (OVER if over else PLAY) or (over and s.winner not in (0, 1)) or (
                not over and (s.winner != -1 or s.turn not in (0, 1))) or (
                over and s.turn != -1):
            raise CorruptState("step, turn and winner do not fit the pile")
        return self.playable(s, lambda st: self.legal_actions(st, st.turn))

    def determinize(self, state: StonesState, seat: int, seed: int) -> StonesState:
        """The cards ``seat`` has not seen (the other's unplayed joker, the spare) dealt
        again, from their sorted values: nothing hidden can be read back out."""
        s = state.clone()
        other = 1 - seat
        unseen = [s.spare] + ([] if s.played[other] else [s.jokers[other]])
        unseen.sort()
        random.Random(seed).shuffle(unseen)
        if not s.played[other]:
            s.jokers[other] = unseen.pop()
        s.spare = unseen.pop()
        return s
