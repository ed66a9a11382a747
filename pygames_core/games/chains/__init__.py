"""chains."""

from pygames_core.games.chains.rules import CHAINS

RULES = CHAINS
