"""A game's one record: everything the code around the rules needs to know about it.

A game package declares itself once, in its ``record.py``, by calling
``server.games.registry.register(GameRecord(...))``; the server, the bots, the soak
command, the docs tool, the contract suite and the client's board lookup read that
record and never name a game. What a record points at is given as "module:attribute"
text, imported on first use, so registering (and listing) a game loads none of its
rules, bots or test facts (docs/extending.md, "A game").
"""

from __future__ import annotations

import copy
import importlib
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Data = dict[str, Any]


def load_ref(ref: str) -> Any:
    """The object a "module:attribute" reference names (the module alone without ":")."""
    module, _, attr = ref.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attr) if attr else loaded


@dataclass(frozen=True)
class Facts:
    """What the contract suite (tests/engine/test_contract.py, test_properties.py)
    must know about a game's saved state (``to_data``) to check it: never how it plays."""

    option_sets: list[dict[str, Any]]  # the first two are played in every contract test
    totals: Callable[[Data], dict[str, int]]  # component -> count that never changes
    hide: Callable[[Data, int | None], list[Data]]  # same view for that viewer, other truth
    impossible: Callable[[Data], list[tuple[str, Data]]]  # states that loading must refuse
    # the totals from the component tables, independent of the setup code (None: unchecked)
    expected_totals: Callable[[int, dict[str, Any]], dict[str, int]] | None = None
    random_games: int = 200  # random games per (players, option set) in test_properties
    secret: str = "vp_chips"  # a field of a view's players that only its seat sees at the start


@dataclass(frozen=True)
class Bots:
    """The game's own bot knowledge (server/bots/); a game without any still gets every
    level: a generic heuristic and the generic search (docs/bots.md)."""

    heuristic: str | None = None  # "module:Class" of its Heuristic (easy; rollouts)
    search: str | None = None  # "module:make_search(level, seed, budget, cap) -> Bot"
    search_levels: tuple[str, ...] = ()  # the levels its own search plays
    styles: Mapping[str, str] = field(default_factory=dict)  # league style -> "module:lean"


@dataclass(frozen=True)
class Docs:
    """Its docs: the save format's doc, whose example state ``server.tools.state_docs``
    writes from a fresh game of ``players`` seats and ``seed``."""

    state: str  # relative to the repository, e.g. docs/puerto-rico-state.md
    view: str
    players: int = 2
    seed: int = 1


@dataclass(frozen=True)
class GameRecord:
    """One game as the registry knows it (``name`` is its registry key, as in views)."""

    name: str
    rules: str | Callable[[], Any]  # "module:Class" of its ``Game`` (or a factory)
    facts: str | None  # "module:FACTS" (a ``Facts``); None only for a test double
    bots: Bots = Bots()
    conservation: str | None = None  # the soak's per-action check: "module" with violations()
    docs: Docs | None = None
    board: bool = True  # the client draws it (the package prtui.games.<name with _>)
    listed: bool = True  # offered to players: new-game screen, lobby catalog, rooms

    def make(self) -> Any:
        """A fresh ``Game`` of this record."""
        rules = self.rules
        return load_ref(rules)() if isinstance(rules, str) else rules()

    def load_facts(self) -> Facts:
        if self.facts is None:
            raise LookupError(f"{self.name} registered no facts for the contract suite")
        facts = load_ref(self.facts)
        if not isinstance(facts, Facts):
            raise TypeError(f"{self.facts} is not a Facts record")
        return facts


# -- helpers the games' facts share ---------------------------------------------


def changed(data: Data, **fields: Any) -> Data:
    """A deep copy of ``data`` with ``fields`` replaced."""
    out = copy.deepcopy(data)
    out.update(fields)
    return out


def transfers(chips: list[int], viewer: int | None, k: int) -> list[list[int]]:
    """Chips moved between two seats other than the viewer: totals stay true, so only
    who holds what changes, which nobody but the holder may know."""
    others = [s for s in range(len(chips)) if s != viewer]
    out = []
    for a, b in itertools.pairwise(others):
        moved = min(k, chips[a])
        new = list(chips)
        new[a] -= moved
        new[b] += moved
        if moved:
            out.append(new)
        back = list(chips)
        back[a] += min(k, chips[b])
        back[b] -= min(k, chips[b])
        if back != chips:
            out.append(back)
    return out
