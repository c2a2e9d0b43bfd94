"""The two warnings issue 22 item 7 still missed, each checked against what the engine
then does: producing the festival's goods goal, and a mayor's choice after which the
colonist ship cannot be refilled (the round is the last)."""

from __future__ import annotations

from typing import Any

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PRState
from tests.games.puerto_rico.helpers import GAME, act, build, choose, legal, new, plant, text

NAMES = ["Ana", "Ben", "Cleo", "Dan"]
END = ": too few colonists to refill the colonist ship: this round is the last"
MILL = {"indigo": "indigo_plant", "sugar": "sugar_mill", "tobacco": "tobacco_storage",
        "coffee": "coffee_roaster"}


def _label(s: PRState, type_: str, seat: int = 0) -> str:
    return next(a["label"] for a in legal(s, seat) if a["type"] == type_)


def _producer_of(s: PRState, p: int, barrels: list[str]) -> None:
    """Seat p makes exactly ``barrels`` (a manned estate each, and a manned mill)."""
    for good in sorted(set(barrels)):
        k = barrels.count(good)
        plant(s, p, *[good] * k)
        if good != "corn":
            build(s, p, MILL[good], colonists=k)


def test_producing_the_festivals_barrels_says_it_takes_the_goods_goal() -> None:
    s = new(4, "1897", 1, names=NAMES, expansions=["festival"])
    barrels = [C.GOODS[g] for g in s.festival[1:4]]
    _producer_of(s, 0, barrels)
    _producer_of(s, 1, barrels[:1])  # produces too, but not every barrel
    choose(s, 0, "craftsman")
    label = _label(s, "produce")
    assert label.endswith(": the festival's goods goal, +3 coins"), label
    note = next(a["note"] for a in legal(s, 0) if a["type"] == "produce")
    assert note == "the festival's goods goal, +{n:doubloon:3}"  # a template, as labels
    events = act(s, 0, "produce")
    assert "the festival's goods goal" in text(events) and s.festival_won[1] == 0
    assert "festival" not in _label(s, "produce", 1)  # taken: nobody else is told


def test_a_harvest_short_of_a_barrel_says_nothing_of_the_goal() -> None:
    s = new(4, "1897", 1, names=NAMES, expansions=["festival"])
    barrels = [C.GOODS[g] for g in s.festival[1:4]]
    _producer_of(s, 0, barrels[:2])
    choose(s, 0, "craftsman")
    assert "festival" not in _label(s, "produce")


def _play_out_the_mayor(s: PRState) -> None:
    """Everyone keeps or confirms what is offered first, until the phase is over."""
    while s.role == C.MAYOR:
        seat = s.turn
        actions = [a for a in legal(s, seat) if a["type"] != "undo"]
        done = [a for a in actions if a["type"] in ("mayor_done", "pass")]
        GAME.apply(s, seat, (done or actions)[0])


def _mayor_label(s: PRState) -> str:
    return next(a["label"] for a in legal(s, 0) if a.get("role") == "mayor")


def _fresh_choice(supply: int, expansions: list[str] | None = None) -> PRState:
    """Seat 0 to choose the first role, ``supply`` colonists left in the supply."""
    s = new(4, "classic", 1, names=NAMES, expansions=expansions or [])
    s.col_supply = supply
    s.turn = s.governor = 0
    s.legal = None
    return s


def test_the_mayor_that_cannot_be_followed_by_a_refill_says_the_round_is_the_last() -> None:
    assert "last" not in _mayor_label(_fresh_choice(4))  # (its label is kept: offer.py)
    s = _fresh_choice(3)  # nobody has a building: one colonist a player is wanted, four
    label = _mayor_label(s)
    assert label.endswith(END), label
    GAME.apply(s, 0, {"type": "role", "role": "mayor"})
    _play_out_the_mayor(s)
    assert s.last_round


def test_a_mayor_the_supply_can_follow_says_nothing() -> None:
    s = _fresh_choice(4)  # four wanted, four left
    assert "last" not in _mayor_label(s)
    GAME.apply(s, 0, {"type": "role", "role": "mayor"})
    act(s, 0, "pass")
    _play_out_the_mayor(s)
    assert not s.last_round
    # Expansion II: a short supply ends nothing, and nothing is said
    assert "last" not in _mayor_label(_fresh_choice(3, ["citizens"]))


def test_taking_the_privilege_colonist_that_empties_the_refill_says_so() -> None:
    roomy = _fresh_choice(10)  # the privilege's usual label, kept for every game (labels.py)
    choose(roomy, 0, "mayor")
    assert "last" not in next(a["label"] for a in legal(roomy, 0) if a["type"] == "mayor_colonist")
    for take, ends in (("mayor_colonist", True), ("pass", False)):
        s = _fresh_choice(4)  # nobody has a building: four wanted, four left
        assert "last" not in _mayor_label(_fresh_choice(4))
        choose(s, 0, "mayor")
        labels = {a["type"]: a["label"] for a in legal(s, 0)}
        assert labels["mayor_colonist"].endswith(END), labels
        assert "last" not in labels["pass"], labels
        act(s, 0, take)
        _play_out_the_mayor(s)
        assert s.last_round == ends


def _confirm_label(s: PRState) -> str:
    return next(a["label"] for a in legal(s, 0) if a["type"] == "mayor_done")


def test_confirming_a_placement_that_leaves_the_city_too_empty_says_so() -> None:
    """Five colonists, five left in the supply, nine empty building circles: the city
    first leaves four empty (four wanted, the floor), the island first seven."""
    outcomes: dict[str, Any] = {}
    for first in ("island", "city"):
        s = _fresh_choice(5)
        build(s, 0, "indigo_plant", "sugar_mill", "tobacco_storage", colonists=0)
        plant(s, 0, "corn", "corn", occupied=False)  # and the tile of the setup
        s.san_juan[0] = 4
        choose(s, 0, "mayor")
        act(s, 0, "pass")  # the privilege left in the supply; the ship brings one each
        assert s.san_juan[0] == 5 and "last" not in _confirm_label_or_none(s)
        for _ in range(5):  # all five placed, ``first`` while it has room
            places = [a for a in legal(s, 0) if a["type"] == "mayor_place"]
            GAME.apply(s, 0, next((a for a in places if a["where"] == first), places[0]))
        label = _confirm_label(s)
        outcomes[first] = label
        act(s, 0, "mayor_done")
        _play_out_the_mayor(s)
        assert s.last_round == (first == "island"), (first, label)
    assert outcomes["island"].endswith(END), outcomes
    assert "last" not in outcomes["city"], outcomes


def _confirm_label_or_none(s: PRState) -> str:
    return next((a["label"] for a in legal(s, 0) if a["type"] == "mayor_done"), "")


def test_every_mayor_choice_that_says_the_round_is_the_last_keeps_its_word() -> None:
    """Random classic games: wherever a role card, a privilege colonist or a confirm
    says so, the phase ends with the round the last, whatever is played after it."""
    import random

    said = 0
    for seed in range(12):
        for players in (3, 4, 5):
            s = GAME.setup(players, {"edition": "classic"}, seed)
            rnd = random.Random(seed)
            while not GAME.is_over(s):
                seat = GAME.to_move(s)[0]
                actions = GAME.legal_actions(s, seat)
                for a in actions:
                    if str(a.get("note", "")).endswith("this round is the last") \
                            and a["type"] in ("role", "mayor_colonist", "mayor_done"):
                        said += 1
                        t = GAME.from_data(GAME.to_data(s))
                        GAME.apply(t, seat, a)
                        while t.role == C.MAYOR:
                            who = GAME.to_move(t)[0]
                            GAME.apply(t, who, rnd.choice(GAME.legal_actions(t, who)))
                        assert t.last_round, (seed, players, a)
                GAME.apply(s, seat, rnd.choice(actions))
    assert said > 20
