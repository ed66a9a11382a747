"""on_schedule."""

from pygames_core.games.on_schedule.rules import ON_SCHEDULE

RULES = ON_SCHEDULE
