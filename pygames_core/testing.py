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
from a seat: the strings that must not appear anywhere in its view (e.g. the other hands' cards);
`public(game, seat)`, what the play has shown the seat of them since (a card seen taken into a hand).
The checks that play take `players` and `options` to check one variant of the game (by default: the
fewest players and the default options; check_legal_actions_apply and check_bots_play_to_the_end
then try every player count). pygames runs this very suite on its six built-in games, variant by
variant (its tests/test_game_contracts.py). `check_game(entry, installed=True, secrets=...)` runs them
all on one game at once.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from typing import Any

from pygames_core.ai import levels
from pygames_core.engine.errors import BadSave, BadSetup, IllegalAction, PygamesError
from pygames_core.engine.game import RESULT_ADDITIONS, Game
from pygames_core.engine.game import load as load_save
from pygames_core.engine.howto import is_shipped
from pygames_core.engine.rng import MAX_SEED, Rng
from pygames_core.engine.rules import AnyRules
from pygames_core.games import Entry, find_entry, how_to_play, list_games

Options = dict[str, Any] | None  # a variant's options; None: the defaults
SEEDS = (1, 2, 3)
BUDGET_MS = 20  # the hard bot's time per move: a test plays whole games with it
# Not actions at all, and an action type no game has: every game must refuse them unchanged.
NON_ACTIONS: tuple[Any, ...] = (None, "play", 3, [], ["type", "play"], {}, {"type": 3}, {"type": None},
                                {"kind": "play"}, {"type": "no_such_type"}, {"type": "play", "card": {1, 2}})
# What no game takes as its player count, seed, options or set-up.
BAD_PLAYER_COUNTS: tuple[Any, ...] = (0, -1, 99, "4", 4.0, True)
BAD_SEEDS: tuple[Any, ...] = (-1, MAX_SEED + 1, str(MAX_SEED + 1), "7a", "", " 7", "-7", 1.5, True, [1])
BAD_OPTIONS: tuple[Any, ...] = ({"no_such_option": 1}, "advanced", [("advanced", True)], 5)
BAD_SETUPS: tuple[Any, ...] = ([], "x", 3)
GAME_OVER = "game_over"  # the type of the last event of the action that ends a game


def fingerprint(game: Game) -> str:
    """Everything observable about a game, to check that nothing changed."""
    seats: list[int | None] = [None, *range(game.players)]
    return json.dumps([game.to_json(), [game.view(seat) for seat in seats], game.legal_actions(),
                       game.current_player, game.result()], sort_keys=True)


def new(entry: Entry, seed: int | None, players: int | None = None, options: Options = None) -> Game:
    return Game.create(entry.rules, players, seed, options, None)


def play_through(entry: Entry, seed: int, players: int | None = None, level: str = "easy",
                 max_steps: int = 5000, options: Options = None) -> Iterator[Game]:
    """Each position of one bot game from the start to its end (the game itself, moved on in place)."""
    game = new(entry, seed, players, options)
    for _ in range(max_steps):
        yield game
        if game.is_over:
            return
        game.apply(bot_move(entry, game, level, seed))
    raise AssertionError(f"{entry.rules.game_id}: no end after {max_steps} moves (seed {seed})")


def bot_move(entry: Entry, game: Game, level: str, seed: int) -> dict[str, Any]:
    """The action of the bot of `level` in the game of `seed`, at this step (so a replay plays the same)."""
    return levels.bot_action(entry.bot, game, level, seed=seed * 7919 + len(game.history), time_budget_ms=BUDGET_MS)


def player_counts(entry: Entry, players: int | None = None) -> range:
    """Every player count the game allows, or only `players`."""
    if players is not None:
        return range(players, players + 1)
    return range(entry.rules.min_players, entry.rules.max_players + 1)


def near_misses(action: dict[str, Any]) -> list[Any]:
    """Wrong versions of a legal action: each field given a wrong type or an impossible value (a number
    as a float or as text, 0 and 1 as booleans: equal in Python, not in JSON)."""
    out: list[Any] = [{**action, "extra": 1}]
    for key, value in action.items():
        if key == "type":
            continue
        out += [{**action, key: wrong} for wrong in ("nonsense", 999, -1, None, [value], {"v": value})]
        if isinstance(value, int) and not isinstance(value, bool):
            out += [{**action, key: float(value)}, {**action, key: str(value)}]
            if value in (0, 1):
                out.append({**action, key: bool(value)})
    return out


def json_problem(value: Any, path: str) -> str | None:
    """Where `value` (named `path`) is not plain JSON that json.loads(json.dumps(value)) gives back
    unchanged: a tuple (it comes back a list, and then no legal action equals what the page sends), a
    key that is not a string, a number that is not finite, any other type; None when it is plain. A
    str or int enum is its value to JSON, and equal to it, so it passes."""
    if value is None or isinstance(value, str | int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value!r}, which JSON has not"
    if isinstance(value, list):
        return next((found for index, item in enumerate(value) if (found := json_problem(item, f"{path}[{index}]"))),
                    None)
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{path} has the key {key!r}, not a string"
            if found := json_problem(item, f"{path}[{json.dumps(key, ensure_ascii=False)}]"):
                return found
        return None
    return f"{path} is a {type(value).__name__}"


def check_plain_json(value: Any, path: str, where: str) -> None:
    """Raise AssertionError naming `where` (the game and the step) and the field unless `value` survives
    a JSON round trip unchanged, as everything the page receives must."""
    problem = json_problem(value, path)
    assert problem is None, f"{where}: {problem}"
    assert json.loads(json.dumps(value)) == value, f"{where}: {path} changes in a JSON round trip"


def every_seat(game: Game) -> list[int | None]:
    """Each seat and a spectator (None)."""
    return [*range(game.players), None]


def check_catalog(entry: Entry) -> None:
    """The game describes itself as list_games() shows it: an id, titles in English and Japanese."""
    info = entry.rules.describe()
    assert set(info) >= {"id", "title", "players", "options"}, sorted(info)
    assert isinstance(info["id"], str) and info["id"].isidentifier() and info["id"].islower(), info["id"]
    assert set(info["title"]) == {"en", "ja"} and all(info["title"].values()), info["title"]
    if "score_name" in info:  # what the scores count (Rules.score_name), said in both languages
        assert set(info["score_name"]) == {"en", "ja"} and all(info["score_name"].values()), info["score_name"]
    if "higher_score_wins" in info:
        assert isinstance(info["higher_score_wins"], bool), info["higher_score_wins"]
    low, high = info["players"]
    assert type(low) is int and type(high) is int and 1 <= low <= high, info["players"]
    declared: dict[str, dict[str, Any]] = {}
    for option in info["options"]:
        assert set(option) >= {"name", "type", "default", "label", "help"}, option
        assert set(option["label"]) == set(option["help"]) == {"en", "ja"}, option
        if option["type"] == "choice":
            assert option["default"] in option["choices"], option
            # every choice is named in both languages, in the choices' order
            assert len(option["choice_labels"]) == len(option["choices"]), option
            assert all(set(label) == {"en", "ja"} for label in option["choice_labels"]), option
        if option["type"] == "bool":
            assert isinstance(option["default"], bool), option
        check_applies_when(option, declared, (low, high))
        declared[option["name"]] = option
    check_plain_json(info, "describe()", entry.rules.game_id)


def check_applies_when(option: dict[str, Any], declared: dict[str, dict[str, Any]], players: tuple[int, int]) -> None:
    """Each of an option's conditions names the player count or an option declared before it, with
    values that one can take."""
    for name, values in option.get("applies_when", {}).items():
        assert values and isinstance(values, list), option
        if name == "players":
            assert all(type(v) is int and players[0] <= v <= players[1] for v in values), option
        else:
            assert name in declared and declared[name]["type"] in ("bool", "choice"), option
            allowed = declared[name].get("choices", [True, False])
            assert all(v in allowed for v in values), option


def check_new_game(entry: Entry, *, options: Options = None) -> None:
    """A new game records what it was given (players, seed, the options with their defaults filled in)
    and starts with a seat to move and legal actions, for every player count."""
    defaults = {option["name"]: option["default"] for option in entry.rules.describe()["options"]}
    for players in player_counts(entry):
        game = new(entry, 42, players, options)
        assert (game.game_id, game.players, game.seed) == (entry.rules.game_id, players, 42)
        assert game.options == {**defaults, **(options or {})}, game.options
        assert game.history == [] and not game.is_over
        assert game.current_player in range(players) and game.legal_actions()


def check_bad_setups(entry: Entry) -> None:
    """Bad player counts, seeds, options and set-ups raise BadSetup (a ValueError) saying what is wrong."""
    rules = entry.rules
    cases: list[tuple[str, Callable[[], Game], str]] = [
        *((f"players {players!r}", lambda players=players: new(entry, 1, players), "")
          for players in BAD_PLAYER_COUNTS if not (type(players) is int and players in player_counts(entry))),
        *((f"seed {seed!r}", lambda seed=seed: Game.create(rules, None, seed, None, None), "seed")
          for seed in BAD_SEEDS),
        *((f"options {options!r}", lambda options=options: Game.create(rules, None, 1, options, None), "")
          for options in BAD_OPTIONS),
        *((f"set-up {setup!r}", lambda setup=setup: Game.create(rules, None, 1, None, setup), "")
          for setup in BAD_SETUPS),
        ("an unknown set-up key", lambda: Game.create(rules, None, 1, None, {"no_such_key": 1}), "no_such_key"),
    ]
    for name, start, named in cases:
        try:
            start()
        except BadSetup as exc:
            assert isinstance(exc, ValueError) and len(str(exc)) > 10 and named in str(exc), f"{name}: {exc}"
        else:
            raise AssertionError(f"a game started with {name}")


def check_legal_actions_apply(entry: Entry, *, players: int | None = None,
                              options: Options = None) -> None:
    """Every legal action applies (to a copy), returns events with a type and is recorded in the
    history, at every step of bot games, for every player count; and every legal action, event and
    view (each seat's and a spectator's) survives a JSON round trip unchanged, as the page needs."""
    for count in player_counts(entry, players):
        for game in play_through(entry, SEEDS[0], count, options=options):
            where = f"{entry.rules.game_id}, {count} players, options {options or {}}, step {len(game.history)}"
            legal = game.legal_actions()
            assert bool(legal) != game.is_over, f"{where}: legal actions exactly while the game goes on"
            check_plain_json(legal, "legal", where)
            for seat in every_seat(game):
                check_plain_json(game.view(seat), f"view({seat})", where)
            for index, action in enumerate(legal):
                played = game.copy()
                events = played.apply(action)
                assert events and all(isinstance(event.get("type"), str) for event in events), f"{where}: {events}"
                check_plain_json(events, "events", f"{where}, after legal[{index}]")
                ended = [event for event in events if event["type"] == GAME_OVER]
                wrong = "ends the game without" if played.is_over else "does not end the game, yet sends"
                assert len(ended) == played.is_over, f"{where}: legal[{index}] {wrong} a {GAME_OVER} event: {events}"
                assert played.history == [*game.history, action], f"{where}: legal[{index}] not in the history"


def check_illegal_refused(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """Anything but a legal action raises IllegalAction (a ValueError) saying why, `can_apply` says no,
    and the game is unchanged, at every step."""
    for game in play_through(entry, SEEDS[1], players, options=options):
        before = fingerprint(game)
        legal = game.legal_actions()
        wrong = [*NON_ACTIONS, *(miss for action in legal for miss in near_misses(action) if miss not in legal)]
        for action in wrong:
            try:
                game.apply(action)
            except IllegalAction as exc:
                assert isinstance(exc, ValueError) and len(str(exc)) > 10, f"refusing {action!r}: {exc!r}"
            else:
                raise AssertionError(f"{action!r} was accepted; the legal actions were {legal}")
            assert not game.can_apply(action), f"can_apply({action!r}) after apply refused it"
        assert fingerprint(game) == before, f"refusing one of {wrong} changed the game (step {len(game.history)})"


def check_game_over(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """A finished game has no seat to move and no legal action, refuses what was legal last saying the
    game is over, gives the bots nothing to do, and has a result with its winners (none only in a lost
    solitaire, with nobody to beat); the action that ended it returned, as its last event,
    `{"type": "game_over", "result": ...}` with that result (docs/api.md: a page or a caller learns
    of the end from the events, as the site's summary does)."""
    last_legal: list[dict[str, Any]] = []
    ending: list[dict[str, Any]] = []
    for game in play_through(entry, 11, players, options=options):
        if not game.is_over:
            last_legal = game.legal_actions()
            continue
        last = game.history[-1]
        game.undo()
        ending = game.apply(last)
    assert game.current_player is None and game.legal_actions() == []
    assert ending and ending[-1].get("type") == GAME_OVER, f"the last action's last event is not {GAME_OVER}: {ending}"
    # what Game.result adds to the rules' result (whether it is over, the declared scoring) may be left out
    said, expected = ({key: value for key, value in result.items() if key not in RESULT_ADDITIONS}
                      for result in (ending[-1].get("result", {}), game.result()))
    assert said == expected, f"the {GAME_OVER} event's result {ending[-1].get('result')} is not {expected}"
    try:
        game.apply(last_legal[0])
    except IllegalAction as exc:
        assert "over" in str(exc), exc
    else:
        raise AssertionError("an action was taken after the end")
    try:
        levels.bot_action(entry.bot, game, "easy", seed=1)
    except IllegalAction:
        pass
    else:
        raise AssertionError("a bot chose an action after the end")
    result = game.result()
    assert result["over"] is True and (result["winners"] or game.players == 1), result


def check_nothing_shared(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """What a game hands out (views, legal actions, events, the history) and the action it was given
    are copies: changing them changes nothing in the game."""
    game = new(entry, 5, players, options)
    action = dict(game.legal_actions()[0])
    game.apply(action)
    action["type"] = "tampered"
    assert game.history[0]["type"] != "tampered", "the history holds the very action given to apply"
    for step, game in enumerate(play_through(entry, 5, players, options=options)):
        if step == 9 or game.is_over:
            break
    before = fingerprint(game)
    for seat in every_seat(game):
        for value in game.view(seat).values():
            if isinstance(value, list | dict):
                value.clear()
    game.history.clear()
    game.legal_actions().clear()
    assert fingerprint(game) == before, "changing a view, the legal actions or the history changed the game"
    # events may share parts kept to show again (Rules.apply): emptying a game's changes no twin's
    game, twin = new(entry, SEEDS[0], players, options), new(entry, SEEDS[0], players, options)
    while not game.is_over and len(game.history) < 30:
        action = bot_move(entry, game, "easy", SEEDS[0])
        told = json.dumps(events := game.apply(action), sort_keys=True)
        for value in (value for event in events for value in event.values() if isinstance(value, list | dict)):
            value.clear()
        assert json.dumps(twin.apply(action), sort_keys=True) == told, "emptying a game's events changed another's"


def check_save_round_trip(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """A save loads back to the same game, with the same history, and goes on the same way, after 0, 1,
    2, 4, 8, ... actions and at the end (loading replays the history: at every step it would cost the
    square of a game's length); a tampered one is refused."""
    def find(game_id: str) -> AnyRules:
        assert game_id == entry.rules.game_id
        return entry.rules

    game = new(entry, SEEDS[2], players, options)
    loaded = game
    while True:
        steps = len(game.history)
        if game.is_over or steps & (steps - 1) == 0:
            loaded = load_save(game.to_json(), find)
        assert fingerprint(loaded) == fingerprint(game) and loaded.history == game.history, f"after {steps} actions"
        if game.is_over:
            break
        action = bot_move(entry, game, "easy", SEEDS[2])
        assert loaded.apply(action) == game.apply(action), f"the loaded game went another way at {action}"
    text = game.to_json()
    try:
        load_save(text.replace('"seed":', '"seed":1', 1), find)
    except BadSave:
        return
    raise AssertionError("a save with an altered seed was loaded")


def check_copy_state_independent(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """`copy_state` shares nothing mutable: playing a copy on leaves the original as it was."""
    for game in play_through(entry, SEEDS[0], players, options=options):
        if game.is_over:
            return
        before = fingerprint(game)
        copied = game.copy()
        while not copied.is_over:
            copied.apply(copied.legal_actions()[-1])
        assert fingerprint(game) == before, "playing a copy changed the original"


Facts = Callable[[Game, int | None], set[str]]  # facts of a game as it stands, for a seat (None: a spectator)


def check_views_hide(entry: Entry, secrets: Facts, *, public: Facts | None = None, players: int | None = None,
                     options: Options = None) -> None:
    """No seat's view (nor a spectator's) shows any of `secrets(game, seat)` that `public(game, seat)`
    does not name, at every step. A fact is a string, found in the view as a JSON string (a card's
    code "AS" found in ["AS", "KD"], not in "GAS"). `secrets`: what the rules keep from the seat (the
    other hands, the stock); `public`: what the play has since shown it of them, which its view rightly
    names (a card everyone saw taken into a hand, a card passed to it), so that `secrets` stays the
    plain statement of what is hidden. A finished game is not looked at: nothing in it is secret any
    more (its replay shows every hand: pygames_core/app/bridge.py)."""
    for game in play_through(entry, SEEDS[1], players, options=options):
        if game.is_over:
            return
        for seat in every_seat(game):
            hidden = secrets(game, seat) - (public(game, seat) if public is not None else set())
            shown = json.dumps(game.view(seat))
            leaked = sorted(secret for secret in hidden if json.dumps(secret) in shown)
            assert not leaked, f"{entry.rules.game_id}, step {len(game.history)}: seat {seat} sees {leaked}"


def check_sample_state(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """A state the bot samples from a seat's view gives that seat the same view again, at every step."""
    for game in play_through(entry, SEEDS[2], players, options=options):
        for seat in range(game.players):
            view = game.remembered_view(seat)
            sampled = entry.bot.sample_state(view, Rng(len(game.history) + seat))
            assert entry.rules.remembered_view(sampled, seat) == view, f"seat {seat} after {game.history}"


def check_bots_play_to_the_end(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """Each level of bot plays whole games from its own view to an end with a result."""
    for level in levels.LEVELS:
        for count in player_counts(entry, players):
            *_, game = play_through(entry, SEEDS[0], count, level, options=options)
            result = game.result()
            assert game.is_over and result["winners"] is not None and len(result["scores"]) == count, result


def check_determinism(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """The seed and the actions make the game: replaying a game's actions from its seed (a fresh one
    too, recorded when none is given) gives the same game, with the same legal actions on the way;
    different seeds give different games (seat 0's views over the first moves: a deal dealt face down
    shows only as it is turned up)."""
    for seed in (123, None):
        played = new(entry, seed, players, options)
        assert isinstance(played.seed, int) and 0 <= played.seed <= MAX_SEED, played.seed
        offered: list[list[dict[str, Any]]] = []
        while not played.is_over and len(offered) < 200:
            offered.append(played.legal_actions())
            played.apply(bot_move(entry, played, "easy", played.seed))
        again = new(entry, played.seed, players, options)
        for legal, action in zip(offered, played.history, strict=True):
            assert again.legal_actions() == legal, f"other legal actions after the same {len(again.history)} actions"
            again.apply(action)
        assert fingerprint(again) == fingerprint(played), f"replaying seed {played.seed}'s actions gave another game"

    def opening(seed: int) -> str:
        game = new(entry, seed, players, options)
        views = [game.view(0)]
        while len(views) < 6 and not game.is_over:
            game.apply(game.legal_actions()[0])
            views.append(game.view(0))
        return json.dumps(views)

    assert len({opening(seed) for seed in range(5)}) == 5, "two of five seeds dealt the same game"


def check_undo(entry: Entry, *, players: int | None = None, options: Options = None) -> None:
    """Undo takes back the last action exactly (across tricks, deals and the end of the game), and is
    refused before the first; a finished game undone and given its last action back ends the same."""
    game = new(entry, 31, players, options)
    try:
        game.undo()
    except IllegalAction as exc:
        assert "undo" in str(exc), exc
    else:
        raise AssertionError("undo before any action was accepted")
    snapshots: list[str] = []
    while not game.is_over and len(snapshots) < 400:
        snapshots.append(fingerprint(game))
        game.apply(bot_move(entry, game, "easy", 31))
    if game.is_over:
        final, last = fingerprint(game), game.history[-1]
        assert game.undo() == last and not game.is_over
        game.apply(last)
        assert fingerprint(game) == final, "a finished game undone and played again ended another way"
    for expected in reversed(snapshots[-60:]):
        action = game.history[-1]
        assert game.undo() == action, "undo returned another action than the last"
        assert fingerprint(game) == expected, f"undoing {action} did not restore the game as it was"


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


# Every check that needs only the game's code, in the order check_game runs them: the quick ones first,
# so that a broken game is told soon; the bots' whole games, the hard ones searching, last.
CODE_CHECKS: tuple[Callable[[Entry], None], ...] = (
    check_catalog, check_new_game, check_bad_setups, check_legal_actions_apply, check_illegal_refused,
    check_game_over, check_nothing_shared, check_save_round_trip, check_copy_state_independent,
    check_sample_state, check_determinism, check_undo, check_bots_play_to_the_end)


def check_game(entry: Entry, *, installed: bool = False, secrets: Facts | None = None,
               public: Facts | None = None) -> None:
    """The whole suite on one game, the one call that runs every check: when `installed`, first that the
    entry point finds it and, if its package ships a how-to-play document, that the document is well
    formed (check_registered, check_how_to_play); then every check of CODE_CHECKS; with `secrets` (and
    the `public` facts), check_views_hide last. The build runs it on each plugin's wheel in its
    sandbox, installed; a game's own tests call the checks one test each instead, which says which
    failed."""
    if installed:
        check_registered(entry)
        if is_shipped(entry.rules.game_id, type(entry.rules).__module__.split(".")[0]):
            check_how_to_play(entry)
    for check in CODE_CHECKS:
        check(entry)
    if secrets is not None:
        check_views_hide(entry, secrets, public=public)
