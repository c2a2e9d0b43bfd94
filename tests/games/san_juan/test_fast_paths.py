"""The engine's shortcuts change nothing: at every decision of whole random games the
legal actions (labels included) are the ones a state loaded afresh lists from scratch,
whatever the cached moves, the moves worked out from the previous pick (selection.py
``picked``) and the label memo say."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.engine.playout import pick
from tests.games.san_juan.helpers import GAME, new


@pytest.mark.parametrize(("players", "opts"), [(2, {}), (3, {"fair_start": True}), (4, {})])
def test_every_decision_lists_what_a_fresh_state_lists(players: int, opts: dict[str, Any]) -> None:
    for seed in range(3):
        s = new(players, seed=50 + seed, **opts)
        rnd = random.Random(seed)
        decisions = 0
        while not GAME.is_over(s):
            fresh = GAME.from_data(GAME.to_data(s))
            fresh.legal = None
            assert GAME.legal_actions(s, s.turn) == GAME.legal_actions(fresh, s.turn)
            seat, action = pick(GAME, s, rnd)
            GAME.apply(s, seat, action)
            decisions += 1
        assert decisions > 100


def test_a_selection_taken_back_and_picked_again_lists_the_same() -> None:
    s = new(3, seed=8)
    s.hands[0] = sorted(s.hands[0])
    GAME.apply(s, 0, {"type": "role", "role": "councillor"})
    before = GAME.legal_actions(s, 0)
    first = before[0]
    GAME.apply(s, 0, first)
    assert {"type": "confirm", "kind": "confirm", "label": "Confirm: keep this card",
            "tmpl": "Confirm: keep this card", "tk": "texts:labels.confirm_keep_one",
            "tf": {}} in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, {"type": "undo"})
    assert GAME.legal_actions(s, 0) == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_quiet_path_is_the_labelled_one_without_undo_and_without_log(players: int) -> None:
    """``moves`` lists one move per labelled action other than undo, in the same order
    (each the move that action resolves to); ``apply_move`` changes the state exactly
    as ``apply`` of that action, refuses another seat or a move that is not legal and
    then changes nothing."""
    from server.engine.errors import IllegalAction, NotYourTurn
    from server.games.san_juan.moves import parse, resolve

    loud = new(players, seed=70 + players, fair_start=True)
    quiet = GAME.clone(loud)
    rnd = random.Random(players)
    while not GAME.is_over(loud):
        seat = loud.turn
        moves = GAME.moves(quiet, seat)
        actions = [a for a in GAME.legal_actions(loud, seat) if a["type"] != "undo"]
        legal = loud.legal or []
        assert [resolve(parse(a), legal) for a in actions] == moves
        assert GAME.moves(quiet, (seat + 1) % players) == []
        before = GAME.to_data(quiet)
        with pytest.raises(NotYourTurn):
            GAME.apply_move(quiet, (seat + 1) % players, moves[0])
        with pytest.raises(IllegalAction):
            GAME.apply_move(quiet, seat, (99,))
        assert GAME.to_data(quiet) == before
        i = rnd.randrange(len(moves))
        GAME.apply(loud, seat, actions[i])
        GAME.apply_move(quiet, seat, moves[i])
        assert GAME.to_data(quiet) == GAME.to_data(loud)
    assert GAME.moves(quiet, 0) == [] and GAME.is_over(quiet)


def test_a_label_two_moves_share_is_only_a_guess() -> None:
    """Two steps may word an undo alike ("Undo: take back the well card"): the dict handed out is
    taken back as this step's move, whichever move the label was last made for."""
    from server.games.san_juan import labels

    s = new(4, seed=9, fair_start=True)
    card = GAME.legal_actions(s, 0)[0]
    GAME.apply(s, 0, card)
    undo = next(a for a in GAME.legal_actions(s, 0) if a["type"] == "undo")
    shown, move = labels.BY_LABEL[undo["label"]]
    labels.BY_LABEL[undo["label"]] = (shown, (move[0], move[1] + 1, move[2]))  # another step's
    try:
        GAME.apply(s, 0, undo)
    finally:
        labels.BY_LABEL[undo["label"]] = (shown, move)
    assert s.sel == [] and GAME.legal_actions(s, 0)[0] == card
