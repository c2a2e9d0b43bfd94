"""A toy expansion outside the box, kept in its own folder (docs/extending.md).

Everything it adds is declared from here: its building row, names, move type,
interrupt kind, labels and view part (well.py, names.toml). What turns it on is one row
of the expansions table, ``ROW`` below: a game of the box would write it in
server/games/puerto_rico/core/expansions.py; the test adds it at run time with
``expansions.add(ROW)`` (tests/games/puerto_rico/test_toy_expansion.py).
"""

from __future__ import annotations

from server.games.puerto_rico.core.expansions import Expansion

NAME = "toy"
ROW = Expansion(NAME, "Toy: The Wishing Well", "a well that grants wishes",
                ("well",), (), package=__name__)
