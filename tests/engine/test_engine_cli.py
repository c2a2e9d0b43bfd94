"""`prtui engine` driven as a real subprocess through stdin/stdout."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.engine.harness import EngineProc, Target, targets

TARGETS = targets()


@pytest.fixture(params=TARGETS, ids=str)
def target(request: pytest.FixtureRequest) -> Target:
    return request.param


@pytest.fixture
def engine(target: Target) -> Iterator[EngineProc]:
    proc = EngineProc(target.argv)
    yield proc
    proc.kill()


def new_game(engine: EngineProc, target: Target, players: int = 3, seed: int = 7) -> dict:
    answer = engine.ask(
        {"cmd": "new", "game": target.name, "players": players, "seed": seed,
         "options": target.options[0]}
    )
    assert answer["ok"], answer
    return answer


def test_whole_game_to_the_end_with_every_answer_well_formed(
    engine: EngineProc, target: Target
) -> None:
    answer = new_game(engine, target, players=4)
    assert answer["to_move"] and answer["legal"] and answer["over"] is False
    rnd = random.Random(3)
    moves = 0
    while not answer["over"]:
        action = rnd.choice(answer["legal"])
        answer = engine.ask({"cmd": "apply", "action": action})
        assert answer["ok"], (action, answer)
        assert isinstance(answer["events"], list)
        assert all(isinstance(e.get("text"), str) for e in answer["events"])
        moves += 1
        assert moves < 20_000
    assert answer["to_move"] == [] and answer["legal"] == []
    late = engine.ask({"cmd": "apply", "action": action})
    assert late["ok"] is False and late["error"]["code"] == "seat_required"
    late = engine.ask({"cmd": "apply", "action": action, "seat": 0})
    assert late["ok"] is False and late["error"]["code"] in ("illegal_action", "not_your_turn")
    result = engine.ask({"cmd": "result"})
    assert result["ok"] and result["over"] is True
    assert sorted(s["seat"] for s in result["result"]["scores"]) == [0, 1, 2, 3]
    assert set(result["result"]["winners"]) <= {0, 1, 2, 3} and result["result"]["winners"]
    assert engine.close()[0] == 0


def test_state_load_round_trip_replays_identically(engine: EngineProc, target: Target) -> None:
    new_game(engine, target)
    first = engine.ask({"cmd": "legal"})["legal"][0]
    saved = engine.ask({"cmd": "state"})
    assert saved["ok"] and saved["game"] == target.name
    after_once = engine.ask({"cmd": "apply", "action": first})
    loaded = engine.ask({"cmd": "load", "game": target.name, "state": saved["state"]})
    assert loaded["ok"] and loaded["players"] == 3
    assert engine.ask({"cmd": "state"})["state"] == saved["state"]
    again = engine.ask({"cmd": "apply", "action": first})
    assert again["events"] == after_once["events"] and again["legal"] == after_once["legal"]


def test_every_bad_request_gets_an_error_line_and_changes_nothing(
    engine: EngineProc, target: Target
) -> None:
    before_new = [
        '{"cmd":"legal"}', '{"cmd":"apply","action":{"type":"pass"}}', '{"cmd":"state"}',
        '{"cmd":"view","viewer":null}', '{"cmd":"result"}',
    ]
    for line in before_new:
        answer = engine.ask_raw(line)
        assert answer["ok"] is False and answer["error"]["code"] == "no_game", answer
    new_game(engine, target)
    state = engine.ask({"cmd": "state"})["state"]
    bad = {
        "{not json": "bad_json",
        "[1, 2]": "bad_request",
        '"new"': "bad_request",
        '{"players": 3}': "bad_request",
        '{"cmd": 5}': "bad_request",
        '{"cmd": "fly"}': "unknown_command",
        '{"cmd": "apply"}': "bad_request",
        '{"cmd": "apply", "action": "pass"}': "bad_request",
        '{"cmd": "apply", "action": {"type": "no-such-action"}}': "illegal_action",
        '{"cmd": "apply", "action": {}}': "illegal_action",
        '{"cmd": "apply", "action": {"type": "pass"}, "seat": 9}': "bad_request",
        '{"cmd": "apply", "action": {"type": "pass"}, "seat": true}': "bad_request",
        '{"cmd": "view"}': "bad_request",
        '{"cmd": "view", "viewer": 3}': "bad_request",
        '{"cmd": "view", "viewer": "0"}': "bad_request",
        '{"cmd": "legal", "seat": -1}': "bad_request",
        '{"cmd": "load"}': "bad_request",
        '{"cmd": "load", "state": {"half": "a state"}}': "corrupt_state",
        '{"cmd": "load", "state": null}': "corrupt_state",
        '{"cmd": "load", "state": {}, "game": "chess"}': "unknown_game",
        '{"cmd": "new", "players": 3, "game": "chess"}': "unknown_game",
        '{"cmd": "new", "game": "GAME", "players": 7}': "invalid_options",
        '{"cmd": "new", "game": "GAME", "players": 1}': "invalid_options",
        '{"cmd": "new", "game": "GAME", "players": "4"}': "bad_request",
        '{"cmd": "new", "game": "GAME"}': "bad_request",
        '{"cmd": "new", "game": "GAME", "players": 3, "seed": 1.5}': "bad_request",
        '{"cmd": "new", "game": "GAME", "players": 3, "options": []}': "bad_request",
        '{"cmd": "new", "game": "GAME", "players": 3, "options": {"edition": "2099"}}':
        "invalid_options",
    }
    for line, code in bad.items():
        answer = engine.ask_raw(line.replace("GAME", target.name))
        assert answer["ok"] is False, (line, answer)
        assert answer["error"]["code"] in (code, "not_your_turn"), (line, answer)
        assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]
    # a seat that is not to move: refused by the engine
    movers = engine.ask({"cmd": "legal"})
    other = (movers["to_move"][0] + 1) % 3
    refused = engine.ask({"cmd": "apply", "seat": other, "action": movers["legal"][0]})
    assert refused["ok"] is False and refused["error"]["code"] in ("illegal_action", "not_your_turn")
    assert engine.ask({"cmd": "state"})["state"] == state
    assert engine.ask({"cmd": "legal"})["legal"] == movers["legal"]


def test_view_hides_other_seats_vp_chips(engine: EngineProc, target: Target) -> None:
    new_game(engine, target)
    seat0 = engine.ask({"cmd": "view", "viewer": 0})
    spectator = engine.ask({"cmd": "view", "viewer": None})
    assert seat0["ok"] and seat0["viewer"] == 0 and spectator["viewer"] is None
    secret = target.secret  # VP chips; San Juan's hands
    assert seat0["view"]["players"][0][secret] is not None
    assert [p[secret] for p in seat0["view"]["players"][1:]] == [None, None]
    assert [p[secret] for p in spectator["view"]["players"]] == [None] * 3


def _other_value(option: dict) -> object:
    """A legal value of a described option that is not its default."""
    if option["type"] == "bool":
        return not option["default"]
    if option["type"] == "int":
        return option["max"] if option["default"] != option["max"] else option["min"]
    if option["type"] == "choice":
        return next(c for c in option["choices"] if c != option["default"])
    if option["type"] == "multi":  # every choice (the default is usually none)
        return list(option["choices"]) if option["default"] != option["choices"] else []
    return "x"


def test_describe_gives_the_range_and_typed_options_that_new_accepts(
    engine: EngineProc, target: Target
) -> None:
    info = engine.ask({"cmd": "describe", "game": target.name})["game"]
    assert info["name"] == target.name and info["options"]
    assert info in engine.ask({"cmd": "games"})["games"]
    chosen = {o["name"]: _other_value(o) for o in info["options"]}
    for players in (info["min_players"], info["max_players"]):
        started = engine.ask({"cmd": "new", "game": target.name, "players": players,
                              "options": chosen})
        assert started["ok"], started
        assert {k: started["options"][k] for k in chosen} == chosen
    for players in (info["min_players"] - 1, info["max_players"] + 1):
        refused = engine.ask({"cmd": "new", "game": target.name, "players": players})
        assert refused["error"]["code"] == "invalid_options"
        assert f"{info['min_players']}" in refused["error"]["message"]
    assert engine.ask({"cmd": "describe", "game": "chess"})["error"]["code"] == "unknown_game"
    assert engine.ask({"cmd": "describe", "game": 5})["error"]["code"] == "bad_request"
    assert engine.ask({"cmd": "describe"})["game"]["name"] == target.name  # the current game


def test_help_games_ids_blank_lines_and_quit(engine: EngineProc, target: Target) -> None:
    helped = engine.ask({"cmd": "help", "id": "h1"})
    assert helped["ok"] and helped["id"] == "h1"
    assert {"new", "legal", "apply", "state", "view", "load", "result", "quit"} <= set(
        helped["commands"]
    )
    games = engine.ask({"cmd": "games", "id": 2})
    assert games["id"] == 2 and target.name in {g["name"] for g in games["games"]}
    engine.send_raw("")
    engine.send_raw("   ")
    assert engine.ask({"cmd": "fly", "id": 2.5})["id"] == 2.5
    assert "id" not in engine.ask({"cmd": "help", "id": [1]})
    engine.send_bytes(b"\xff\xfe{garbage\n")  # not UTF-8
    assert engine.read()["error"]["code"] == "bad_json"
    deep = engine.ask_raw("[" * 100_000 + "]" * 100_000)
    assert deep["error"]["code"] == "bad_json"
    deep_action = engine.ask_raw('{"cmd":"apply","action":' + '{"a":' * 5000 + "1" + "}" * 5001)
    assert deep_action["ok"] is False
    assert engine.ask({"cmd": "quit"}) == {"ok": True, "cmd": "quit"}
    code, rest, err = engine.close()
    assert (code, rest) == (0, "") and "Traceback" not in err


def test_eof_ends_cleanly_mid_game(engine: EngineProc, target: Target) -> None:
    new_game(engine, target)
    engine.send_raw('{"cmd": "legal"')  # a half request, then EOF
    assert engine.read()["error"]["code"] == "bad_json"
    code, rest, err = engine.close()
    assert code == 0 and rest == "" and err == ""


def test_same_game_in_two_processes_with_different_hash_seeds(target: Target) -> None:
    """Replay determinism across processes: nothing may depend on set or dict hash order."""
    finals = []
    for hash_seed in ("1", "2"):
        proc = EngineProc(target.argv, env={"PYTHONHASHSEED": hash_seed})
        try:
            most = proc.ask({"cmd": "describe", "game": target.name})["game"]["max_players"]
            answer = new_game(proc, target, players=most, seed=42)
            rnd = random.Random(42)
            while not answer["over"]:
                answer = proc.ask({"cmd": "apply", "action": rnd.choice(answer["legal"])})
                assert answer["ok"], answer
            finals.append((proc.ask({"cmd": "state"})["state"], proc.ask({"cmd": "result"})))
        finally:
            proc.kill()
    assert finals[0] == finals[1]


def _junk(rnd: random.Random, depth: int = 0) -> object:
    kinds = ["int", "str", "none", "bool", "float"] + (["list", "dict"] if depth < 3 else [])
    kind = rnd.choice(kinds)
    if kind == "int":
        return rnd.choice([0, 1, -1, 3, 7, 2**70, rnd.randint(-50, 50)])
    if kind == "str":
        return rnd.choice(["", "pass", "settler", "corn", "wharf", "island", "é\u0000", "x" * 50])
    if kind == "float":
        return rnd.choice([0.5, -2.0, 1e300])
    if kind == "bool":
        return rnd.random() < 0.5
    if kind == "none":
        return None
    if kind == "list":
        return [_junk(rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
    keys = ["type", "role", "tile", "good", "ship", "where", "index", "building", "keep", "a"]
    return {rnd.choice(keys): _junk(rnd, depth + 1) for _ in range(rnd.randint(0, 3))}


def test_random_requests_always_get_one_answer_and_refusals_change_nothing(
    engine: EngineProc, target: Target
) -> None:
    rnd = random.Random(8)
    cmds = ["new", "legal", "apply", "state", "view", "load", "result", "games", "help", "x"]
    fields = ["game", "players", "seed", "options", "seat", "action", "viewer", "state", "id"]
    new_game(engine, target)
    legal = engine.ask({"cmd": "legal"})["legal"]
    outcomes: dict[tuple[str, bool], int] = {}
    for _ in range(300):
        request: dict = {"cmd": rnd.choice(cmds)}
        for key in rnd.sample(fields, rnd.randint(0, 3)):
            request[key] = _junk(rnd)
        if request["cmd"] == "apply" and legal and rnd.random() < 0.5:
            action = dict(rnd.choice(legal))  # a legal action, one parameter spoiled
            action[rnd.choice(list(action))] = _junk(rnd)
            request["action"] = action
        before = engine.ask({"cmd": "state"})
        answer = engine.ask(request)
        if not answer["ok"]:
            assert set(answer["error"]) == {"code", "message"}
            assert engine.ask({"cmd": "state"}) == before, request
        elif "to_move" in answer:
            legal = answer["legal"]
        outcomes[(request["cmd"], answer["ok"])] = outcomes.get((request["cmd"], answer["ok"]), 0) + 1
    assert outcomes.get(("apply", False), 0) > 20 and outcomes.get(("new", False), 0) > 5
    assert engine.close()[0] == 0
