"""Which bot levels each game offers (issue 48 item 4): the expert only where a tournament measured it
beating hard with its interval above a half, Chains from 3 players (docs/benchmarks.md); every other game,
and the Chains solitaire, easy, normal and hard. Any level still plays any game when asked. And each
game's hard bot thinks for its own default time (issue 48 item 5: a round of three hard bots within about
a second in the page), its sample budget the level's whatever the game."""

from __future__ import annotations

import pytest

import pygames_core as pg
from pygames_core.ai import levels
from pygames_core.ai.levels import HINT_BUDGET_MS, find_level, hint_level, offered_levels
from pygames_core.games import find_entry

THREE = ["easy", "normal", "hard"]


def names(levels: list[dict]) -> list[str]:
    return [level["name"] for level in levels]


def test_without_a_game_every_level_is_listed_as_before():
    assert pg.list_levels() == [{"name": "easy", "budget_ms": None, "samples": None},
                                {"name": "normal", "budget_ms": None, "samples": None},
                                {"name": "hard", "budget_ms": 1000, "samples": 100},
                                {"name": "expert", "budget_ms": 3000, "samples": 300}]


@pytest.mark.parametrize("game_id", ["arsene", "on_schedule", "dominuxen", "apples", "roller_derby"])
def test_a_game_where_the_expert_did_not_beat_hard_offers_three_levels(game_id):
    rules = find_entry(game_id).rules
    for players in range(rules.min_players, rules.max_players + 1):
        assert names(pg.list_levels(game_id, players)) == THREE
    assert names(pg.list_levels(game_id)) == THREE


def test_chains_offers_the_expert_to_three_or_more_players_not_to_two_nor_the_solitaire():
    """The expert beat hard with its interval above a half at 3 players, not at 2 (docs/benchmarks.md)."""
    assert names(pg.list_levels("chains", 1)) == names(pg.list_levels("chains")) == THREE
    assert names(pg.list_levels("chains", 2)) == THREE
    for players in (3, 4, 10):
        assert names(pg.list_levels("chains", players)) == list(pg.LEVELS)
        assert pg.list_levels("chains", players) == pg.list_levels("chains", 3)
    # each offered level is listed as the game plays it: hard at Chains' own budget, the rest as without a game
    assert pg.list_levels("chains", 1) == pg.list_levels("chains", 2) == pg.list_levels("chains", 3)[:3]
    assert [level for level in pg.list_levels("chains", 3) if level["name"] != "hard"] == \
        [level for level in pg.list_levels() if level["name"] != "hard"]


# each built-in game's hard budget a move, in ms: a round of three hard bots, its median moves with a real
# choice (docs/benchmarks.md), within about a second where this engine is fast enough for it
HARD_BUDGETS = {"arsene": 250, "chains": 300, "on_schedule": 250, "apples": 220, "roller_derby": 330, "dominuxen": 125}


@pytest.mark.parametrize("game_id", sorted(HARD_BUDGETS))
def test_each_game_lists_its_hard_bots_own_budget_and_the_levels_sample_budget(game_id):
    rules = find_entry(game_id).rules
    for players in range(rules.min_players, rules.max_players + 1):
        hard = next(level for level in pg.list_levels(game_id, players) if level["name"] == "hard")
        assert hard == {"name": "hard", "budget_ms": HARD_BUDGETS[game_id], "samples": 100}
    assert HARD_BUDGETS[game_id] <= 1000
    game = next(game for game in pg.list_games() if game["id"] == game_id)
    assert game["level_budgets"] == {"hard": HARD_BUDGETS[game_id], "expert": 3000}


def test_a_game_that_sets_no_budget_of_its_own_keeps_the_levels_second():
    """A designer's game whose bot says nothing of its budget (Bot.hard_budget_ms None) plays hard for the
    level table's second, as every game did before."""

    class Plain(type(find_entry("arsene").bot)):  # type: ignore[misc]
        hard_budget_ms = None

    plain = Plain(find_entry("arsene").rules)
    assert [level.budget_ms for level in offered_levels(plain)] == [None, None, 1000]
    assert find_level("hard", plain).budget_ms == 1000 == find_level("hard").budget_ms


@pytest.mark.parametrize("game_id", ["arsene", "on_schedule"])
def test_a_hard_bot_without_a_budget_searches_for_its_games_own_time(game_id, monkeypatch):
    """What the page's bots do in a game dealt at random: no budget asked, the game's own given to the
    search (and a sample budget or an asked time still win over it)."""
    asked: list[tuple[float | None, int]] = []

    def search(bot, view, legal, seat, rng, budget_ms, most, **_):
        asked.append((budget_ms, most))
        return legal[0], {"samples": 0}

    monkeypatch.setattr(levels, "search_action", search)
    game = pg.new_game(game_id, seed=3)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    pg.bot_action(game, "hard", seed=1)
    pg.bot_action(game, "hard", seed=1, time_budget_ms=700)
    pg.bot_action(game, "hard", seed=1, samples=9)
    assert asked == [(HARD_BUDGETS[game_id], levels.search.MAX_SAMPLES), (700, levels.search.MAX_SAMPLES),
                     (None, 9)]


def test_the_hint_searches_as_each_games_hard_bot():
    for game_id in HARD_BUDGETS:
        bot = find_entry(game_id).bot
        assert hint_level(HINT_BUDGET_MS, bot) == find_level("hard", bot)


def test_list_games_says_each_games_levels_by_number_of_players():
    for game in pg.list_games():
        low, high = game["players"]
        assert game["levels"] == {str(players): names(pg.list_levels(game["id"], players))
                                  for players in range(low, high + 1)}
    chains = next(game for game in pg.list_games() if game["id"] == "chains")
    assert chains["levels"]["1"] == THREE and chains["levels"]["3"] == list(pg.LEVELS)


@pytest.mark.parametrize(("game_id", "players", "message"), [
    (None, 3, "name the game"), ("chains", 0, "1-10 players, not 0"), ("chains", 11, "not 11"),
    ("arsene", 3, "4-4 players, not 3"), ("arsene", True, "not True"), ("chains", "3", "not '3'")])
def test_a_number_of_players_the_game_cannot_seat_is_refused(game_id, players, message):
    with pytest.raises(pg.PygamesError, match=message):
        pg.list_levels(game_id, players)


def test_an_unknown_game_is_refused():
    with pytest.raises(pg.UnknownGame):
        pg.list_levels("chess")


@pytest.mark.parametrize("game_id", ["arsene", "dominuxen"])
def test_the_expert_still_plays_a_game_that_does_not_offer_it(game_id):
    """bench/strength.py measures the expert against hard in every game, and the public API keeps it."""
    game = pg.new_game(game_id, seed=4)
    action = pg.bot_action(game, "expert", seed=2, samples=3)
    assert action in game.legal_actions()
    assert offered_levels(find_entry(game_id).bot)[-1].name == "hard"
