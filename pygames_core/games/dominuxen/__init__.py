"""dominuxen."""

from pygames_core.games.dominuxen.rules import DOMINUXEN

RULES = DOMINUXEN
