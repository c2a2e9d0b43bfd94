"""Every word from one names file: texts are templates rendered in the edition, prices
worked out once and carried by the build actions and the seat's own view, and the
facts a client shows sent from the catalog (display.py), never kept twice."""

from __future__ import annotations

import random

import pytest

from server.engine.contract import describe
from server.engine.errors import IllegalAction
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.text import words
from server.games.registry import get_game
from server.wording import render

GAME = get_game("puerto-rico")


def _play(players: int, edition: str, seed: int, visit: object) -> None:
    s = GAME.setup(players, GAME.normalize_options(players, {"edition": edition}), seed)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        seat = GAME.to_move(s)[0]
        legal = GAME.legal_actions(s, seat)
        visit(s, seat, legal)  # type: ignore[operator]
        for ev in GAME.apply(s, seat, rnd.choice(legal)):
            assert render(ev["tmpl"], words(edition), s.names) == ev["text"], ev


@pytest.mark.parametrize("edition", ["classic", "1897"])
def test_labels_and_log_are_their_templates_in_the_edition(edition: str) -> None:
    seen: set[str] = set()

    def visit(s: object, seat: int, legal: list[dict]) -> None:
        for a in legal:
            assert render(a["tmpl"], words(edition)) == a["label"], a
            seen.add(a["type"])

    _play(4, edition, 3, visit)
    assert {"role", "build", "pass"} <= seen


def test_build_actions_carry_the_price_of_the_seats_view() -> None:
    checked = 0

    def visit(s: object, seat: int, legal: list[dict]) -> None:
        nonlocal checked
        view = GAME.view(s, seat)
        prices = view["players"][seat]["prices"]
        assert set(prices) == set(view["buildings"])
        assert all("prices" not in p for i, p in enumerate(view["players"]) if i != seat)
        for a in legal:
            if a["type"] == "build":
                assert a["price"] == prices[a["building"]]
                checked += 1

    _play(3, "classic", 8, visit)
    assert checked > 10


def test_a_build_is_refused_at_another_price_and_taken_without_one() -> None:
    for seed in range(40):
        s = GAME.setup(3, GAME.normalize_options(3, {}), seed)
        rnd = random.Random(seed)
        while not GAME.is_over(s):
            seat = GAME.to_move(s)[0]
            legal = GAME.legal_actions(s, seat)
            builds = [a for a in legal if a["type"] == "build"]
            if builds:
                build = builds[-1]
                for wrong in (build["price"] + 1, True, "3"):
                    with pytest.raises(IllegalAction):
                        GAME.apply(GAME.clone(s), seat, {**build, "price": wrong})
                bare = {"type": "build", "building": build["building"]}
                GAME.apply(GAME.clone(s), seat, bare)
                GAME.apply(s, seat, build)
                return
            GAME.apply(s, seat, rnd.choice(legal))
    raise AssertionError("no build in 40 games")


def test_the_catalog_entry_carries_both_vocabularies_and_the_printed_facts() -> None:
    display = describe(GAME)["display"]
    assert display["vocabulary_option"] == "edition"
    names = {v["name"]: v for v in display["vocabularies"]}
    assert set(names) == set(C.EDITIONS)
    assert names["1897"]["words"]["mayor"] == "Recruiter"
    assert names["1897"]["words"]["corn"] == names["classic"]["words"]["corn"]  # falls back
    assert names["1897"]["words"]["harbor"] == "Harbor"  # 1897 names every building (Title Case)
    assert names["classic"]["short"]["settler"] == "Settl." and names["1897"]["tags"]["indigo"] == "Frt"
    facts = {b["id"]: b for b in display["buildings"]}
    for i, b in enumerate(C.BUILDINGS):
        f = facts[b]
        assert (f["cost"], f["vp"], f["circles"], f["column"], f["large"]) == (
            C.COST[i], C.VP[i], C.CIRCLES[i], C.COLUMN[i], C.LARGE[i])
    assert "may take" in facts["hospice"]["help"] and "may take" in facts["university"]["help"]
    assert render(facts["hospice"]["help"], names["1897"]["words"]) == (
        "Planter: you may take a worker for your new tile.")
    assert {r["id"] for r in display["roles"]} == set(C.ROLES)
