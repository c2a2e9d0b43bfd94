"""Views by audience: one move's views built once for everyone else and once per owner.

A seat's view differs from a spectator's in two places only: its own player entry (the
hand, the VP chips, the prices only its owner sees) and a few top-level keys of its own
(``viewer``, a decision in progress). A game that can say so builds one ``Audience`` per
move instead of a whole view per viewer: the public view (what spectators and every
other seat see of each player) once, each player's entry once more as its owner sees it,
and the seat's own keys. The server's sync (server/net/sync.py) then diffs each part
once and shares the ops, instead of building and diffing a whole view per viewer.

``view_of(audience, viewer)`` must equal the game's ``view(state, viewer)``: the
conformance tests check it for every viewer of random games, since a part put in the
wrong place would show one player's hidden cards to another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class Audience:
    """One state's views, split by who sees what. Read-only: views share its parts."""

    public: dict[str, Any]
    """The spectators' view (``viewer`` None): every player's entry as the others see it."""
    owners: list[dict[str, Any]]
    """``players[p]`` as seat p itself sees it."""
    own_keys: list[dict[str, Any]]
    """Seat p's top-level keys that differ from the public view (``viewer`` at least); the
    same key names at every state of one game, so a diff of them is a diff of the view."""


@runtime_checkable
class ViewsByAudience(Protocol):
    """A game that builds its views by audience (optional beside ``Game.view``)."""

    def audience(self, state: Any) -> Audience: ...


def view_of(audience: Audience, viewer: int | None) -> dict[str, Any]:
    """``viewer``'s view, equal to the game's ``view(state, viewer)`` (key order too)."""
    if viewer is None:
        return audience.public
    players = list(audience.public["players"])
    players[viewer] = audience.owners[viewer]
    return {**audience.public, **audience.own_keys[viewer], "players": players}
