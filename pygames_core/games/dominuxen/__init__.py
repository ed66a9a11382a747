"""Dominuxen: the game's entry, its rules (`RULES`) and its bot (`BOT`). The rules as players read them
are docs/games/dominuxen.md."""

from pygames_core.games.dominuxen.rules import DOMINUXEN, DOMINUXEN_BOT

RULES = DOMINUXEN
BOT = DOMINUXEN_BOT
