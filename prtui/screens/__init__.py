"""Screens of the client: new game, lobby, room, game, game over, help."""
