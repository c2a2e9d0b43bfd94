"""The stones game's one record. A test game: not ``listed`` (no new-game screen, no
lobby catalog) and no client board; the contract suite finds it here (tests/games/*/)."""

from server.engine.record import GameRecord
from server.games.registry import register

RECORD = register(GameRecord(
    name="stones",
    rules="tests.games.stones.game:Stones",
    facts="tests.games.stones.facts:FACTS",
    board=False,
    listed=False,
))
