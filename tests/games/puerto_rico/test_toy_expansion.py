"""A toy expansion (a building with a hook and a question) added from its own folder.

Adding it touches no existing file: its folder (toy_expansion/: the rules, names.toml,
the table row ``ROW``) and this test, which turns it on with one row of the table
(``expansions.add``; an expansion of the box writes the same row in
core/expansions.py). So an expansion costs at most 3 existing files: the table, and
docs/extending.md's list if it is worth a line. The registries are put back after
each test (``registry.snapshot``/``restore``), so no other test sees the toy.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from server.engine.errors import IllegalAction
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import expansions, interrupts, registry
from server.games.puerto_rico.core.moves import TYPES
from server.games.puerto_rico.core.state import PRState

from .helpers import GAME, build, choose, goods, legal, new, plant, random_log, text
from .toy_expansion import NAME, ROW

FOLDER = Path(__file__).parent / "toy_expansion"
SERVER = Path(__file__).parents[3] / "server"


@pytest.fixture
def toy() -> Iterator[None]:
    snap = registry.snapshot()
    expansions.add(ROW)  # the one row that turns it on
    yield
    registry.restore(snap)


def _builder(expansions_: list[str]) -> dict[str, dict[str, Any]]:
    s = new(4, expansions=expansions_)
    s.coins[0] = 9
    choose(s, 0, "builder")
    return {a.get("building", ""): a for a in legal(s, 0) if a["type"] == "build"}


def test_the_well_is_offered_in_a_build_step_only_with_the_toy_on(toy: None) -> None:
    on = _builder([NAME])
    assert on["wishing_well"]["price"] == 2  # 3, less the builder's privilege
    assert on["wishing_well"]["label"] == "Build the wishing well (2 doubloons)"
    assert "wishing_well" not in _builder([])
    with pytest.raises(IllegalAction):  # not in a game without it
        GAME.apply(new(4), 0, {"type": "build", "building": "wishing_well"})


def _trader_with_wells(edition: str = "classic") -> tuple[PRState, int]:
    s = new(4, edition, expansions=[NAME])
    build(s, 0, "wishing_well")  # manned
    build(s, 2, "wishing_well", colonists=0)  # empty: its owner is not asked
    plant(s, 1, "corn")
    goods(s, 1, corn=1)
    s.col_supply -= 2  # the well's colonist and the corn's, from the supply
    coins = s.coins[0]
    choose(s, 1, "trader")
    return s, coins


def test_the_hook_pays_a_doubloon_and_the_question_is_asked_and_answered(toy: None) -> None:
    s, coins = _trader_with_wells()
    assert s.coins[0] == coins + 1  # the hook ran: a doubloon in the manned well
    assert GAME.to_move(s) == [0]
    view = GAME.view(s, 0)
    assert view["phase"]["step"] == "wishing_well"
    assert view["wishing_well"] == {"manned": [0]}  # the toy's own view part
    asked = legal(s, 0)
    assert [a["type"] for a in asked] == ["wish", "pass"]
    assert asked[0]["label"] == "Wishing well: toss 1 doubloon back for 1 VP"
    assert asked[1]["label"] == "Wishing well: keep the doubloon"
    assert asked[1]["kind"] == "decline"
    vp = s.vp[0]
    events = GAME.apply(s, 0, asked[0])
    assert "Player 1 makes a wish" in text(events)
    assert (s.coins[0], s.vp[0]) == (coins, vp + 1)
    assert GAME.to_move(s) == [1] and not s.pending  # the trader's own turn, seat 2 unasked


def test_the_words_come_from_the_toys_names_file_in_both_editions(toy: None) -> None:
    s, _ = _trader_with_wells("1897")
    assert legal(s, 0)[1]["label"] == "Fountain of wishes: keep the doubloon"
    display = GAME.display()
    assert {"id": "wishing_well", "cost": 3, "vp": 1, "circles": 1, "column": 1,
            "kind": "violet", "large": False, "help": ""} in display["buildings"]
    words = {v["name"]: v["words"]["wishing_well"] for v in display["vocabularies"]}
    assert words == {"classic": "wishing well", "1897": "fountain of wishes"}


def test_a_game_with_the_toy_saves_and_loads_mid_question(toy: None) -> None:
    s, _ = _trader_with_wells()
    data = json.loads(json.dumps(GAME.to_data(s)))
    back = GAME.from_data(data)
    assert GAME.to_data(back) == GAME.to_data(s)
    assert legal(back, 0) == legal(s, 0)
    GAME.apply(back, 0, {"type": "wish"})  # a client's own dict, parsed
    GAME.apply(s, 0, legal(s, 0)[0])
    assert GAME.to_data(back) == GAME.to_data(s)


def test_whole_random_games_with_the_toy_replay_after_a_save(toy: None) -> None:
    every = [*C.EXPANSIONS]
    assert every[-1] == NAME
    for options in ({"expansions": [NAME]}, {"edition": "1897", "expansions": every}):
        log, _events, final = random_log(options, seed=3)
        assert any(a["type"] == "wish" for _seat, a in log)  # built, manned and asked
        s = GAME.setup(3, options, 3)
        for i, (seat, action) in enumerate(log):
            if i % 40 == 0:
                s = GAME.from_data(json.loads(json.dumps(GAME.to_data(s))))
            GAME.apply(s, seat, action)
        assert GAME.to_data(s) == final


def test_numbers_that_would_move_a_saved_game_are_refused(toy: None) -> None:
    """Ids and kinds are written in the expansion's module: one the box or another
    row has, or one past the next free id, fails at import rather than shifting."""
    row = C.Building("second_well", 3, 1, 1, 1, 2, -1, False, NAME)
    for b in (C.B_INDEX["city_hall"], C.NB + 1):
        with pytest.raises(ValueError, match=r"building id|next free"):
            registry.building(NAME, b, row)
    with pytest.raises(ValueError, match="already id"):
        registry.building(NAME, C.NB, C.BUILDING_ROWS[C.B_INDEX["wishing_well"]])
    handler = interrupts.HANDLERS[interrupts.GUEST_MOVE]
    for kind in (interrupts.PLACE_WORKERS, 11):  # the box's; the toy's own
        with pytest.raises(ValueError, match="interrupt kind"):
            registry.question(kind, handler)
    assert C.BUILDINGS[-1] == "wishing_well"  # nothing was added


def test_the_toy_lives_in_its_folder_and_is_gone_after_restore() -> None:
    """Nothing of the server names it; its registrations all come from its folder; and
    putting the registries back leaves the box as it was (ids, codes, the option)."""
    assert not [p for p in SERVER.rglob("*.*") if p.suffix in (".py", ".toml")
                and "wishing_well" in p.read_text(encoding="utf-8")]
    nb, types, choices = C.NB, len(TYPES), GAME.options_spec[2].choices
    snap = registry.snapshot()
    expansions.add(ROW)
    package = ROW.package
    assert nb + 1 == C.NB and types + 1 == len(TYPES)  # appended: the box's ids stay
    assert GAME.options_spec[2].choices == (*choices, NAME)
    made: list[Callable[..., Any]] = [fn for _o, b, _p, _r, fn in registry.hooks._REGISTRY if b == C.NB - 1]
    made += [make for _key, make in registry.LABELS.values()]
    made += [part for _x, _k, part in registry.VIEWS]
    assert made and all(fn.__module__.startswith(package) for fn in made)
    assert {p.name for p in FOLDER.iterdir() if p.suffix} == {
        "__init__.py", "well.py", "names.toml"}
    registry.restore(snap)
    assert (C.NB, len(TYPES), GAME.options_spec[2].choices) == (nb, types, choices)
    assert "wishing_well" not in C.B_INDEX and NAME not in expansions.EXPANSIONS
