"""roller_derby."""

from pygames_core.games.roller_derby.rules import ROLLER_DERBY

RULES = ROLLER_DERBY
