"""A second toy expansion outside the box (issue 35 item 1): a building whose question
has a parameter, with its own help, step headline and state field, all from this
folder (docs/extending.md, "A building with a question").

Its row, ``ROW``, declares the state field (``StateField``); the texts come from
texts.toml and the words from names.toml beside it; the rules, the view part and the
bots' value from changer.py. A game of the box would write ``ROW`` in
server/games/puerto_rico/core/expansions.py; the test adds it with ``expansions.add``.
"""

from __future__ import annotations

from server.games.puerto_rico.core.expansions import Expansion
from server.games.puerto_rico.core.state import StateField

NAME = "exchange"
SWAPS = "exchange_swaps"  # the state field: barrels each seat swapped this game
ROW = Expansion(NAME, "Toy: The Money Changer", "swap a barrel for a doubloon",
                ("changer",), (StateField(SWAPS, "l", 0),), package=__name__)
