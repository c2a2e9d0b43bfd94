"""What the contract suite needs to know about San Juan's full state (``to_data`` of
server/games/san_juan/state.py): the 110 cards by kind, the hidden parts a view must not
depend on, and impossible states that loading must refuse (``FACTS``, named by the
game's record; tests/engine/test_contract.py reads it)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from server.engine.record import Facts, changed
from server.games.san_juan import catalog as C

Data = dict[str, Any]

GAME_OVER_STEP = 11  # "game_over" in server/games/san_juan/state.py STEPS
COUNCIL_KEEP_STEP = 8


def totals(d: Data) -> dict[str, int]:
    """Every card by kind, wherever it is: deck, discards, hands, buildings, goods,
    chapels, covered buildings, cards drawn and not yet kept."""
    count: Counter[int] = Counter(d["deck"] + d["discard"] + d["pending"])
    for p in range(d["n"]):
        for key in ("hands", "city", "chapel", "covered"):
            count.update(d[key][p])
        count.update(g for g in d["goods"][p] if g >= 0)
    return {C.CARDS[c]: count[c] for c in range(C.NCARDS)}


def expected_totals(players: int = 4, options: dict[str, Any] | None = None) -> dict[str, int]:
    """The deck from the component table (components.md section 6), not from the engine."""
    return dict(zip(C.CARDS, C.COPIES, strict=True))


def _untouchable(d: Data, seat: int) -> bool:
    """A hand that the decision in progress points into (the mover's picks, the card he
    is building, his drawn cards) is left alone: changing it would make no legal state."""
    return seat == d["turn"] and (bool(d["sel"]) or d["build"] >= 0 or bool(d["pending"]))


def hide(d: Data, viewer: int | None) -> list[Data]:
    """States that differ from ``d`` only in what ``viewer`` may not see."""
    out = [changed(d, rng=[d["rng"][0] + 1, d["rng"][1] + 3])]
    rnd = random.Random(len(d["deck"]) * 1000 + d["round"])
    deck = d["deck"]
    if len(set(deck)) > 1:
        out.append(changed(d, deck=sorted(deck)))
        out.append(changed(d, deck=list(reversed(deck))))
    if d["discard"]:
        out.append(changed(d, discard=sorted(d["discard"], reverse=True)))
    seen = min(d["trades"], 5)
    if seen < 4:
        tiles = list(d["tiles"])
        tiles[seen:] = reversed(tiles[seen:])
        out.append(changed(d, tiles=tiles))
    # a card of another seat's hand (or chapel, or any good) trades places with a deck
    # or discard card
    for p in range(d["n"]):
        if p == viewer:
            continue
        for key in ("hands", "chapel"):
            if key == "hands" and _untouchable(d, p):
                continue
            group = d[key][p]
            for source in ("deck", "discard"):
                pile = d[source]
                if group and pile and set(group) != set(pile):
                    i = rnd.randrange(len(group))
                    j = next((j for j in range(len(pile)) if pile[j] != group[i]), None)
                    if j is None:
                        continue
                    new = changed(d)
                    new[key][p][i], new[source][j] = new[source][j], new[key][p][i]
                    new[key][p].sort()
                    out.append(new)
    for p in range(d["n"]):  # goods are face down even to their owner
        goods = d["goods"][p]
        slots = [j for j, g in enumerate(goods) if g >= 0]
        if slots and deck and deck[-1] != goods[slots[0]]:
            new = changed(d)
            j = slots[0]
            new["goods"][p][j], new["deck"][-1] = new["deck"][-1], new["goods"][p][j]
            out.append(new)
    if (d["step"] == COUNCIL_KEEP_STEP and d["turn"] != viewer and not d["sel"] and deck
            and deck[0] not in d["pending"]):
        new = changed(d)
        new["pending"][0], new["deck"][0] = new["deck"][0], new["pending"][0]
        out.append(new)
    return out


def impossible(d: Data) -> list[tuple[str, Data]]:
    n = d["n"]
    city = copy.deepcopy(d["city"])
    city[0] = [*city[0], C.SMITHY, C.SMITHY]
    goods = copy.deepcopy(d["goods"])
    goods[0] = [*goods[0], -1, -1]
    violet_good = copy.deepcopy(d["goods"])
    violet_city = copy.deepcopy(d["city"])
    violet_city[0] = [*violet_city[0], C.WELL]
    violet_good[0] = [*violet_good[0], C.INDIGO_PLANT]
    return [
        ("seven players", changed(d, n=7)),
        ("a card too many", changed(d, deck=[*d["deck"], C.PALACE])),
        ("a card missing", changed(d, deck=d["deck"][1:])),
        ("governor out of range", changed(d, governor=n)),
        ("a tile twice", changed(d, tiles=[0, 0, 1, 2, 3])),
        ("two smithies", changed(d, city=city, goods=goods)),
        ("a good on a violet building", changed(d, city=violet_city, goods=violet_good)),
        ("a hand for a missing seat", changed(d, hands=[*d["hands"], []])),
        ("a negative trade count", changed(d, trades=-1)),
    ]


FACTS = Facts(
    option_sets=[{}, {"fair_start": True}],
    totals=totals,
    hide=hide,
    impossible=impossible,
    expected_totals=expected_totals,
    # San Juan's random games are long: 3 player counts x 2 option sets x 20 (the soak
    # command, server/tools/soak.py, plays 10,000 per player count)
    random_games=20,
    secret="hand",
)
