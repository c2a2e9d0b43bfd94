"""A tiny game with hidden information, for server tests that need speed.

Each turn the seat to move draws the top card of a face-down stack (its value is
secret VP, told only to that seat) or passes. The game ends when the stack is
empty. Hidden: other seats' ``vp`` and the order of the stack.
"""

from __future__ import annotations

from typing import Any

from server.engine.contract import Action, LogEvent, Options, Result, ScoreLine
from server.engine.errors import IllegalAction, InvalidOptions
from server.engine.options import OptionSpec
from server.engine.rng import SeededRng


class ToyGame:
    name = "nettoy"
    title = "Toy"
    min_players = 2
    max_players = 5
    rules_version = 1
    rules_compatible_since = 1
    options_spec = (
        OptionSpec("cards", "int", 12, "cards in the face-down stack", min=1, max=200),
        OptionSpec("open_vp", "bool", False, "everyone sees everyone's VP", reveals_hidden=True),
    )

    def normalize_options(self, players: int, options: Options) -> Options:
        cards = options.get("cards", 12)
        if not isinstance(cards, int) or not 1 <= cards <= 200:
            raise InvalidOptions("cards must be 1..200")
        return {"cards": cards, "open_vp": bool(options.get("open_vp", False))}

    def setup(self, players: int, options: Options, seed: int) -> dict[str, Any]:
        rng = SeededRng(seed)
        stack = [1 + i % 5 for i in range(options["cards"])]
        rng.shuffle(stack)
        return {"n": players, "options": options, "stack": stack, "vp": [0] * players,
                "turn": 0, "rng": rng.to_data()}

    def to_move(self, state: dict[str, Any]) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "draw", "label": "draw a card"}, {"type": "pass", "label": "pass"}]

    def apply(self, state: dict[str, Any], seat: int, action: Action) -> list[LogEvent]:
        if seat not in self.to_move(state):
            raise IllegalAction("not your turn")
        kind = action.get("type")
        if kind == "draw":
            card = state["stack"].pop()
            state["vp"][seat] += card
            ev: LogEvent = {"seat": seat, "kind": "draw", "text": f"seat {seat} draws",
                            "private": {str(seat): f"(+{card} VP)"}}
        elif kind == "pass":
            ev = {"seat": seat, "kind": "pass", "text": f"seat {seat} passes"}
        else:
            raise IllegalAction("unknown action")
        state["turn"] = (seat + 1) % state["n"]
        return [ev]

    def is_over(self, state: dict[str, Any]) -> bool:
        return not state["stack"]

    def result(self, state: dict[str, Any]) -> Result | None:
        if not self.is_over(state):
            return None
        order = sorted(range(state["n"]), key=lambda s: -state["vp"][s])
        scores = [ScoreLine(s, state["vp"][s], {"vp": state["vp"][s]}, 0, order.index(s) + 1)
                  for s in range(state["n"])]
        return Result(scores, order, [order[0]])

    def view(self, state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        open_vp = state["options"]["open_vp"]
        return {
            "game": "nettoy", "options": dict(state["options"]), "viewer": viewer,
            "stack": len(state["stack"]), "turn": state["turn"], "over": self.is_over(state),
            "players": [{"seat": s, "vp": state["vp"][s] if open_vp or s == viewer else None}
                        for s in range(state["n"])],
        }

    def clone(self, state: dict[str, Any]) -> dict[str, Any]:
        return self.from_data(self.to_data(state))

    def to_data(self, state: dict[str, Any]) -> dict[str, Any]:
        return {**state, "stack": list(state["stack"]), "vp": list(state["vp"])}

    def from_data(self, data: Any) -> dict[str, Any]:
        return {**data, "stack": list(data["stack"]), "vp": list(data["vp"])}

    def determinize(self, state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
        out = self.clone(state)
        SeededRng(seed).shuffle(out["stack"])
        out["vp"] = [v if s == seat else 0 for s, v in enumerate(out["vp"])]
        return out

    def players(self, state: dict[str, Any]) -> int:
        return int(state["n"])


def register() -> None:
    from server.engine.record import GameRecord
    from server.games import registry

    registry.register(GameRecord("nettoy", ToyGame, facts=None, board=False))  # a test double
