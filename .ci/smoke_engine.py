"""Wheel smoke test: one whole game through the installed `prtui engine`.

Run with the installed venv's python, outside the checkout. It speaks the JSON-lines
protocol of docs/engine-protocol.md to the `prtui` console script next to this python,
always picking the first legal action, until the game is over; then checks the result.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

MAX_MOVES = 20_000  # a Puerto Rico game is a few hundred; this only guards against a loop


def main() -> int:
    prtui = Path(sys.executable).with_name("prtui")
    engine = subprocess.Popen([str(prtui), "engine"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, encoding="utf-8")
    assert engine.stdin is not None and engine.stdout is not None

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        engine.stdin.write(json.dumps(request) + "\n")
        engine.stdin.flush()
        answer = json.loads(engine.stdout.readline())
        if not answer.get("ok"):
            raise SystemExit(f"smoke_engine: {request.get('cmd')} refused: {answer}")
        return answer

    games = ask({"cmd": "games"})
    position = ask({"cmd": "new", "game": "puerto-rico", "players": 4, "seed": 11,
                    "options": {"edition": "1897"}})
    moves = 0
    while not position["over"]:
        if moves >= MAX_MOVES:
            raise SystemExit(f"smoke_engine: no game over after {moves} moves")
        position = ask({"cmd": "apply", "action": position["legal"][0]})
        moves += 1
    result = ask({"cmd": "result"})["result"]
    ask({"cmd": "quit"})
    code = engine.wait(timeout=60)
    assert code == 0, f"prtui engine exited {code}"
    assert sorted(score["seat"] for score in result["scores"]) == [0, 1, 2, 3], result
    assert result["winners"], result
    print(f"smoke_engine: {len(games['games'])} game(s) registered; puerto-rico 4p 1897 "
          f"over after {moves} moves, winners {result['winners']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
