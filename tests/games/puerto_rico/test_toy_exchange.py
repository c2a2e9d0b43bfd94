"""The second toy expansion (issue 35 item 1): a building with a parameterised question
(swap one barrel of your choice for a doubloon in the Trader phase), its help, its
step's headline and one state field, added as new files only (toy_exchange/: the rules,
names.toml, texts.toml and the row), turned on by one ``expansions.add``. The screen's
side (its help and headline on the real board) is tests/tui/test_toy_exchange_screen.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import server.bots.puerto_rico  # noqa: F401  (its tables made before the toy comes, as in a server)
from server.bots.arena import play_game
from server.engine.errors import CorruptState, IllegalAction
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import expansions, registry
from server.games.puerto_rico.core.setup import RULES
from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.io.display import display

from .helpers import GAME, build, choose, goods, legal, new, random_log, text
from .toy_exchange import NAME, ROW, SWAPS

FOLDER = Path(__file__).parent / "toy_exchange"
SERVER = Path(__file__).parents[3] / "server"
PRTUI = Path(__file__).parents[3] / "prtui"


@pytest.fixture
def exchange() -> Iterator[None]:
    snap = registry.snapshot()
    expansions.add(ROW)  # the one row that turns it on
    yield
    registry.restore(snap)


def _trader(edition: str = "classic") -> PRState:
    s = new(3, edition, expansions=[NAME])
    build(s, 0, "money_changer")
    s.col_supply -= 1
    goods(s, 0, corn=1, coffee=2)
    choose(s, 1, "trader")
    return s


def test_the_question_offers_each_kind_held_and_the_swap_is_counted(exchange: None) -> None:
    s = _trader()
    assert GAME.to_move(s) == [0]
    view = GAME.view(s, 0)
    assert view["phase"]["step"] == "money_changer"
    asked = legal(s, 0)
    assert [(a["type"], a.get("good")) for a in asked] == [
        ("exchange", "corn"), ("exchange", "coffee"), ("pass", None)]
    assert asked[1]["label"] == "Swap 1 coffee for 1 doubloon"
    assert asked[2]["label"] == "Money changer: keep the barrels"
    coins, supply = s.coins[0], s.goods[C.GOODS.index("coffee")]
    events = GAME.apply(s, 0, {"type": "exchange", "good": "coffee"})  # a client's dict
    assert "Player 1 swaps 1 coffee for 1 doubloon" in text(events)
    assert s.coins[0] == coins + 1 and s.goods[C.GOODS.index("coffee")] == supply + 1
    assert s.extra[SWAPS] == [1, 0, 0]
    assert GAME.view(s, 2)["money_changer"] == {"swaps": [1, 0, 0]}  # public
    # on to the trader's own turns: seats 1 and 2 hold nothing to sell, seat 0 sells
    assert not s.pending and GAME.view(s, 0)["phase"]["step"] == "trader"


def test_a_good_not_held_or_unknown_is_refused(exchange: None) -> None:
    s = _trader()
    for bad in ({"type": "exchange", "good": "tobacco"}, {"type": "exchange", "good": "gold"},
                {"type": "exchange"}):
        with pytest.raises(IllegalAction):
            GAME.apply(s, 0, bad)
    assert s.extra[SWAPS] == [0, 0, 0]


def test_its_help_and_question_words_come_from_its_folder(exchange: None) -> None:
    shown = display()
    help_ = {b["id"]: b["help"] for b in shown["buildings"]}
    assert help_["money_changer"].startswith("{w:trader}: at the start, you may swap")
    assert "money_changer" in shown["questions"]
    assert shown["steps"]["money_changer"] == "{W:money_changer}: a barrel for a {w:doubloon}?"


def test_its_state_field_goes_through_save_and_load(exchange: None) -> None:
    s = _trader("1897")
    GAME.apply(s, 0, legal(s, 0)[0])
    data = json.loads(json.dumps(GAME.to_data(s)))
    assert data["extra"] == {SWAPS: [1, 0, 0]}
    back = GAME.from_data(data)
    assert back.extra == {SWAPS: [1, 0, 0]} and GAME.to_data(back) == data
    clone = back.clone()
    clone.extra[SWAPS][0] += 1
    assert back.extra[SWAPS] == [1, 0, 0]  # a clone has its own copy
    for bad in ({}, {SWAPS: [1, 0]}, {SWAPS: [1, 0, "x"]}, {SWAPS: [1, 0, 0], "other": 1}):
        with pytest.raises(CorruptState, match="extra"):
            GAME.from_data({**data, "extra": bad})
    with pytest.raises(CorruptState, match="extra"):
        GAME.from_data({k: v for k, v in data.items() if k != "extra"})


def test_a_game_of_the_box_saves_no_extra(exchange: None) -> None:
    s = new(3, expansions=[C.NEW_BUILDINGS])
    assert s.extra == {} and "extra" not in GAME.to_data(s)


def test_stored_expansion_i_games_replay_as_before() -> None:
    """A game of the box stored before the toy was added (and before a row added to
    Expansion I under a newer rules version) replays to the same end."""
    options = {"edition": "1897", "expansions": [C.NEW_BUILDINGS],
               "rules_version": RULES - 1}
    log, _events, final = random_log(options, seed=5)
    snap = registry.snapshot()
    try:
        expansions.add(ROW)
        late = registry.building(C.NEW_BUILDINGS, C.NB, C.Building(
            "late_arrival", 3, 1, 1, 2, 1, -1, False, C.NEW_BUILDINGS, since=RULES))
        now = GAME.setup(3, {**options, "rules_version": RULES}, 5)
        assert late in now.cat.candidates  # a new game has the newer row
        s = GAME.setup(3, options, 5)
        assert late not in s.cat.candidates  # the stored version has not
        for i, (seat, action) in enumerate(log):
            if i % 50 == 0:
                s = GAME.from_data(json.loads(json.dumps(GAME.to_data(s))))
            GAME.apply(s, seat, action)
        assert GAME.to_data(s) == final
    finally:
        registry.restore(snap)


def test_bots_play_a_whole_game_with_it(exchange: None) -> None:
    """The bots value the money changer through the value its module declared."""
    out = play_game("puerto-rico", ["easy", "easy", "hard"], 0, 7, None,
                    {"expansions": [NAME]}, iterations=8)
    assert out["finished"] and out["fallbacks"] == [0, 0, 0], out  # no bot raised


def test_it_is_new_files_only() -> None:
    """Nothing of the server or the client names it; its folder holds all of it."""
    for root in (SERVER, PRTUI):
        assert not [p for p in root.rglob("*.*") if p.suffix in (".py", ".toml", ".tcss")
                    and "money_changer" in p.read_text(encoding="utf-8")]
    assert {p.name for p in FOLDER.iterdir() if p.suffix} == {
        "__init__.py", "changer.py", "names.toml", "texts.toml"}
