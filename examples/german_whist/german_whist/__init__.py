"""German Whist, a two-player trick-taking game in the public domain, as a pygames game plugin: its
rules are in README.md. The entry (`ENTRY`, which pyproject.toml registers in the entry point group
`pygames.games` under the game's id) holds its rules (rules.py) and its bot (bot.py)."""

from german_whist.bot import WhistBot
from german_whist.rules import GermanWhist
from pygames_core.games import Entry

RULES = GermanWhist()
BOT = WhistBot(RULES)
ENTRY = Entry(RULES, BOT)
