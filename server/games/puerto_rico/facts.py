"""What the contract suite needs to know about Puerto Rico's full state (``to_data`` of
core/state.py): the components that never change in number, the hidden parts a view
must not depend on, and impossible states that loading must refuse (``FACTS``, named by
the game's record; tests/engine/test_contract.py reads it)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from server.engine.record import Facts, changed, transfers

Data = dict[str, Any]

GAME_OVER_STEP = 9  # "game_over" in core/state.py STEPS


def totals(d: Data) -> dict[str, int]:
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


def expected_totals(players: int, options: dict[str, Any]) -> dict[str, int]:
    """The totals from the component tables, independent of the engine's setup code."""
    two = players == 2
    edition = options["edition"]
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


def hide(d: Data, viewer: int | None) -> list[Data]:
    out = [changed(d, rng=[d["rng"][0] + 1, d["rng"][1] + 3])]
    if len(set(d["stack"])) > 1:
        out.append(changed(d, stack=sorted(d["stack"])))
        out.append(changed(d, stack=list(reversed(d["stack"]))))
    if not d["open_vp"] and d["step"] != GAME_OVER_STEP:  # final scores are public
        for vp in transfers(d["vp"], viewer, 5):
            out.append(changed(d, vp=vp))
    return out


def impossible(d: Data) -> list[tuple[str, Data]]:
    n = d["n"]
    ship_load = list(d["ship_load"])
    ship_load[0] = d["ship_cap"][0] + 1
    ship_good = list(d["ship_good"])
    ship_good[0] = 0
    return [
        ("seven players", changed(d, n=7)),
        ("negative barrels", changed(d, goods=[-1, *d["goods"][1:]])),
        ("ship over capacity", changed(d, ship_load=ship_load, ship_good=ship_good)),
        ("governor out of range", changed(d, governor=n)),
        ("doubloons for a missing seat", changed(d, coins=[*d["coins"], 3])),
        ("unknown building", changed(d, bsupply=[*d["bsupply"], 1])),
        ("negative colonist supply", changed(d, col_supply=-1)),
        ("trading house of five", changed(d, house=[0, 1, 2, 3, 4])),
    ]


FACTS = Facts(
    option_sets=[{"edition": "classic"}, {"edition": "1897"},
                 {"edition": "classic", "open_vp": True}],
    totals=totals,
    hide=hide,
    impossible=impossible,
    expected_totals=expected_totals,
    # 4 player counts x 3 option sets x 40 in `make test` (a quarter of the suite's CPU
    # at 125); the soak command (server/tools/soak.py) plays 10,000 per configuration
    random_games=40,
)
