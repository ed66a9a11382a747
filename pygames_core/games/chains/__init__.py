"""Chains (solitaire and for several players): build runs down from 10 on a work pile and close each
with an end card one lower. The rules as players read them are docs/games/chains.md.

The entry: its rules (`RULES`, rules.py) and its bots (`BOT`, bot.py)."""

from pygames_core.games.chains.bot import BOT
from pygames_core.games.chains.rules import CHAINS

RULES = CHAINS

__all__ = ["BOT", "RULES"]
