"""What San Juan's undo and empty confirm say (issue 32, item 11): an undo names what it
takes back ("Undo: take back the well card"), never only what is left ("Undo: not a
well"); confirming no pick at all is a decline and reads as one ("Produce nothing"), not
as a confirm of nothing. Seeded random games on the real engine."""

from __future__ import annotations

import random
from typing import Any

from server.games.registry import get_game

GAME = get_game("san-juan")


def decisions(seeds: range = range(1, 6)) -> list[tuple[str, list[dict[str, Any]], list[Any]]]:
    """(step, legal actions, picks so far) of every decision in a few random games."""
    out = []
    for seed in seeds:
        state = GAME.setup(3, GAME.normalize_options(3, {}), seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            d = GAME.view(state, seat).get("decision") or {}
            out.append((str(d.get("step")), legal, list(d.get("picked") or [])))
            GAME.apply(state, seat, rng.choice(legal))
    return out


def test_an_undo_says_what_it_takes_back() -> None:
    undos = [(step, a["label"], picked) for step, legal, picked in decisions()
             for a in legal if a.get("kind") == "undo" and picked]
    steps = {step for step, _, _ in undos}
    assert {"build_pay", "produce"} <= steps, steps
    for step, label, picked in undos:
        assert label.startswith("Undo: take back "), label
        assert "not" not in label.split(), label
        last = picked[-1]
        if "card" in last:
            assert label == f"Undo: take back the {last['card'].replace('_', ' ')} card", (label, last)
        elif step in ("produce", "sell"):
            verb = "producing" if step == "produce" else "selling"
            assert label == f"Undo: take back {verb} {last['good']}", (label, last)


def test_confirming_no_pick_reads_as_the_decline_it_is() -> None:
    empty = {(step, a["label"]) for step, legal, picked in decisions()
             for a in legal if a["type"] == "confirm" and not picked and step in ("produce", "sell")}
    assert ("produce", "Produce nothing") in empty, empty
    assert all(not label.startswith("Confirm") for _, label in empty), empty
