"""apples."""

from pygames_core.games.apples.rules import APPLES

RULES = APPLES
