"""ActionKeys on its own: the keys of a decision's actions as lists come and go.

The bug this guards (seen in a whole game with Expansion I at 80x24): the Black Market
asks for a payment item from a long list (every staffed place, goods, VP; more than
ten), then "pay the rest with what?" lists the few that remain. Those few had been
listed past the ten keys, kept their keyless slots, and the player saw choices with
no key at all.
"""

from __future__ import annotations

from prtui.widgets.actions import KEYS, ActionKeys
from prtui.widgets.context import action_key

DECISION = (0, "5", "'builder'", "None", "0", "None")


def pay(what: str) -> dict[str, object]:
    return {"type": "black_market", "pay": what, "label": f"1 {what}"}


def test_choices_listed_past_the_ten_keys_get_keys_when_the_list_shrinks() -> None:
    keys = ActionKeys()
    first = [pay(f"worker {n}") for n in range(KEYS + 1)] + [pay("corn"), pay("fruit"), pay("VP")]
    slots = keys.slots(DECISION, first)
    assert sorted(slots[:KEYS]) == list(range(KEYS))  # the first 43 have keys (1-0, d-z, A-Z)
    assert [action_key(n) for n in slots[KEYS:]] == ["", "", "", ""]
    rest = [pay("corn"), pay("fruit"), pay("VP")]
    shown = [action_key(n) for n in keys.slots(DECISION, rest)]
    assert all(shown) and len(set(shown)) == 3, shown


def test_a_list_longer_than_ten_keeps_its_slots_when_asked_again() -> None:
    keys = ActionKeys()
    long = [pay(f"worker {n}") for n in range(14)]
    once = keys.slots(DECISION, long)
    assert keys.slots(DECISION, long) == once
    assert keys.slots(DECISION, long) == once


def test_keyed_choices_keep_their_keys_when_a_keyless_one_gets_a_freed_key() -> None:
    keys = ActionKeys()
    first = [pay(f"worker {n}") for n in range(12)]
    before = dict(zip(range(12), keys.slots(DECISION, first), strict=True))
    kept = [first[3], first[7], first[11]]  # two with keys, one past them
    after = keys.slots(DECISION, kept)
    assert after[:2] == [before[3], before[7]]
    assert action_key(after[2]) not in ("", action_key(before[3]), action_key(before[7]))


def place(what: str) -> dict[str, object]:
    return {"type": "mayor_place", "where": "island", "index": 0, "label": f"Place on {what}"}


def test_a_choice_that_left_stays_on_its_number_and_no_new_one_takes_it() -> None:
    """A full place is shown disabled on its number (``gone``); a send-back coming later
    takes a number never used in the turn (past 0, a letter: issue 32)."""
    keys = ActionKeys()
    places = [place(f"tile {n}") for n in range(8)]
    first = keys.slots(DECISION, places)
    after = keys.slots(DECISION, places[1:])  # tile 0 is full
    assert after == first[1:]
    assert keys.gone() == [(first[0], places[0])]
    backs = [{"type": "undo", "kind": "take_back", "where": "island", "index": n,
              "label": f"Send back from tile {n}"} for n in range(4)]
    mixed = keys.slots(DECISION, places[1:] + backs)
    numbers = [action_key(n) for n in mixed]
    assert action_key(first[0]) not in numbers  # tile 0's number is still tile 0's
    assert numbers[7:] == ["9", "0", "d", "i"], numbers
    assert keys.gone() == [(first[0], places[0])]


def test_confirm_undo_and_decline_have_their_letters() -> None:
    keys = ActionKeys()
    legal = [place("corn"), {"type": "mayor_done", "kind": "confirm", "label": "Confirm"},
             {"type": "undo", "kind": "undo", "label": "Undo: corn"},
             {"type": "pass", "kind": "decline", "label": "Leave it"}]
    assert [action_key(n) for n in keys.slots(DECISION, legal)] == ["1", "y", "u", "n"]
