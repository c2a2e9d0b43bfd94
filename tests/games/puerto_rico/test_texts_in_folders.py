"""An expansion's texts live in its folder (issue 35 item 1): the base game's
texts.toml names none of the expansions' buildings or questions, each box expansion
brings its own, and the display the client gets is their union (every building has its
help, every question its words)."""

from __future__ import annotations

import tomllib
from importlib.resources import files

import pytest

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import expansions
from server.games.puerto_rico.io import display


def _base() -> dict[str, dict[str, str]]:
    return tomllib.loads((files(display.HERE) / "texts.toml").read_text(encoding="utf-8"))


def test_the_base_texts_name_no_expansion_building() -> None:
    base = _base()
    tagged = {row.name for row in C.BUILDING_ROWS if row.expansion}
    assert tagged and not tagged & set(base["buildings"])
    for x in expansions.EXPANSIONS.values():
        assert (files(x.folder) / "texts.toml").is_file(), x.name


def test_every_building_has_help_and_every_question_words() -> None:
    shown = display.display()
    assert all(b["help"] for b in shown["buildings"]), [
        b["id"] for b in shown["buildings"] if not b["help"]]
    questions = shown["questions"]
    assert {"take_vp", "guest_house", "black_market", "villa", "smuggler"} <= set(questions)
    assert all(shown["steps"][q] for q in questions)


def test_a_key_given_twice_is_refused(tmp_path: object) -> None:
    """Two folders giving one text: an error at start, not one text silently lost."""
    row = expansions.EXPANSIONS[C.CITIZENS]
    fake = expansions.Expansion("twice", "x", "x", row.modules, (), package=row.package)
    expansions.EXPANSIONS["twice"] = fake
    try:
        display._forget()
        with pytest.raises(ValueError, match="given twice"):
            display.display()
    finally:
        del expansions.EXPANSIONS["twice"]
        display._forget()
