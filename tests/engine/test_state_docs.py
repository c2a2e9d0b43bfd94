"""The save-format docs show the engine's own output (issue 27): the example state in
docs/puerto-rico-state.md and docs/san-juan-state.md is what ``server.tools.state_docs``
writes for a fixed game, and the title and field table name the current format. A doc
that differs fails here: run ``python -m server.tools.state_docs`` to write it again."""

from __future__ import annotations

import json

import pytest

from server.games.registry import get_game
from server.tools import state_docs
from server.tools.state_docs import ROOT, Example, examples, state, updated

EXAMPLES = examples()

_IDS = [e.game for e in EXAMPLES]


@pytest.mark.parametrize("example", EXAMPLES, ids=_IDS)
def test_the_doc_is_what_the_tool_writes(example: Example) -> None:
    text = (ROOT / example.doc).read_text()
    assert updated(example, text) == text, (
        f"{example.doc} is stale: run python -m server.tools.state_docs")


@pytest.mark.parametrize("example", EXAMPLES, ids=_IDS)
def test_the_example_is_the_engines_fresh_game_and_names_its_format(example: Example) -> None:
    text = (ROOT / example.doc).read_text()
    shown = json.loads(text.split(state_docs.BEGIN)[1].split("```json\n")[1].split("```")[0])
    game = get_game(example.game)
    fresh = game.to_data(game.setup(example.players, {}, example.seed))
    assert shown == fresh and list(shown) == list(fresh)  # every key, in the saved order
    fmt = fresh["format"]
    assert text.splitlines()[0].endswith(f"(format {fmt})")
    assert f"| `format` | int | {fmt} |" in text
    assert game.to_data(game.from_data(shown)) == fresh  # the example loads


def test_a_stale_doc_is_written_again() -> None:
    """The check can fail: an old example (the format-4 block the doc once had), an old
    title and an old table row are all replaced."""
    example = EXAMPLES[0]
    current = (ROOT / example.doc).read_text()
    old_block = '```json\n{"format": 4, "edition": "classic"}\n```'
    stale = current.replace("(format 6)", "(format 4)", 1).replace(
        "| `format` | int | 6 |", "| `format` | int | 3 |")
    head, rest = stale.split(state_docs.BEGIN)
    stale = head + state_docs.BEGIN + "\n" + old_block + "\n" + state_docs.END + rest.split(
        state_docs.END)[1]
    assert stale != current and updated(example, stale) == current
    assert state(example)["format"] == 6


def test_the_check_mode_says_when_a_doc_is_stale(tmp_path, monkeypatch) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for example in EXAMPLES:
        (tmp_path / example.doc).write_text((ROOT / example.doc).read_text())
    monkeypatch.setattr(state_docs, "ROOT", tmp_path)
    assert state_docs.main(["--check"]) == 0
    doc = tmp_path / EXAMPLES[1].doc
    doc.write_text(doc.read_text().replace('"rules": 3', '"rules": 2'))
    assert state_docs.main(["--check"]) == 1
    assert state_docs.main([]) == 0 and state_docs.main(["--check"]) == 0
