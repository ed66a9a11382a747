"""The games in the collection, by id: every game, built in or not, is a Python entry point of the
group `pygames.games`, named by the game's id and pointing at its `Entry` (its rules and its bot).

The six built-in games are registered in this package's pyproject.toml exactly as a third-party game
registers itself in its own (docs/api.md, "Games as plugins"). Discovery reads the group's entry
points once and imports nothing; a game's module is imported the first time the game is asked for
(`list_games()` asks for every game), so a page that opens one saved game imports that game only. A
plugin that fails to import or to register is left out with its reason (`plugin_errors()`; asking
for it raises `BadPlugin`), and the other games play on. A plugin cannot take a built-in game's id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pygames_core.ai.bot import Bot
from pygames_core.engine.errors import BadPlugin, UnknownGame
from pygames_core.engine.howto import is_shipped, read_document
from pygames_core.engine.rules import Rules

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint  # imported when the games are first asked for

ENTRY_POINT_GROUP = "pygames.games"
BUILT_IN_DISTRIBUTION = "pygames_core"  # the distribution whose games are built in (its id can't be taken)


@dataclass(frozen=True)
class Entry:
    """A game as the collection plays it: its rules, and the bot that plays it and gives hints. A game's
    entry point (group `pygames.games`, named by `rules.game_id`) points at one of these."""

    rules: Rules[Any]
    bot: Bot[Any]
    # Where the game stands in list_games() among its package's games (entry points carry no order:
    # setuptools writes them sorted by name); ties go by id. The built-in games come first.
    order: int = 0


@dataclass
class _Catalog:
    """The games found: their entry points by id (built-in ones first, in their declared order), the
    entries loaded so far, and each plugin that cannot be played with its reason."""

    found: dict[str, EntryPoint]
    loaded: dict[str, Entry]
    errors: dict[str, str]


_catalog: _Catalog | None = None


def _distribution(entry_point: EntryPoint) -> str:
    dist = entry_point.dist
    return dist.name.replace("-", "_").lower() if dist is not None else "an unknown distribution"


def discover() -> None:
    """Read the `pygames.games` entry points again (after installing a game into a running Python;
    the first use of the catalog reads them anyway). Imports no game."""
    global _catalog
    from importlib.metadata import entry_points  # only when a game is first asked for

    points = list(entry_points(group=ENTRY_POINT_GROUP))
    built_in = [p for p in points if _distribution(p) == BUILT_IN_DISTRIBUTION]
    plugins = sorted((p for p in points if _distribution(p) != BUILT_IN_DISTRIBUTION), key=lambda p: p.name)
    catalog = _Catalog({}, {}, {})
    for point in [*built_in, *plugins]:
        if point.name in catalog.found:
            other = catalog.found[point.name]
            catalog.errors.setdefault(point.name, f"the game plugin {point.name!r} of {_distribution(point)} cannot "
                                      f"be registered: {_distribution(other)} already has a game with that id")
            continue
        catalog.found[point.name] = point
    _catalog = catalog


def _games() -> _Catalog:
    if _catalog is None:
        discover()
    assert _catalog is not None
    return _catalog


def _load(catalog: _Catalog, game_id: str) -> Entry:
    """The entry of a found game, imported on first use; BadPlugin (and the game left out) when it fails."""
    if game_id in catalog.loaded:
        return catalog.loaded[game_id]
    point = catalog.found[game_id]
    where = f"the game plugin {game_id!r} ({point.value}, from {_distribution(point)})"
    try:
        entry = point.load()
    except Exception as exc:  # anything a third party's import raises is that game's failure only
        problem = f"{where} failed to load: {type(exc).__name__}: {exc}"
    else:
        if not isinstance(entry, Entry):
            problem = f"{where} is a {type(entry).__name__}, not a pygames_core.games.Entry"
        elif entry.rules.game_id != game_id:
            problem = f"{where} holds the game {entry.rules.game_id!r}: its entry point must have the game's id"
        else:
            catalog.loaded[game_id] = entry
            return entry
    del catalog.found[game_id]
    catalog.errors[game_id] = problem
    raise BadPlugin(problem)


def _entries() -> list[Entry]:
    """Every game that loads, in the catalog's order (one that fails is left out and recorded)."""
    catalog = _games()
    entries = []
    for game_id in list(catalog.found):
        try:
            entries.append((_distribution(catalog.found[game_id]) != BUILT_IN_DISTRIBUTION, _load(catalog, game_id)))
        except BadPlugin:
            continue  # recorded in plugin_errors(); the other games go on
    return [entry for _, entry in sorted(entries, key=lambda pair: (pair[0], pair[1].order, pair[1].rules.game_id))]


def list_games() -> list[dict[str, Any]]:
    """Each game's `Rules.describe()`, plus (an extension) its how-to-play document's `pitch` and
    `length`: {"en", "ja"} texts, or None for a game whose document is not shipped."""
    return [{**entry.rules.describe(), **_summary(entry.rules.game_id)} for entry in _entries()]


def plugin_errors() -> list[dict[str, str]]:
    """An extension: each installed game that cannot be played, `{"game", "message"}` (the message
    names its package and why). Loads every game to find out, as `list_games()` does."""
    _entries()
    return [{"game": game_id, "message": message} for game_id, message in _games().errors.items()]


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
    """The game with this id; BadPlugin for a plugin that cannot be played, UnknownGame for any other
    value."""
    catalog = _games()
    if isinstance(game_id, str) and game_id in catalog.errors:
        raise BadPlugin(catalog.errors[game_id])
    if not isinstance(game_id, str) or game_id not in catalog.found:
        raise UnknownGame(f"no game {game_id!r}; the games are {', '.join(catalog.found)}")
    return _load(catalog, game_id)


def find_rules(game_id: str) -> Rules[Any]:
    return find_entry(game_id).rules
