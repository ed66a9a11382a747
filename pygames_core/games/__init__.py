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

import importlib
import os
import re
import sys
from dataclasses import dataclass
from typing import Any

from pygames_core.ai.bot import AnyBot
from pygames_core.ai.levels import game_levels, offered_levels
from pygames_core.engine.errors import BadPlugin, UnknownGame
from pygames_core.engine.howto import BUILT_IN_PACKAGE, BadHowToPlay, is_shipped, read_document
from pygames_core.engine.rules import AnyRules

ENTRY_POINT_GROUP = "pygames.games"
BUILT_IN_DISTRIBUTION = "pygames_core"  # the distribution whose games are built in (its id can't be taken)


@dataclass(frozen=True)
class Entry:
    """A game as the collection plays it: its rules, and the bot that plays it and gives hints. A game's
    entry point (group `pygames.games`, named by `rules.game_id`) points at one of these."""

    rules: AnyRules
    bot: AnyBot
    # Where the game stands in list_games() among its package's games (entry points carry no order:
    # setuptools writes them sorted by name); ties go by id. The built-in games come first.
    order: int = 0


@dataclass(frozen=True)
class _Point:
    """One entry point of the group: the game's id, `module:attribute` and the distribution declaring it."""

    name: str
    value: str
    distribution: str

    @property
    def module(self) -> str:
        """The module part of `module:attribute`."""
        return self.value.partition(":")[0].strip()

    def load(self) -> Any:
        attribute = self.value.partition(":")[2].strip()
        target: Any = importlib.import_module(self.module)
        for part in attribute.split(".") if attribute else []:
            target = getattr(target, part)
        return target


@dataclass
class _Catalog:
    """The games found: their entry points by id (built-in ones first), the entries loaded so far,
    and each plugin that cannot be played with its reason."""

    found: dict[str, _Point]
    loaded: dict[str, Entry]
    errors: dict[str, str]
    # each one's reason as a kind and the names it needs, for a page to say in its reader's language
    reasons: dict[str, dict[str, str]]


_catalog: _Catalog | None = None


def _normalized(distribution: str) -> str:
    return re.sub(r"[-_.]+", "_", distribution).lower()


def _entry_points() -> list[_Point]:
    """The group's entry points of every distribution installed on sys.path, read from its
    `*.dist-info/entry_points.txt`, else (a distribution with no dist-info anywhere on the path) its
    `*.egg-info/`; the first on the path of a distribution's name wins, as in importlib.metadata. An
    egg-info comes last because a build leaves one in a source checkout, where it may be older than the
    project's pyproject.toml (and the checkout is on the path when Python runs from it). Read directly
    rather than through importlib.metadata, whose import (email, csv, zipfile, socket, ...: some 35
    modules) would cost every start of the page, and whose modules the page's trimmed standard library
    leaves out."""
    found: dict[str, dict[str, str]] = {"dist-info": {}, "egg-info": {}}  # distribution -> its folder
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue  # a zip file or a folder that is gone holds no installed distribution here
        for name in names:
            stem, dot, kind = name.rpartition(".")
            if dot and kind in found:
                found[kind].setdefault(_normalized(stem.split("-")[0]), os.path.join(folder or ".", name))
    chosen = {**found["egg-info"], **found["dist-info"]}
    points: list[_Point] = []
    for distribution, info in chosen.items():
        try:
            with open(os.path.join(info, "entry_points.txt"), encoding="utf-8") as file:
                text = file.read()
        except OSError:
            continue  # a distribution without entry points
        points += [_Point(game, value, distribution) for game, value in _group(text)]
    return points


def _group(text: str) -> list[tuple[str, str]]:
    """The `name = value` lines of the pygames.games section of an entry_points.txt (an INI file)."""
    pairs = []
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == ENTRY_POINT_GROUP and "=" in line:
            name, _, value = line.partition("=")
            pairs.append((name.strip(), value.strip()))
    return pairs


def discover() -> None:
    """Read the `pygames.games` entry points again (after installing a game into a running Python;
    the first use of the catalog reads them anyway). Imports no game."""
    global _catalog
    points = _entry_points()
    built_in = [p for p in points if p.distribution == BUILT_IN_DISTRIBUTION]
    plugins = sorted((p for p in points if p.distribution != BUILT_IN_DISTRIBUTION), key=lambda p: p.name)
    catalog = _Catalog({}, {}, {}, {})
    for point in [*built_in, *plugins]:
        if point.name in catalog.found:
            other = catalog.found[point.name]
            catalog.errors.setdefault(point.name, f"the game plugin {point.name!r} of {point.distribution} cannot "
                                      f"be registered: {other.distribution} already has a game with that id")
            catalog.reasons.setdefault(point.name, {"kind": "taken"})
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
    where = f"the game plugin {game_id!r} ({point.value}, from {point.distribution})"
    reason: dict[str, str] = {"kind": "bad_entry"}
    try:
        entry = point.load()
    except Exception as exc:  # anything a third party's import raises is that game's failure only
        problem = f"{where} failed to load: {type(exc).__name__}: {exc}"
        reason = ({"kind": "missing_module", "module": exc.name} if isinstance(exc, ModuleNotFoundError) and exc.name
                  else {"kind": "raised", "error": f"{type(exc).__name__}: {exc}"})
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
    catalog.reasons[game_id] = reason
    raise BadPlugin(problem)


def _entries(*, plugins: bool = True) -> list[Entry]:
    """Every game that loads, in the catalog's order (one that fails is left out and recorded); without
    `plugins`, the built-in games only, no plugin imported."""
    catalog = _games()
    entries = []
    for game_id in list(catalog.found):
        if not plugins and catalog.found[game_id].distribution != BUILT_IN_DISTRIBUTION:
            continue
        try:
            entries.append((catalog.found[game_id].distribution != BUILT_IN_DISTRIBUTION, _load(catalog, game_id)))
        except BadPlugin:
            continue  # recorded in plugin_errors(); the other games go on
    return [entry for _, entry in sorted(entries, key=lambda pair: (pair[0], pair[1].order, pair[1].rules.game_id))]


def list_games(*, plugins: bool = True) -> list[dict[str, Any]]:
    """Each game's `Rules.describe()`, plus (extensions) its how-to-play document's `pitch` and
    `length`: {"en", "ja"} texts, or None for a game whose document is not shipped, and `levels`: the
    names of the bot levels it offers at each number of players (a key a number's digits, as JSON has
    them: {"1": ["easy", "normal", "hard"], ...}; ai/levels.py offered_levels), and, where the game's bot
    sets its hard level a budget of its own, `level_budgets`: the default time budget of a move, in ms, of
    each level that searches, as this game plays it ({"hard": 250, "expert": 3000}: ai/levels.py
    game_levels). With `plugins=False`
    (an extension), the built-in games only, and no plugin's code is imported: what build.py lists from
    its own Python, whatever else is installed there."""
    return [{**entry.rules.describe(), **_summary(entry.rules.game_id), "levels": _levels(entry), **_budgets(entry)}
            for entry in _entries(plugins=plugins)]


def plugin_errors() -> list[dict[str, Any]]:
    """An extension: each installed game that cannot be played, `{"game", "message", "reason"}` (the
    message names its package and why; the reason is why as its `kind`, "missing_module" with the
    `module`, "raised" with the `error`, "bad_entry" or "taken", for a page to say in its reader's
    language). Loads every game to find out, as `list_games()` does."""
    _entries()
    catalog = _games()
    return [{"game": game_id, "message": message, "reason": catalog.reasons[game_id]}
            for game_id, message in catalog.errors.items()]


def _package(game_id: str) -> str:
    """The top-level package of a found game's entry point: where its how-to-play document lives
    (pygames_core/engine/howto.py)."""
    return _games().found[game_id].module.split(".")[0]


def _levels(entry: Entry) -> dict[str, list[str]]:
    rules = entry.rules
    return {str(players): [level.name for level in offered_levels(entry.bot, players)]
            for players in range(rules.min_players, rules.max_players + 1)}


def _budgets(entry: Entry) -> dict[str, Any]:
    """`level_budgets` where the game's bot sets a hard budget of its own (Bot.hard_budget_ms); nothing
    for a game that does not, which is described as before."""
    if entry.bot.hard_budget_ms is None:
        return {}
    return {"level_budgets": {level.name: level.budget_ms for level in game_levels(entry.bot) if level.searches}}


def _summary(game_id: str) -> dict[str, Any]:
    package = _package(game_id)
    if not is_shipped(game_id, package):
        return {"pitch": None, "length": None}
    try:
        document = read_document(game_id, package)
    except BadHowToPlay:
        if package == BUILT_IN_PACKAGE:
            raise  # the project's own: the tests and the build stop on it
        # a plugin's: the game plays on, listed without one; asking for it says what is wrong, and the
        # plugin's contract tests (pygames_core.testing) fail on it
        return {"pitch": None, "length": None}
    return {"pitch": document["pitch"], "length": document["length"]}


def how_to_play(game_id: str) -> dict[str, Any]:
    """How to play the game, for a newcomer: its how-to-play document (the format, and where a plugin
    ships its own, are in pygames_core/engine/howto.py), checked. Raises UnknownGame for an unknown id,
    BadPlugin for a plugin that cannot be played, BadHowToPlay when the game has no document or it is
    malformed."""
    game_id = find_rules(game_id).game_id
    return read_document(game_id, _package(game_id))


def find_entry(game_id: str) -> Entry:
    """The game with this id; BadPlugin for a plugin that cannot be played, UnknownGame for any other
    value."""
    catalog = _games()
    if isinstance(game_id, str) and game_id in catalog.found:
        return _load(catalog, game_id)
    if isinstance(game_id, str) and game_id in catalog.errors:
        raise BadPlugin(catalog.errors[game_id])
    raise UnknownGame(f"no game {game_id!r}; the games are {', '.join(catalog.found)}")


def find_rules(game_id: str) -> AnyRules:
    return find_entry(game_id).rules
