"""The game log as a reader sees it: headers, grammar, each edition's words, who cannot
act and why, storage and production results, the final scores; the ``names`` option;
VP gains private unless open VP; the two-player ``roles`` list in the view."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from server.engine.contract import LogEvent
from server.engine.errors import InvalidOptions
from server.games.puerto_rico.core.state import PRState
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    load_ship,
    new,
    plant,
    take_all,
    text,
)

Played = tuple[PRState, list[LogEvent], list[str]]


def _play(players: int, edition: str, seed: int, **opts: Any) -> Played:
    """A random game: its end state, every event, and every label offered."""
    s = GAME.setup(players, {"edition": edition, **opts}, seed)
    rnd = random.Random(seed)
    events: list[LogEvent] = []
    labels: list[str] = []
    while not GAME.is_over(s):
        (seat,) = GAME.to_move(s)
        moves = GAME.legal_actions(s, seat)
        labels += [m["label"] for m in moves]
        events += GAME.apply(s, seat, rnd.choice(moves))
    return s, events, labels


_GAMES: dict[tuple[int, str], Played] = {}


def _game(players: int, edition: str) -> Played:
    key = (players, edition)
    if key not in _GAMES:
        _GAMES[key] = _play(players, edition, seed=players * 11, open_vp=True)
    return _GAMES[key]


CLASSIC_WORDS = r"\b(colonists?|doubloons?|San Juan|Settler|Mayor|Prospector|plantations?|indigo|privilege|construction hut|hospice|university|guild hall|colonist ship|circles?)\b"
WORDS_1897 = r"\b(workers?|coins?|Portrait|Estates?|Planter|Recruiter|Adventurer|fruit|advantage|Builders Yard|Hospital|School|Fire Station|Work Register|countryside|semicircles?)\b"


@pytest.mark.parametrize("edition", ["classic", "1897"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_edition_speaks_its_own_words_with_the_right_articles(
    players: int, edition: str
) -> None:
    _s, events, labels = _game(players, edition)
    lines = [e["text"] for e in events] + labels
    other = CLASSIC_WORDS if edition == "1897" else WORDS_1897
    wrong = [x for x in lines if re.search(other, x, re.IGNORECASE)]
    assert wrong == [], wrong[:5]
    bad_article = [x for x in lines if re.search(r"\ba [aeiou]", x, re.IGNORECASE)]
    assert bad_article == [], bad_article[:5]
    assert events[0]["text"] == "Round 1: Player 1 is governor"
    rounds = [e["text"] for e in events if e["kind"] == "round"]
    assert [r.split(":")[0] for r in rounds] == [f"Round {i}" for i in range(1, len(rounds) + 1)]


def test_an_indigo_and_a_corn() -> None:
    s = new(3)
    s.stack += s.face_up
    s.stack.remove(0)
    s.stack.remove(1)
    s.face_up = [0, 1]  # corn, indigo
    choose(s, 0, "settler")
    labels = [a["label"] for a in GAME.legal_actions(s, 0)]
    assert "Take an indigo plantation" in labels and "Take a corn plantation" in labels
    ev = act(s, 0, "plantation", tile="indigo")
    assert "Player 1 takes an indigo plantation" in text(ev)


def test_final_scores_and_winner_close_the_log() -> None:
    s, events, _ = _game(4, "classic")
    res = GAME.result(s)
    assert res is not None
    scores = [e for e in events if e["kind"] == "score"]
    assert [e["seat"] for e in scores] == res.ranking
    for e in scores:
        line = next(x for x in res.scores if x.seat == e["seat"])
        assert f"Player {line.seat + 1}: {line.total} VP (" in e["text"]
        assert f"{line.breakdown['vp_chips']} VP chips" in e["text"]
    last = events[-1]
    assert last["kind"] == "game_over"
    assert last["text"].endswith(f"with {res.scores[res.winners[0]].total} VP")


def test_a_shared_win_is_said_so() -> None:
    s = new(3)
    s.last_round = True
    for p in range(3):
        s.coins[p] = 0
    s.vp[0] = s.vp[1] = 5  # 1 and 2 tie on VP and tie-break; 3 has nothing
    s.vp_supply -= 10
    ev = []
    for seat in range(3):  # three prospector-free passes through the round
        role = ("builder", "trader", "settler")[seat]
        ev += act(s, s.turn, "role", role=role)
        while not GAME.is_over(s) and s.step != 0:
            moves = GAME.legal_actions(s, s.turn)
            passes = [m for m in moves if m["type"] == "pass"]
            ev += GAME.apply(s, s.turn, passes[0] if passes else moves[0])
    assert GAME.is_over(s)
    assert ev[-1]["text"] == "Player 1 and Player 2 share the win with 5 VP"
    assert "tie-break 0: doubloons + goods" in text(ev)


def test_storage_says_what_is_kept_and_lost() -> None:
    s = new(4)
    goods(s, 1, corn=1, sugar=2)
    load_ship(s, 0, "corn", 5)  # full: nothing can be loaded
    load_ship(s, 1, "sugar", 6)
    choose(s, 0, "captain")
    ev = act(s, 1, "store", keep=[], single="corn")
    assert "Player 2 keeps 1 corn, loses 2 sugar" in text(ev)
    assert s.pgoods[1][0] == 1 and s.pgoods[1][2] == 0


def test_nobody_can_load_is_said_once() -> None:
    s = new(4)
    ev = choose(s, 0, "captain")
    assert [e["text"] for e in ev if e["kind"] == "ship"] == ["Nobody can load"]


def test_who_cannot_act_and_why() -> None:
    s = new(4)
    s.coins = [0, 0, 0, 9]
    ev = choose(s, 0, "builder")
    ev += act(s, 0, "pass")  # the builder may afford a 1-cost building: his choice
    assert "Player 1 builds nothing" in text(ev)
    assert "Player 2 can build nothing" in text(ev)
    s = new(4)
    goods(s, 0, coffee=1)
    ev = choose(s, 0, "trader")
    ev += act(s, 0, "pass")
    assert "Player 1 sells nothing" in text(ev) and "Player 2 has nothing to sell" in text(ev)


def test_a_full_trading_house_is_said_once() -> None:
    s = new(4)
    s.house = [1, 2, 3]
    s.goods[1] -= 1
    s.goods[2] -= 1
    s.goods[3] -= 1
    goods(s, 0, corn=1)
    goods(s, 1, corn=1)
    choose(s, 0, "trader")
    ev = act(s, 0, "sell", good="corn")
    assert text(ev).splitlines()[1:] == [
        "The trading house is full: nobody else can sell",
        "The full trading house is emptied into the supply",
    ]


def test_production_shortfall_and_missing_privilege_are_said() -> None:
    s = new(4)
    plant(s, 0, "corn", "corn")  # with the start tiles: player 1 can make 2 corn
    goods(s, 2, corn=9)  # one corn left in the supply
    ev = choose(s, 0, "craftsman")
    ev += take_all(s)
    assert "Player 1 produces 1 corn (the supply has no more corn)" in text(ev)
    assert "Player 1 gets no extra good (privilege): the supply has no more corn" in text(ev)
    assert "Player 2" not in text(ev)  # could make nothing, made nothing: silent


def test_the_craftsman_who_makes_nothing_is_said() -> None:
    s = new(4)
    ev = choose(s, 1, "craftsman")
    assert text(ev).splitlines()[-1] == "Player 2 produces nothing"


def test_hospice_colonist_is_logged() -> None:
    s = new(4)
    build(s, 0, "hospice")
    choose(s, 0, "settler")
    ev = act(s, 0, "quarry")
    ev += take_all(s)
    assert "Player 1 takes a quarry (privilege)" in text(ev)
    assert "Player 1 puts a colonist on the new quarry (hospice)" in text(ev)


# -- names ------------------------------------------------------------------------------


def test_names_are_validated() -> None:
    ok = GAME.normalize_options(2, {"names": ["Anna", "Benno"]})
    assert ok["names"] == ["Anna", "Benno"]
    assert "names" not in GAME.normalize_options(2, {})
    assert "names" not in GAME.normalize_options(2, {"names": None})
    for names in (
        ["Anna"],
        ["Anna", "Benno", "Clara"],
        "Anna,Benno",
        ["Anna", 7],
        ["Anna", ""],
        ["Anna", "   "],
        ["Anna", "B" * 33],
        ["Anna", "Ben\x1b[2Jno"],
        ["Anna", "Ben\nno"],
    ):
        with pytest.raises(InvalidOptions):
            GAME.normalize_options(2, {"names": names})
    assert GAME.normalize_options(2, {"names": ["Anna", "B" * 32]})["names"][1] == "B" * 32


def test_names_appear_in_log_and_view_and_change_no_rule() -> None:
    names = ["Anna", "Benno", "Clara", "Donni"]
    named, ev_named, _ = _play(4, "classic", 5, names=names)
    plain, ev_plain, _ = _play(4, "classic", 5)
    a, b = GAME.to_data(named), GAME.to_data(plain)
    assert a.pop("names") == names and b.pop("names") == [f"Player {i}" for i in (1, 2, 3, 4)]
    assert a == b
    assert len(ev_named) == len(ev_plain)
    assert ev_named[0]["text"] == "Round 1: Anna is governor"
    assert not any("Player " in e["text"] for e in ev_named)
    view = GAME.view(named, 2)
    assert [p["name"] for p in view["players"]] == names
    assert view["options"]["names"] == names
    loaded = GAME.from_data(GAME.to_data(named))
    assert loaded.names == names


# -- hidden VP and the two-player roles ----------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_vp_gains_stay_private_until_the_end(players: int) -> None:
    s, events, _ = _play(players, "1897", 9)
    over = next(i for i, e in enumerate(events) if e["kind"] == "game_over")
    for e in events[:over]:
        assert "VP" not in e["text"] or "VP chip" in e["text"], e
        if "private" in e:
            assert set(e["private"]) == {str(e["seat"])}
            assert re.fullmatch(r"\+\d+ VP", e["private"][str(e["seat"])])
    gained = sum(int(e["private"][str(e["seat"])][1:-3]) for e in events if "private" in e)
    assert gained == sum(s.vp)


def test_two_player_view_lists_every_role_held_in_the_order_chosen() -> None:
    s = new(2)
    seen = []
    for role in ("prospector", "settler", "builder", "trader", "craftsman"):
        act(s, s.turn, "role", role=role)
        while s.step != 0:
            moves = GAME.legal_actions(s, s.turn)
            passes = [m for m in moves if m["type"] == "pass"]
            GAME.apply(s, s.turn, passes[0] if passes else moves[0])
        players = GAME.view(s, None)["players"]
        seen.append([(p["roles"], p["role"]) for p in players])
    assert seen[-1] == [
        (["prospector", "builder", "craftsman"], "craftsman"),
        (["settler", "trader"], "trader"),
    ]
    assert seen[0] == [(["prospector"], "prospector"), ([], None)]
    act(s, 1, "role", role="mayor")  # the sixth role ends the round
    while s.round == 1:
        GAME.apply(s, s.turn, GAME.legal_actions(s, s.turn)[0])
    assert [p["roles"] for p in GAME.view(s, None)["players"]] == [[], []]


def test_a_load_says_how_full_the_ship_is() -> None:
    s = new(4, open_vp=True)
    load_ship(s, 1, "sugar", 2)
    goods(s, 0, sugar=3)
    ev = choose(s, 0, "captain")
    assert "Player 1 ships 3 sugar on the 6-ship, 5/6 full (+3 VP)" in text(ev)
    ev = take_all(s)  # classic: the privilege point is optional
    assert text(ev).splitlines()[0] == "Player 1 takes 1 VP chip for the privilege (+1 VP)"


def test_the_ship_says_who_gets_how_many() -> None:
    """000 example, 4 players: the Recruiter 2 + 1 from the supply, the next 2, others 1."""
    s = new(4, "1897")
    s.col_ship += 2
    s.col_supply -= 2
    ev = choose(s, 0, "mayor")
    ev += take_all(s)
    assert "Player 1 takes 1 worker from the supply (advantage)" in text(ev)
    assert (
        "The Work Register brings 6 workers: 2 for Player 1 and Player 2, 1 for each other player"
        in text(ev)
    )
    s = new(3)
    ev = choose(s, 1, "mayor")
    ev += act(s, 1, "pass")
    assert "Player 2 leaves the privilege colonist in the supply" in text(ev)
    assert "The colonist ship brings 3 colonists: 1 for each player" in text(ev)


def test_the_harbor_and_wharf_example_reads_like_the_rulebook() -> None:
    """001 harbor example: 3 of 5 tobacco fill the tobacco ship, 2 sugar, then the wharf."""
    s = new(4, open_vp=True)
    build(s, 0, "harbor", "wharf")
    load_ship(s, 0, "tobacco", 2)
    goods(s, 0, tobacco=5, sugar=2)
    ev = choose(s, 1, "captain")
    ev += act(s, 0, "load", good="tobacco", ship=0)
    ev += act(s, 0, "harbor_vp")
    ev += act(s, 0, "load", good="sugar", ship=1)
    ev += act(s, 0, "harbor_vp")
    ev += act(s, 0, "load", good="tobacco", ship="wharf")
    ev += act(s, 0, "harbor_vp")
    assert [e["text"] for e in ev if e["kind"] == "ship"] == [
        "Player 1 ships 3 tobacco on the 5-ship, 5/5 full (+3 VP)",
        "Player 1 takes 1 VP chip for the harbor (+1 VP)",
        "Player 1 ships 2 sugar on the 6-ship, 2/6 full (+2 VP)",
        "Player 1 takes 1 VP chip for the harbor (+1 VP)",
        "Player 1 ships 2 tobacco with the wharf (+2 VP)",
        "Player 1 takes 1 VP chip for the harbor (+1 VP)",
        "Nobody can load any more",
        "The full 5-ship unloads its tobacco",
    ]
