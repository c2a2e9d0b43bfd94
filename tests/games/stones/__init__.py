"""Stones: the smallest whole game, a test game that shows what adding a game takes
(docs/extending.md, "A game"). Its record (record.py) is its one registration."""
