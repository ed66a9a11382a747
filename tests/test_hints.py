"""The hint in every game: on random seeded positions of all six games (and their main options), covering
every kind of decision each game has, the hint suggests a legal action, values only legal actions,
gives a well-formed reason (pygames_core.hint), and says the same from two states that look the same from the
player's seat (no peeking: the second state is dealt by the game's own sampler from that seat's view)."""

from __future__ import annotations

import itertools
import json
import time

import pytest

import pygames_core as pg
from pygames_core.ai import cube, levels, search
from pygames_core.ai.levels import HINT_BUDGET_MS, find_level, hint_level
from pygames_core.engine.game import Game
from pygames_core.engine.rng import Rng
from pygames_core.games import find_entry
from pygames_core.games.chains.bot import ChainsBot
from pygames_core.games.chains.rules import CHAINS
from pygames_core.kit.match import CUBE_ACTIONS

# (game, players, options) -> every kind of decision (action type) the game offers there
CONFIGS: dict[str, tuple[str, int, dict, set[str]]] = {
    "arsene": ("arsene", 4, {"advanced": True}, {"choose", "play", "keep", "push"}),
    "chains solitaire beginner": ("chains", 1, {"mode": "beginner"}, {"draw", "place", "move", "close"}),
    "chains solitaire advanced": ("chains", 1, {"mode": "advanced"}, {"draw", "place", "move", "close"}),
    "chains 3 players": ("chains", 3, {}, {"draw", "place", "move", "close"}),
    "chains 2 players with the cube": ("chains", 2, {"cube": True, "match_to": 3},
                                       {"draw", "place", "move", "close", "double", "take", "pass"}),
    "dominuxen 3 players": ("dominuxen", 3, {}, {"play", "take", "decline", "take_back", "discard", "draw"}),
    "dominuxen 4 players with doubles": ("dominuxen", 4, {"doubles": True},
                                         {"play", "take", "decline", "take_back", "discard", "draw"}),
    "dominuxen 5 players": ("dominuxen", 5, {}, {"play", "take", "decline", "take_back", "discard", "draw"}),
    "on schedule": ("on_schedule", 4, {}, {"vote", "give", "play"}),
    "on schedule with the cube": ("on_schedule", 4, {"cube": True, "match_to": 3},
                                  {"vote", "give", "play", "double", "take", "pass"}),
    "apples": ("apples", 4, {}, {"bid", "pass", "discard", "target", "play"}),
    "roller derby": ("roller_derby", 4, {}, {"roll", "give", "trump", "declare", "play"}),
    "roller derby with jokers": ("roller_derby", 4, {"jokers": True, "privilege": True},
                                 {"roll", "give", "trump", "buy", "discard", "declare", "play"}),
}
MAX_STEPS = 400  # random moves per game searched for positions
# The view fields a game's sampler does not rebuild exactly, so a sampled state's view differs there:
# Apples' leaves the other seats' discard piles empty after the exchange (the view counts them; the
# hint does not read the counts then).
SAMPLER_GAPS = {"apples": {"discarded"}}


@pytest.fixture
def one_sample(monkeypatch: pytest.MonkeyPatch) -> int:
    """Hints from exactly one sampled deal (or deck order) whatever the machine's speed, so that two can
    be compared, and quick: a clock that moves a second at every look ends every budget after the
    first sample. Returns the budget to ask for (ms)."""
    clock = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    monkeypatch.setattr(search, "MIN_SAMPLES", 1)
    monkeypatch.setattr(cube, "MIN_SAMPLES", 1)
    return 1


def decision_positions(game_id: str, players: int, options: dict, seed: int, seen: set[str],
                       wanted: set[str]) -> list[Game]:
    """Positions from random (easy) play, each the first to offer a kind of decision (an action type)
    not in `seen`, which grows, until every kind `wanted` is seen: copies, safe to use."""
    game = pg.new_game(game_id, players=players, seed=seed, options=options)
    found = []
    for step in range(MAX_STEPS):
        if game.is_over or seen >= wanted:
            break
        kinds = {a["type"] for a in game.legal_actions()}
        if not kinds <= seen:
            seen |= kinds
            found.append(game.copy())
        game.apply(pg.bot_action(game, "easy", seed=seed * 1000 + step))
    return found


def twin_from_view(game: Game) -> Game:
    """A game in a state dealt by the game's sampler from what the mover's seat has seen (its remembered
    view): it looks the same from that seat (but for the sampler's known gaps), whatever else differs
    (hands, decks, the dice to come)."""
    seat = game.current_player
    view = game.remembered_view(seat)
    twin = Game(game.rules, game.players, game.seed, game.options, game.setup,
                find_entry(game.game_id).bot.sample_state(view, Rng(99)))
    gaps = SAMPLER_GAPS.get(game.game_id, set())
    assert json.dumps({k: v for k, v in twin.remembered_view(seat).items() if k not in gaps}, sort_keys=True) == \
        json.dumps({k: v for k, v in view.items() if k not in gaps}, sort_keys=True)
    assert twin.legal_actions() == game.legal_actions()
    return twin


def check_reason(hint: dict, legal: list[dict]) -> None:
    reason = hint["reason"]
    kind = reason["kind"]
    if "text" in reason:
        assert set(reason["text"]) == {"en", "ja"} and all(reason["text"].values())
    if kind == "forced":
        assert set(reason) <= {"kind", "text"}
        assert len(legal) == 1
        return
    if kind == "cube":
        assert set(reason) <= {"kind", "win_chance", "text"} and 0 <= reason["win_chance"] <= 1
        assert any(a["type"] in CUBE_ACTIONS for a in legal)
        return
    assert kind == "search" and set(reason) <= {"kind", "samples", "value", "runner_up", "text"}
    assert reason["samples"] >= 1 and 0 <= reason["value"] <= 1
    assert {"action": hint["action"], "value": reason["value"]} in hint["values"]
    runner_up = reason["runner_up"]
    if runner_up is None:
        assert len(hint["values"]) == 1
    else:
        assert runner_up in hint["values"] and runner_up["action"] != hint["action"]
        assert runner_up["value"] == max(v["value"] for v in hint["values"] if v["action"] != hint["action"])


@pytest.mark.parametrize("name", list(CONFIGS))
def test_the_hint_on_random_positions_of_every_kind_of_decision(name, one_sample):
    game_id, players, options, decisions = CONFIGS[name]
    reached: set[str] = set()
    reasons: set[str] = set()
    for seed in range(3):
        for position in decision_positions(game_id, players, options, seed, reached, decisions):
            legal = position.legal_actions()
            before = position.to_json()
            hint = pg.hint(position, seed=seed, time_budget_ms=one_sample)
            assert position.to_json() == before  # a hint changes nothing
            assert hint["action"] in legal
            assert hint["values"] and all(v["action"] in legal for v in hint["values"])
            check_reason(hint, legal)
            reasons.add(hint["reason"]["kind"])
            assert "text" not in hint["reason"]  # no built-in game has a hint of its own, in words
            json.dumps(hint)
            assert pg.hint(twin_from_view(position), seed=seed, time_budget_ms=one_sample) == hint
        if reached >= decisions:
            break
    assert reached == decisions
    assert "search" in reasons and ("cube" in reasons) == ("double" in decisions)


def test_the_hint_searches_as_the_strongest_level_that_fits_its_budget():
    assert hint_level(HINT_BUDGET_MS) == find_level("hard")  # no level's budget fits: the first that searches
    assert hint_level(1000) == find_level("hard")
    assert hint_level(2999) == find_level("hard")
    assert hint_level(3000) == find_level("expert")
    assert [level["name"] for level in pg.list_levels() if level["budget_ms"]] == ["hard", "expert"]


def test_a_game_with_a_hint_of_its_own_answers_in_its_own_words():
    # no built-in game gives one (the Chains solitaire's was the solver's until the search hinted
    # better), but a designer's may (Bot.hint): its answer, with its reason in words, is the hint
    class WordyBot(ChainsBot):
        def hint(self, view, legal, budget_ms, rng):
            seen.append(view)
            reason = {"kind": "search", "samples": 0, "value": 0.5, "runner_up": None,
                      "text": {"en": "Draw first.", "ja": "まず引きます。"}}
            return {"action": legal[-1], "values": [{"action": legal[-1], "value": 0.5}], "samples": 0,
                    "reason": reason}

    seen: list[dict] = []
    game = pg.new_game("chains", seed=7)
    game.apply({"type": "close", "end": 10})
    game.apply({"type": "draw"})
    assert len(game.legal_actions()) > 1  # a choice: a forced move is hinted without asking the game
    answer = levels.hint(WordyBot(CHAINS), game, seed=1)
    assert answer["action"] == game.legal_actions()[-1] and answer["reason"]["text"]["en"] == "Draw first."
    assert seen == [game.remembered_view(0)]  # it is given the seat's view only
