"""The per-game boilerplate written once (issue 35 item 3): option normalisation, name
errors, ranked results, action fields and GameBase, as every game now gets them. The
games' own tests (and the contract suite) show they behave as their copies did."""

from __future__ import annotations

import re

import pytest

from server.engine.actionfields import int_field, name_field, type_code
from server.engine.contract import ScoreLine, ranked
from server.engine.errors import CorruptState, IllegalAction, InvalidOptions
from server.engine.options import NAME_MAX, OptionSpec, names_error, normalize_table
from server.games.registry import discover, get_game

discover("tests.games")  # the stones test game
SPEC = (OptionSpec("fast", "bool", False, "play fast", title="Fast"),)


def _norm(players: int, options: object) -> dict[str, object]:
    return normalize_table("Tiny", (2, 3), SPEC, (2, 4), players, options)


def test_normalize_table_fills_checks_and_keeps_the_contracts_keys() -> None:
    assert _norm(2, {}) == {"fast": False}
    assert _norm(3, {"names": None, "rules_version": 2}) == {"fast": False, "rules_version": 2}
    names = ["ana", "bo"]
    kept = _norm(2, {"names": names})["names"]
    assert kept == names and kept is not names  # a list of its own
    for players, options, why in [
        (4, {}, "Tiny is for 2 to 3 players, not 4"),
        (2, {"fast": 1}, "fast"),
        (2, {"rules_version": 5}, "rules_version: 2 to 4"),
        (2, {"rules_version": True}, "rules_version: 2 to 4"),
        (2, {"names": ["ana"]}, "names must be a list of 2 strings, one per seat"),
        (2, {"colour": "red"}, "unknown option(s): colour (known: fast)"),
    ]:
        with pytest.raises(InvalidOptions, match=re.escape(why)):
            _norm(players, options)


@pytest.mark.parametrize(("names", "error"), [
    (["ana", " "], "each name must be a non-empty string"),
    (["ana", "x" * (NAME_MAX + 1)], f"names are at most {NAME_MAX} characters"),
    (["ana", "b\x1bo"], "names may not contain control characters"),
    ("ana,bo", "names must be a list of 2 strings, one per seat"),
    (["ana", "x" * NAME_MAX], None),
])
def test_names_error_says_what_is_wrong(names: object, error: str | None) -> None:
    assert names_error(names, 2) == error


def test_ranked_shares_a_rank_only_on_total_and_tiebreak() -> None:
    lines = [ScoreLine(0, 10, {}, 3), ScoreLine(1, 12, {}, 0), ScoreLine(2, 10, {}, 3),
             ScoreLine(3, 10, {}, 1)]
    result = ranked(lines)
    assert result.ranking == [1, 0, 2, 3]
    assert [line.rank for line in lines] == [2, 1, 2, 4]
    assert result.winners == [1] and result.scores is lines


def test_action_fields_say_which_key_and_what_it_takes() -> None:
    types = {"take": 0, "pass": 1}
    assert type_code({"type": "pass"}, types) == 1
    assert int_field({"n": 3}, "n") == 3 and name_field({"g": "b"}, "g", {"a": 0, "b": 1}) == 1
    for call, why in [
        (lambda: type_code([], types), "an action must be a map with a 'type'"),
        (lambda: type_code({"type": "jump"}, types), "unknown action type 'jump'"),
        (lambda: int_field({"n": True}, "n"), "'n' must be an integer"),
        (lambda: name_field({"g": "c"}, "g", {"a": 0, "b": 1}), "'g' must be one of a, b"),
    ]:
        with pytest.raises(IllegalAction) as err:
            call()
        assert str(err.value) == why


@pytest.mark.parametrize("name", ["puerto-rico", "san-juan", "stones"])
def test_game_base_gives_every_game_the_same_contract_methods(name: str) -> None:
    game = get_game(name)
    state = game.setup(2, game.normalize_options(2, {}), 3)
    assert game.players(state) == 2 and not game.is_over(state) and game.result(state) is None
    assert game.to_data(game.clone(state)) == game.to_data(state)
    with pytest.raises(InvalidOptions, match=re.escape(f"{game.title} is for")):
        game.normalize_options(game.max_players + 1, {})
    with pytest.raises(InvalidOptions, match="rules_version"):
        game.normalize_options(2, {"rules_version": game.rules_version + 1})


def test_a_loaded_state_with_no_move_is_refused() -> None:
    game = get_game("stones")
    state = game.setup(2, {}, 1)
    with pytest.raises(CorruptState, match="no legal move in this position"):
        game.playable(state, lambda s: [])
    with pytest.raises(CorruptState, match="inconsistent position"):
        game.playable(state, lambda s: [][1])
    assert game.playable(state, lambda s: [1]) is state
