"""The games in the collection, by id."""

from __future__ import annotations

from pygames_core.engine.errors import UnknownGame
from pygames_core.engine.game import Rules
from pygames_core.engine.howto import is_shipped, read_document
from pygames_core.games.apples.rules import APPLES
from pygames_core.games.arsene.rules import ARSENE
from pygames_core.games.chains.rules import CHAINS
from pygames_core.games.dominuxen.rules import DOMINUXEN
from pygames_core.games.on_schedule.rules import ON_SCHEDULE
from pygames_core.games.roller_derby.rules import ROLLER_DERBY

_GAMES: dict[str, Rules] = {rules.game_id: rules for rules in (
    ARSENE, CHAINS, ON_SCHEDULE, DOMINUXEN, APPLES, ROLLER_DERBY)}


def list_games() -> list[dict]:
    """Each game's `Rules.describe()`, plus (an extension) its how-to-play document's `pitch` and
    `length`: {"en", "ja"} texts, or None for a game whose document is not shipped."""
    return [{**rules.describe(), **_summary(rules.game_id)} for rules in _GAMES.values()]


def _summary(game_id: str) -> dict:
    if not is_shipped(game_id):
        return {"pitch": None, "length": None}
    document = read_document(game_id)
    return {"pitch": document["pitch"], "length": document["length"]}


def how_to_play(game_id: str) -> dict:
    """How to play the game, for a newcomer: its how-to-play document (the format is in
    pygames_core/howto.py), checked. Raises UnknownGame for an unknown id, BadHowToPlay when the game
    has no document or it is malformed."""
    return read_document(find_rules(game_id).game_id)


def find_rules(game_id: str) -> Rules:
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(f"no game {game_id!r}; the games are {', '.join(_GAMES)}") from None
