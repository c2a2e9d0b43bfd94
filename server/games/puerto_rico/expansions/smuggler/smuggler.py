"""Expansion III, the Smuggler: a role card whose chooser alone does one of four things.

Choosing the card (``smuggler`` role, step ``smuggler``) hands its chooser the
Smuggler tile (``s.smuggler[0]``); the tile's holder may not choose the card again
until another player has (flow.legal). The chooser then does exactly one of:

- ``raid``: empty one cargo ship, keep up to 3 of its barrels, the rest to the supply;
- ``plunder``: empty the trading house into the supply, 1 VP per barrel;
- ``poach``: cut the colonist ship (Work Register) to the player count; up to 3 of the
  workers taken off are placed at once on empty circles (smuggler_place.py), the rest
  go back to the supply;
- ``capture``: take an unchosen role card and its doubloons (``s.smuggler[1:]``): an
  opponent who chooses it this round pays nothing but the captor gets 3 from the bank;
  still unchosen after the round's last pick, the captor plays it as a role of his own
  (flow._next_pick), everyone else in order after him;

or ``pass`` (every role's action is optional but the captain's). Nobody else acts. No
doubloon is put on the card when nobody chose it (flow._end_round). Decisions the text
leaves open: docs/rules-notes.md, "Expansion III".
"""

from __future__ import annotations

from ...core import catalog as C
from ...core import game_hooks
from ...core.common import CONTINUE, PHASE_DONE, PHASE_OVER, Events, award_vp, say
from ...core.moves import CAPTURE, PASS_MOVE, PLUNDER, POACH, RAID, Move
from ...core.state import SMUGGLE, PRState
from ...core.text import Texts
from . import smuggler_place

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines by key

HOLDER, CAPTURED, CAPTOR = range(3)  # s.smuggler's entries
CAPTURE_BOUNTY = 3  # doubloons from the bank when an opponent chooses the captured card
KEEP_MAX = 3  # barrels a raid keeps, workers a poach keeps


def start(s: PRState, ev: Events) -> int:
    s.step = SMUGGLE
    s.turn = s.role_player
    return CONTINUE


def poachable(s: PRState) -> int:
    """Workers Poach takes off the ship: down to the player count, never its citizen."""
    return max(0, min(s.col_ship - s.n, s.col_ship - s.cit_ship))


def legal(s: PRState) -> list[Move]:
    moves: list[Move] = []
    for i, load in enumerate(s.ship_load):
        if load:
            moves += [(RAID, i, keep) for keep in range(min(KEEP_MAX, load) + 1)]
    if s.house:
        moves.append((PLUNDER,))
    if poachable(s):
        moves.append((POACH,))
    taken = s.role_taken  # (an index loop: cheaper than zip's keyword)
    for i, r in enumerate(s.roles):
        if taken[i] < 0 and r != C.SMUGGLER:
            moves.append((CAPTURE, r))
    moves.append(PASS_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    code = m[0]
    if code == RAID:
        i, keep = m[1], m[2]
        g, load = s.ship_good[i], s.ship_load[i]
        s.ship_good[i], s.ship_load[i] = -1, 0
        s.pgoods[p][g] += keep
        s.goods[g] += load - keep
        if ev is not None:
            key = ("raid" if keep else "raid_none") + ("_back" if load > keep else "")
            say(ev, p, "smuggler", TEXTS.line(key, seat=p, cap=s.ship_cap[i], keep=keep,
                                              good=C.GOODS[g], back=load - keep))
    elif code == PLUNDER:
        k = len(s.house)
        for g in s.house:
            s.goods[g] += 1
        s.house = []
        award_vp(s, p, k, ev, TEXTS.line("plunder" if k > 1 else "plunder_one", seat=p, count=k),
                 "smuggler")
    elif code == POACH:
        k = poachable(s)
        s.col_ship -= k
        s.col_supply += k
        keep = min(KEEP_MAX, k)
        if ev is not None:
            say(ev, p, "smuggler", TEXTS.line("poach", seat=p, count=k, keep=keep))
        smuggler_place.ask(s, p, keep, False)
    elif code == CAPTURE:
        r = m[1]
        i = s.cat.role_index[r]
        coins = s.role_coins[i]
        s.role_coins[i] = 0
        s.coins[p] += coins
        s.smuggler[CAPTURED], s.smuggler[CAPTOR] = r, p
        if ev is not None:
            say(ev, p, "smuggler", TEXTS.line("capture_coins" if coins else "capture", seat=p,
                                              role=C.ROLES[r], coins=coins))
    else:
        if ev is not None:
            say(ev, p, "pass", TEXTS.line("smuggle_nothing", seat=p))
    return PHASE_OVER


def on_choose(s: PRState, ev: Events) -> None:
    """A role was just chosen (``s.role`` by ``s.role_player``): the Smuggler tile
    changes hands; the captured card chosen by an opponent pays its captor the bounty
    (and is captured no more)."""
    r, p = s.role, s.role_player
    if r == C.SMUGGLER:
        s.smuggler[HOLDER] = p
    elif r == s.smuggler[CAPTURED] and p != s.smuggler[CAPTOR]:
        q = s.smuggler[CAPTOR]
        s.coins[q] += CAPTURE_BOUNTY
        s.smuggler[CAPTURED] = s.smuggler[CAPTOR] = -1
        if ev is not None:
            say(ev, q, "smuggler", TEXTS.line("bounty", seat=q, count=CAPTURE_BOUNTY,
                                              role=C.ROLES[r]))


def captured_due(s: PRState) -> int:
    """The captured card, when nobody has chosen it by the round's last pick (else -1)."""
    r = s.smuggler[CAPTURED]
    if r >= 0 and s.role_taken[s.cat.role_index[r]] < 0:
        return r
    return -1


def playing_captured(s: PRState) -> bool:
    """The round's picks are made and the captured card is being played."""
    return s.picks == s.picks_per_round and s.role >= 0 and s.role == s.smuggler[CAPTURED]


def end_round(s: PRState, ev: Events) -> None:
    """The round is over: the captured card is free again."""
    s.smuggler[CAPTURED] = s.smuggler[CAPTOR] = -1


def wrap_up(s: PRState, ev: Events) -> int:
    return PHASE_DONE


def finish(s: PRState, ev: Events) -> None:
    return None


def begin_turn(s: PRState) -> None:
    return None


def resume(s: PRState, ev: Events, code: int) -> int:
    raise ValueError(f"the smuggler phase has no resume code {code}")


def _extra_role(s: PRState) -> int:
    """The captured card is played by its captor when nobody chose it this round."""
    r = captured_due(s)
    if r >= 0:
        s.turn = s.smuggler[CAPTOR]
    return r


game_hooks.register(C.SMUGGLER_X, game_hooks.ROLE_CHOSEN, on_choose)
game_hooks.register(C.SMUGGLER_X, game_hooks.EXTRA_ROLE, _extra_role)
game_hooks.register(C.SMUGGLER_X, game_hooks.ROUND_END, end_round)
