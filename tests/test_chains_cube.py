"""Chains with two players played as a match with the doubling cube (options cube, match_to, crawford)."""

from __future__ import annotations

import json

import pytest
from helpers import fingerprint

import pygames_core as pg
from pygames_core.games.chains.bot import win_chance
from pygames_core.games.chains.state import NUMBERS, chain_cards


def cube_game(setup: dict | None = None, *, seed: int = 0, **options) -> pg.Game:
    return pg.new_game("chains", players=2, seed=seed, options={"cube": True, **options}, setup=setup)


def table(taken: list[int], *, stuck: bool = False, **extra) -> dict:
    """A table that took the end cards `taken`; the rest of its cards in its deck (shuffled by the
    seed), or with `stuck` all on one slot, lowest on top, and an empty deck: no action is left."""
    ends = [n for n in NUMBERS if n not in taken]
    placed = [c for end in taken for c in chain_cards(end)] + list(extra.get("work", [])) + ends
    rest = [n for n in NUMBERS for _ in range(n - placed.count(n))]
    out = {"end_cards": ends, **extra}
    if stuck:
        out.update(slots=[sorted(rest, reverse=True)], deck=[])
    return out


# seat 0 took 1-4 (14 points), seat 1 took 5-9 (8): only the 10s are open (1 point), so seat 0 has won
DECIDED = [table([1, 2, 3, 4]), table([5, 6, 7, 8, 9])]
# equal points (9 each) and equal tie-breaks (both miss their 1), and nobody can act: a tie
TIED = [table([2, 4, 5, 8], stuck=True), table([3, 6, 7, 9, 10], stuck=True)]


def decided(current: int = 0, **extra) -> dict:
    return {"tables": DECIDED, "current": current, **extra}


def assert_refused(game: pg.Game, action: dict, match: str) -> None:
    before = fingerprint(game)
    with pytest.raises(pg.IllegalAction, match=match):
        game.apply(action)
    assert fingerprint(game) == before


def play_until(game: pg.Game, kind: str, level: str = "normal") -> list[dict]:
    """Bots play on until an event of `kind`; returns the events up to and with it."""
    events: list[dict] = []
    while not any(e["type"] == kind for e in events):
        action = pg.bot_action(game, level, seed=len(events))
        if action["type"] == "double":
            action = next(a for a in game.legal_actions() if a["type"] != "double")
        events += game.apply(action)
    return events


# --- options ----------------------------------------------------------------------------------------------

def test_the_cube_options():
    info = next(g for g in pg.list_games() if g["id"] == "chains")
    assert [(o["name"], o["type"], o["default"]) for o in info["options"]][1:] == [
        ("cube", "bool", False), ("match_to", "int", 7), ("crawford", "bool", True)]


@pytest.mark.parametrize("players", [1, 3, 5])
def test_the_cube_is_for_two_players_only(players):
    with pytest.raises(pg.BadSetup, match="two players"):
        pg.new_game("chains", players=players, seed=1, options={"cube": True})


def test_without_the_cube_a_two_player_game_is_unchanged():
    game = pg.new_game("chains", players=2, seed=4)
    assert "cube" not in game.view(0) and {"type": "double"} not in game.legal_actions()
    with pytest.raises(pg.BadSetup, match="cube option"):
        pg.new_game("chains", players=2, seed=1, setup={"tables": DECIDED, "cube": {"value": 2, "owner": 0}})


# --- when a double is offered ---------------------------------------------------------------------------------

def test_a_double_only_as_the_first_action_of_a_turn():
    game = cube_game(seed=3)
    first = game.current_player
    assert game.legal_actions()[-1] == {"type": "double"} and game.view(first)["cube"]["may_double"]
    game.apply({"type": "draw"})
    assert {"type": "double"} not in game.legal_actions()
    assert_refused(game, {"type": "double"}, "start of your turn")
    while game.current_player == first:  # place and move on until the turn passes
        game.apply(next(a for a in game.legal_actions() if a["type"] != "double"))
        if game.current_player == first:
            assert {"type": "double"} not in game.legal_actions()  # a turn that continues
    assert game.legal_actions()[-1] == {"type": "double"}  # the other player's turn starts


def test_the_other_player_answers_and_nothing_else_is_legal():
    game = cube_game(decided(current=1))
    assert game.apply({"type": "double"}) == [{"type": "doubled", "seat": 1, "side": 1, "value": 2}]
    assert game.current_player == 0 and game.legal_actions() == [{"type": "take"}, {"type": "pass"}]
    assert_refused(game, {"type": "draw"}, "answer the double first")
    assert game.view(0)["cube"] == {"value": 1, "owner": None, "offered_by": 1, "side": 0, "may_double": False}


def test_a_take_and_the_doubler_plays_on_without_redoubling():
    game = cube_game(decided(current=1))
    game.apply({"type": "double"})
    assert game.apply({"type": "take"}) == [{"type": "taken", "seat": 0, "side": 0, "value": 2}]
    assert game.current_player == 1 and {"type": "double"} not in game.legal_actions()
    assert_refused(game, {"type": "double"}, "only the cube's owner")


def test_a_redouble_by_the_non_owner_is_refused_and_the_owner_redoubles():
    game = cube_game(decided(current=0, cube={"value": 2, "owner": 1}))
    assert {"type": "double"} not in game.legal_actions()
    assert_refused(game, {"type": "double"}, "only the cube's owner may redouble")
    owner = cube_game(decided(current=1, cube={"value": 2, "owner": 1}))
    owner.apply({"type": "double"})
    owner.apply({"type": "take"})
    assert owner.view(None)["cube"]["value"] == 4 and owner.view(None)["cube"]["owner"] == 0


def test_a_pass_ends_the_game_at_the_old_stake_and_deals_the_next():
    game = cube_game(decided(current=0, cube={"value": 2, "owner": 0}))
    game.apply({"type": "double"})
    events = game.apply({"type": "pass"})
    assert events[0] == {"type": "passed", "seat": 1, "side": 1}
    won = next(e for e in events if e["type"] == "stake_won")
    assert (won["side"], won["points"], won["stake"], won["passed"], won["scores"]) == (0, 2, 2, True, [2, 0])
    assert events[-1]["type"] == "game_started" and events[-1]["game"] == 2
    view = game.view(None)
    assert all(t["deck"] == 45 and not t["taken"] for t in view["tables"])  # a fresh deal
    assert view["cube"]["value"] == 1 and view["cube"]["owner"] is None and view["match"]["games"] == 1
    assert game.result()["scores"] == [2, 0] and game.result()["winners"] == []


def test_the_winner_of_a_game_scores_the_stake():
    game = cube_game(decided(current=0, cube={"value": 4, "owner": 1}))
    events = play_until(game, "stake_won")
    won = next(e for e in events if e["type"] == "stake_won")
    assert (won["side"], won["points"], won["passed"]) == (0, 4, False)
    assert won["game_scores"][0] > won["game_scores"][1]
    assert game.result()["scores"] == [4, 0]


def test_a_tie_after_the_tie_break_scores_nothing():
    game = cube_game({"tables": TIED, "current": 0, "cube": {"value": 4, "owner": 0}})
    match = game.view(None)["match"]
    assert match["results"] == [{"game": 1, "side": None, "points": 0, "stake": 4, "passed": False}]
    assert match["scores"] == [0, 0] and game.view(None)["cube"]["value"] == 1 and not game.is_over


def test_64_is_the_highest_value():
    game = cube_game(decided(current=0, cube={"value": 64, "owner": 0}), match_to=25)
    assert_refused(game, {"type": "double"}, "64")


def test_no_double_when_winning_at_the_stake_already_wins_the_match():
    game = cube_game(decided(current=0, cube={"value": 2, "owner": 0}, match={"scores": [5, 0]}))
    assert_refused(game, {"type": "double"}, "already wins")


# --- Crawford and the match end ---------------------------------------------------------------------------------

def test_the_crawford_game_and_the_game_after_it():
    game = cube_game(decided(current=1, match={"scores": [2, 6]}))
    assert game.view(None)["match"]["crawford"] is True
    assert_refused(game, {"type": "double"}, "Crawford")
    play_until(game, "game_started")  # seat 0 wins the Crawford game: 3-6
    match = game.view(None)["match"]
    assert match["scores"] == [3, 6] and match["crawford_done"] and not match["crawford"]
    trailer_turn = game.current_player == 0
    assert ({"type": "double"} in game.legal_actions()) == trailer_turn  # seat 1 at 6 never doubles


def test_reaching_match_point_announces_the_crawford_game():
    game = cube_game(decided(current=0, cube={"value": 2, "owner": 1}, match={"scores": [4, 0], "games": 3}))
    events = play_until(game, "game_started")
    assert {"type": "crawford_game", "game": 5} in events
    assert game.view(None)["match"]["crawford"] and {"type": "double"} not in game.legal_actions()


def test_without_the_crawford_rule_doubling_goes_on():
    game = cube_game(decided(current=0, match={"scores": [2, 6]}), crawford=False)
    assert game.legal_actions()[-1] == {"type": "double"}


def test_the_match_ends_at_the_target():
    game = cube_game(decided(current=0, cube={"value": 2, "owner": 1}, match={"scores": [5, 4]}))
    events = play_until(game, "game_over")
    assert {"type": "match_over", "winner": 0, "scores": [7, 4]} in events
    assert game.is_over and game.result()["winners"] == [0] and game.result()["scores"] == [7, 4]
    assert game.result()["game_scores"][0] > game.result()["game_scores"][1]


# --- views, saves, set-ups ------------------------------------------------------------------------------------------

def test_the_view_shows_the_cube_and_the_match():
    game = cube_game(decided(current=1, match={"scores": [1, 3], "games": 3}))
    for seat in (None, 0, 1):
        view = game.view(seat)
        assert view["cube"]["may_double"] is (seat == 1) and view["cube"]["side"] == seat
        assert view["match"]["scores"] == [1, 3] and view["match"]["games"] == 3 and view["turn_start"]
        json.dumps(view)


def test_save_and_load_with_a_double_waiting():
    game = cube_game(seed=6)
    game.apply({"type": "double"})
    loaded = pg.load_game(game.to_json())
    assert fingerprint(loaded) == fingerprint(game)
    assert loaded.apply({"type": "pass"}) == game.apply({"type": "pass"})
    assert fingerprint(loaded) == fingerprint(game)
    assert loaded.undo() == {"type": "pass"} and loaded.legal_actions() == [{"type": "take"}, {"type": "pass"}]


BAD = {
    "scores at the target": decided(match={"scores": [7, 0]}),
    "three scores": decided(match={"scores": [0, 0, 0]}),
    "games too few": decided(match={"scores": [2, 0], "games": 0}),
    "unknown match key": decided(match={"score": [1, 1]}),
    "crawford_done too early": decided(match={"scores": [5, 0], "crawford_done": True}),
    "cube value 5": decided(cube={"value": 5, "owner": 0}),
    "offer by the player not to move": decided(current=0, cube={"offered_by": 1}),
    "offer by the non-owner": decided(current=0, cube={"value": 2, "owner": 1, "offered_by": 0}),
    "offer after a draw": {"tables": [table([1, 2, 3, 4], drawn=10), DECIDED[1]], "current": 0,
                           "cube": {"offered_by": 0}},
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_setups(name):
    with pytest.raises(pg.BadSetup):
        cube_game(BAD[name])


# --- bots -------------------------------------------------------------------------------------------------------

def test_the_quick_estimate_knows_decided_games():
    assert win_chance(cube_game(decided(current=0)).view(0)) == 1.0
    assert win_chance(cube_game(decided(current=1)).view(1)) == 0.0
    assert 0.3 < win_chance(cube_game(seed=2).view(0)) < 0.7


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_never_doubles_a_lost_game(level, deterministic_search):
    game = cube_game(decided(current=1))
    assert {"type": "double"} in game.legal_actions()
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search)["type"] != "double"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_doubles_a_won_game_and_the_loser_passes(level, deterministic_search):
    game = cube_game(decided(current=0))
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search) == {"type": "double"}
    game.apply({"type": "double"})
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search) == {"type": "pass"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_takes_when_it_certainly_wins(level, deterministic_search):
    game = cube_game(decided(current=1, cube={"offered_by": 1}))
    assert game.current_player == 0
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search) == {"type": "take"}
