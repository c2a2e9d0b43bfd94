"""A tiny game that implements the engine contract, for testing the tools over it.

"Coin race": a public pool of coins and a face-down deck of VP cards. In turn each
seat takes 1 or 2 coins from the pool, draws the top card (its VP value goes to the
seat's secret chips), or passes. The game ends when the pool or the deck is empty, or
after everyone passed in a row. It has the same kinds of hidden information as
Puerto Rico (secret chips, a face-down stack order, the RNG), so view tests bite.
"""

from __future__ import annotations

import copy
from typing import Any

from server.engine.contract import Action, LogEvent, Options, Result, ScoreLine
from server.engine.errors import CorruptState, IllegalAction, InvalidOptions, NotYourTurn
from server.engine.rng import SeededRng
from server.games import registry

NAME = "toy-race"
_KEYS = {"players", "options", "turn", "pool", "deck", "coins", "chips", "passes", "rng"}


class ToyRace:
    name = NAME
    title = "Coin race (test game)"
    min_players = 2
    max_players = 5

    def normalize_options(self, players: int, options: Options) -> Options:
        if not isinstance(players, int) or not 2 <= players <= 5:
            raise InvalidOptions(f"toy-race takes 2-5 players, not {players!r}")
        unknown = set(options) - {"open_vp", "pool"}
        if unknown:
            raise InvalidOptions(f"unknown options: {sorted(unknown)}")
        pool = options.get("pool", 12)
        if not isinstance(pool, int) or isinstance(pool, bool) or not 1 <= pool <= 99:
            raise InvalidOptions("pool must be 1..99")
        return {"open_vp": bool(options.get("open_vp", False)), "pool": pool}

    def setup(self, players: int, options: Options, seed: int) -> dict[str, Any]:
        opts = self.normalize_options(players, options)
        rng = SeededRng(seed)
        deck = [1, 1, 2, 2, 3, 5]
        rng.shuffle(deck)
        return {
            "players": players,
            "options": opts,
            "turn": 0,
            "pool": opts["pool"],
            "deck": deck,
            "coins": [0] * players,
            "chips": [0] * players,
            "passes": 0,
            "rng": rng.to_data(),
        }

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["pool"] == 0 or not state["deck"] or state["passes"] >= state["players"]

    def to_move(self, state: dict[str, Any]) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        acts: list[Action] = [
            {"type": "take", "n": n, "label": f"take {n}"}
            for n in (1, 2)
            if n <= state["pool"]
        ]
        acts.append({"type": "draw", "label": "draw a card"})
        acts.append({"type": "pass", "label": "pass"})
        return acts

    def apply(self, state: dict[str, Any], seat: int, action: Action) -> list[LogEvent]:
        if seat not in self.to_move(state):
            raise NotYourTurn(f"seat {seat} is not to move")
        bare = {k: v for k, v in action.items() if k != "label"}
        legal = [{k: v for k, v in a.items() if k != "label"} for a in self.legal_actions(state, seat)]
        if bare not in legal:
            raise IllegalAction(f"not a legal action: {bare}")
        kind = bare["type"]
        event: LogEvent = {"seat": seat, "kind": kind, "text": f"seat {seat}: {kind}"}
        if kind == "take":
            state["pool"] -= bare["n"]
            state["coins"][seat] += bare["n"]
            state["passes"] = 0
        elif kind == "draw":
            card = state["deck"].pop()
            state["chips"][seat] += card
            state["passes"] = 0
            event["private"] = {str(seat): f"+{card} VP"}
        else:
            state["passes"] += 1
        state["turn"] = (seat + 1) % state["players"]
        return [event]

    def result(self, state: dict[str, Any]) -> Result | None:
        if not self.is_over(state):
            return None
        lines = [
            ScoreLine(s, state["chips"][s] + state["coins"][s] // 3,
                      {"chips": state["chips"][s], "coins": state["coins"][s] // 3},
                      state["coins"][s])
            for s in range(state["players"])
        ]
        order = sorted(lines, key=lambda x: (-x.total, -x.tiebreak, x.seat))
        for line in order:
            line.rank = 1 + sum(
                1 for o in order if (o.total, o.tiebreak) > (line.total, line.tiebreak)
            )
        return Result(lines, [x.seat for x in order], [x.seat for x in order if x.rank == 1])

    def view(self, state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        open_vp = state["options"]["open_vp"]
        return {
            "game": NAME,
            "viewer": viewer,
            "pool": state["pool"],
            "deck": len(state["deck"]),
            "to_move": self.to_move(state),
            "players": [
                {
                    "seat": s,
                    "coins": state["coins"][s],
                    "vp_chips": state["chips"][s] if open_vp or s == viewer else None,
                }
                for s in range(state["players"])
            ],
            "over": self.is_over(state),
        }

    def clone(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def to_data(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def from_data(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict) or set(data) != _KEYS:
            raise CorruptState("toy-race state must be a map with the toy keys")
        n = data["players"]
        if not isinstance(n, int) or not 2 <= n <= 5:
            raise CorruptState("players out of range")
        for key in ("coins", "chips"):
            vals = data[key]
            if not isinstance(vals, list) or len(vals) != n or not all(
                isinstance(v, int) and v >= 0 for v in vals
            ):
                raise CorruptState(f"{key} must be {n} counts")
        opts = data["options"]
        if not isinstance(opts, dict) or set(opts) != {"open_vp", "pool"}:
            raise CorruptState("options malformed")
        for key in ("turn", "passes", "pool"):
            if not isinstance(data[key], int) or isinstance(data[key], bool):
                raise CorruptState(f"{key} must be an int")
        if not 0 <= data["turn"] < n:
            raise CorruptState("turn out of range")
        if data["pool"] < 0:
            raise CorruptState("pool must be a count")
        deck = data["deck"]
        if not isinstance(deck, list) or not all(isinstance(c, int) and c > 0 for c in deck):
            raise CorruptState("deck must be a list of card values")
        try:
            SeededRng.from_data(data["rng"])
        except ValueError as exc:
            raise CorruptState(str(exc)) from None
        return copy.deepcopy(data)

    def determinize(self, state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
        """The deck re-sampled from its sorted contents; others' chips an even split of
        their total (a sum that the tests treat as public), so nothing hidden leaks."""
        sample = self.clone(state)
        sample["deck"].sort()
        SeededRng(seed).shuffle(sample["deck"])
        others = [s for s in range(sample["players"]) if s != seat]
        share, extra = divmod(sum(sample["chips"][s] for s in others), len(others))
        for i, s in enumerate(others):
            sample["chips"][s] = share + (1 if i < extra else 0)
        sample["rng"] = [seed, 0]
        return sample

    def players(self, state: dict[str, Any]) -> int:
        return int(state["players"])


def register() -> None:
    """Register the toy game (tests only; production never sees it)."""
    registry.register(NAME, ToyRace)


def unregister() -> None:
    """Take the toy game out of the registry again after a test."""
    registry._FACTORIES.pop(NAME, None)
    registry._CACHE.pop(NAME, None)
