"""What ``load`` refuses of Expansions III and IV (the rest is validate.py's).

The Smuggler tile's holder, the captured card and its captor; the festival board's
draws and who took its goals. Totals (the festival's barrels and tile) are counted
with everything else in validate._totals.
"""

from __future__ import annotations

from ..core import catalog as C
from ..core.state import SMUGGLE, PRState
from .validate_phase import need


def check(s: PRState) -> None:
    n = s.n
    sm = s.smuggler
    need(len(sm) == 3, "smuggler", "[holder, captured role, captor]")
    if not s.cat.smug:
        need(sm == [-1, -1, -1], "smuggler", "no smuggler in this game")
    need(all(-1 <= x < n for x in (sm[0], sm[2])), "smuggler", "seat out of range")
    need((sm[1] < 0) == (sm[2] < 0), "smuggler", "a captured card has its captor")
    if sm[1] >= 0:
        need(sm[1] in s.roles and sm[1] != C.SMUGGLER, "smuggler", "not a card to capture")
        need(C.SMUGGLER in s.chosen, "smuggler", "a card is captured only by the smuggler")
    if s.step == SMUGGLE:
        need(s.role == C.SMUGGLER and s.turn == s.role_player, "step",
             "the smuggler's chooser alone decides")
        need(sm[0] == s.role_player, "smuggler", "the chooser holds the tile")
    f, won = s.festival, s.festival_won
    if not s.cat.fest:
        need(f == [] and won == [], "festival", "no festival in this game")
        return
    need(len(f) == 5 and len(won) == 3, "festival", "[estate, 3 barrels, building]; 3 goals")
    need(0 <= f[0] < 5 and all(0 <= g < 5 for g in f[1:4]), "festival", "unknown good")
    need(f[1:4] == sorted(f[1:4]), "festival", "the barrels kept sorted")
    from ..expansions.festival.festival import candidates

    if f[4] >= 0:
        need(f[4] in candidates(s), "festival", "its building is a 3-VP one of the board")
    else:
        need(s.cat.draft, "festival", "the building is drawn at the setup")
    need(all(-1 <= x < n for x in won), "festival_won", "seat out of range")
    if won[2] >= 0:
        need(f[4] in s.city[won[2]], "festival_won", "the building's taker owns it")
