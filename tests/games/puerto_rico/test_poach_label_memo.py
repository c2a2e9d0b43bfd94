"""The Poach label counts the workers leaving the ship for the table's player count:
the labels' memo is shared by every game of an edition, so its key must hold what the
count reads (the ship's workers and citizens, and the number of players). Before the
fix a 4-player game's Poach was labelled with a 5-player game's count."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import SMUGGLE
from server.games.puerto_rico.expansions.smuggler.smuggler import poachable

from .helpers import GAME, new


def _poach(players: int) -> dict[str, object]:
    s = new(players, "1897", expansions=["smuggler"])
    s.col_supply += s.col_ship - 9
    s.col_ship, s.cit_ship = 9, 0
    s.step, s.role, s.turn = SMUGGLE, 8, 0
    s.role_player = 0
    s.legal = None
    action = next(a for a in GAME.legal_actions(s, 0) if a["type"] == "poach")
    assert action["poached"] == poachable(s) == 9 - players
    return action


def test_the_same_ship_at_two_table_sizes_reads_two_counts() -> None:
    five, four = _poach(5), _poach(4)
    assert five["poached"] == 4 and four["poached"] == 5
    assert "Poach 5 " in str(four["label"])


def test_a_draft_picks_copies_follow_the_table_not_the_last_game() -> None:
    """The draft's label says how many copies go on the space: one with two players,
    two with more (the Tailor Shop from rules 5 as a production building). A 4-player
    game's label must not be reused for a 2-player game's pick."""
    seen = {}
    for players in (4, 2, 4):
        s = new(players, "1897", expansions=["new_buildings"])
        picks = [a for a in GAME.legal_actions(s, 0) if a["type"] == "draft"]
        assert picks
        for a in picks:
            assert a["copies"] == s.cat.copies[C.B_INDEX[a["building"]]], (players, a)
        seen[players] = {a["building"]: a["copies"] for a in picks}
    assert set(seen[2].values()) == {1} and 2 in seen[4].values()
