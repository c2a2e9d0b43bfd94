"""What the Puerto Rico heuristic knows of Expansion III (the Smuggler) and IV (the
Festival), read from the view's ``smuggler`` and ``festival`` keys.

The Smuggler: each action is worth what it brings the chooser (rough VP, the scale of
puerto_rico.py): a raid the barrels it keeps (dearer kinds more; a third one less
without a warehouse to store it), a plunder its VP chips, a poach the workers it can
place at once (only on empty circles), a capture the card's doubloons plus either the
bounty (an opponent chooses it) or its privilege at the round's end. The card itself
is worth its best action, a little less because its chooser then holds the tile and
may not choose it again until someone else has. Choosing a card another seat captured
pays him the bounty; choosing one's own captured card only plays earlier what the
round's end would play anyway.

The Festival: while a goal is open, a plantation of the festival's kind is worth its 3
workers when it is the third (earlier ones get nothing extra: in head-to-head games a
bonus for the first and second cost more than it won), tiles and production buildings that complete
the festival's barrels in one production more, the craftsman more when the seat makes
them all, and the festival's building its 3 VP. Every term is 0 in a game without
these expansions (the view has no such keys), so other games score as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from server.bots.frozen.hard_2026_12_03.puerto_rico_table import GOOD_OF, PRICE, Seat, Table
from server.engine.contract import Action
from server.games.puerto_rico.core import catalog as C

BOUNTY = 3  # doubloons a captured card pays its captor when an opponent chooses it
COIN = 0.4  # a doubloon, as role_value counts the doubloons on a card
HOLDER_COST = 0.2  # the chooser may not choose the Smuggler again for a while
STORES = frozenset(("small_warehouse", "large_warehouse", "storehouse"))


def live(t: Table) -> float:
    """How much a barrel or worker still does (1 while 3 rounds or more remain)."""
    return min(1.0, t.rounds_left / 3)


def raid(t: Table, me: Seat, a: Action) -> float:
    """Keep ``keep`` barrels of the ship's kind: the dearer the kind, the better."""
    good = t.view["ships"][a["ship"]]["good"]
    keep = a["keep"]
    if not keep or good is None:
        return -0.05
    each = (0.5 + 0.15 * PRICE[good]) * (0.5 + 0.5 * live(t))
    stored = keep if me.manned & STORES else min(keep, 2) + 0.6 * max(0, keep - 2)
    return each * stored


def poachable(t: Table) -> int:
    col = t.view["colonists"]
    ship = col["ship"]
    return max(0, min(ship - len(t.seats), ship - col.get("ship_citizens", 0)))


def poach(t: Table, me: Seat) -> float:
    """Workers placed at once on empty circles (the rest go back to the supply)."""
    placed = min(3, poachable(t), me.empty)
    return 1.3 * placed * (0.4 + 0.6 * live(t)) - 0.05


def plunder(t: Table) -> float:
    return float(len(t.view["trading_house"]))  # a VP chip a barrel


def capture(t: Table, role: str, role_value: Callable[[str], float]) -> float:
    """Its doubloons now, then the bounty or its privilege at the round's end."""
    coins = next(r["doubloons"] for r in t.view["roles"] if r["id"] == role)
    rest = role_value(role) - COIN * coins  # the privilege without the doubloons
    return COIN * coins + 0.5 * COIN * BOUNTY + 0.5 * max(0.0, rest)


def actions_value(t: Table, me: Seat, role_value: Callable[[str], float]) -> float:
    """The best of the four actions, as the smuggler step would offer them now."""
    best = 0.0
    for i, ship in enumerate(t.view["ships"]):
        if ship["load"]:
            a = {"ship": i, "keep": min(3, ship["load"])}
            best = max(best, raid(t, me, a))
    best = max(best, plunder(t), poach(t, me) if poachable(t) else 0.0)
    for r in t.view["roles"]:
        if r["taken_by"] is None and r["id"] != "smuggler":
            best = max(best, capture(t, r["id"], role_value))
    return best


def role_value(t: Table, seat: int, role: str, value: float,
               role_value_of: Callable[[str], float]) -> float:
    """A role's value with the Smuggler in the game (``value``: without it)."""
    sm = t.view.get("smuggler")
    if sm is None:
        return value
    if role == "smuggler":
        return actions_value(t, t.seats[seat], role_value_of) - HOLDER_COST
    if sm["captured"] == role:
        if sm["captor"] == seat:  # played for me at the round's end anyway
            return 0.4 * value
        return value - COIN * BOUNTY * 0.75  # its captor takes the bounty
    return value


def score(t: Table, me: Seat, a: Action,
          role_value_of: Callable[[str], float]) -> float | None:
    """The Smuggler's step (``pass`` there is 0 in puerto_rico.py); None otherwise."""
    kind = a["type"]
    if kind == "raid":
        return raid(t, me, a)
    if kind == "plunder":
        return plunder(t)
    if kind == "poach":
        return poach(t, me)
    if kind == "capture":
        return capture(t, a["role"], role_value_of)
    return None


# --- the Festival ---------------------------------------------------------------


def _open(t: Table, goal: str) -> dict | None:
    f = t.view.get("festival")
    if f is None or f["won"][goal] is not None:
        return None
    return f


def could_make(me: Seat, good: str) -> int:
    """Barrels ``good`` the seat could make with every circle manned."""
    if good == "corn":
        return me.plants["corn"]
    return min(me.plants[good], me.cap[good])


def missing(me: Seat, barrels: list[str]) -> dict[str, int]:
    """The festival barrels the seat could not yet make in one production."""
    need = Counter(barrels)
    return {g: k - could_make(me, g) for g, k in need.items() if k > could_make(me, g)}


def goods_step(t: Table, me: Seat, good: str, tile: bool) -> float:
    """A plantation (``tile``) or production building of ``good`` bringing the seat
    nearer to making every festival barrel: 3 doubloons, sooner is likelier."""
    f = _open(t, "goods")
    if f is None:
        return 0.0
    gap = missing(me, f["goods"])
    if good not in gap:
        return 0.0
    fits = good == "corn" or (me.cap[good] > me.plants[good] if tile
                              else me.plants[good] > me.cap[good])
    if not fits:
        return 0.0
    left = sum(gap.values())
    return (1.2 if left == 1 else 0.5) * live(t)


def tile(t: Table, me: Seat, tile_name: str) -> float:
    """The festival's value of a plantation: its estate kind near 3, its barrels."""
    if tile_name in ("quarry", "forest") or len(me.island) >= C.ISLAND_SPACES:
        return 0.0
    value = goods_step(t, me, tile_name, True)
    f = _open(t, "estate")
    if f is not None and f["estate"] == tile_name:
        have = me.plants[tile_name]
        workers = 3 * (0.4 + 0.6 * live(t))
        value += workers if have == 2 else 0.0
    return value


def building(t: Table, me: Seat, b: str) -> float:
    """The festival's building (3 VP to its first buyer); a production building that
    completes the festival's barrels."""
    value = 0.0
    f = _open(t, "building")
    if f is not None and f["building"] == b:
        value += 3.0
    good = GOOD_OF.get(b)
    if good and b not in me.owned:
        value += goods_step(t, me, good, False)
    return value


def craftsman(t: Table, seat: int) -> float:
    """The goods goal in this production: mine (3 doubloons) or another's first."""
    f = _open(t, "goods")
    if f is None:
        return 0.0
    need = Counter(f["goods"])
    makes = [all(s.production(g) >= k for g, k in need.items()) for s in t.seats]
    if makes[seat]:
        return COIN * BOUNTY
    return -0.5 * COIN * BOUNTY if any(makes) else 0.0
