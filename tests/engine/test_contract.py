"""The engine contract on every registered game: replay determinism, save/load, clones,
corrupt states, illegal actions and hidden information."""

from __future__ import annotations

import json
import random
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.engine.contract import SHOWN_ONLY, Action, Game, describe
from server.engine.errors import CorruptState, IllegalAction, InvalidOptions
from server.engine.playout import pick, play_out
from server.games.registry import get_game
from tests.engine.games import GameFacts, all_facts

FACTS = all_facts()
CASES = [(f, n, o) for f in FACTS for n in f.players for o in f.option_sets[:2]]
IDS = [f"{f.name}-{n}p-{i}" for f, n, o in CASES for i in [f.option_sets.index(o)]]


def _new(facts: GameFacts, players: int, options: dict[str, Any], seed: int) -> tuple[Game, Any]:
    game = get_game(facts.name)
    return game, game.setup(players, game.normalize_options(players, options), seed)


def _viewers(game: Game, state: Any) -> list[int | None]:
    return [None, *range(game.players(state))]


def _snapshots(game: Game, state: Any, rnd: random.Random, every: int = 1) -> list[Any]:
    """Play to the end; at every ``every``-th step keep (action, to_data, all views)."""
    out = []
    n = 0
    while not game.is_over(state):
        seat, action = pick(game, state, rnd)
        game.apply(state, seat, action)
        n += 1
        if n % every == 0 or game.is_over(state):
            views = [game.view(state, v) for v in _viewers(game, state)]
            out.append((n, seat, action, game.to_data(state), views))
    return out


def _walk(node: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every (path, key-or-value) inside a plain document, for leak searches."""
    found: list[tuple[str, Any]] = [(path, node)]
    if isinstance(node, dict):
        for k, v in node.items():
            assert isinstance(k, str), f"non-string key {k!r} at {path}"
            found += _walk(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += _walk(v, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_same_options_seed_and_actions_replay_identically(case: Any) -> None:
    facts, players, options = case
    for seed in range(3):
        game, state = _new(facts, players, options, seed)
        first = _snapshots(game, state, random.Random(seed + 99))
        game2, replay = _new(facts, players, options, seed)
        for n, seat, action, data, views in first:
            game2.apply(replay, seat, json.loads(json.dumps(action)))
            assert game2.to_data(replay) == data, f"seed {seed}: differs after action {n}"
            assert [game2.view(replay, v) for v in _viewers(game2, replay)] == views
        assert game2.result(replay).to_data() == game.result(state).to_data()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6), at=st.floats(0, 1))
def test_save_load_round_trip_at_any_point_and_play_continues_identically(
    case: Any, seed: int, at: float
) -> None:
    facts, players, options = case
    game, state = _new(facts, players, options, seed)
    length = play_out(game, game.clone(state), random.Random(seed))
    rnd = random.Random(seed)
    for _ in range(int(at * length)):
        seat, action = pick(game, state, rnd)
        game.apply(state, seat, action)
    data = game.to_data(state)
    packed = msgpack.packb(data, use_bin_type=True)
    loaded = game.from_data(msgpack.unpackb(packed, raw=False))
    assert game.to_data(loaded) == data
    assert game.to_data(game.from_data(json.loads(json.dumps(data)))) == data
    assert game.to_move(loaded) == game.to_move(state)
    for v in _viewers(game, state):
        assert game.view(loaded, v) == game.view(state, v)
    for seat in game.to_move(state):
        assert game.legal_actions(loaded, seat) == game.legal_actions(state, seat)
    rest = random.Random(seed + 1)
    play_out(game, state, random.Random(seed + 1))
    play_out(game, loaded, rest)
    assert game.to_data(loaded) == game.to_data(state)
    assert game.result(loaded).to_data() == game.result(state).to_data()


@pytest.mark.parametrize("facts", FACTS, ids=str)
def test_the_game_describes_itself_and_normalize_options_follows_the_description(
    facts: GameFacts,
) -> None:
    game = get_game(facts.name)
    info = describe(game)
    assert json.loads(json.dumps(info)) == info
    assert msgpack.unpackb(msgpack.packb(info), raw=False) == info
    assert range(info["min_players"], info["max_players"] + 1) == facts.players
    assert isinstance(info["rules_version"], int)
    low, high = facts.players[0], facts.players[-1]
    for players in (low - 1, high + 1):
        with pytest.raises(InvalidOptions):
            game.normalize_options(players, {})
    defaults = {o["name"]: o["default"] for o in info["options"]}
    assert game.normalize_options(low, {}) == defaults
    assert game.normalize_options(high, defaults) == defaults
    with pytest.raises(InvalidOptions):
        game.normalize_options(low, {"no_such_option": 1})
    for o in info["options"]:
        assert o["description"] and "\n" not in o["description"]
        good: list[Any] = {"bool": [True, False], "choice": o.get("choices")}.get(o["type"]) or []
        bad: list[Any] = ["not a bool", 1] if o["type"] == "bool" else [None, [1]]
        if o["type"] == "int":
            good = [o["min"], o["max"]]
            bad += [o["min"] - 1, o["max"] + 1, True]
        if o["type"] == "choice":
            bad.append("no such choice")
        if o["type"] == "multi":
            good = [[], list(o["choices"])]
            bad = [None, "x", ["no such choice"], [o["choices"][0]] * 2, [1]]
        for value in good:
            assert game.normalize_options(low, {o["name"]: value})[o["name"]] == value
        for value in bad:
            with pytest.raises(InvalidOptions):
                game.normalize_options(low, {o["name"]: value})


@pytest.mark.parametrize("facts", FACTS, ids=str)
def test_a_clone_is_independent_of_its_original(facts: GameFacts) -> None:
    game, state = _new(facts, facts.players[-1], facts.option_sets[0], 5)
    before = game.to_data(state)
    twin = game.clone(state)
    play_out(game, twin, random.Random(1))
    assert game.to_data(state) == before and game.is_over(twin)


def _mid_game(facts: GameFacts, players: int, seed: int) -> tuple[Game, Any]:
    game, state = _new(facts, players, facts.option_sets[0], seed)
    rnd = random.Random(seed)
    for _ in range(40):
        if game.is_over(state):
            break
        seat, action = pick(game, state, rnd)
        game.apply(state, seat, action)
    return game, state


@pytest.mark.parametrize("facts", FACTS, ids=str)
def test_corrupt_states_are_refused_with_corrupt_state(facts: GameFacts) -> None:
    game, state = _mid_game(facts, min(max(3, facts.players[0]), facts.players[-1]), 11)
    data = game.to_data(state)
    bad: list[tuple[str, Any]] = [
        ("not a map", None), ("a list", [data]), ("a string", "state"), ("empty", {}),
    ]
    for key in data:
        bad.append((f"without {key}", {k: v for k, v in data.items() if k != key}))
        for wrong in ("x", None, 1.5, {"a": 1}):
            if type(wrong) is not type(data[key]):
                bad.append((f"{key}={wrong!r}", {**data, key: wrong}))
    bad += facts.impossible(data)
    for why, doc in bad:
        with pytest.raises(CorruptState):
            game.from_data(doc)
            pytest.fail(f"loaded a corrupt state: {why}")
    assert game.to_data(state) == data


def _mutate(doc: dict[str, Any], data: st.DataObject) -> None:
    """Change one field of a saved state: the whole value, or one element deep inside."""
    key = data.draw(st.sampled_from(sorted(doc)))
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=3))
    value = doc[key]
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        if isinstance(value[i], list) and value[i]:
            value[i][data.draw(st.integers(0, len(value[i]) - 1))] = data.draw(
                st.integers(-2, 30)
            )
        else:
            value[i] = data.draw(st.one_of(st.integers(-2, 30), leaf))
        return
    doc[key] = data.draw(st.one_of(
        leaf, st.lists(leaf, max_size=6),
        st.lists(st.lists(st.integers(-2, 30), max_size=6), max_size=6),
    ))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_states_load_cleanly_or_raise_corrupt_state(data: st.DataObject) -> None:
    """Loading never fails with anything but CorruptState, and a state it accepts can
    be saved again, viewed by anyone and asked for its legal actions."""
    facts = data.draw(st.sampled_from(FACTS))
    game, state = _mid_game(facts, data.draw(st.sampled_from(facts.players)),
                            data.draw(st.integers(0, 50)))
    doc = game.to_data(state)
    _mutate(doc, data)
    try:
        loaded = game.from_data(doc)
    except CorruptState:
        return
    again = game.to_data(loaded)
    assert game.to_data(game.from_data(again)) == again
    for viewer in _viewers(game, loaded):
        game.view(loaded, viewer)
    for seat in game.to_move(loaded):
        game.legal_actions(loaded, seat)
    game.is_over(loaded)


def _illegal_variants(game: Game, state: Any, seat: int) -> list[Action]:
    legal = game.legal_actions(state, seat)
    bare = [{k: v for k, v in a.items() if k not in SHOWN_ONLY and k != "kind"} for a in legal]
    out: list[Action] = [{"type": "no_such_action"}, {}, {"type": None}, {"type": 7}]
    for a in bare:
        for key in a:
            if key == "type":
                continue
            for wrong in (999, -1, "nope", None, [1], {"x": 1}):
                variant = {**a, key: wrong}
                if variant not in bare:
                    out.append(variant)
    return out


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_illegal_actions_raise_and_change_nothing(case: Any) -> None:
    facts, players, options = case
    game, state = _new(facts, players, options, 21)
    rnd = random.Random(21)
    checked = 0
    while not game.is_over(state):
        if rnd.random() < 0.2:
            before = game.to_data(state)
            movers = game.to_move(state)
            seat = movers[0]
            attempts = [(seat, a) for a in _illegal_variants(game, state, seat)]
            others = [s for s in range(players) if s not in movers]
            attempts += [(s, a) for s in others for a in game.legal_actions(state, seat)[:3]]
            for who, action in attempts:
                with pytest.raises(IllegalAction):
                    game.apply(state, who, action)
                    pytest.fail(f"seat {who} was allowed {action}")
                assert game.to_data(state) == before, f"{action} by {who} changed the state"
            checked += len(attempts)
        seat, action = pick(game, state, rnd)
        game.apply(state, seat, action)
    assert checked > 0
    with pytest.raises(IllegalAction):
        game.apply(state, 0, {"type": "pass"})


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_views_never_depend_on_what_the_viewer_may_not_see(case: Any) -> None:
    facts, players, options = case
    game, state = _new(facts, players, options, 31)
    rnd = random.Random(31)
    step = 0
    while True:
        if step % 17 == 0 or game.is_over(state):
            data = game.to_data(state)
            for viewer in _viewers(game, state):
                view = game.view(state, viewer)
                msgpack.packb(view, use_bin_type=True)
                for path, _node in _walk(view):
                    assert not path.endswith((".rng", ".seed", ".stack_order")), path
                open_vp = data.get("open_vp", data.get("options", {}).get("open_vp"))
                if not open_vp and not game.is_over(state):  # the end reveals all
                    # a game without VP chips (San Juan) has none to hide
                    hidden = [p.get("vp_chips") for p in view["players"] if p["seat"] != viewer]
                    assert hidden == [None] * len(hidden)
                for other in facts.hide(data, viewer):
                    assert game.view(game.from_data(other), viewer) == view, (
                        f"viewer {viewer} can tell two states apart that differ only in hidden parts"
                    )
        if game.is_over(state):
            break
        seat, action = pick(game, state, rnd)
        game.apply(state, seat, action)
        step += 1


def _sampled_points(game: Game, state: Any, rnd: random.Random, every: int) -> Any:
    """Yield the state at every ``every``-th decision of a random game (then play on)."""
    step = 0
    while not game.is_over(state):
        if step % every == 0:
            yield step
        seat, action = pick(game, state, rnd)
        game.apply(state, seat, action)
        step += 1


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_determinize_keeps_the_seats_view_and_every_component(case: Any) -> None:
    """A bot's sampled world looks the same from its seat, conserves every component,
    is a function of the seed, leaves the real state alone, and plays on to the end."""
    facts, players, options = case
    game, state = _new(facts, players, options, 41)
    for step in _sampled_points(game, state, random.Random(41), 23):
        data = game.to_data(state)
        for seat in range(players):
            sample = game.determinize(state, seat, seed=step)
            assert game.to_data(state) == data, "determinize changed the real state"
            assert game.view(sample, seat) == game.view(state, seat)
            assert facts.totals(game.to_data(sample)) == facts.totals(data)
            again = game.determinize(state, seat, seed=step)
            assert game.to_data(again) == game.to_data(sample)
        play_out(game, game.determinize(state, 0, seed=step), random.Random(step))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_determinize_reads_nothing_the_seat_may_not_see(case: Any) -> None:
    """Two states that differ only in what a seat may not see (stack order, RNG, how
    VP are spread among the others) give that seat the same sampled world. Else a bot
    that knows its seed can undo the sampling and read the hidden truth back out."""
    facts, players, options = case
    game, state = _new(facts, players, options, 43)
    for step in _sampled_points(game, state, random.Random(43), 23):
        data = game.to_data(state)
        for seat in range(players):
            sample = game.to_data(game.determinize(state, seat, seed=step))
            for other in facts.hide(data, seat):
                twin = game.determinize(game.from_data(other), seat, seed=step)
                assert game.to_data(twin) == sample, (
                    f"seat {seat}'s sampled world depends on hidden information"
                )
