"""Roles with nothing in them for anyone: what a newcomer reads as a broken move.

A role is a *dud* when choosing it changes nobody's holdings: played out to the next
role choice (everyone playing the game's heuristic greedily), no player's public
holdings — doubloons, goods, chips, island, city, hand size — differ from before (a
craftsman nobody produces for, a captain with no barrel aboard anywhere, a trader with
nothing sellable, a role without doubloons on it). Choosing a dud while a role that
is not one lies open is the move counted by the arena (``duds``) and never played by
``hard`` (``without_duds``: puerto_rico_search.py, san_juan_search.py). Game-generic: any game whose role choices are
actions of type ``role`` and whose public view lists ``players``.
"""

from __future__ import annotations

from typing import Any

from server.bots.base import action_key
from server.bots.frozen.hard_2026_12_03.heuristic import heuristic_for
from server.bots.frozen.hard_2026_12_03.search import forward
from server.engine.contract import Action, Game

# per-player view keys that say whose turn or which card, not what a player holds
_NOT_HOLDINGS = frozenset(("seat", "name", "role", "roles", "is_governor", "harvest",
                           "vp_shown", "wharf_used", "hand", "hand_limit"))
_MAX_STEPS = 2000


def holdings(game: Game, state: Any) -> list[Any]:
    """Every player's public holdings, comparable with ``==``."""
    players = game.view(state, None).get("players") or []
    return [{k: v for k, v in p.items() if k not in _NOT_HOLDINGS} for p in players]


def is_dud(game: Game, state: Any, seat: int, action: Action) -> bool:
    """Whether choosing the role ``action`` leaves everyone's holdings as they were
    until the next role choice (or the game's end). ``state`` is not changed."""
    before = holdings(game, state)
    s = game.clone(state)
    game.apply(s, seat, action)
    heuristic = heuristic_for(game.name)
    for _ in range(_MAX_STEPS):
        movers = game.to_move(s)
        if not movers:
            break
        mover = movers[0]
        actions = forward(game.legal_actions(s, mover))
        if any(a.get("type") == "role" for a in actions):
            break
        i = 0
        if heuristic is not None and len(actions) > 1:
            scores = heuristic.action_scores(game, s, mover, actions)
            i = scores.index(max(scores))
        game.apply(s, mover, actions[i])
    return holdings(game, s) == before


def dud_keys(game: Game, state: Any, seat: int, actions: list[Action]) -> set[Any]:
    """The keys (base.action_key) of the role actions that are duds while at least one
    other role action is not: the roles a bot should leave alone. Empty when no
    action is a role, or when every role open is a dud (then any will do)."""
    roles = [a for a in actions if a.get("type") == "role"]
    if len(roles) < 2:
        return set()
    duds = {action_key(a) for a in roles if is_dud(game, state, seat, a)}
    return duds if len(duds) < len(roles) else set()


def without_duds(game: Game, state: Any, seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` less the dud roles (``dud_keys``): what a search races, so that no
    budget, however small, ever plays a role with nothing in it while another is open."""
    duds = dud_keys(game, state, seat, actions)
    return [a for a in actions if action_key(a) not in duds] if duds else actions


def chose_a_dud(game: Game, state: Any, seat: int, action: Action,
                actions: list[Action]) -> bool:
    """Whether choosing ``action`` (one of ``actions``) was choosing a dud while some
    other role was not one: what the arena counts. Plays out the chosen role first and
    the others only when it was a dud (one check a choice, mostly, not one a role)."""
    if action.get("type") != "role" or not is_dud(game, state, seat, action):
        return False
    key = action_key(action)
    return any(not is_dud(game, state, seat, a) for a in actions
               if a.get("type") == "role" and action_key(a) != key)
