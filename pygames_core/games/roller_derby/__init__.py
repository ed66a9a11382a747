"""Roller Derby: the game's entry, its rules (`RULES`) and its bot (`BOT`). The rules as players read them
are docs/games/roller_derby.md."""

from pygames_core.games.roller_derby.rules import ROLLER_DERBY, ROLLER_DERBY_BOT

RULES = ROLLER_DERBY
BOT = ROLLER_DERBY_BOT
