"""Bots over the engine contract: levels, search, the process pool and the arena."""

from server.bots.base import Bot, action_key
from server.bots.levels import FALLBACK, LEVELS, make_bot

__all__ = ["FALLBACK", "LEVELS", "Bot", "action_key", "make_bot"]
