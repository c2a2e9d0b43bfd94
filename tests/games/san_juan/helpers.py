"""Build San Juan positions for scenario tests: real states from ``setup``, then cards
moved by hand between the same lists the rules read (so all 110 stay in the game), and
actions applied through the engine contract exactly as a client sends them."""

from __future__ import annotations

from typing import Any

from server.engine.contract import SHOWN_ONLY, LogEvent
from server.games.san_juan import catalog as C
from server.games.san_juan.game import SanJuan
from server.games.san_juan.state import STEPS, SJState

GAME = SanJuan()
K = C.CARD_INDEX


def new(players: int = 4, seed: int = 1, **opts: Any) -> SJState:
    return GAME.setup(players, opts, seed)


def _take(s: SJState, card: int) -> None:
    """Remove one ``card`` from the deck, else the discards, else any hand."""
    for pile in (s.deck, s.discard, *s.hands):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"no {C.CARDS[card]} left to take")


def hand(s: SJState, p: int, *names: str) -> None:
    """p's hand becomes exactly these cards (the old hand goes to the discards)."""
    s.discard.extend(s.hands[p])
    s.hands[p] = []
    for name in names:
        _take(s, K[name])
    s.hands[p] = sorted(K[name] for name in names)
    s.legal = None


def build(s: SJState, p: int, *names: str) -> None:
    """Put buildings in p's city (cards from the deck)."""
    for name in names:
        _take(s, K[name])
        s.city[p].append(K[name])
        s.goods[p].append(-1)
    s.legal = None


def good(s: SJState, p: int, *names: str) -> None:
    """A good (the deck's top card) on p's first empty building of each named kind."""
    for name in names:
        b = K[name]
        j = next(j for j, x in enumerate(s.city[p]) if x == b and s.goods[p][j] < 0)
        s.goods[p][j] = s.deck.pop()
    s.legal = None


def top(s: SJState, *names: str) -> None:
    """The next cards drawn are these, in this order."""
    for name in reversed(names):
        _take(s, K[name])
        s.deck.append(K[name])
    s.legal = None


def chapel(s: SJState, p: int, k: int) -> None:
    for _ in range(k):
        s.chapel[p].append(s.deck.pop())
    s.chapel[p].sort()


def step(s: SJState) -> str:
    return STEPS[s.step]


def legal(s: SJState) -> list[dict[str, Any]]:
    return GAME.legal_actions(s, s.turn)


def bare(a: dict[str, Any]) -> dict[str, Any]:
    """Without what is only shown (a build's ``discounts``: test_preview_numbers.py) and
    the kind (test_kinds.py)."""
    return {k: v for k, v in a.items() if k not in SHOWN_ONLY and k != "kind"}


def options(s: SJState) -> list[dict[str, Any]]:
    """The legal actions without labels (what tests compare)."""
    return [bare(a) for a in legal(s)]


def act(s: SJState, type_: str, **params: Any) -> list[LogEvent]:
    """Apply an action for the seat to move (it must be legal), then check the state
    still loads (every invariant of validate.py holds)."""
    events = GAME.apply(s, s.turn, {"type": type_, **params})
    GAME.from_data(GAME.to_data(s))
    return events


def role(s: SJState, name: str, **params: Any) -> list[LogEvent]:
    return act(s, "role", role=name, **params)


def picks(s: SJState, type_: str, *names: str) -> list[LogEvent]:
    """Pick these cards one by one, then confirm the selection."""
    events: list[LogEvent] = []
    for name in names:
        events += act(s, type_, card=name)
    return events + act(s, "confirm")


def pay(s: SJState, *names: str) -> list[LogEvent]:
    return picks(s, "pay", *names)


def keep(s: SJState, *names: str) -> list[LogEvent]:
    return picks(s, "keep", *names)


def discard(s: SJState, *names: str) -> list[LogEvent]:
    return picks(s, "discard", *names)


def texts(events: list[LogEvent]) -> list[str]:
    return [e["text"] for e in events]


def names(cards: list[int]) -> list[str]:
    return [C.CARDS[c] for c in cards]


def city(s: SJState, p: int) -> list[str]:
    return names(s.city[p])


def check(s: SJState) -> None:
    GAME.from_data(GAME.to_data(s))


def first(s: SJState) -> list[LogEvent]:
    """Apply the first legal action of the seat to move other than ``undo``."""
    a = next(a for a in options(s) if a["type"] != "undo")
    return act(s, a.pop("type"), **a)


def until(s: SJState, *steps: str) -> list[LogEvent]:
    """Play first legal actions until one of ``steps`` (default: the next role choice)."""
    stop = steps or ("choose_role",)
    events: list[LogEvent] = []
    while step(s) not in stop and step(s) != "game_over":
        events += first(s)
    return events
