"""Chains (solitaire and for several players): build runs down from 10 on a work pile and close each
with an end card one lower. The rules as players read them are docs/games/chains.md.

The entry: its rules (`RULES`, rules.py) and its bots (`BOT`, bot.py)."""

from pygames_core.games import Entry
from pygames_core.games.chains.bot import BOT
from pygames_core.games.chains.rules import CHAINS

RULES = CHAINS

ENTRY = Entry(RULES, BOT, order=2)  # what its entry point (pyproject.toml, group pygames.games) names

__all__ = ["BOT", "ENTRY", "RULES"]
