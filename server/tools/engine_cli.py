"""`prtui engine`: a JSON-lines engine protocol (like UCI) for scripts, bots and tests.

One request per line on stdin, one JSON answer per line on stdout, flushed each time.
Every answer carries "ok"; a failure carries "error": {"code", "message"} and changes
nothing. The session holds one game at a time and speaks only the engine contract, so
any registered game works. docs/engine-protocol.md is the reference.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TextIO, TypeGuard

from server.engine.contract import Action, Game, describe
from server.engine.errors import EngineError, InvalidOptions
from server.errors import PrtuiError
from server.games import registry

DEFAULT_GAME = registry.DEFAULT_GAME

COMMANDS: dict[str, str] = {
    "new": '{"cmd":"new","game":"puerto-rico","players":4,"seed":7,"options":{}}',
    "legal": '{"cmd":"legal","seat"?:SEAT}',
    "apply": '{"cmd":"apply","action":ACTION,"seat"?:SEAT}',
    "state": '{"cmd":"state"}',
    "view": '{"cmd":"view","viewer":SEAT|null}',
    "load": '{"cmd":"load","state":STATE,"game"?:NAME}',
    "result": '{"cmd":"result"}',
    "games": '{"cmd":"games"}',
    "describe": '{"cmd":"describe","game"?:NAME}',
    "help": '{"cmd":"help"}',
    "quit": '{"cmd":"quit"}',
}


class RequestError(PrtuiError):
    """A request the session refuses before it reaches the engine."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class EngineSession:
    """One game behind the protocol; ``handle`` turns a request into an answer."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.state: Any = None
        self.quit = False
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new": self._new,
            "legal": self._legal,
            "apply": self._apply,
            "state": self._state,
            "view": self._view,
            "load": self._load,
            "result": self._result,
            "games": self._games,
            "describe": self._describe,
            "help": self._help,
            "quit": self._quit,
        }

    # -- dispatch ---------------------------------------------------------------

    def handle_line(self, line: str) -> dict[str, Any]:
        try:
            request = json.loads(line)
        except ValueError as exc:
            return _error("bad_json", f"not JSON: {exc}")
        except RecursionError:
            return _error("bad_json", "JSON nested too deeply")
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            return _error("bad_request", "a request is a JSON object")
        rid = request.get("id")
        if not isinstance(rid, str | int | float | None):
            rid = None  # only a scalar id is echoed (a nested one could not be encoded)
        try:
            cmd = request.get("cmd")
            if not isinstance(cmd, str):
                raise RequestError("bad_request", 'missing "cmd" (a string)')
            handler = self._handlers.get(cmd)
            if handler is None:
                known = ", ".join(COMMANDS)
                raise RequestError("unknown_command", f"unknown cmd {cmd!r} (known: {known})")
            answer = {"ok": True, "cmd": cmd, **handler(request)}
        except RequestError as exc:
            answer = _error(exc.code, exc.message)
        except EngineError as exc:
            answer = {"ok": False, "error": exc.to_data()}
        except Exception as exc:  # an engine bug must not kill the session
            answer = _error("internal_error", f"{type(exc).__name__}: {exc}")
        if rid is not None:
            answer["id"] = rid
        return answer

    # -- helpers ----------------------------------------------------------------

    def _need_game(self) -> tuple[Game, Any]:
        if self.game is None or self.state is None:
            raise RequestError("no_game", 'no game yet: send "new" or "load" first')
        return self.game, self.state

    def _seat(self, request: dict[str, Any], key: str, *, allow_none: bool = False) -> int | None:
        game, state = self._need_game()
        seat = request.get(key)
        if seat is None and allow_none:
            return None
        if not _is_int(seat) or not 0 <= seat < game.players(state):
            raise RequestError("bad_request", f'"{key}" must be a seat 0..{game.players(state) - 1}')
        return seat

    def _default_seat(self, request: dict[str, Any]) -> int:
        game, state = self._need_game()
        if "seat" in request:
            seat = self._seat(request, "seat")
            assert seat is not None
            return seat
        movers = game.to_move(state)
        if len(movers) != 1:
            why = "the game is over" if not movers else f"seats {movers} are to move"
            raise RequestError("seat_required", f'give "seat": {why}')
        return movers[0]

    def _position(self) -> dict[str, Any]:
        """What new/apply/load answer: who moves, what they may do, whether it is over."""
        game, state = self._need_game()
        movers = game.to_move(state)
        answer: dict[str, Any] = {
            "to_move": movers,
            "legal": game.legal_actions(state, movers[0]) if movers else [],
            "over": game.is_over(state),
        }
        if len(movers) > 1:
            answer["legal_by_seat"] = {str(s): game.legal_actions(state, s) for s in movers}
        return answer

    # -- commands ---------------------------------------------------------------

    def _new(self, request: dict[str, Any]) -> dict[str, Any]:
        name = request.get("game", DEFAULT_GAME)
        players = request.get("players")
        seed = request.get("seed", 0)
        options = request.get("options", {})
        if not isinstance(name, str):
            raise RequestError("bad_request", '"game" must be a string')
        if not _is_int(players):
            raise RequestError("bad_request", '"players" must be an integer')
        if not _is_int(seed):
            raise RequestError("bad_request", '"seed" must be an integer')
        if not isinstance(options, dict):
            raise RequestError("bad_request", '"options" must be an object')
        game = registry.get_game(name)
        if not game.min_players <= players <= game.max_players:
            raise InvalidOptions(
                f"{game.title} takes {game.min_players}-{game.max_players} players, not {players}"
            )
        options = game.normalize_options(players, options)
        state = game.setup(players, options, seed)
        self.game, self.state = game, state
        info = {"game": name, "players": players, "seed": seed, "options": options}
        return {**info, **self._position()}

    def _legal(self, request: dict[str, Any]) -> dict[str, Any]:
        game, state = self._need_game()
        if "seat" in request:
            seat = self._seat(request, "seat")
            assert seat is not None
            return {"seat": seat, "legal": game.legal_actions(state, seat)}
        return self._position()

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        game, state = self._need_game()
        action = request.get("action")
        if not isinstance(action, dict):
            raise RequestError("bad_request", '"action" must be an object, as listed by "legal"')
        seat = self._default_seat(request)
        backup = game.clone(state)
        try:
            events = game.apply(state, seat, _plain_action(action))
            position = self._position()
        except BaseException:
            self.state = backup  # a refusal changes nothing, even should the engine slip
            raise
        return {"seat": seat, "events": list(events), **position}

    def _state(self, request: dict[str, Any]) -> dict[str, Any]:
        game, state = self._need_game()
        return {"game": game.name, "state": game.to_data(state)}

    def _view(self, request: dict[str, Any]) -> dict[str, Any]:
        game, state = self._need_game()
        if "viewer" not in request:
            raise RequestError("bad_request", '"viewer" is required (a seat, or null)')
        viewer = self._seat(request, "viewer", allow_none=True)
        return {"viewer": viewer, "view": game.view(state, viewer)}

    def _load(self, request: dict[str, Any]) -> dict[str, Any]:
        if "state" not in request:
            raise RequestError("bad_request", '"state" is required (as answered by "state")')
        name = request.get("game", self.game.name if self.game else DEFAULT_GAME)
        if not isinstance(name, str):
            raise RequestError("bad_request", '"game" must be a string')
        game = registry.get_game(name)
        state = game.from_data(request["state"])
        self.game, self.state = game, state
        return {"game": name, "players": game.players(state), **self._position()}

    def _result(self, request: dict[str, Any]) -> dict[str, Any]:
        game, state = self._need_game()
        result = game.result(state)
        return {"over": game.is_over(state), "result": result.to_data() if result else None}

    def _games(self, request: dict[str, Any]) -> dict[str, Any]:
        games = []
        for name in registry.game_names():
            try:
                game = registry.get_game(name)
            except Exception:  # a game that fails to load is left out, not fatal
                continue
            games.append(describe(game))
        return {"games": games}

    def _describe(self, request: dict[str, Any]) -> dict[str, Any]:
        name = request.get("game", self.game.name if self.game else DEFAULT_GAME)
        if not isinstance(name, str):
            raise RequestError("bad_request", '"game" must be a string')
        return {"game": describe(registry.get_game(name))}

    def _help(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"commands": dict(COMMANDS), "doc": "docs/engine-protocol.md"}

    def _quit(self, request: dict[str, Any]) -> dict[str, Any]:
        self.quit = True
        return {}


def _plain_action(action: Action) -> Action:
    """A copy, so the engine never keeps a reference into the request."""
    copy: Action = json.loads(json.dumps(action))
    return copy


def _error(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


def encode(answer: dict[str, Any], pretty: bool = False) -> str:
    """One answer as one line of strict JSON (never NaN; pretty is for humans only)."""
    try:
        return json.dumps(answer, allow_nan=False, indent=2 if pretty else None,
                          separators=None if pretty else (",", ":"))
    except (TypeError, ValueError, RecursionError) as exc:
        return json.dumps(_error("internal_error", f"answer is not JSON-safe: {exc}"))


def serve(stdin: TextIO, stdout: TextIO, pretty: bool = False) -> int:
    """Answer requests until EOF or "quit"; blank lines are ignored."""
    session = EngineSession()
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(encode(session.handle_line(line), pretty) + "\n")
        stdout.flush()
        if session.quit:
            break
    return 0


def run(args: Any) -> int:
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:  # bytes that are not UTF-8 become a bad_json answer
        reconfigure(encoding="utf-8", errors="replace")
    try:
        return serve(sys.stdin, sys.stdout, pretty=bool(getattr(args, "pretty", False)))
    except BrokenPipeError:
        return 0
