"""Dominuxen: Abluxxen played with a double-12 domino set, for 3 to 5 players: play sets of one
number and snatch the others' topmost sets. The rules as players read them are docs/games/dominuxen.md.

The entry: its rules (`RULES`, rules.py) and its bots (`BOT`, bot.py)."""

from pygames_core.games import Entry
from pygames_core.games.dominuxen.bot import BOT
from pygames_core.games.dominuxen.rules import DOMINUXEN

RULES = DOMINUXEN

ENTRY = Entry(RULES, BOT, order=4)  # what its entry point (pyproject.toml, group pygames.games) names

__all__ = ["BOT", "ENTRY", "RULES"]
