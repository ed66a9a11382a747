"""The games in the collection, by id."""

from __future__ import annotations

from .apples import APPLES
from .arsene import ARSENE
from .chains import CHAINS
from .dominuxen import DOMINUXEN
from .errors import UnknownGame
from .game import Rules
from .on_schedule import ON_SCHEDULE
from .roller_derby import ROLLER_DERBY

_GAMES: dict[str, Rules] = {rules.game_id: rules for rules in (
    ARSENE, CHAINS, ON_SCHEDULE, DOMINUXEN, APPLES, ROLLER_DERBY)}


def list_games() -> list[dict]:
    return [rules.describe() for rules in _GAMES.values()]


def find_rules(game_id: str) -> Rules:
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(f"no game {game_id!r}; the games are {', '.join(_GAMES)}") from None
