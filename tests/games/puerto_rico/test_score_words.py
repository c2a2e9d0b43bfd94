"""The final score lines count their words (the issue 32 walk read "12 VP (9 VP chips,
2 buildings, 1 citizens)"): one citizen's VP is "1 citizen". Seeded random 1897 games
with The Citizens, to the end."""

from __future__ import annotations

import random
import re

from server.games.registry import get_game


def final_lines(seed: int) -> list[str]:
    game = get_game("puerto-rico")
    state = game.setup(3, game.normalize_options(3, {"edition": "1897",
                                                     "expansions": ["citizens"]}), seed)
    rng = random.Random(seed)
    lines: list[str] = []
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        legal = [a for a in game.legal_actions(state, seat) if a["type"] != "undo"]
        for event in game.apply(state, seat, rng.choice(legal)):
            if event.get("kind") == "score" or re.match(r"\d\. ", str(event.get("text", ""))):
                lines.append(str(event.get("text", "")))
    return lines


def test_one_citizen_is_counted_in_the_singular() -> None:
    lines = [line for seed in range(4) for line in final_lines(seed)]
    assert lines, "no final score line"
    assert not [line for line in lines if re.search(r"\b1 citizens\b", line)], lines
    assert [line for line in lines if re.search(r"\b1 citizen\b", line)], lines
