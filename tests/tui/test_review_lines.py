"""The review's lines never end in a bracket cut mid-word (issue 32, item 8: "(+1
doublo…"): a long move name loses its bracketed notes whole before anything is cut."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from prtui.screens.review import MOVE_CELLS, move_name, review_text


def label(action: Mapping[str, Any]) -> str:
    return str(action.get("say", ""))


REVIEW = {
    "moves": [
        {"step": 12, "played": {"say": "Prospector: take 1 doubloon (+1 doubloon)"},
         "value": 0.31, "chance": 0.31, "best": {"say": "Builder (+2 doubloons)"},
         "best_value": 0.52, "best_chance": 0.52, "loss": 0.21},
        {"step": 30, "played": {"say": "Trader: sell coffee at the trading house (+5 doubloons)"},
         "value": 0.4, "chance": 0.4, "best": {"say": "Craftsman"}, "best_value": 0.45,
         "best_chance": 0.45, "loss": 0.05},
    ],
    "worst": [12, 30],
}


def test_no_review_line_ends_in_a_cut_bracket() -> None:
    text = review_text(REVIEW, 12, label).plain
    assert not re.search(r"\([^)]*…", text), text
    assert "Prospector: take 1 doubloon 31%" in text
    assert "Builder (+2 doubloons)" in text  # it fits: kept whole


def test_a_name_too_long_even_without_its_notes_is_cut_last() -> None:
    long = "x" * 40 + " (+1 doubloon)"
    assert move_name(long) == "x" * (MOVE_CELLS - 1) + "…"
    assert move_name("Mayor (+1 colonist)") == "Mayor (+1 colonist)"


def test_the_review_words_chances_as_the_coach_does() -> None:
    """A calibrated chance as a percentage, "rough guess" where the server gave none
    (never the raw estimate), and a best move equal within noise as a "tie"."""
    review = {"moves": [
        {"step": 4, "played": {"say": "Mayor"}, "value": 0.9, "chance": None,
         "best": {"say": "Builder"}, "best_value": 0.95, "best_chance": 0.41, "loss": 0.05},
        {"step": 9, "played": {"say": "Trader"}, "value": 0.8, "chance": 0.38,
         "best": {"say": "Captain"}, "best_value": 0.81, "best_chance": 0.38, "tie": True,
         "loss": 0.0},
    ], "worst": [4]}
    text = review_text(review, 4, label).plain
    assert "step 4: Mayor rough guess · best Builder 41%" in text
    assert "90%" not in text and "95%" not in text
    tie = review_text(review, 9, label).plain
    assert "This step: Trader 38% · best Captain 38% tie" in tie
    assert "the search agrees" not in tie
