"""The calibration's games (server/tools/calibrate_games.py): the coached seat's searched
decisions are recorded with its result, the journal resumes a stopped run with the
games missing only, and the report judges each position by a map fitted on other
games only."""

from __future__ import annotations

from pathlib import Path

from server.bots.arena import play_game
from server.tools.calibrate import chance_of, choose, fit, positions, report
from server.tools.calibrate_games import Table, collect, play, schedule, share

TINY = (Table("tiny San Juan", "san-juan", ("easy",), 4),
        Table("tiny Puerto Rico", "puerto-rico", ("easy",), 4))
"""Two-player tables at 4 iterations a decision: a game in about a second."""


def test_a_game_records_the_coached_seats_searched_decisions_and_its_result() -> None:
    table = TINY[0]
    record = play(table, 1)
    assert record["coached"] == 1  # entrant 0 sits in seat (0 + 1) mod 2 in game 1
    assert record["share"] == share(record, 1) == (1.0 / len(record["winners"])
                                                   if 1 in record["winners"] else 0.0)
    assert 0 < len(record["positions"]) <= record["moves"][1]
    for raw, tries, rated in record["positions"]:
        assert 0.0 <= raw <= 1.0 and tries >= 1
        assert (raw, tries) in [tuple(r) for r in rated]  # the chosen move is among them
    plain = play_game(table.game, table.levels, 1, table.seed, None, {}, table.iterations)
    assert plain["winners"] == record["winners"]  # watching changes no move


def test_a_stopped_run_resumes_with_the_games_missing(tmp_path: Path) -> None:
    path = str(tmp_path / "calibration.jsonl")
    played: list[str] = []
    first = collect(path, 1, log=played.append, tables=TINY)
    assert len(played) == 2 and all(len(r) == 1 for r in first.values())
    played.clear()
    kept = collect(path, 2, log=played.append, tables=TINY)
    assert len(played) == 2 and all(" game 1:" in line for line in played)
    assert all(sorted(r) == [0, 1] for r in kept.values())
    stopped = collect(path, 3, stop_at=0.0, log=played.append, tables=TINY)
    assert "stop time" in played[-1] and all(len(r) == 2 for r in stopped.values())


def test_the_report_judges_each_position_by_a_map_fitted_on_other_games(
        tmp_path: Path) -> None:
    path = str(tmp_path / "calibration.jsonl")
    kept = collect(path, 2, tables=TINY[:1])
    games = kept["tiny San Juan: easy"]
    method, judged = choose(kept, tables=TINY[:1])
    assert method in judged
    for pairs in judged.values():  # every position of both games, once
        assert len(pairs) == sum(len(g["positions"]) for g in games.values())
    for fold in (0, 1):  # game 0 by the map of game 1, game 1 by the map of game 0
        other = chance_of(fit(positions(kept, 1 - fold, TINY[:1]), method))
        mine = [(p, c) for p, c in judged[method] if p.index == fold]
        assert mine and all(c == other(p) for p, c in mine)
    text = report(kept, method, judged, 5)
    assert f"**{len(judged[method])} positions**, each judged by a map fitted on the other" \
        in text
    assert "| predicted | positions | mean predicted | observed | within 10 points |" in text


def test_a_costly_table_plays_its_own_next_game_every_few_rounds() -> None:
    cheap, costly = Table("a", "san-juan", ("easy",), 4), Table("b", "san-juan", ("easy",), 4,
                                                                 every=2)
    order = [(t.setting, i) for t, i in schedule(4, (cheap, costly))]
    assert order == [("a", 0), ("b", 0), ("a", 1), ("a", 2), ("b", 1), ("a", 3)]
