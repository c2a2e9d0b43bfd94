"""Imported by bot pool workers (``BotPool(plugins=...)``) so they know the toy game."""

from tests.net import toygame

toygame.register()
