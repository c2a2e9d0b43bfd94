"""``Renderer`` (the engine's fast path for texts said again and again) renders every
template exactly as ``render`` does, marks, escapes, names that look like marks and
text that only looks like a mark included."""

from __future__ import annotations

import random

from server.games.puerto_rico.core.text import words
from server.wording import Renderer, render

NAMES = ("ana", "{w:mayor}", "b}}o{{b", "{p:0}")
CASES = [
    "",
    "plain",
    "{p:2} has {n:colonist:3} {w:on_island}",
    "{{x}} {w:mayor}",
    "{w:mayor",
    "a {b} c",
    "{x:y}",
    "{p:7}",
    "{n:doubloon:1} {n:doubloon:0}",
    "{W:hospice}: {a:indigo} {A:x}",
    "}{",
    "{w:mayor}}",
    "{p:1}{p:2}{p:3}",
    "{n:doubloon}",
    "{w:Mayor}",
]


def test_renderer_is_render() -> None:
    rnd = random.Random(7)
    alphabet = "{}wWanp:01_xmayorcolnist "
    cases = CASES + [
        "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(14))) for _ in range(5000)
    ]
    for edition in ("classic", "1897"):
        table = words(edition)
        fast = Renderer(table, NAMES)
        for case in cases:
            want = render(case, table, NAMES)
            assert fast(case) == want, case
            assert fast(case) == want, case  # again, from its kept marks
    assert Renderer(words("1897"), NAMES)("{p:1} is {w:mayor}") == "{w:mayor} is Recruiter"
