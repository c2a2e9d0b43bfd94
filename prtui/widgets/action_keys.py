"""Which key each of my legal actions has, kept for the whole decision (issue 16, 22).

The recurring choices of a turn have letters of their own, read from the action's
``kind`` as the server sends it (never from its words): ``y`` confirms, ``u`` undoes the
last step, ``n`` declines ("leave it", "take nothing"). Every other action has a number
(1..9 then 0; past ten, the letters d i p s w x z, then A-Z) that stays its own while the decision lasts: an action that leaves the
list (a full place of the mayor's) keeps its number, shown disabled, and a new action
takes a number never used in it; only past the 43 keys is a freed one given again.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from prtui.widgets.context import CHOICE_KEYS, KIND_SLOTS, SHOWN_ONLY

KEYS = len(CHOICE_KEYS)  # 1..9, 0, then letters (prtui/widgets/context.py, action_key)
_KIND_BY_TYPE = {"undo": "undo", "mayor_lift": "undo", "mayor_done": "confirm", "pass": "decline"}
"""A server that sends no ``kind`` (older than issue 22): the kind its types meant."""
TAKE_BACKS = frozenset(("undo", "take_back"))


def kind_of(action: Mapping[str, Any]) -> str | None:
    """``confirm``, ``undo``, ``take_back``, ``decline`` or None (a choice of its own)."""
    kind = action.get("kind")
    if isinstance(kind, str):
        return kind
    kind = _KIND_BY_TYPE.get(str(action.get("type")))
    return "take_back" if kind == "undo" and "where" in action else kind


def takes_back(action: Mapping[str, Any]) -> bool:
    """Whether choosing it undoes work of this decision (never the first choice)."""
    return kind_of(action) in TAKE_BACKS


def declines(action: Mapping[str, Any]) -> bool:
    """Whether it leaves what is offered (never the first choice either)."""
    return kind_of(action) == "decline"


def identity(action: Mapping[str, Any], shown_only: frozenset[str] = SHOWN_ONLY) -> Hashable:
    """What an action is within one decision, kept while the list around it changes:
    its fields but those only shown (the server's list: ``shown_only``). A position (``index``) is not what is there (the engine
    lists the first empty plantation of each kind: placing one moves that to the next),
    so an indexed action is known by its label, which names the thing."""
    fields = tuple(sorted((str(k), repr(v)) for k, v in action.items()
                          if k not in shown_only and k != "index"))
    return (*fields, ("label", str(action.get("label")))) if "index" in action else fields


def decision_of(view: Mapping[str, Any], seat: int | None) -> Hashable:
    """Which decision a view asks of ``seat``: same seat, round, phase and step (and the
    game's own open decision, if it names one)."""
    phase = view.get("phase")
    phase = phase if isinstance(phase, Mapping) else {}
    open_one = view.get("decision")
    step = open_one.get("step") if isinstance(open_one, Mapping) else None
    return (seat, repr(view.get("round")), repr(phase.get("step")), repr(phase.get("role")),
            repr(phase.get("turn")), repr(step))


class ActionKeys:
    """Slots by action identity for the decision going on (the n-th slot is key
    ``action_key(n)``; the kinds' letters are ``KIND_SLOTS``). A new decision (another
    step, or nothing in common with the last list) starts again."""

    def __init__(self, shown_only: frozenset[str] = SHOWN_ONLY) -> None:
        self.shown_only = shown_only  # an action's fields only shown, as the server lists them
        self._decision: Hashable = None
        self._slots: dict[Hashable, int] = {}
        self._shown: set[Hashable] = set()  # the identities of the last list
        self._actions: dict[Hashable, dict[str, Any]] = {}  # numbered ones, as last listed
        self._taken: set[int] = set()  # the numbers of the last list
        self._next = 0

    def slots(self, decision: Hashable, legal: list[dict[str, Any]],
              order: list[int] | None = None) -> list[int]:
        """The slot of each action of ``legal`` (same order); asking again with the same
        list gives the same slots. New numbers go in ``order`` (indices into ``legal``,
        the order the game shows its things in: San Juan's hand), else the list's."""
        if not legal:
            self._decision, self._slots, self._shown, self._next = None, {}, set(), 0
            self._actions, self._taken = {}, set()
            return []
        seen: dict[Hashable, int] = {}
        ids = []  # the n-th action of one identity (two alike would share a key otherwise)
        for action in legal:
            one = identity(action, self.shown_only)
            seen[one] = seen.get(one, -1) + 1
            ids.append((one, seen[one]))
        if decision != self._decision or not any(i in self._slots or i in self._shown for i in ids):
            self._decision, self._slots, self._next, self._actions = decision, {}, 0, {}
        out: dict[int, int] = {}
        for n, action in enumerate(legal):  # the first of each kind has its letter
            slot = KIND_SLOTS.get(kind_of(action) or "")
            if slot is not None and slot not in out.values():
                out[n] = slot
        numbered = [n for n in range(len(legal)) if n not in out]
        taken: set[int] = set()
        new, keyless = [], []
        shown = self._shown  # what the player sees now keeps its key first
        rank = {n: r for r, n in enumerate(order)} if order is not None else {}
        for n in sorted(numbered, key=lambda n: (ids[n] not in shown, takes_back(legal[n]),
                                                 rank.get(n, len(legal) + n))):
            slot = self._slots.get(ids[n])
            if slot is None or slot in taken or slot >= KIND_SLOTS["confirm"]:
                new.append(n)  # new (or back, its key given away since)
            elif slot >= KEYS:  # listed past the ten keys: a key as soon as one is free
                keyless.append(n)
            else:
                taken.add(slot)
        for n in keyless:  # (a take-back never takes a choice's number: see _free_slot)
            freed = None if takes_back(legal[n]) else next(
                (k for k in range(KEYS) if k not in taken), None)
            if freed is not None:
                self._slots[ids[n]] = freed
            taken.add(self._slots[ids[n]])
        for n in new:
            self._slots[ids[n]] = slot = self._free_slot()
            taken.add(slot)
        for n in numbered:
            out[n] = self._slots[ids[n]]
            self._actions[ids[n]] = legal[n]
        self._shown, self._taken = set(ids), taken
        return [out[n] for n in range(len(legal))]

    def gone(self) -> list[tuple[int, dict[str, Any]]]:
        """The numbered actions of this decision no longer listed whose number no other
        action took (a full place): (slot, the action as last listed), to show disabled.
        A take-back that left is not among them: those come and go as placing goes on."""
        left = {slot: self._actions[one] for one, slot in self._slots.items()
                if one not in self._shown and one in self._actions and slot < KEYS
                and slot not in self._taken and not takes_back(self._actions[one])}
        return sorted(left.items(), key=lambda item: item[0])

    def _free_slot(self) -> int:
        """A number never used in this decision while one of the ten is; past them, a
        new action goes keyless (arrows, Enter, a click) rather than take a number that
        meant something else in this turn (a full place, a send-back). Only an action
        listed keyless before takes a number that left (``slots``: a long Black Market
        list, then the few left: better a key than none)."""
        self._next += 1
        return self._next - 1


def row_order(entries: list[dict[str, Any]], slots: list[int]) -> list[int]:
    """The rows of a list (indices into ``entries``, whose slots are ``slots``): the
    choices by number, the confirm, the undo, the take-backs by number, and the decline
    last."""
    def order(n: int) -> tuple[int, int]:
        slot = slots[n]
        if slot == KIND_SLOTS["decline"]:
            return (3, slot)
        if takes_back(entries[n]) and slot < KIND_SLOTS["confirm"]:
            return (2, slot)
        return (1 if slot >= KIND_SLOTS["confirm"] else 0, slot)
    return sorted(range(len(entries)), key=order)


def first_row(entries: list[dict[str, Any]], rows: list[int], legal: int,
              previous: Mapping[str, Any] | None,
              shown_only: frozenset[str] = SHOWN_ONLY) -> int:
    """The row to highlight (``entries[:legal]`` are offered, the rest shown disabled):
    the action highlighted before if it is still there, else the confirm if one is
    offered, else the first that neither takes back nor declines; the first offered only
    if nothing else is."""
    offered = [(row, entries[n]) for row, n in enumerate(rows) if n < legal]
    if previous is not None:
        was = identity(previous, shown_only)
        for row, action in offered:
            if identity(action, shown_only) == was and not takes_back(action) and not declines(action):
                return row
    for row, action in offered:
        if kind_of(action) == "confirm":
            return row
    return next((row for row, action in offered if not takes_back(action) and not declines(action)),
                offered[0][0] if offered else 0)
