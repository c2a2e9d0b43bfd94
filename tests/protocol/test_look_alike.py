"""Which names count as one (server/protocol/names.py, server/protocol/confusables.py)."""

from __future__ import annotations

import pytest

from server.protocol.confusables import skeleton
from server.protocol.names import BadName, clean_name, look_alike_key, name_key

ONE_NAME = [
    ("Ana", "ana"),
    ("Ana", "\u0410na"),  # Cyrillic capital A
    ("Ana", "\u0391na"),  # Greek capital alpha
    ("Ana", "\uff21\uff4e\uff41"),  # fullwidth
    ("Ana", "\U0001d400na"),  # mathematical bold A
    ("AI", "al"),  # capital i and small L
    ("Bob0", "BobO"),
    ("Sam", "Sarn"),  # m and rn
    ("ana de souza", "ana  de\u00a0souza"),
]
TWO_NAMES = [("Ana", "Ána"), ("Ana", "Anna"), ("Bea", "Bob"), ("李", "季")]


@pytest.mark.parametrize(("a", "b"), ONE_NAME)
def test_look_alikes_are_one_name(a: str, b: str) -> None:
    assert look_alike_key(a) == look_alike_key(b)


@pytest.mark.parametrize(("a", "b"), TWO_NAMES)
def test_different_names_stay_different(a: str, b: str) -> None:
    assert look_alike_key(a) != look_alike_key(b)


def test_the_skeleton_is_stable() -> None:
    for a, _ in ONE_NAME:
        assert skeleton(skeleton(a)) == skeleton(a)
    assert name_key("ANA") == name_key("ana") != name_key("\u0410na")  # spelling only


@pytest.mark.parametrize(
    "name", ["\U0001d159", "\u303f", "Ana\u303f", "An\ufe0fa", "A\u034fna", "\u180bAna", "Ana\U0001bca0"]
)
def test_blank_and_default_ignorable_characters_are_refused(name: str) -> None:
    with pytest.raises(BadName):
        clean_name(name)
