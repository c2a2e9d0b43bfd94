"""`python -m server.tools.state_docs`: write the example state of each save-format doc.

docs/puerto-rico-state.md and docs/san-juan-state.md show a fresh game's saved state
and name the save format in their title and field table. Written by hand, both went
stale when the format moved on (issue 27), so the example is the engine's own output
for a fixed game (each game record's ``docs``: ``examples()``), written between two markers, and the format number
comes from the code. tests/engine/test_state_docs.py fails when a doc differs from what
this tool writes; run it (no arguments) to bring the docs up to date, or with
``--check`` to only compare (exit status 1 when a doc is stale).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.games import registry
from server.games.registry import get_game

BEGIN = "<!-- example state: written by `python -m server.tools.state_docs`, do not edit -->"
END = "<!-- end of example state -->"
WIDTH = 96  # the longest line of the example (a long list may pass it alone)


@dataclass(frozen=True)
class Example:
    game: str
    doc: str  # relative to the repository
    players: int
    seed: int


def examples() -> tuple[Example, ...]:
    """One example per registered game whose record names its docs."""
    return tuple(Example(r.name, r.docs.state, r.docs.players, r.docs.seed)
                 for r in registry.records() if r.docs is not None)


ROOT = Path(__file__).resolve().parents[2]


def state(example: Example) -> dict[str, Any]:
    """The saved state of the example's fresh game (what `prtui engine` answers to
    ``{"cmd":"new","game":...,"players":2,"seed":1}`` then ``{"cmd":"state"}``)."""
    game = get_game(example.game)
    return game.to_data(game.setup(example.players, {}, example.seed))


def render(data: dict[str, Any]) -> str:
    """The state as wrapped JSON: ``"key": value`` pairs in the saved order, as many to
    a line as fit in ``WIDTH``."""
    lines: list[str] = []
    line = ""
    for key, value in data.items():
        pair = f"{json.dumps(key)}: {json.dumps(value)}"
        if line and len(line) + 2 + len(pair) > WIDTH:
            lines.append(line + ",")
            line = " " + pair
        else:
            line = f"{line}, {pair}" if line else "{" + pair
        while len(line) > WIDTH and ", " in line[:WIDTH]:  # a long list: wrapped too
            cut = line.rindex(", ", 0, WIDTH)
            lines.append(line[:cut + 1])
            line = "  " + line[cut + 2:]
    lines.append(line + "}")
    return "\n".join(lines)


def block(example: Example) -> str:
    return f"{BEGIN}\n```json\n{render(state(example))}\n```\n{END}"


def updated(example: Example, text: str) -> str:
    """The doc's text with the example block and the format number made current."""
    data = state(example)
    fmt = data["format"]
    if BEGIN not in text or END not in text:
        raise ValueError(f"{example.doc}: no example markers ({BEGIN!r} ... {END!r})")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    text = head + block(example) + tail
    text = re.sub(r"\(format \d+\)", f"(format {fmt})", text, count=1)  # the title
    text = re.sub(r"^\| `format` \| int \| \d+ \|", f"| `format` | int | {fmt} |", text,
                  count=1, flags=re.MULTILINE)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server.tools.state_docs",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only compare: exit status 1 if a doc is stale")
    args = parser.parse_args(argv)
    stale = []
    for example in examples():
        path = ROOT / example.doc
        text = path.read_text()
        new = updated(example, text)
        if new != text:
            stale.append(example.doc)
            if not args.check:
                path.write_text(new)
    verb = "stale" if args.check else "written"
    for doc in stale:
        print(f"{doc}: {verb}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
