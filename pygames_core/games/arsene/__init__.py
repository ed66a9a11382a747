"""arsene."""

from pygames_core.games.arsene.rules import ARSENE

RULES = ARSENE
