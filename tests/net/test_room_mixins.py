"""``Room`` is made of mixins (``BotSeats``, ``Seating``, ``Replaying``): whatever their order, no mixin
may hide a real method of another behind a stub, and what each says it borrows exists."""

from __future__ import annotations

import ast
import inspect
import itertools

from server.net.botseats import BotSeats
from server.net.replaying import Replaying
from server.net.room import Room
from server.net.seating import Seating

MIXINS = (BotSeats, Seating, Replaying)


def _own_names(cls: type) -> set[str]:
    return {name for name in vars(cls) if not (name.startswith("__") and name.endswith("__"))}


def _declared_for_the_type_checker(cls: type) -> set[str]:
    """Methods a mixin declares under ``if TYPE_CHECKING:`` (what it borrows from Room)."""
    tree = ast.parse(inspect.getsource(cls))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            names |= {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
    return names


def test_no_two_parts_of_room_define_the_same_name() -> None:
    """Then the base order cannot matter: nothing can shadow anything."""
    for a, b in itertools.combinations((Room, *MIXINS), 2):
        assert not _own_names(a) & _own_names(b), (a.__name__, b.__name__)


def test_the_rooms_methods_are_the_same_whatever_the_base_order() -> None:
    own = {name: vars(Room)[name] for name in _own_names(Room)}
    for order in itertools.permutations(MIXINS):
        flipped = type("Flipped", order, own)
        for name in set(own).union(*(_own_names(mixin) for mixin in MIXINS)):
            assert getattr(flipped, name) is getattr(Room, name), (order, name)


def test_what_each_mixin_borrows_is_defined_on_room() -> None:
    for mixin in MIXINS:
        borrowed = _declared_for_the_type_checker(mixin)
        assert borrowed, mixin.__name__
        for name in borrowed:
            assert name not in vars(mixin), (mixin.__name__, name)  # no stub at run time
            found = getattr(Room, name, None)  # a method, or a property (turn_based)
            assert callable(found) or isinstance(found, property), (mixin.__name__, name)
