"""What the contract tests need to know about each game's full state (``to_data``):
the component totals that must never change, the hidden parts a view must not depend
on, and some impossible states that loading must refuse."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.games.puerto_rico.game import PuertoRico
from server.games.san_juan.game import SanJuan
from tests.engine import san_juan_facts, toygame

Data = dict[str, Any]


@dataclass
class GameFacts:
    name: str
    players: range  # the game's own players range (read from the game, never assumed)
    option_sets: list[dict[str, Any]]
    totals: Callable[[Data], dict[str, int]]  # component -> count that never changes
    hide: Callable[[Data, int | None], list[Data]]  # same view for that viewer, other truth
    impossible: Callable[[Data], list[tuple[str, Data]]]  # states that loading must refuse

    def __str__(self) -> str:
        return self.name


def _changed(data: Data, **fields: Any) -> Data:
    out = copy.deepcopy(data)
    out.update(fields)
    return out


def _transfers(chips: list[int], viewer: int | None, k: int) -> list[list[int]]:
    """Chips moved between two seats other than the viewer: totals stay true, so only
    who holds what changes, which nobody but the holder may know."""
    others = [s for s in range(len(chips)) if s != viewer]
    out = []
    for a, b in itertools.pairwise(others):
        moved = min(k, chips[a])
        new = list(chips)
        new[a] -= moved
        new[b] += moved
        if moved:
            out.append(new)
        back = list(chips)
        back[a] += min(k, chips[b])
        back[b] -= min(k, chips[b])
        if back != chips:
            out.append(back)
    return out


# -- the toy game ---------------------------------------------------------------


def _toy_totals(d: Data) -> dict[str, int]:
    return {
        "coins": d["pool"] + sum(d["coins"]),
        "vp": sum(d["chips"]) + sum(d["deck"]),
    }


def _toy_hide(d: Data, viewer: int | None) -> list[Data]:
    out = [_changed(d, deck=list(reversed(d["deck"]))), _changed(d, rng=[d["rng"][0] + 1, 9])]
    if not d["options"]["open_vp"]:
        for chips in _transfers(d["chips"], viewer, 2):
            out.append(_changed(d, chips=chips))
    return out


def _toy_impossible(d: Data) -> list[tuple[str, Data]]:
    return [
        ("seven players", _changed(d, players=7)),
        ("negative pool", _changed(d, pool=-1)),
        ("chips for a missing seat", _changed(d, chips=[*d["chips"], 0])),
    ]


def _players(game: Any) -> range:
    return range(game.min_players, game.max_players + 1)


TOY = GameFacts(toygame.NAME, _players(toygame.ToyRace),
                [{}, {"open_vp": True}, {"deck": "long", "pool": 30}],
                _toy_totals, _toy_hide, _toy_impossible)


# -- Puerto Rico (to_data of server/games/puerto_rico/core/state.py) ---------------------


def _pr_totals(d: Data) -> dict[str, int]:
    n = d["n"]
    t: dict[str, int] = {
        "colonists": d["col_supply"] + d["col_ship"] + sum(d["san_juan"])
        + sum(sum(c) for c in d["island_col"]) + sum(sum(c) for c in d["city_col"]),
        # chips taken beyond the supply leave vp_supply negative: the sum still holds
        "vp": d["vp_supply"] + sum(d["vp"]),
        "quarries": d["quarries"] + sum(isl.count(5) for isl in d["island"]),
    }
    for k in range(5):
        t[f"goods_{k}"] = (
            d["goods"][k] + sum(d["pgoods"][p][k] for p in range(n)) + d["house"].count(k)
            + sum(load for good, load in zip(d["ship_good"], d["ship_load"], strict=True)
                  if good == k)
        )
    tiles = Counter(d["face_up"] + d["stack"] + d["discard"])
    for isl in d["island"]:
        tiles.update(isl)
    for k in range(5):
        t[f"plantation_{k}"] = tiles[k]
    built = Counter(b for city in d["city"] for b in city)
    for b, left in enumerate(d["bsupply"]):
        t[f"building_{b}"] = left + built[b]
    return t


def pr_expected_totals(players: int, edition: str) -> dict[str, int]:
    """The totals from the component tables, independent of the engine's setup code."""
    two = players == 2
    t = {
        "colonists": {2: 42, 3: 58, 4: 79, 5: 100}[players],
        "vp": {2: 65, 3: 75, 4: 100, 5: 126 if edition == "1897" else 122}[players],
        "quarries": 5 if two else 8,
    }
    for k, count in enumerate((10, 11, 11, 9, 9)):  # barrels: corn indigo sugar tobacco coffee
        t[f"goods_{k}"] = count - (2 if two else 0)
    for k, count in enumerate((10, 12, 11, 9, 8)):  # plantations incl. the starting ones
        t[f"plantation_{k}"] = count - (3 if two else 0)
    copies = [4, 4, 3, 3, 3, 3] + [2] * 12 + [1] * 5
    for b, c in enumerate(copies):
        t[f"building_{b}"] = (2 if b < 6 else 1) if two else c
    return t


GAME_OVER_STEP = 9  # "game_over" in server/games/puerto_rico/core/state.py STEPS


def _pr_hide(d: Data, viewer: int | None) -> list[Data]:
    out = [_changed(d, rng=[d["rng"][0] + 1, d["rng"][1] + 3])]
    if len(set(d["stack"])) > 1:
        out.append(_changed(d, stack=sorted(d["stack"])))
        out.append(_changed(d, stack=list(reversed(d["stack"]))))
    if not d["open_vp"] and d["step"] != GAME_OVER_STEP:  # final scores are public
        for vp in _transfers(d["vp"], viewer, 5):
            out.append(_changed(d, vp=vp))
    return out


def _pr_impossible(d: Data) -> list[tuple[str, Data]]:
    n = d["n"]
    ship_load = list(d["ship_load"])
    ship_load[0] = d["ship_cap"][0] + 1
    ship_good = list(d["ship_good"])
    ship_good[0] = 0
    return [
        ("seven players", _changed(d, n=7)),
        ("negative barrels", _changed(d, goods=[-1, *d["goods"][1:]])),
        ("ship over capacity", _changed(d, ship_load=ship_load, ship_good=ship_good)),
        ("governor out of range", _changed(d, governor=n)),
        ("doubloons for a missing seat", _changed(d, coins=[*d["coins"], 3])),
        ("unknown building", _changed(d, bsupply=[*d["bsupply"], 1])),
        ("negative colonist supply", _changed(d, col_supply=-1)),
        ("trading house of five", _changed(d, house=[0, 1, 2, 3, 4])),
    ]


PUERTO_RICO = GameFacts(
    "puerto-rico",
    _players(PuertoRico),
    [{"edition": "classic"}, {"edition": "1897"}, {"edition": "classic", "open_vp": True}],
    _pr_totals,
    _pr_hide,
    _pr_impossible,
)


SAN_JUAN = GameFacts(
    "san-juan",
    _players(SanJuan),
    [{}, {"fair_start": True}],
    san_juan_facts.totals,
    san_juan_facts.hide,
    san_juan_facts.impossible,
)


def all_facts() -> list[GameFacts]:
    return [TOY, PUERTO_RICO, SAN_JUAN]
