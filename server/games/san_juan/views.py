"""What one viewer may see (docs/san-juan-view.md): his own hand and his own decision
in progress; of everyone, the buildings, the number of cards in hand, of goods and of
chapel cards; the price tiles turned so far. Never a good's face, a chapel card, the
deck's order, the discards' faces or the tiles still face down."""

from __future__ import annotations

from typing import Any

from server.engine.audience import Audience

from . import catalog as C
from .builder import hand_costs
from .common import hand_limit
from .gains import gain_keys, role_gains
from .moves import GOOD_ITEM
from .scoring import breakdown, result
from .selection import EXACT
from .state import (
    BUILD_PAY,
    CHOOSE_ROLE,
    COUNCIL_KEEP,
    GAME_OVER,
    GOLD_MINE,
    PRODUCE_STEP,
    PUBLIC_STEP,
    SELL_STEP,
    STEPS,
    SJState,
)
from .trader import prices

_CARDS = C.CARDS
_TRADER = C.TRADER


def _player(s: SJState, p: int, viewer: int | None) -> dict[str, Any]:
    city, goods = s.city[p], s.goods[p]
    hand = s.hands[p]
    out: dict[str, Any] = {
        "seat": p,
        "name": s.names[p],
        "is_governor": p == s.governor,
        "roles": [C.ROLES[r] for r in range(5) if s.role_taken[r] == p],
        "hand_count": len(hand),
        "hand": [_CARDS[c] for c in hand] if viewer == p else None,
        "hand_limit": hand_limit(s, p),
        "buildings": [{"building": _CARDS[b], "good": goods[j] >= 0} for j, b in enumerate(city)],
        "covered": [_CARDS[b] for b in s.covered[p]],
        "goods": sum(1 for g in goods if g >= 0),
        "chapel": len(s.chapel[p]),
        "vp": sum(breakdown(s, p).values()),
    }
    if viewer == p and s.step != GAME_OVER:  # his hand's costs: only he sees the hand
        out["hand_costs"], out["buildable"] = hand_costs(s, p)
    return out


def _tiles(s: SJState) -> dict[str, Any]:
    seen = min(s.trades, len(s.tiles))
    known_next = s.trades >= len(s.tiles)
    return {
        "current": list(prices(s)) if s.role == _TRADER else None,
        "seen": [list(C.TILES[t]) for t in s.tiles[:seen]],  # in the order turned up
        "face_down": len(s.tiles) - seen,
        "next": list(C.TILES[s.tiles[s.trades % len(s.tiles)]]) if known_next else None,
    }


def _pick(step: int, item: int) -> dict[str, str]:
    if step in (PRODUCE_STEP, SELL_STEP):  # picks are goods
        return {"good": C.GOODS[item]}
    if item >= GOOD_ITEM:
        return {"good": C.GOODS[item - GOOD_ITEM]}
    return {"card": _CARDS[item]}


def _decision(s: SJState) -> dict[str, Any]:
    """The decision in progress, for the player making it only."""
    step = s.step
    d: dict[str, Any] = {
        "step": STEPS[step],
        "need": s.need,
        "exact": step in EXACT,
        "picked": [_pick(step, x) for x in s.sel],
    }
    if step == BUILD_PAY:
        d["building"] = _CARDS[s.build]
        d["over"] = s.over if s.over >= 0 else None
    if step == COUNCIL_KEEP:
        d["cards"] = [_CARDS[c] for c in sorted(s.pending)]
    return d


def view(s: SJState, viewer: int | None) -> dict[str, Any]:
    over = s.step == GAME_OVER
    return {
        "game": "san-juan",
        "options": {"fair_start": s.fair_start, "names": list(s.names)},
        "players_count": s.n,
        "round": s.round,
        "governor": s.governor,
        "phase": {
            "role": C.ROLES[s.role] if s.role >= 0 else None,
            "role_player": s.role_player if s.role_player >= 0 else None,
            "step": PUBLIC_STEP[s.step],
            "turn": None if over else s.turn,
            "privilege_doubled": s.boost,
        },
        "to_move": [] if over else [s.turn],
        "roles": [
            {"id": C.ROLES[r], "taken_by": s.role_taken[r] if s.role_taken[r] >= 0 else None}
            for r in range(5)
        ],
        "deck": len(s.deck),
        "discard": len(s.discard),
        "price_tiles": _tiles(s),
        "revealed": [_CARDS[c] for c in s.pending] if s.step == GOLD_MINE else [],
        "players": [_player(s, p, viewer) for p in range(s.n)],
        **_own_keys(s, viewer),
        "over": over,
        "result": result(s).to_data() if over else None,
    }


def _own_keys(s: SJState, viewer: int | None) -> dict[str, Any]:
    """The top-level keys that are the viewer's own (server/engine/audience.py)."""
    mine = s.step != GAME_OVER and viewer == s.turn
    return {
        "viewer": viewer,
        "decision": _decision(s) if mine else None,
        # what each role would give me: only to whoever chooses a role now
        "role_gains": (role_gains(s, viewer) if viewer is not None and mine
                       and s.step == CHOOSE_ROLE else None),
        # the same by key and fields, for the reader's language (docs/protocol.md)
        "role_gains_k": (gain_keys(s, viewer) if viewer is not None and mine
                         and s.step == CHOOSE_ROLE else None),
    }


def audience(s: SJState) -> Audience:
    """Every viewer's view in one go: the public one, each hand as its owner sees it."""
    return Audience(public=view(s, None),
                    owners=[_player(s, p, p) for p in range(s.n)],
                    own_keys=[_own_keys(s, p) for p in range(s.n)])
