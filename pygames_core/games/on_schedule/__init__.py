"""On Schedule: a partnership trick-taker for four whose trumps are voted and laid out in a schedule, with
an optional doubling cube. Its rules as players read them, and the project's decisions: docs/games/on_schedule.md.

The entry: its rules (`RULES`, rules.py) and its bot (`BOT`, bot.py); the state is in state.py, explicit
set-ups in setup.py, what each seat sees (and the bots' sampled states) in knowledge.py."""

from pygames_core.games import Entry
from pygames_core.games.on_schedule.bot import OnScheduleBot
from pygames_core.games.on_schedule.rules import ON_SCHEDULE

RULES = ON_SCHEDULE
BOT = OnScheduleBot(RULES)
ENTRY = Entry(RULES, BOT, order=3)  # what its entry point (pyproject.toml, group pygames.games) names
