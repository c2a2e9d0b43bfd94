"""Helpers every phase shares: turn status codes, log lines, drawing and discarding.

Drawing takes the top of the deck; an empty deck takes the discards, shuffled, as a new
deck; with both empty a draw gives nothing, and the game ends with that round
(``exhausted``; docs/rules-notes.md, San Juan).
"""

from __future__ import annotations

from server.engine.contract import LogEvent

from . import catalog as C
from .state import SJState
from .text import Fields, event

# What a phase step tells the round flow after acting.
CONTINUE = 0  # a decision is pending for s.turn
TURN_OVER = 1  # this player's turn in the phase is over

# the log lines an action writes; None on the quiet path (game.apply_move), where nobody
# reads them: every ``say`` is then skipped with the text it would have composed
Events = list[LogEvent] | None


def say(ev: Events, seat: int | None, kind: str, key: str, fields: Fields | None = None,
        private: tuple[str, Fields] | None = None) -> None:
    """The log line ``key`` of texts.toml with its fields (a seat's player as
    ``seat``); ``private`` is a part only ``seat`` may read (hidden cards: ``secret``),
    which the server appends to the line for that seat."""
    if ev is None:
        return
    ev.append(event(seat, kind, key, {} if fields is None else fields, private))


def draw(s: SJState, ev: Events) -> int:
    """The top card of the deck (reshuffling the discards when it is empty), or -1."""
    deck = s.deck
    if not deck:
        if not s.discard:
            out_of_cards(s, ev)
            return -1
        reshuffle(s, ev)
        deck = s.deck
    return deck.pop()


def out_of_cards(s: SJState, ev: Events) -> None:
    """A card is wanted and there is none: the game ends when this round does."""
    if not s.exhausted:
        s.exhausted = True
        if ev is not None:
            say(ev, None, "end_trigger", "out_of_cards")


def reshuffle(s: SJState, ev: Events) -> None:
    # sorted first: the new deck depends on which cards were discarded, not on the order
    cards = sorted(s.discard)
    s.rng.shuffle(cards)
    s.deck = cards
    s.discard = []
    if ev is not None:
        say(ev, None, "reshuffle", "reshuffle", {"count": len(cards)})


def draw_many(s: SJState, k: int, ev: Events) -> list[int]:
    """Up to ``k`` cards off the top, one at a time (reshuffling as needed)."""
    deck = s.deck
    if len(deck) >= k:  # the usual case, at C speed
        got = deck[-k:]
        del deck[-k:]
        got.reverse()
        return got
    got = []
    for _ in range(k):
        card = draw(s, ev)
        if card < 0:
            break
        got.append(card)
    return got


def draw_to_hand(s: SJState, p: int, k: int, ev: Events) -> list[int]:
    """Up to ``k`` cards into p's hand; the cards actually drawn."""
    got = draw_many(s, k, ev)
    hand = s.hands[p]
    if got:
        hand.extend(got)
        hand.sort()
    return got


def owns(s: SJState, p: int, card: int) -> bool:
    return card in s.city[p]


def hand_limit(s: SJState, p: int) -> int:
    return C.TOWER_HAND_LIMIT if C.TOWER in s.city[p] else C.HAND_LIMIT


def goods_count(s: SJState, p: int) -> int:
    goods = s.goods[p]
    return len(goods) - goods.count(-1)


def order_from(s: SJState, first: int) -> list[int]:
    n = s.n
    return [(first + i) % n for i in range(n)]


__all__ = [
    "CONTINUE",
    "TURN_OVER",
    "Events",
    "draw",
    "draw_many",
    "draw_to_hand",
    "goods_count",
    "hand_limit",
    "order_from",
    "out_of_cards",
    "owns",
    "reshuffle",
    "say",
]
