"""What the contract suite needs to know about a stones state (``to_data``)."""

from __future__ import annotations

from typing import Any

from server.engine.record import Data, Facts, changed


def totals(d: Data) -> dict[str, int]:
    return {"stones": d["pile"] + sum(d["taken"]),
            "jokers": sum(1 for card in [*d["jokers"], d["spare"]] if card)}


def expected_totals(players: int, options: dict[str, Any]) -> dict[str, int]:
    return {"stones": options["stones"], "jokers": 3 if options["jokers"] else 0}


def hide(d: Data, viewer: int | None) -> list[Data]:
    """An unplayed joker the viewer does not hold, swapped with the face-down spare."""
    out = []
    for seat in range(2):
        if seat != viewer and not d["played"][seat] and d["jokers"][seat] != d["spare"]:
            jokers = list(d["jokers"])
            jokers[seat] = d["spare"]
            out.append(changed(d, jokers=jokers, spare=d["jokers"][seat]))
    return out


def impossible(d: Data) -> list[tuple[str, Data]]:
    return [
        ("a stone from nowhere", changed(d, pile=d["pile"] + 1)),
        ("a third seat", changed(d, taken=[*d["taken"], 0])),
        ("a joker of 7", changed(d, spare=7)),
        ("a turn out of range", changed(d, turn=2)),
        ("a negative take", changed(d, taken=[-1, d["taken"][1] + 1])),
    ]


FACTS = Facts(
    option_sets=[{}, {"jokers": False}, {"stones": 21}],
    totals=totals,
    hide=hide,
    impossible=impossible,
    expected_totals=expected_totals,
    secret="joker",
)
