"""Roller Derby: four players in two partnerships try to take exactly the number of tricks their dice
rolled. The entry: its rules (`RULES`) and its bot (`BOT`); the rules as players read them are
docs/games/roller_derby.md.
"""

from pygames_core.games import Entry
from pygames_core.games.roller_derby.bot import BOT
from pygames_core.games.roller_derby.rules import ROLLER_DERBY as RULES

ENTRY = Entry(RULES, BOT, order=6)  # what its entry point (pyproject.toml, group pygames.games) names

__all__ = ["BOT", "ENTRY", "RULES"]
