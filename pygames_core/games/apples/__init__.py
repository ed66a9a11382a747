"""Apples: four players bid for trump, exchange through a pile, set a secret target card aside and
collect sets of ranks in tricks. The entry: its rules (`RULES`) and its bot (`BOT`); the rules as
players read them are docs/games/apples.md.
"""

from pygames_core.games import Entry
from pygames_core.games.apples.bot import BOT
from pygames_core.games.apples.rules import APPLES as RULES

ENTRY = Entry(RULES, BOT, order=5)  # what its entry point (pyproject.toml, group pygames.games) names

__all__ = ["BOT", "ENTRY", "RULES"]
