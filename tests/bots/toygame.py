"""A tiny game over the engine contract, to test the bots before (and beside) Puerto Rico.

"Harbour draw": three face-up cargo cards lie on the quay; in turn, each captain takes
one (its value is public and scores), the quay refills from a face-down deck (hidden
order). Each take also earns a secret bonus chip with probability 1/2 (hidden, like
Puerto Rico's VP chips; the supply count is public). After ``ROUNDS`` turns each, the
highest score wins; ties go to the later seat. Taking the best card is clearly good, so
a sensible bot beats a random one.

Importing this module registers it as ``"toy"`` so pool workers can load it too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from server.engine.contract import Action, LogEvent, Options, Result, ScoreLine
from server.engine.errors import CorruptState, IllegalAction, InvalidOptions, NotYourTurn
from server.engine.record import GameRecord
from server.engine.rng import SeededRng
from server.games import registry

ROUNDS = 4
DECK = [v for v in range(1, 10) for _ in range(3)]


@dataclass
class ToyState:
    players: int
    deck: list[int]
    quay: list[int]
    scores: list[int]
    chips: list[int]
    turn: int = 0
    moves: int = 0
    rng: SeededRng = field(default_factory=lambda: SeededRng(0))


class ToyGame:
    name = "toy"
    title = "Harbour draw"
    min_players = 2
    max_players = 5
    rules_version = 1
    rules_compatible_since = 1
    options_spec = ()

    def normalize_options(self, players: int, options: Options) -> Options:
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(f"{players} players: toy takes 2-5")
        return dict(options)

    def setup(self, players: int, options: Options, seed: int) -> ToyState:
        self.normalize_options(players, options)
        rng = SeededRng(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        quay = [deck.pop() for _ in range(3)]
        return ToyState(players, deck, quay, [0] * players, [0] * players, rng=rng)

    def to_move(self, state: ToyState) -> list[int]:
        return [] if self.is_over(state) else [state.turn]

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        return [
            {"type": "take", "index": i, "label": f"take {v}"} for i, v in enumerate(state.quay)
        ]

    def apply(self, state: ToyState, seat: int, action: Action) -> list[LogEvent]:
        if seat not in self.to_move(state):
            raise NotYourTurn(f"seat {seat} is not to move")
        index = action.get("index")
        if action.get("type") != "take" or not isinstance(index, int) or not (
            0 <= index < len(state.quay)
        ):
            raise IllegalAction(f"not a legal take: {action!r}")
        value = state.quay.pop(index)
        state.scores[seat] += value
        chip = state.rng.randrange(2)
        state.chips[seat] += chip
        if state.deck:
            state.quay.append(state.deck.pop())
        state.moves += 1
        state.turn = (state.turn + 1) % state.players
        return [{"seat": seat, "kind": "take", "text": f"takes {value}",
                 "private": {str(seat): f"+{chip} chip"}}]

    def is_over(self, state: ToyState) -> bool:
        return state.moves >= ROUNDS * state.players

    def result(self, state: ToyState) -> Result | None:
        if not self.is_over(state):
            return None
        totals = [s + c for s, c in zip(state.scores, state.chips, strict=True)]
        order = sorted(range(state.players), key=lambda s: (-totals[s], -s))
        lines = [ScoreLine(s, totals[s], {"cargo": state.scores[s], "chips": state.chips[s]}, s,
                           rank=order.index(s) + 1) for s in range(state.players)]
        return Result(lines, order, [order[0]])

    def view(self, state: ToyState, viewer: int | None) -> dict[str, Any]:
        return {
            "game": "toy",
            "players_count": state.players,
            "viewer": viewer,
            "quay": list(state.quay),
            "deck": len(state.deck),
            "turn": state.turn,
            "moves": state.moves,
            "chips_out": sum(state.chips),
            "players": [
                {"seat": s, "score": state.scores[s],
                 "chips": state.chips[s] if viewer == s else None}
                for s in range(state.players)
            ],
        }

    def clone(self, state: ToyState) -> ToyState:
        return ToyState(state.players, list(state.deck), list(state.quay), list(state.scores),
                        list(state.chips), state.turn, state.moves, state.rng.clone())

    def to_data(self, state: ToyState) -> dict[str, Any]:
        return {"players": state.players, "deck": list(state.deck), "quay": list(state.quay),
                "scores": list(state.scores), "chips": list(state.chips), "turn": state.turn,
                "moves": state.moves, "rng": state.rng.to_data()}

    def from_data(self, data: Any) -> ToyState:
        try:
            return ToyState(int(data["players"]), list(data["deck"]), list(data["quay"]),
                            list(data["scores"]), list(data["chips"]), int(data["turn"]),
                            int(data["moves"]), SeededRng.from_data(data["rng"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptState(f"bad toy state: {exc}") from None

    def determinize(self, state: ToyState, seat: int, seed: int) -> ToyState:
        """Re-sample the deck order, the others' chips and the RNG from the seat's view."""
        rnd = random.Random(f"toy-det:{seed}")
        copy = self.clone(state)
        rnd.shuffle(copy.deck)
        copy.deck.sort()
        rnd.shuffle(copy.deck)
        others = [s for s in range(state.players) if s != seat]
        hidden = sum(state.chips) - state.chips[seat]
        copy.chips = [state.chips[seat] if s == seat else 0 for s in range(state.players)]
        for _ in range(hidden):
            copy.chips[rnd.choice(others)] += 1
        copy.rng = SeededRng(rnd.getrandbits(62))
        return copy

    def players(self, state: ToyState) -> int:
        return state.players


registry.register(GameRecord("toy", ToyGame, facts=None, board=False))  # a test double
