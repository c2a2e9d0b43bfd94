"""Forests (Expansion I, the forest house / Lumberyard): estates placed face down.

A forest fills an island space for good, never takes a colonist and is never a
quarry; two or more of them take 1 off any building (costs.py). The owner of an
occupied forest house may place a face-up estate as a forest (``forest``), and a tile
he draws face down (the hacienda's, the land office's) he looks at first and then
places as an estate or a forest: the interrupt ``forest_choice`` (``forest_drawn`` /
``pass``) holds the drawn tile meanwhile, off the island and out of every view. The
estate under a forest is its owner's to know: views show "forest" to the others, the
log names it in the owner's private text, and determinize re-samples it.
"""

from __future__ import annotations

from ...core import catalog as C
from ...core import extend
from ...core import interrupts as I
from ...core.common import Events, add_tile, say
from ...core.extend import FROM_HACIENDA, FROM_LAND_OFFICE
from ...core.moves import FOREST_DRAWN, PASS_MOVE, Move
from ...core.state import SETTLER, PRState
from ...core.text import Texts, text_of

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines and labels by key

_CHOICE: list[Move] = [(FOREST_DRAWN,), PASS_MOVE]


def forests(s: PRState, p: int) -> int:
    return sum(1 for t in s.island[p] if t >= C.FOREST)


def may_plant_forests(s: PRState, p: int) -> bool:
    if not s.cat.nb:
        return False
    i = s.bpos[p][C.FOREST_HOUSE]  # (``s.occupied``, inlined: asked at every settler turn)
    return i >= 0 and s.city_col[p][i] > 0


def drawn(s: PRState, p: int, t: int, source: int, ev: Events) -> bool:
    """A tile p drew face down: True when he decides first (a forest house), else it
    is placed as an estate at once (the caller's log says so)."""
    if not may_plant_forests(s, p):
        return False
    I.push_next(s, I.FOREST_CHOICE, p, t, source)
    return True


def tile_secret(s: PRState, t: int) -> str:
    """ "a sugar plantation" in the table's words, for the owner's private text."""
    return text_of(f"{{a:{C.TILES[t]}}} {{w:plantation}}", s.edition)


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    return _CHOICE


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    p, t, source = e[1], e[2], e[3]
    if m[0] == FOREST_DRAWN:
        add_tile(s, p, C.FOREST + t)
        if ev is not None:
            said, mine = TEXTS.line("forest", seat=p), TEXTS.private("forest_tile", tile=C.TILES[t])
            ev.append({"seat": p, "kind": "settler", "text": said.tmpl, "tk": said.tk,
                       "tf": said.tf, "private": {str(p): text_of(mine.tmpl, s.edition)},
                       "private_tmpl": {str(p): mine.tmpl}, "private_tk": {str(p): mine.wire()}})
    else:
        add_tile(s, p, t)
        if ev is not None:
            say(ev, p, "settler", TEXTS.line("as_plantation", seat=p, tile=C.TILES[t]))
    if source == FROM_HACIENDA:
        s.hacienda_tile = len(s.island[p]) - 1
    return True


def _check(s: PRState, e: I.Entry) -> str | None:
    p, t, source = e[1], e[2], e[3]
    if not 0 <= t < 5:
        return "the drawn tile is an estate"
    if not may_plant_forests(s, p):
        return f"seat {p} has no occupied {C.BUILDINGS[C.FOREST_HOUSE]}"
    if len(s.island[p]) >= C.ISLAND_SPACES:
        return "no room for the drawn tile"
    if source == FROM_HACIENDA:
        if s.step != SETTLER or s.turn != p or s.hacienda_tile != -1:
            return "the hacienda's tile is drawn on the drawer's settler turn"
    elif source == FROM_LAND_OFFICE:
        if s.role != C.TRADER or not s.cat.cit:
            return "the land office buys in the trader phase"
    else:
        return "drawn by the hacienda (0) or the land office (1)"
    return None


I.register(I.FOREST_CHOICE, I.Handler("forest_choice", _legal, _act, _check, 4))
extend.install(may_plant_forests=may_plant_forests, drawn_tile=drawn, tile_secret=tile_secret)
