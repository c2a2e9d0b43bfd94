"""``leaderboard`` and ``profile``: what players can see of each other's ratings and games.

Both are answered from the store's indexes on the event loop (a page of index entries
each: server/store/standings.py), and cost one token of the asking address's bucket,
like searches. A profile belongs to a claimed name or a bot level: a guest (a name
nobody claimed) has none, and is told so (``no_profile``). Only what anyone in the
lobby may see is sent: ratings, and finished games with their public result; never an
unfinished game, an account's id, or a credential.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from server.errors import PrtuiError
from server.games.registry import find
from server.i18n import N_
from server.net.bots import LEVELS
from server.net.ratelimits import AddressRates
from server.net.ratings import BOT
from server.protocol import limits
from server.protocol import messages as m
from server.protocol.names import look_alike_key
from server.says import Say, say
from server.store.standings import PlayedGame, Standing

if TYPE_CHECKING:
    from server.net.peer import Peer
    from server.store.base import Store

LEADERBOARD_PAGE = 50
"""Rows of a leaderboard page unless ``limit`` asks fewer (at most ``MAX_PAGE``)."""
PROFILE_GAMES = 20
"""Finished games in a profile's page unless ``limit`` asks fewer."""
MAX_PAGE = 100
MAX_OFFSET = {"leaderboard": 100_000, "profile": 10_000}
"""Deepest page: an offset is walked in the index (a bot level's 10,000th game costs
about 15 ms of the event loop; the leaderboard's 100,000th row less)."""


class StandingsRefused(PrtuiError):
    """A ``leaderboard`` or ``profile`` the server will not answer: a ``reject`` with
    ``code`` (``unknown_game``, ``no_profile``, ``bad_value``)."""

    def __init__(self, code: str, reason: Say) -> None:
        super().__init__(str(reason))
        self.code = code
        self.reason = reason


def _page(msg: dict[str, Any], default: int) -> tuple[int, int]:
    limit, offset = msg.get("limit", default), msg.get("offset", 0)
    if not 1 <= limit <= MAX_PAGE:
        raise StandingsRefused("bad_value", say(N_("'limit' must be 1..{most}"), most=MAX_PAGE))
    deepest = MAX_OFFSET[msg["t"]]
    if not 0 <= offset <= deepest:
        raise StandingsRefused("bad_value", say(N_("'offset' must be 0..{most}"), most=deepest))
    return limit, offset


def _row(s: Standing) -> dict[str, Any]:
    row: dict[str, Any] = {"rank": s.rank, "rating": round(s.ordinal, 2), "mu": s.mu,
                           "sigma": s.sigma, "games": s.games, "wins": s.wins}
    if s.player.startswith(BOT):
        row["bot"] = s.player[len(BOT):]
    else:
        row["name"] = s.name
    return row


def leaderboard(store: Store, msg: dict[str, Any]) -> dict[str, Any]:
    game = msg["game"]
    if find(game) is None:
        raise StandingsRefused("unknown_game", say(N_("no game named {game} here"),
                                                   game=repr(game)))
    limit, offset = _page(msg, LEADERBOARD_PAGE)
    total, rows = store.leaderboard(game, limit, offset)
    return {"game": game, "total": total, "offset": offset, "players": [_row(s) for s in rows]}


def _game(g: PlayedGame) -> dict[str, Any]:
    result = g.result or {}
    mine: dict[str, Any] = next(
        (s for s in result.get("scores", []) if s.get("seat") == g.seat), {})
    entry: dict[str, Any] = {
        "room": g.room, "game": g.game, "name": g.name, "players": g.players,
        "created": g.created, "seat": g.seat, "rank": mine.get("rank"),
        "total": mine.get("total"), "winners": list(result.get("winners", [])),
        "seats": [{"seat": seat, "kind": kind, "name": name, **({"level": level} if level else {})}
                  for seat, kind, name, level in g.seats],
    }
    if g.change is not None:
        mu_b, sigma_b, mu, sigma = g.change
        entry["rating"] = {"before": round(mu_b - 3 * sigma_b, 2),
                           "after": round(mu - 3 * sigma, 2)}
    return entry


def profile(store: Store, msg: dict[str, Any]) -> dict[str, Any]:
    name, level = msg.get("name"), msg.get("bot")
    if (name is None) == (level is None):
        raise StandingsRefused("bad_value",
                               say(N_("a profile is asked for by 'name' or by 'bot'")))
    limit, offset = _page(msg, PROFILE_GAMES)
    out: dict[str, Any]
    if level is not None:
        if level not in LEVELS:
            raise StandingsRefused("no_profile", say(N_("no bot plays at level {level} here"),
                                                     level=repr(level)))
        player, out = BOT + level, {"bot": level}
    else:
        acc = store.account(look_alike_key(str(name)))
        if acc is None:
            raise StandingsRefused("no_profile", say(N_("{name} plays as a guest here: only a "
                                                        "claimed name has a profile"),
                                                     name=str(name)))
        player, out = acc.id, {"name": acc.name, "since": acc.created}
    out["ratings"] = [
        {"game": game, **_row(s), "of": total} for game, s, total in store.standings_of(player)]
    out["history"] = {r["game"]: [round(mu - 3 * sigma, 2) for mu, sigma in _points(
        store.rating_history(player, r["game"]))] for r in out["ratings"]}
    games = store.games_of(player, level is None, limit + 1, offset)
    out["games"] = [_game(g) for g in games[:limit]]
    out["offset"], out["more"] = offset, len(games) > limit
    return out


def _points(changes: list[tuple[float, float, float, float]]) -> list[tuple[float, float]]:
    """The rating before the first change shown, then after each."""
    if not changes:
        return []
    return [(changes[0][0], changes[0][1]), *((mu, sigma) for _, _, mu, sigma in changes)]


class StandingsDesk:
    """The lobby's handler of both commands, with their per-address rate."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._rates = AddressRates(limits.STANDINGS_RATE_PER_S, limits.STANDINGS_BURST)

    def handle(self, peer: Peer, msg: dict[str, Any]) -> None:
        mid = msg["id"]
        if not self._rates.allow(getattr(peer, "address", "?")):
            peer.refuse(mid, "rate_limited", say(N_("too many leaderboards and profiles "
                                                        "from your address; slow down")))
            return
        try:
            data = (leaderboard if msg["t"] == "leaderboard" else profile)(self.store, msg)
        except StandingsRefused as e:
            peer.refuse(mid, e.code, e.reason)
            return
        peer.send(m.ack(mid, data))
