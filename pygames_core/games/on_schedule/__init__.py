"""On Schedule: the game's entry, its rules (`RULES`) and its bot (`BOT`). The rules as players read them
are docs/games/on_schedule.md."""

from pygames_core.games.on_schedule.rules import ON_SCHEDULE, ON_SCHEDULE_BOT

RULES = ON_SCHEDULE
BOT = ON_SCHEDULE_BOT
