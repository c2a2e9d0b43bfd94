"""Puerto Rico's hard: the shared-worlds search (puerto_rico_search.py), the dud roles it
leaves alone and the arena counts (duds.py)."""

from __future__ import annotations

from server.bots import action_key, make_bot
from server.bots.arena import play_game, run_arena
from server.bots.duds import chose_a_dud, dud_keys, is_dud
from server.bots.puerto_rico_search import PuertoRicoSearch, rounds_per_second
from tests.games.puerto_rico.helpers import GAME, choose, goods, new


def _roles(state: object, seat: int) -> dict[str, dict[str, object]]:
    return {a["role"]: a for a in GAME.legal_actions(state, seat) if a["type"] == "role"}


def test_a_role_with_nothing_in_it_for_anyone_is_a_dud() -> None:
    s = new(3)  # the first pick: nobody has a barrel or a manned plantation
    seat = GAME.to_move(s)[0]
    roles = _roles(s, seat)
    duds = dud_keys(GAME, s, seat, list(roles.values()))
    named = {r for r, a in roles.items() if action_key(a) in duds}
    assert {"craftsman", "captain", "trader"} <= named
    assert not named & {"settler", "mayor", "builder"}
    before = GAME.to_data(s)
    assert is_dud(GAME, s, seat, roles["captain"])
    assert GAME.to_data(s) == before  # the check plays on a copy


def test_a_role_with_something_for_someone_else_is_not_a_dud() -> None:
    s = new(3)
    goods(s, 2, corn=1)  # only seat 2 holds a barrel: the captain ships it
    seat = GAME.to_move(s)[0]
    assert seat != 2
    assert not is_dud(GAME, s, seat, _roles(s, seat)["captain"])


def test_doubloons_on_a_role_make_it_no_dud() -> None:
    s = new(3)
    seat = GAME.to_move(s)[0]
    craftsman = _roles(s, seat)["craftsman"]
    assert is_dud(GAME, s, seat, craftsman)
    ids = [r["id"] for r in GAME.view(s, seat)["roles"]]  # the view lists s.roles in order
    s.role_coins[ids.index("craftsman")] = 1
    assert not is_dud(GAME, s, seat, craftsman)


def test_hard_is_the_shared_worlds_search_and_deterministic_with_a_cap() -> None:
    s = new(3)
    seat = GAME.to_move(s)[0]
    picks = []
    for _ in range(2):
        bot = make_bot("hard", GAME, 5, iterations=24)
        assert isinstance(bot, PuertoRicoSearch)
        picks.append(action_key(bot.choose(GAME, s, seat)))
        assert 0 < bot.last_iterations <= 24
    assert picks[0] == picks[1]


def test_hard_never_chooses_a_dud_while_another_role_is_open() -> None:
    s = new(3)
    seat = GAME.to_move(s)[0]
    duds = dud_keys(GAME, s, seat, GAME.legal_actions(s, seat))
    for bot_seed in range(4):
        choice = make_bot("hard", GAME, bot_seed, iterations=8).choose(GAME, s, seat)
        assert choice["type"] == "role" and action_key(choice) not in duds


def test_the_arena_counts_dud_roles_per_entrant() -> None:
    record = play_game("puerto-rico", ["random", "random", "hard"], 0, 3, None, {}, 6)
    roles, duds = record["roles"], record["duds"]
    hard_seat = record["seat_of"][2]
    assert sum(roles) > 0
    assert duds[hard_seat] == 0
    assert sum(duds) > 0  # random chooses empty roles, and they are counted
    summary = run_arena("puerto-rico", ["easy", "random", "random"], 1, seed=3)
    for b in summary["bots"]:
        assert b["roles"] > 0 and 0 <= b["duds"] <= b["roles"]


def test_searched_steps_only() -> None:
    s = new(3)
    choose(s, 0, "mayor")  # a mayor's placement is the heuristic's greedy pick
    bot = make_bot("hard", GAME, 1, iterations=50)
    bot.choose(GAME, s, GAME.to_move(s)[0])
    assert bot.last_iterations == 0


def test_choosing_a_dud_counts_only_while_another_role_is_not_one() -> None:
    s = new(3)
    seat = GAME.to_move(s)[0]
    legal = GAME.legal_actions(s, seat)
    roles = _roles(s, seat)
    assert chose_a_dud(GAME, s, seat, roles["captain"], legal)
    assert not chose_a_dud(GAME, s, seat, roles["settler"], legal)
    only_duds = [roles["captain"], roles["trader"]]  # nothing better lay open
    assert not chose_a_dud(GAME, s, seat, roles["captain"], only_duds)


def test_a_cap_of_n_iterations_spends_n_rounds_of_play() -> None:
    """An iteration is a round of rollout play (what costs the time), and what a stage
    leaves over goes to the next, as the deadline's share does: the ladder's
    '300 it. (≈ 0.5 s)' spends about 300, whole-game playouts or short ones."""
    s = new(3)
    seat = GAME.to_move(s)[0]
    for cap in (60, 160, 300):
        bot = make_bot("hard", GAME, 2, iterations=cap)
        bot.choose(GAME, s, seat)
        assert 0.85 * cap <= bot.last_iterations <= 1.1 * cap


def test_hard_plays_to_the_end_when_its_budget_affords_it() -> None:
    """Rollouts to the end of the game beat the estimate two rounds ahead (docs/bots.md);
    a budget that cannot pay for one world of them at every stage looks two rounds ahead."""
    s = new(3)
    seat = GAME.to_move(s)[0]
    rich, poor = make_bot("hard", GAME, 2, iterations=300), make_bot("hard", GAME, 2,
                                                                       iterations=60)
    rich.choose(GAME, s, seat)
    poor.choose(GAME, s, seat)
    assert rich.rounds is None and poor.rounds == 2
    timed = make_bot("hard", GAME, 2, move_time=0.1)
    assert timed._horizon(s, seat, 8) == 2
    assert make_bot("hard", GAME, 2, move_time=1.5)._horizon(s, seat, 8) is None
    late = new(3)
    late.vp_supply = 3  # three chips left: the end is a round or two away
    assert poor._horizon(late, seat, 8) is None
    # a round of five players costs more: at 0.5 s the start of their game looks two
    # rounds ahead where three players' plays to the end
    five = new(5)
    assert rounds_per_second(five) < rounds_per_second(s) / 2
    half = make_bot("hard", GAME, 2, move_time=0.5)
    assert half._horizon(s, seat, 8) is None and half._horizon(five, 0, 8) == 2
    # with the expansions, two rounds ahead whatever the budget (docs/bots.md)
    crowded = new(4, "1897", expansions=["new_buildings", "citizens", "smuggler", "festival"])
    assert make_bot("hard", GAME, 2, iterations=10**6)._horizon(crowded, 0, 8) == 2


def test_the_candidate_hard_looks_two_rounds_ahead_at_every_table() -> None:
    """Issue 34's candidate (league level ``hard-two-rounds``): rollouts that play every
    seat as ``easy`` to the end are wrong against anyone but ``easy``, so it stops two
    new rounds ahead whatever the budget, where today's ``hard`` plays to the end."""
    s = new(3)
    seat = GAME.to_move(s)[0]
    for budget in ({"iterations": 300}, {"iterations": 10**6}, {"move_time": 1.5}):
        assert make_bot("hard-two-rounds", GAME, 2, **budget)._horizon(s, seat, 8) == 2
    candidate = make_bot("hard-two-rounds", GAME, 2, iterations=300)
    today = make_bot("hard", GAME, 2, iterations=300)
    candidate.choose(GAME, s, seat)
    today.choose(GAME, s, seat)
    assert candidate.rounds == 2 and today.rounds is None
    assert 0.85 * 300 <= candidate.last_iterations <= 1.1 * 300  # the same budget


def test_a_playout_to_the_end_costs_the_rounds_it_played() -> None:
    s = new(3)
    start = s.round
    bot = PuertoRicoSearch(1, None, 100)
    bot.rounds = None
    value = bot._rollout(GAME, s, 0)
    assert GAME.is_over(s) and 0.0 < value < 1.0
    assert bot.played == s.round - start + 1 >= 10
    short = new(3)
    bot.rounds = 2
    bot._rollout(GAME, short, 0)
    assert not GAME.is_over(short) and bot.played == 2 == short.round - start
