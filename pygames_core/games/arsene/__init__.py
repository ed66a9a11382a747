"""Arsène: the game's entry, its rules (`RULES`) and its bot (`BOT`). The rules as players read them
are docs/games/arsene.md."""

from pygames_core.games.arsene.rules import ARSENE, ARSENE_BOT

RULES = ARSENE
BOT = ARSENE_BOT
