"""Which bot levels each game offers (issue 48 item 4): the expert only where a tournament measured it
beating hard with its interval above a half, multiplayer Chains (docs/benchmarks.md); every other game,
and the Chains solitaire, easy, normal and hard. Any level still plays any game when asked."""

from __future__ import annotations

import pytest

import pygames_core as pg
from pygames_core.ai.levels import offered_levels
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


def test_chains_offers_the_expert_to_two_or_more_players_not_to_the_solitaire():
    assert names(pg.list_levels("chains", 1)) == names(pg.list_levels("chains")) == THREE
    for players in (2, 3, 4, 10):
        assert pg.list_levels("chains", players) == pg.list_levels()
    # each offered level is listed as without a game: its budgets too
    assert pg.list_levels("chains", 1) == pg.list_levels()[:3]


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
