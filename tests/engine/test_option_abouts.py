"""A set option's line about each choice (``abouts``, issue 22): sent with the spec,
checked at import like the labels."""

from __future__ import annotations

import pytest

from server.engine.contract import describe
from server.engine.options import OptionSpec
from server.games.registry import get_game


def test_abouts_go_with_the_spec_one_line_per_choice() -> None:
    spec = OptionSpec("extras", "multi", (), "extras", choices=("a", "b"), abouts=("x", "y"))
    assert spec.to_data()["abouts"] == ["x", "y"]
    assert "abouts" not in OptionSpec("plain", "multi", (), "p", choices=("a",)).to_data()
    with pytest.raises(ValueError, match="one line about each choice"):
        OptionSpec("extras", "multi", (), "extras", choices=("a", "b"), abouts=("x",))
    with pytest.raises(ValueError, match="one line about each choice"):
        OptionSpec("extras", "multi", (), "extras", choices=("a", "b"), abouts=("x", "y\nz"))


def test_puerto_ricos_expansions_each_say_what_they_add() -> None:
    spec = next(o for o in describe(get_game("puerto-rico"))["options"]
                if o["name"] == "expansions")
    assert len(spec["abouts"]) == len(spec["choices"]) == 4
    assert all(0 < len(about) <= 30 for about in spec["abouts"])
