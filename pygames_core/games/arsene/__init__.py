"""Arsène: four thieves play a no-bid trick-taker whose trick counts name the jewel store each robs,
with the police waiting at an empty one. Its rules as players read them, and the project's decisions:
docs/games/arsene.md.

The entry: its rules (`RULES`, rules.py) and its bot (`BOT`, bot.py); the state is in state.py, explicit
set-ups in setup.py, what each seat sees (and the bots' sampled states) in knowledge.py."""

from pygames_core.games import Entry
from pygames_core.games.arsene.bot import ArseneBot
from pygames_core.games.arsene.rules import ARSENE

RULES = ARSENE
BOT = ArseneBot(RULES)
ENTRY = Entry(RULES, BOT, order=1)  # what its entry point (pyproject.toml, group pygames.games) names
