"""Chains (solitaire and for several players): the game's entry, its rules (`RULES`) and its bot
(`BOT`). The rules as players read them
are docs/games/chains.md."""

from pygames_core.games.chains.rules import CHAINS, CHAINS_BOT

RULES = CHAINS
BOT = CHAINS_BOT
