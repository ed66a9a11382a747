"""The games in the collection, by id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygames_core.ai.bot import Bot
from pygames_core.engine.errors import UnknownGame
from pygames_core.engine.howto import is_shipped, read_document
from pygames_core.engine.rules import Rules
from pygames_core.games import apples, arsene, chains, dominuxen, on_schedule, roller_derby


@dataclass(frozen=True)
class Entry:
    """A game as the collection plays it: its rules, and the bot that plays it and gives hints."""

    rules: Rules[Any]
    bot: Bot[Any]


_GAMES: dict[str, Entry] = {game.RULES.game_id: Entry(game.RULES, game.BOT) for game in (
    arsene, chains, on_schedule, dominuxen, apples, roller_derby)}


def list_games() -> list[dict[str, Any]]:
    """Each game's `Rules.describe()`, plus (an extension) its how-to-play document's `pitch` and
    `length`: {"en", "ja"} texts, or None for a game whose document is not shipped."""
    return [{**rules.describe(), **_summary(rules.game_id)} for rules in (entry.rules for entry in _GAMES.values())]


def _summary(game_id: str) -> dict[str, Any]:
    if not is_shipped(game_id):
        return {"pitch": None, "length": None}
    document = read_document(game_id)
    return {"pitch": document["pitch"], "length": document["length"]}


def how_to_play(game_id: str) -> dict[str, Any]:
    """How to play the game, for a newcomer: its how-to-play document (the format is in
    pygames_core/engine/howto.py), checked. Raises UnknownGame for an unknown id, BadHowToPlay when the game
    has no document or it is malformed."""
    return read_document(find_rules(game_id).game_id)


def find_entry(game_id: str) -> Entry:
    """The game with this id; UnknownGame for any other value."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(f"no game {game_id!r}; the games are {', '.join(_GAMES)}") from None


def find_rules(game_id: str) -> Rules[Any]:
    return find_entry(game_id).rules
