"""Shared pieces of the engine tests: which games to run them on, and a real
`prtui engine` subprocess driven line by line through its stdin/stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

from server.games import registry
from tests.engine import toygame

# the toy game is registered in a child process that then runs the real CLI entry point
_TOY_BOOT = (
    "import sys\n"
    "from tests.engine.toygame import register\n"
    "register()\n"
    "from prtui.cli import main\n"
    "sys.exit(main(['engine']))\n"
)


@dataclass
class Target:
    """A game the contract tests run on, with options that exercise it."""

    name: str
    options: list[dict[str, Any]] = field(default_factory=lambda: [{}])
    argv: list[str] = field(default_factory=list)
    secret: str = "vp_chips"  # the per-player view field only its owner sees

    def __str__(self) -> str:
        return self.name


def targets() -> list[Target]:
    """The toy (a test double) and every game of the server, each with the first two
    option sets and the secret its record's facts name."""
    toy = Target(toygame.NAME, [{}, {"open_vp": True, "deck": "long"}],
                 [sys.executable, "-c", _TOY_BOOT])
    out = [toy]
    for record in registry.discover():  # the server's own games (tests/games' are not
        facts = record.load_facts()  # for 3-4 players, as these tests play)
        out.append(Target(record.name, facts.option_sets[:2],
                          [sys.executable, "-m", "prtui", "engine"], secret=facts.secret))
    return out


class EngineProc:
    """`prtui engine` as a child process; ``ask`` sends one request, reads one answer."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            argv,
            env={**os.environ, **(env or {})},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def send_raw(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def send_bytes(self, raw: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.flush()
        self.proc.stdin.buffer.write(raw)
        self.proc.stdin.buffer.flush()

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.endswith("\n"), f"engine gave no answer line; stderr: {self.stderr_now()}"
        answer = json.loads(line)
        assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer
        return answer

    def ask_raw(self, line: str) -> dict[str, Any]:
        self.send_raw(line)
        return self.read()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.ask_raw(json.dumps(request))

    def close(self) -> tuple[int, str, str]:
        """Close stdin (EOF) and collect the exit code and what is left of the output."""
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, out, err

    def stderr_now(self) -> str:
        if self.proc.poll() is None:
            return "(still running)"
        assert self.proc.stderr is not None
        return self.proc.stderr.read()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()
