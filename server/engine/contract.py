"""The game-agnostic engine contract (after OpenSpiel and boardgame.io).

A game module implements ``Game``; everything above it (server, bots, engine CLI,
benchmarks) speaks only this contract and finds games through the registry, so a new
game (San Juan) plugs in without touching the code that runs games.

Conventions
- Seats are ints 0..n-1. A viewer is a seat, or ``None`` for a spectator.
- An action is a plain dict: ``{"type": ..., <params>..., "label": "human text"}``.
  ``legal_actions`` returns actions that ``apply`` accepts exactly as given; ``apply``
  ignores what is only shown (``SHOWN_ONLY``: the ``label`` and, from a game that
  writes templates, its ``tmpl``; a ``note``, the template of a big consequence the
  label ends with; facts a client shows beside it: a load's ``vp``, whether a confirm
  ``commits`` what can still be taken back, the ``place`` an undo empties, where the
  ``rest`` go when placing stops, the ``discount`` a forest brings, what a storage
  choice ``kept`` and ``spoiled``, the ``copies`` a draft pick brings, what a chartered
  ship has ``carried``, how many a poach takes (``poached``) and ``places``, the
  ``doubloons`` and ``bounty`` of a capture, the barrels a raid ``returned``, the
  ``discounts`` of a San Juan build), so a client may send the dict back as is, and
  reads those facts rather than the label's words or a rule of its own. ``describe``
  sends the list (``shown_only``), so a client keeps no copy of it.
- Texts may come with a template (``tmpl`` beside a log event's ``text`` and an
  action's ``label``; server/wording.py) whose game words are marks, and a game may
  describe its vocabularies and the facts a client shows (``display``, in
  ``describe``), so that a client renders every word in the vocabulary its player
  chose. ``text`` and ``label`` stay complete, in the table's own words.
- ``apply`` mutates the state in place and returns log events. An illegal action raises
  ``IllegalAction`` (or a subclass) with a reason and leaves the state untouched.
- Chance comes only from the state's seeded RNG: (options, seed, action log) replays a
  game exactly.
- ``view`` is computed per viewer *before* anything is diffed or sent: it holds only
  what that viewer may see.
- States serialize to JSON/msgpack-safe data (``to_data``) and load back validated
  (``from_data`` raises ``CorruptState``).
- A game describes itself (``describe``): its players range, its typed options
  (server/engine/options.py) and its rules version, as plain data for clients and tools.
  Nothing outside the game module names one of its options.
- A game may also offer a quiet path for random playouts and bots' rollouts, where
  nobody reads labels or log text: ``moves(state, seat)``, the legal moves as opaque
  values in the order of ``legal_actions`` (one per action, no ``undo`` among them),
  and ``apply_move(state, seat, move)``, which changes the state exactly as ``apply``
  of the matching action and composes no log. The same index picks the same action
  on either path, so a seeded playout is the same game (server/engine/playout.py).
- And a trusted path, for callers that draw only from the legal list and so need no
  seat or legality check: ``play_index(state, i)`` carries out the i-th of ``moves``
  of the seat to move; ``play_random(state, rnd, max_actions, coarse)`` plays on
  with one ``rnd._randbelow(len(moves))`` a step (a ``random.Random``; the loop may
  draw its very numbers inline), the draws of the quiet path (the same game), or with ``coarse`` in steps of the game's choosing (Puerto Rico: a mayor's
  whole placement), another random game, for playouts only.
- ``rules_version`` goes up whenever a rules change would replay a stored
  (options, seed, action log) differently; a stored game of a version below
  ``rules_compatible_since`` (or above ``rules_version``) is refused, never replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict, runtime_checkable

from server.engine.options import OptionSpec
from server.i18n import N_
from server.says import Say, say

Action = dict[str, Any]
Options = dict[str, Any]
SHOWN_ONLY = frozenset(("label", "tmpl", "tk", "tf", "note", "note_k", "vp", "commits", "place", "rest",
                        "discount", "kept", "spoiled", "copies", "carried", "poached",
                        "places", "doubloons", "bounty", "returned", "discounts"))
"""Keys of an action that are only shown; a sent action is matched without them."""


class LogEvent(TypedDict, total=False):
    """One line of the game log.

    ``text`` is public. ``private`` maps a seat (as str, for msgpack/JSON keys) to extra
    text only that seat may read (e.g. VP gained, a hidden card). Whoever may see
    everything a seat sees (that seat, or everyone under an open-information option)
    gets it appended; others never receive it. ``tmpl`` (optional) is ``text`` as a
    template (server/wording.py), for clients that show another vocabulary. ``round``
    (optional) is on the line that opens a round: its number, so a client marks rounds
    from data, never from the words (a player may be named "Round 99").
    ``private_tmpl`` (optional) is ``private`` as templates, sent in the template's
    place to whoever may read it. A game that writes its texts from a texts file (San
    Juan) also keeps the line's ``key`` there and its public ``fields`` (plain data:
    ids, seats, counts), and the key of the private part (``private_key``).
    ``tk``/``tf`` (optional) are the line's key as its msgctxt and its fields as the wire
    carries them (server/wording.py ``keyed``), so a reader fills the line in their own
    language; ``private_tk`` the same per seat for the private part (only sent to
    whoever may read it, like ``private``).
    """

    seat: int | None
    kind: str
    text: str
    tmpl: str
    private: dict[str, str]
    private_tmpl: dict[str, str]
    round: int
    key: str
    fields: dict[str, Any]
    private_key: str
    tk: str
    tf: dict[str, Any]
    private_tk: dict[str, dict[str, Any]]


@dataclass
class ScoreLine:
    seat: int
    total: int
    breakdown: dict[str, int]
    tiebreak: int
    rank: int = 0


@dataclass
class Result:
    """Final scores with a per-player breakdown and the official tie-break applied.

    ``ranking`` lists seats from first to last; tied seats share a rank.
    """

    scores: list[ScoreLine]
    ranking: list[int]
    winners: list[int]
    extra: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {
            "scores": [
                {
                    "seat": s.seat,
                    "total": s.total,
                    "breakdown": dict(s.breakdown),
                    "tiebreak": s.tiebreak,
                    "rank": s.rank,
                }
                for s in self.scores
            ],
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            **({"extra": self.extra} if self.extra else {}),
        }


def ranked(lines: list[ScoreLine]) -> Result:
    """The result of these score lines: ordered by total, then tie-break (then seat, so
    the order is fixed); seats equal in both share a rank, and rank 1 wins."""
    order = sorted(lines, key=lambda x: (-x.total, -x.tiebreak, x.seat))
    rank = 0
    prev: tuple[int, int] | None = None
    for i, line in enumerate(order):
        key = (line.total, line.tiebreak)
        if key != prev:
            rank = i + 1
            prev = key
        line.rank = rank
    return Result(scores=lines, ranking=[x.seat for x in order],
                  winners=[x.seat for x in order if x.rank == 1])


@runtime_checkable
class Game(Protocol):
    """What every game module provides. ``State`` is the game's own type."""

    name: str  # registry key, e.g. "puerto-rico"
    title: str  # human name, e.g. "Puerto Rico"
    min_players: int
    max_players: int
    rules_version: int  # stored with each room; see the module docstring
    rules_compatible_since: int  # the oldest stored rules version this code replays
    options_spec: tuple[OptionSpec, ...]  # every option but ``names``

    def normalize_options(self, players: int, options: Options) -> Options:
        """Fill defaults and validate against ``options_spec`` and the players range;
        raise InvalidOptions with a reason.

        Every game accepts ``names``: one display name per seat (str, at most 32
        characters), used only in words (log, labels); it never changes a rule.
        And ``rules_version``: the version a stored room was made under (absent: the
        current one); a game that replays an older version may play its rules then.
        """
        ...

    def setup(self, players: int, options: Options, seed: int) -> Any: ...

    def to_move(self, state: Any) -> list[int]:
        """Seats that must decide now (usually one; empty when the game is over)."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action) -> list[LogEvent]: ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result | None:
        """Final result when over, else None."""
        ...

    def view(self, state: Any, viewer: int | None) -> dict[str, Any]: ...

    def clone(self, state: Any) -> Any: ...

    def to_data(self, state: Any) -> dict[str, Any]: ...

    def from_data(self, data: Any) -> Any: ...

    def determinize(self, state: Any, seat: int, seed: int) -> Any:
        """A copy of ``state`` in which everything ``seat`` may not see is re-sampled
        consistently with what it does see (for bots that search)."""
        ...

    def players(self, state: Any) -> int: ...

    # Optional (the replay asks with getattr): ``replay_view(state)``, a step of a
    # finished game as anyone may now see it (default: ``view(state, None)``): what was
    # hidden only for the game's sake, such as VP chips, shown; never a hand or a stack.


def describe(game: Game) -> dict[str, Any]:
    """The game as plain data: what a client needs to offer it (players, options) and,
    from a game that has a ``display()`` method, what a client needs to show it: its
    vocabularies and the facts of its parts (docs/protocol.md "Texts and vocabularies")."""
    out: dict[str, Any] = {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "rules_version": game.rules_version,
        "options": [spec.to_data() for spec in game.options_spec],
        "shown_only": sorted(SHOWN_ONLY),
    }
    display = getattr(game, "display", None)
    if callable(display):
        out["display"] = display()
    return out


def rules_refusal(game: Game, stored: int) -> Say | None:
    """Why a game stored under rules version ``stored`` cannot be replayed here (None: it can)."""
    if game.rules_compatible_since <= stored <= game.rules_version:
        return None
    if stored > game.rules_version:
        return say(N_("this {game} room was made under rules version {stored}, newer than this "
                      "server's version {ours}: update prtui to play it"),
                   game=game.title, stored=stored, ours=game.rules_version)
    return say(N_("this {game} room was made under rules version {stored}; this server plays "
                  "version {ours}, which would replay it differently, so it cannot be started, "
                  "resumed or replayed here"),
               game=game.title, stored=stored, ours=game.rules_version)
