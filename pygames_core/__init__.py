"""pygames_core: the rules of the pygames collection, its bots, and the public contract.

The public contract (docs/api.md) is the functions below plus the `Game` object's members.
Extensions beyond it: `list_levels()` (each level of LEVELS with its search's default budget;
`list_levels(game_id, players)`: those the game offers at that many players, the expert only in
Chains from 3 players, while `bot_action` plays any level in any game),
`hint(game)` (a suggested move from the mover's own view) and
`analysis(game)` (hindsight after the end, e.g. the best a solitaire deal allowed), and on `Game`
`verify`/`can_apply` (why an action is illegal, without raising), `undo` and `snapshot`;
`how_to_play(game_id)` (the game's rules for a newcomer, in English and Japanese: a pitch, a typical
length and sections of short paragraphs with cards and shipped examples; format in
`engine/howto.py`), whose `pitch` and `length` `list_games()` entries also carry;
a game may be a plugin (entry point group `pygames.games`, pygames_core/games/__init__.py), and
`plugin_errors()` names each installed one that cannot be played (asking for it raises `BadPlugin`);
`pygames_core.testing` holds the contract tests a game package runs on itself;
`pygames_core.app.scenario` reads scenarios (a position and captioned steps, for rules blog posts).
The whole reference, with every extension, is docs/api.md.

A game, from the first move to the end (every action is checked before anything changes):

>>> import pygames_core as pg
>>> game = pg.new_game("arsene", seed=7)
>>> game.current_player, game.legal_actions()[0]
(0, {'type': 'choose', 'index': 0})
>>> game.can_apply({"type": "play", "card": "AS"})
False
>>> game.apply({"type": "choose", "index": 0})
[{'type': 'chosen', 'seat': 0, 'index': 0, 'card': 'KD', 'trump': None}]
>>> game.undo()
{'type': 'choose', 'index': 0}
>>> while not game.is_over:
...     _ = game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
>>> game.result()["winners"], game.result()["scores"]
([0], [6, 4, 0, 0])
>>> pg.load_game(game.to_json()).result() == game.result()
True
"""

from __future__ import annotations

from typing import Any

from pygames_core.ai import levels
from pygames_core.ai.levels import LEVELS
from pygames_core.engine.errors import BadPlugin, BadSave, BadSetup, IllegalAction, PygamesError, UnknownGame
from pygames_core.engine.game import Game
from pygames_core.engine.game import load as _load
from pygames_core.engine.howto import BadHowToPlay
from pygames_core.games import find_entry, find_rules, how_to_play, list_games, plugin_errors

__version__ = "0.1.0"

# The error classes are named where they are imported from (pygames_core.IllegalAction), not where
# they are defined: a traceback or a doctest shows a name that stays when the inside moves.
for _public in (BadHowToPlay, BadPlugin, BadSave, BadSetup, IllegalAction, PygamesError, UnknownGame):
    _public.__module__ = __name__

__all__ = [
    "LEVELS",
    "BadHowToPlay",
    "BadPlugin",
    "BadSave",
    "BadSetup",
    "Game",
    "IllegalAction",
    "PygamesError",
    "UnknownGame",
    "analysis",
    "bot_action",
    "hint",
    "how_to_play",
    "list_games",
    "list_levels",
    "load_game",
    "new_game",
    "plugin_errors",
]


def new_game(game_id: str, *, players: int | None = None, seed: int | str | None = None,
             options: dict[str, Any] | None = None, setup: dict[str, Any] | None = None) -> Game:
    """Start a game; see the README's contract. The seed (an extension) may also be given as its decimal
    digits, as the page carries it: 0 to 2^64 - 1 either way (rng.check_seed). Bad arguments raise
    BadSetup (UnknownGame for the id)."""
    return Game.create(find_rules(game_id), players, seed, options, setup)


def load_game(text: str) -> Game:
    """Rebuild a game from `Game.to_json()`; a corrupt or tampered text raises BadSave."""
    return _load(text, find_rules)


def list_levels(game_id: str | None = None, players: int | None = None) -> list[dict[str, Any]]:
    """An extension: the bot levels, weakest first, each {"name", "budget_ms", "samples"} (its search's
    default time and sample budgets, None for a level that does not search); given a game, the levels
    it offers at `players` (its fewest by default): up to its strongest (ai/levels.py)."""
    return levels.list_levels(None if game_id is None else find_entry(game_id).bot, players)


def bot_action(game: Game, level: str = "normal", *, seed: int | None = None,
               time_budget_ms: int | None = None, samples: int | None = None,
               reproducible: bool = False) -> dict[str, Any]:
    """A legal action for the player to move, chosen by the game's bot at `level` (one of LEVELS) from
    that seat's view only; `seed`, `time_budget_ms`, `samples` (a searching level's sample budget,
    which replaces its time budget: the same seed and samples give the same move on any machine) and
    `reproducible` (the seed derived from the game's and the move number, the level's own sample budget)
    are extensions. See ai/levels.py."""
    return levels.bot_action(find_entry(game.game_id).bot, game, level, seed=seed, time_budget_ms=time_budget_ms,
                             samples=samples, reproducible=reproducible)


def hint(game: Game, *, seed: int | None = None, time_budget_ms: int | None = None,
         samples: int | None = None, reproducible: bool = False) -> dict[str, Any]:
    """An extension: a suggested action for the player to move, from that seat's view only, with the
    values compared and the reason (ai/levels.py's `hint` says the shape); `samples` and `reproducible`
    as for `bot_action`."""
    return levels.hint(find_entry(game.game_id).bot, game, seed=seed, time_budget_ms=time_budget_ms,
                       samples=samples, reproducible=reproducible)


def analysis(game: Game, *, time_budget_ms: int | None = None) -> dict[str, Any] | None:
    """An extension: hindsight after the end of the game (e.g. the best a Chains solitaire deal
    allowed), or None when the game has nothing to add; refused before the end."""
    return levels.analysis(find_entry(game.game_id).bot, game, time_budget_ms=time_budget_ms)
