"""Scoring: building VP, chapel cards, the guild hall, city hall and triumphal arch, and
the palace counted last (a quarter of everything else, rounded down). Ties go to the
most cards in hand plus goods (the seed: "剩1个产品也算1张手牌")."""

from __future__ import annotations

from server.engine.contract import Result, ScoreLine, ranked
from server.wording import part

from . import catalog as C
from .common import Events, say
from .state import SJState


def breakdown(s: SJState, p: int) -> dict[str, int]:
    city = s.city[p]
    out = {"buildings": sum(C.VP[b] for b in city), "chapel": len(s.chapel[p])}
    if C.GUILD_HALL in city:
        out["guild_hall"] = 2 * sum(1 for b in city if b < C.NGOODS)
    if C.CITY_HALL in city:
        out["city_hall"] = sum(1 for b in city if b >= C.NGOODS)
    if C.TRIUMPHAL_ARCH in city:
        out["triumphal_arch"] = C.ARCH_BONUS[sum(1 for b in C.MONUMENTS if b in city)]
    if C.PALACE in city:
        out["palace"] = sum(out.values()) // 4
    return out


def tiebreak(s: SJState, p: int) -> int:
    return len(s.hands[p]) + sum(1 for g in s.goods[p] if g >= 0)


def result(s: SJState) -> Result:
    lines = []
    for p in range(s.n):
        parts = breakdown(s, p)
        lines.append(ScoreLine(seat=p, total=sum(parts.values()), breakdown=parts,
                               tiebreak=tiebreak(s, p)))
    return ranked(lines)


def final_scores(s: SJState, ev: Events) -> None:
    """One public line per player, best first, then the winner(s): every part of a
    score is in play for all to see (chapel cards count, whatever they are)."""
    if ev is None:
        return
    res = result(s)
    by_seat = {line.seat: line for line in res.scores}
    for p in res.ranking:
        line = by_seat[p]
        parts = [part("score_points", count=k, part=key) for key, k in line.breakdown.items()
                 if k or key == "buildings"]
        if sum(1 for x in res.scores if x.total == line.total) > 1:
            parts.append(part("score_tiebreak", count=line.tiebreak))
        say(ev, p, "score", "score",
            {"rank": line.rank, "seat": p, "total": line.total, "parts": parts})
    best = by_seat[res.winners[0]].total
    say(ev, None, "game_over", "win" if len(res.winners) == 1 else "win_shared",
        {"seats": list(res.winners), "vp": best})
