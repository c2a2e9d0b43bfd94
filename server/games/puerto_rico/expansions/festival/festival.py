"""Expansion IV, the Festival: three goals drawn at the setup, each for its first taker.

``s.festival`` = [estate kind, the three barrels' goods, the building]: one estate
drawn from one of each kind (that tile leaves the stack), three barrels drawn from a
bag of three of each good (they leave the goods supply and wait on the festival
board), one building drawn from the commercial buildings worth 3 VP of the board
(base game: factory, university/School, harbor, wharf; with Expansion I drawn once
the draft has filled the board). Everything is drawn with the table's RNG and public.

``s.festival_won`` holds, per goal, the seat that took it (-1: still open). Only the
first player to reach a goal takes it; the others never can (docs/rules-notes.md):

- estate: the first to have 3 estates of the kind (forests are not estates) takes 3
  workers from the supply (fewer if fewer are left), placed at once on empty circles
  or in San Juan (smuggler_place.py); the festival's tile goes face up next to the
  board (planters may take it; rules 4 and older: onto the discard pile); reached by
  the planter phase's last move, it is awarded before the refresh (rules 6);
- goods: the first whose production (one craftsman-phase turn, the craftsman's extra
  barrel not included) holds every festival barrel (a kind drawn twice: two of it)
  takes 3 doubloons; the barrels go back to the supply;
- building: the first to buy the festival's building takes 3 VP.
"""

from __future__ import annotations

from bisect import insort

from ...core import catalog as C
from ...core import extend, game_hooks
from ...core.common import Events, award_vp, say
from ...core.state import GAME_OVER, SETTLER_HOSPICE, PRState
from ...core.text import Texts
from ...expansions.smuggler import smuggler_place

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines and notes by key

ESTATE, GOODS, BUILDING = range(3)  # the goals, as in festival_won
REWARD = 3  # workers, doubloons, VP
GOAL_BEFORE_REFRESH_RULES = 6  # the last planter's estate goal comes before the refresh
BARRELS = 3  # barrels on the festival board
BAG = tuple(g for g in range(5) for _ in range(3))  # three barrels of each good


def draw_goals(s: PRState) -> None:
    """The setup's draws (after the stack is shuffled and the face-up tiles turned)."""
    kind = s.rng.randrange(5)
    (s.stack if kind in s.stack else s.face_up).remove(kind)
    bag = list(BAG)
    s.rng.shuffle(bag)
    barrels = sorted(bag[:BARRELS])
    for g in barrels:
        s.goods[g] -= 1
    s.festival = [kind, *barrels, -1]
    s.festival_won = [-1, -1, -1]
    if not s.cat.draft:
        s.festival[4] = s.rng.choice(candidates(s))


def candidates(s: PRState) -> list[int]:
    """The festival building's draw: the board's non-production buildings of 3 VP."""
    return [b for b in s.board if C.VP[b] == 3 and C.PRODUCES[b] < 0]


def after_draft(s: PRState, ev: Events) -> None:
    """Expansion I: the building is drawn from the drafted board."""
    if s.festival and s.festival[4] < 0:
        b = s.festival[4] = s.rng.choice(candidates(s))
        if ev is not None:
            say(ev, None, "festival",
                TEXTS.line("drawn", building=C.BUILDINGS[b]))


def board_goods(s: PRState) -> list[int]:
    """Barrels still on the festival board, by good."""
    out = [0] * 5
    if s.festival and s.festival_won[GOODS] < 0:
        for g in s.festival[1:4]:
            out[g] += 1
    return out


def board_tile(s: PRState) -> int:
    """The estate kind still on the festival board, or -1."""
    if s.festival and s.festival_won[ESTATE] < 0:
        return s.festival[0]
    return -1


def check(s: PRState, ev: Events, final: bool = False) -> None:
    """After every move: the estate and building goals reached. ``final``: the game is
    ending, so the estate's workers go to San Juan without a decision."""
    won = s.festival_won
    if s.step == GAME_OVER and not final:
        return
    # (islands and cities only grow by common.add_tile and add_building, which mark
    # them changed: flow.execute asks only then, and a state without the mark, a clone
    # or a loaded one, is looked at once; nothing else can reach a goal)
    # (the hospice's question about the tiles just placed comes first: the goal is
    # then taken after the answer, before anybody else moves; the mark stays till then)
    if won[ESTATE] >= 0 or (s.step != SETTLER_HOSPICE and s.hacienda_tile < 0):
        s.islands_changed = False
        if won[ESTATE] < 0:
            kind = s.festival[0]
            for p, isl in enumerate(s.island):
                if isl.count(kind) >= 3:
                    _estate(s, p, kind, ev, final)
                    break
    b = s.festival[4]
    # (a copy gone from the supply is the cheap sign of a buyer)
    if won[BUILDING] < 0 and b >= 0 and s.bsupply[b] < s.cat.copies[b]:
        for p in range(s.n):
            if s.bpos[p][b] >= 0:
                won[BUILDING] = p
                award_vp(s, p, REWARD, ev, TEXTS.line("building", seat=p, building=C.BUILDINGS[b]),
                         "festival")
                break


def _estate(s: PRState, p: int, kind: int, ev: Events, final: bool) -> None:
    s.festival_won[ESTATE] = p
    if s.rules >= C.LITERAL_CITIZENS_RULES:  # "face-up next to the central game board"
        insort(s.face_up, kind)
    else:  # rules 4 and older: onto the discards
        s.discard.append(kind)
    k = min(REWARD, s.col_supply)
    if ev is not None:
        say(ev, p, "festival", TEXTS.line("estate", seat=p, tile=C.TILES[kind], count=k))
    if final:
        s.col_supply -= k
        s.san_juan[p] += k
    else:
        smuggler_place.ask(s, p, k, True)
        s.legal = None


def settler_end(s: PRState, ev: Events) -> None:
    """The planter phase's last turn is over: from rules 6 an estate goal its last move
    reached is awarded now, before the refresh (which discards the goal's tile with the
    row), not after it (rules 5: the tile joined the next row, n + 2 face up)."""
    if s.festival and s.rules >= GOAL_BEFORE_REFRESH_RULES:
        check(s, ev)


def produced(s: PRState, p: int, got: list[int], ev: Events) -> None:
    """Seat p has just produced ``got``: the goods goal, if it holds every barrel."""
    if s.festival_won[GOODS] >= 0:
        return
    need = board_goods(s)
    if any(got[g] < need[g] for g in range(5)):
        return
    s.festival_won[GOODS] = p
    for g in range(5):
        s.goods[g] += need[g]
    s.coins[p] += REWARD
    if ev is not None:
        say(ev, p, "festival", TEXTS.line("goods", seat=p, count=REWARD,
                                          goods=[C.GOODS[g] for g in s.festival[1:4]]))

def _placed(s: PRState, ev: Events) -> None:
    """Only a tile or a building placed can reach a goal (they mark the islands)."""
    if s.festival:
        check(s, ev)


def _game_end(s: PRState, ev: Events) -> None:
    if s.festival:  # a goal reached by the round's last move
        check(s, ev, final=True)


def _setup(s: PRState, ev: Events) -> None:
    draw_goals(s)  # with the table's RNG


extend.install(produced=produced, settler_end=settler_end)
game_hooks.register(C.FESTIVAL, game_hooks.SETUP, _setup)
game_hooks.register(C.FESTIVAL, game_hooks.PLACED, _placed)
game_hooks.register(C.FESTIVAL, game_hooks.GAME_END, _game_end)
