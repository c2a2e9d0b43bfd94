"""A tiny game that implements the engine contract, for testing the tools over it.

"Coin race": a public pool of coins and a face-down deck of VP cards. In turn each
seat takes 1 or 2 coins from the pool, draws the top card (its VP value goes to the
seat's secret chips), or passes. The game ends when the pool or the deck is empty, or
after everyone passed in a row. It has the same kinds of hidden information as
Puerto Rico (secret chips, a face-down stack order, the RNG), so view tests bite.

It is for 2 to 4 players (not Puerto Rico's 2 to 5) and has options of its own, so the
tests prove that everything above the contract reads the players range and the options
from the game: nothing outside the game module knows them.
"""

from __future__ import annotations

import copy
from typing import Any

from server.engine.contract import Action, LogEvent, Options, Result, ScoreLine
from server.engine.errors import CorruptState, IllegalAction, NotYourTurn
from server.engine.options import OptionSpec, check_players, normalize
from server.engine.record import GameRecord
from server.engine.rng import SeededRng
from server.games import registry

NAME = "toy-race"
_KEYS = {"players", "options", "turn", "pool", "deck", "coins", "chips", "passes", "rng"}
DECKS = {"short": [1, 1, 2, 2, 3, 5], "long": [1, 1, 1, 2, 2, 2, 3, 3, 5, 8]}
OPTIONS = (
    OptionSpec("open_vp", "bool", False, "everyone sees everyone's chips", title="Open chips",
               reveals_hidden=True),
    OptionSpec("pool", "int", 12, "coins in the pool at the start", title="Pool",
               min=1, max=99),
    OptionSpec("deck", "choice", "short", "how many VP cards are dealt face down",
               title="Deck", choices=("short", "long"), labels=("Short (6)", "Long (10)")),
)


class ToyRace:
    name = NAME
    title = "Coin race (test game)"
    min_players = 2
    max_players = 4
    rules_version = 3
    rules_compatible_since = 2
    options_spec = OPTIONS

    def normalize_options(self, players: int, options: Options) -> Options:
        check_players(self.title, self.min_players, self.max_players, players)
        out = normalize(OPTIONS, options)
        out.pop("names", None)  # words only; the toy speaks of seats by number
        out.pop("rules_version", None)  # one version of the rules: nothing to replay otherwise
        return out

    def setup(self, players: int, options: Options, seed: int) -> dict[str, Any]:
        opts = self.normalize_options(players, options)
        rng = SeededRng(seed)
        deck = list(DECKS[opts["deck"]])
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
        if not isinstance(n, int) or not self.min_players <= n <= self.max_players:
            raise CorruptState("players out of range")
        for key in ("coins", "chips"):
            vals = data[key]
            if not isinstance(vals, list) or len(vals) != n or not all(
                isinstance(v, int) and v >= 0 for v in vals
            ):
                raise CorruptState(f"{key} must be {n} counts")
        opts = data["options"]
        if not isinstance(opts, dict) or set(opts) != {spec.name for spec in OPTIONS}:
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


RECORD = GameRecord(NAME, ToyRace, facts=None, board=False)  # a test double


def register() -> None:
    """Register the toy game (tests only; production never sees it)."""
    registry.register(RECORD)


def unregister() -> None:
    """Take the toy game out of the registry again after a test."""
    registry.unregister(NAME)
