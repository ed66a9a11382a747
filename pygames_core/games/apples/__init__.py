"""Apples: the game's entry, its rules (`RULES`) and its bot (`BOT`). The rules as players read them
are docs/games/apples.md."""

from pygames_core.games.apples.rules import APPLES, APPLES_BOT

RULES = APPLES
BOT = APPLES_BOT
