"""Hidden information, over whole random games and every frame: what a viewer sees never
changes when only what he may not see changes (the other hands, every good's face, the
chapel cards, the deck's order, the discards, the price tiles still face down, the
RNG), the log never names a hidden card in its public text, and a bot's determinized
world keeps everything its seat sees."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.engine.playout import pick
from server.games.san_juan import facts
from server.games.san_juan.state import SJState
from tests.games.san_juan.helpers import GAME, build, new, options, role, top

CASES = [(2, {}), (3, {"fair_start": True}), (4, {}), (4, {"fair_start": True})]
FRAME_CASES = CASES[:3]  # every frame of a whole game is slow: one game per player count


def _frames(players: int, opts: dict[str, Any], seed: int) -> Any:
    """(state before the action, seat, action) for every decision of a random game."""
    s = new(players, seed=seed, **opts)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        seat, action = pick(GAME, s, rnd)
        yield s, seat, action
        GAME.apply(s, seat, action)
    yield s, None, None


@pytest.mark.parametrize(("players", "opts"), FRAME_CASES)
def test_every_frame_looks_the_same_whatever_the_viewer_cannot_see(
    players: int, opts: dict[str, Any]
) -> None:
    checked = 0
    for s, _seat, _action in _frames(players, opts, seed=100 + players):
        data = GAME.to_data(s)
        for viewer in (None, *range(players)):
            view = GAME.view(s, viewer)
            for other in facts.hide(data, viewer):
                twin = GAME.from_data(other)
                assert GAME.view(twin, viewer) == view, f"viewer {viewer} tells them apart"
                checked += 1
    assert checked > 1000


def _public(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The public lines up to the first gold mine line: the cards a gold mine turns up
    are shown to all, and what follows may depend on them. A line's template, key and
    fields are public too (text.py: the private part has its own template)."""
    out = []
    for e in events:
        if e["kind"] == "gold_mine":
            break
        out.append((e["kind"], e["text"], e["tmpl"], e["key"], e["fields"]))
    return out


@pytest.mark.parametrize(("players", "opts"), CASES)
def test_the_log_never_names_a_hidden_card_in_public(players: int, opts: dict[str, Any]) -> None:
    """From every frame, the same action on a twin whose hidden cards differ (the deck,
    the goods, the hands of the seats not acting) logs the same public text; private
    text goes only to the seat the line is about. Gold mine lines name the cards turned
    up, which everyone sees."""
    compared = 0
    for s, seat, action in _frames(players, opts, seed=200 + players):
        if action is None:
            break
        data = GAME.to_data(s)
        twins = [d for d in facts.hide(data, seat) if d["hands"][seat] == data["hands"][seat]]
        real = GAME.apply(GAME.clone(s), seat, action)
        for e in real:
            assert set(e.get("private", {})) <= {str(e["seat"])}, e
        for other in twins[:4]:
            twin = GAME.from_data(other)
            if action not in GAME.legal_actions(twin, seat):
                continue
            mine, theirs = _public(GAME.apply(twin, seat, action)), _public(real)
            shorter = min(len(mine), len(theirs))
            assert mine[:shorter] == theirs[:shorter]
            assert len(mine) == len(theirs) or any(e["kind"] == "gold_mine" for e in real)
            compared += 1
    assert compared > 100


def test_views_show_a_hand_to_its_owner_and_counts_to_everyone() -> None:
    s = new(3, seed=5)
    build(s, 1, "sugar_mill")
    s.goods[1][1] = s.deck.pop()
    s.chapel[2] = sorted([s.deck.pop(), s.deck.pop()])
    mine, theirs, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert mine["players"][0]["hand"] is not None and mine["players"][1]["hand"] is None
    assert spectator["players"][0]["hand"] is None
    assert [p["hand_count"] for p in spectator["players"]] == [4, 4, 4]
    assert theirs["players"][1]["buildings"] == [
        {"building": "indigo_plant", "good": False}, {"building": "sugar_mill", "good": True}]
    assert spectator["players"][2]["chapel"] == 2 and spectator["players"][1]["goods"] == 1
    assert mine["decision"] is not None and theirs["decision"] is None
    assert mine["deck"] == len(s.deck) and mine["price_tiles"]["face_down"] == 5


def test_the_gold_mines_cards_are_for_all_to_see_and_councillor_cards_for_one() -> None:
    s = new(3, seed=6)
    build(s, 1, "gold_mine")
    top(s, "well", "smithy", "library", "crane", "tobacco_storage")
    role(s, "prospector")
    GAME.apply(s, 1, {"type": "gold_mine"})
    assert GAME.view(s, 2)["revealed"] == ["tobacco_storage", "smithy", "crane", "library"]
    s2 = new(3, seed=6)
    role(s2, "councillor")
    assert GAME.view(s2, 0)["decision"]["cards"] and GAME.view(s2, 1)["decision"] is None
    assert "cards" not in str(GAME.view(s2, 1)["phase"])


def test_a_determinized_world_keeps_what_the_seat_sees_and_resamples_the_rest() -> None:
    s: SJState = new(4, seed=7)
    role(s, "councillor")
    while s.turn == 0:
        GAME.apply(s, 0, {"type": "keep", "card": options(s)[0]["card"]})
        GAME.apply(s, 0, {"type": "confirm"})
    # seat 1 is choosing among his drawn cards; seat 2 determinizes
    worlds = [GAME.determinize(s, 2, seed) for seed in range(6)]
    for w in worlds:
        assert w.hands[2] == s.hands[2] and w.city == s.city
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        assert len(w.pending) == len(s.pending) and w.sel == []
        assert GAME.view(w, 2) == GAME.view(s, 2)
    assert len({tuple(map(tuple, w.hands)) for w in worlds}) > 1
    own = GAME.determinize(s, 1, 0)  # the mover keeps his drawn cards and picks
    assert own.pending == s.pending and own.hands[1] == s.hands[1]
