"""Final scoring: chips + building VP + occupied large buildings; tie-break by
doubloons + goods (001 "Game End", 004 errata for guild hall and residence).

Expansion I: the statue is worth its printed 8 VP and takes nobody; an occupied
cloister scores sets of three same island tiles (forests are one kind) 1/3/6/10.
Expansion II: every citizen is 1 VP; an occupied royal garden 1 more per citizen on
its owner's island board; the jeweler is a large production building for the guild
hall and not a violet one for the city hall."""

from __future__ import annotations

from server.engine.contract import Result, ScoreLine, ranked
from server.wording import part

from . import catalog as C
from .common import Events, citizens_of, tell
from .state import PRState

# how the log names each large building's bonus
_BONUS_WORDS = {C.BUILDINGS[b]: b for b in C.LARGE_BONUS}


def large_bonus(s: PRState, p: int, b: int) -> int:
    city = s.city[p]
    if b == C.GUILD_HALL:
        kind = C.KIND
        return sum(1 if x in C.SMALL_PRODUCTION else 2 for x in city if kind[x] != C.K_COMMERCIAL)
    if b == C.RESIDENCE:
        return C.RESIDENCE_BONUS.get(len(s.island[p]), 4)
    if b == C.FORTRESS:
        return (sum(s.island_col[p]) + sum(s.city_col[p]) + s.san_juan[p]) // 3
    if b == C.CUSTOMS_HOUSE:
        return s.vp[p] // 4
    if b == C.CITY_HALL:
        return sum(1 for x in city if C.KIND[x] == C.K_COMMERCIAL)
    if b == C.CLOISTER:
        return cloister_bonus(s.island[p])
    if b == C.ROYAL_GARDEN:
        return citizens_of(s, p)
    return 0


def cloister_bonus(island: list[int]) -> int:
    """Sets of three same tiles (a kind may make several; forests are one kind)."""
    counts = [0] * 7
    for t in island:
        counts[t if t < C.FOREST else C.FOREST] += 1
    sets = sum(k // 3 for k in counts)
    return C.CLOISTER_BONUS[min(sets, 4)]


def breakdown(s: PRState, p: int) -> dict[str, int]:
    out = {"vp_chips": s.vp[p], "buildings": sum(C.VP[b] for b in s.city[p])}
    if s.cat.cit:
        out["citizens"] = citizens_of(s, p)
    for b in C.LARGE_BONUS:
        if s.occupied(p, b):
            out[C.BUILDINGS[b]] = large_bonus(s, p, b)
    return out


def result(s: PRState) -> Result:
    lines = []
    for p in range(s.n):
        parts = breakdown(s, p)
        lines.append(
            ScoreLine(
                seat=p,
                total=sum(parts.values()),
                breakdown=parts,
                tiebreak=s.coins[p] + sum(s.pgoods[p]),
            )
        )
    return ranked(lines)


def final_scores(s: PRState, ev: Events) -> None:
    """One public line per player, best first, then the winner(s): the end reveals all."""
    res = result(s)
    by_seat = {line.seat: line for line in res.scores}
    for p in res.ranking:
        line = by_seat[p]
        parts = [
            part("score_chips", count=line.breakdown["vp_chips"]),
            part("score_buildings", count=line.breakdown["buildings"]),
        ]
        if "citizens" in line.breakdown:
            n = line.breakdown["citizens"]  # one citizen, not "1 citizens"
            parts.append(part("score_citizen" if n == 1 else "score_citizens", count=n))
        parts += [
            part("score_bonus", count=k, building=C.BUILDINGS[_BONUS_WORDS[key]])
            for key, k in line.breakdown.items()
            if key in _BONUS_WORDS
        ]
        if sum(1 for x in res.scores if x.total == line.total) > 1:
            parts.append(part("score_tiebreak", count=line.tiebreak))
        tell(ev, p, "score", "score", rank=line.rank, seat=p, total=line.total, parts=parts)
    best = by_seat[res.winners[0]].total
    key = "win" if len(res.winners) == 1 else "win_shared"
    tell(ev, None, "game_over", key, seats=list(res.winners), vp=best)
