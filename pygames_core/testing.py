"""The shared contract tests, for a game package to run on itself: each `check_*` function takes the
game's `Entry` (its rules and bot, pygames_core/games/__init__.py) and raises AssertionError saying
what is wrong. They drive the game through `Game` directly, so they pass before the game is installed;
`check_registered` then checks that the installed entry point finds it. A game's tests call them, one
test each (the scaffold, `pygames new-game`, writes such a file):

    from pygames_core import testing
    from my_game import ENTRY

    def test_legal_actions_apply() -> None:
        testing.check_legal_actions_apply(ENTRY)

`secrets(game, seat)` (check_views_hide) names what the game hides
from a seat: the strings that must not appear anywhere in its view (e.g. the other hands' cards).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from pygames_core.ai import levels
from pygames_core.engine.errors import BadSave, IllegalAction, PygamesError
from pygames_core.engine.game import Game
from pygames_core.engine.game import load as load_save
from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import AnyRules
from pygames_core.games import Entry, find_entry, how_to_play, list_games

SEEDS = (1, 2, 3)
BUDGET_MS = 20  # the hard bot's time per move: a test plays whole games with it
# Not actions at all, and an action type no game has: every game must refuse them unchanged.
NON_ACTIONS: tuple[Any, ...] = (None, "play", 3, [], {}, {"type": 3}, {"kind": "play"}, {"type": "no_such_type"})


def fingerprint(game: Game) -> str:
    """Everything observable about a game, to check that nothing changed."""
    seats: list[int | None] = [None, *range(game.players)]
    return json.dumps([game.to_json(), [game.view(seat) for seat in seats], game.legal_actions(),
                       game.current_player, game.result()], sort_keys=True)


def new(entry: Entry, seed: int, players: int | None = None) -> Game:
    return Game.create(entry.rules, players, seed, None, None)


def play_through(entry: Entry, seed: int, players: int | None = None, level: str = "easy",
                 max_steps: int = 5000) -> Iterator[Game]:
    """Each position of one bot game from the start to its end (the game itself, moved on in place)."""
    game = new(entry, seed, players)
    for step in range(max_steps):
        yield game
        if game.is_over:
            return
        game.apply(levels.bot_action(entry.bot, game, level, seed=seed * 7919 + step, time_budget_ms=BUDGET_MS))
    raise AssertionError(f"{entry.rules.game_id}: no end after {max_steps} moves (seed {seed})")


def player_counts(entry: Entry) -> range:
    return range(entry.rules.min_players, entry.rules.max_players + 1)


def near_misses(action: dict[str, Any]) -> list[Any]:
    """Wrong versions of a legal action: each field given a wrong type or an impossible value."""
    out: list[Any] = [{**action, "extra": 1}]
    for key, value in action.items():
        if key != "type":
            out += [{**action, key: wrong} for wrong in ("nonsense", 999, -1, None, [value])]
    return out


def check_catalog(entry: Entry) -> None:
    """The game describes itself as list_games() shows it: an id, titles in English and Japanese."""
    info = entry.rules.describe()
    assert isinstance(info["id"], str) and info["id"].isidentifier() and info["id"].islower(), info["id"]
    assert set(info["title"]) == {"en", "ja"} and all(info["title"].values()), info["title"]
    low, high = info["players"]
    assert 1 <= low <= high, info["players"]
    for option in info["options"]:
        assert set(option["label"]) == set(option["help"]) == {"en", "ja"}, option
    json.dumps(info)


def check_legal_actions_apply(entry: Entry) -> None:
    """Every legal action applies (to a copy) at every step of bot games, for every player count."""
    for players in player_counts(entry):
        for game in play_through(entry, SEEDS[0], players):
            legal = game.legal_actions()
            assert bool(legal) != game.is_over, "legal actions exactly while the game goes on"
            json.dumps(legal)
            for action in legal:
                events = game.copy().apply(action)
                assert all(isinstance(event.get("type"), str) for event in events), events
                json.dumps(events)


def check_illegal_refused(entry: Entry) -> None:
    """Anything but a legal action raises IllegalAction and changes nothing, at every step."""
    for game in play_through(entry, SEEDS[1]):
        before = fingerprint(game)
        legal = game.legal_actions()
        wrong = [*NON_ACTIONS, *(miss for action in legal for miss in near_misses(action) if miss not in legal)]
        for action in wrong:
            try:
                game.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action!r} was accepted; the legal actions were {legal}")
            assert fingerprint(game) == before, f"refusing {action!r} changed the game"


def check_save_round_trip(entry: Entry) -> None:
    """A save loads back to the same game at every step, and a tampered one is refused."""
    def find(game_id: str) -> AnyRules:
        assert game_id == entry.rules.game_id
        return entry.rules

    for game in play_through(entry, SEEDS[2]):
        loaded = load_save(game.to_json(), find)
        assert fingerprint(loaded) == fingerprint(game)
    text = game.to_json()
    try:
        load_save(text.replace('"seed":', '"seed":1', 1), find)
    except BadSave:
        return
    raise AssertionError("a save with an altered seed was loaded")


def check_copy_state_independent(entry: Entry) -> None:
    """`copy_state` shares nothing mutable: playing a copy on leaves the original as it was."""
    for game in play_through(entry, SEEDS[0]):
        if game.is_over:
            return
        before = fingerprint(game)
        copied = game.copy()
        while not copied.is_over:
            copied.apply(copied.legal_actions()[-1])
        assert fingerprint(game) == before, "playing a copy changed the original"


def check_views_hide(entry: Entry, secrets: Callable[[Game, int | None], set[str]]) -> None:
    """No seat's view (nor a spectator's) shows any of `secrets(game, seat)`, at every step."""
    for game in play_through(entry, SEEDS[1]):
        for seat in [None, *range(game.players)]:
            shown = json.dumps(game.view(seat))
            leaked = sorted(secret for secret in secrets(game, seat) if json.dumps(secret) in shown)
            assert not leaked, f"seat {seat} sees {leaked}"


def check_sample_state(entry: Entry) -> None:
    """A state the bot samples from a seat's view gives that seat the same view again, at every step."""
    for game in play_through(entry, SEEDS[2]):
        for seat in range(game.players):
            view = game.remembered_view(seat)
            sampled = entry.bot.sample_state(view, Rng(len(game.history) + seat))
            assert entry.rules.remembered_view(sampled, seat) == view, f"seat {seat} after {game.history}"


def check_bots_play_to_the_end(entry: Entry) -> None:
    """Each level of bot plays whole games from its own view to an end with a result."""
    for level in levels.LEVELS:
        for players in player_counts(entry):
            *_, game = play_through(entry, SEEDS[0], players, level)
            result = game.result()
            assert game.is_over and result["winners"] is not None and len(result["scores"]) == players, result


def check_registered(entry: Entry) -> None:
    """The installed entry point (group pygames.games) finds this very game."""
    try:
        found = find_entry(entry.rules.game_id)
    except PygamesError as exc:
        raise AssertionError(f"the game is not registered: {exc}") from None
    assert found.rules.game_id == entry.rules.game_id



def check_how_to_play(entry: Entry) -> None:
    """The installed game's how-to-play document, `<its package>/howto/<game id>.json` (the format is in
    pygames_core/engine/howto.py), is there and well formed, and the catalog gives its pitch: the
    picker then offers "How to play" for the game."""
    game_id = entry.rules.game_id
    try:
        document = how_to_play(game_id)
    except PygamesError as exc:
        raise AssertionError(f"no how-to-play document to offer: {exc}") from None
    listed = next(game for game in list_games() if game["id"] == game_id)
    assert listed["pitch"] == document["pitch"] and listed["length"] == document["length"], listed
