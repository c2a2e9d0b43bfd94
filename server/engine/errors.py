"""Typed errors of the engine contract: every refusal says why, and changes nothing."""

from __future__ import annotations

from server.errors import PrtuiError
from server.i18n import N_
from server.says import Said


class EngineError(PrtuiError):
    """Base class: carries a stable machine code and a human message (``message`` in
    English; ``said`` as the server says it to each reader, server/says.py)."""

    code = "engine_error"

    def __init__(self, message: Said, code: str | None = None) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.said = message
        if code is not None:
            self.code = code

    def to_data(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class IllegalAction(EngineError):
    """The action is not legal for that seat now (wrong seat, wrong phase, bad parameters)."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class InvalidOptions(EngineError):
    """Options that cannot make a game (7 players, unknown edition, ...)."""

    code = "invalid_options"


class CorruptState(EngineError):
    """Serialized state that fails validation on load."""

    code = "corrupt_state"


class UnknownGame(EngineError):
    code = "unknown_game"


UNKNOWN_GAME = N_("unknown game {game} (known: {known})")
"""The refusal of a game name nobody registered (server/games/registry.py says it: the
games package's own texts are the games' domains, this one is the server's)."""
