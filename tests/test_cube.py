"""The doubling cube and match machinery shared by the games that offer it (pygames_core/kit/match.py;
the bots' decisions: pygames_core/ai/cube.py)."""

from __future__ import annotations

import pytest
from helpers import fingerprint

import pygames_core as pg
from pygames_core.ai.cube import DOUBLE_AT, TAKE_FROM, cube_moment, should_double, should_take
from pygames_core.kit.match import (
    MAX_VALUE,
    Match,
    setup_cube,
)
from pygames_core.testing import near_misses


def cube_match(target: int = 7, *, crawford: bool = True, scores: tuple[int, int] = (0, 0)) -> Match:
    return Match(target, cube=True, crawford_rule=crawford, scores=list(scores))


def test_the_cube_starts_at_one_in_the_middle_and_either_side_may_double():
    match = cube_match()
    assert (match.value, match.owner, match.offered_by) == (1, None, None)
    assert match.may_double(0) and match.may_double(1)
    assert match.actions(0, turn_start=True) == [{"type": "double"}]
    assert match.actions(0, turn_start=False) == []


def test_a_double_waits_for_take_or_pass_and_a_take_gives_the_taker_the_cube_at_twice_the_stake():
    match = cube_match()
    assert match.double(0, seat=2) == {"type": "doubled", "seat": 2, "side": 0, "value": 2}
    assert match.value == 1 and match.offered_by == 0
    assert match.actions(1, turn_start=True) == [{"type": "take"}, {"type": "pass"}]
    assert not match.may_double(0) and not match.may_double(1)
    assert match.take(seat=1) == {"type": "taken", "seat": 1, "side": 1, "value": 2}
    assert (match.value, match.owner, match.offered_by) == (2, 1, None)


def test_only_the_owner_redoubles():
    match = cube_match()
    match.double(0, 0)
    match.take(1)
    assert not match.may_double(0) and match.may_double(1)
    assert match.explain({"type": "double"}, 0, turn_start=True) == "only the cube's owner may redouble"
    match.double(1, 1)
    match.take(0)
    assert (match.value, match.owner) == (4, 0) and match.may_double(0) and not match.may_double(1)


def test_the_cube_stops_at_64():
    match = cube_match(target=1000)  # far enough that no stake wins the match outright
    side = 0
    while match.may_double(side):
        match.double(side, side)
        match.take(1 - side)
        side = 1 - side
    assert match.value == MAX_VALUE and match.owner == side
    assert not match.may_double(side)
    assert "64" in match.explain({"type": "double"}, side, turn_start=True)


def test_the_winner_scores_the_stake_times_the_result_and_the_cube_goes_back_to_the_middle():
    match = cube_match()
    match.double(0, 0)
    match.take(1)
    events = match.settle(1)
    assert match.scores == [0, 2] and match.games == 1
    assert (match.value, match.owner, match.offered_by) == (1, None, None)
    assert events == [{"type": "stake_won", "game": 1, "side": 1, "points": 2, "stake": 2, "passed": False,
                       "scores": [0, 2]}]
    match.settle(0, result=3)
    assert match.scores == [3, 2]


def test_a_pass_scores_the_stake_before_the_double_for_the_doubler():
    match = cube_match()
    match.double(0, 0)
    match.take(1)
    match.double(1, 1)  # a redouble to 4, passed: the doubler wins 2
    [event] = match.settle(1, passed=True)
    assert match.scores == [0, 2] and event["points"] == 2 and event["passed"] is True


def test_a_tie_scores_nothing_and_counts_as_a_game():
    match = cube_match()
    match.double(0, 0)
    match.take(1)
    [event] = match.settle(None)
    assert match.scores == [0, 0] and match.games == 1 and event["side"] is None and event["points"] == 0
    assert match.value == 1 and match.owner is None


def test_the_crawford_game_has_no_doubling_and_the_game_after_it_has():
    match = cube_match(scores=(4, 2))
    match.double(0, 0)
    match.take(1)
    events = match.settle(0)  # 6-2 in a match to 7: the next game is the Crawford game
    assert events[-1] == {"type": "crawford_game", "game": 2}
    assert match.crawford_game and not match.may_double(0) and not match.may_double(1)
    assert match.explain({"type": "double"}, 1, turn_start=True) == "no doubling in the Crawford game"
    match.settle(1)  # the Crawford game: 6-3
    assert match.crawford_done and not match.crawford_game
    assert match.may_double(1)  # the trailer doubles after the Crawford game
    assert not match.may_double(0)  # 6 + 1 already wins the match: nothing to gain


def test_without_the_crawford_rule_the_game_after_reaching_match_point_allows_doubling():
    match = cube_match(crawford=False, scores=(6, 2))
    assert not match.crawford_game and match.may_double(1)


def test_the_crawford_game_comes_only_once():
    match = cube_match(scores=(6, 5))
    assert match.crawford_game
    match.settle(1)  # 6-6 after the Crawford game: no second Crawford game
    assert not match.crawford_game and match.crawford_done


def test_no_double_when_the_current_stake_already_wins_the_match():
    match = cube_match(scores=(5, 0), crawford=False)
    match.double(1, 1)
    match.take(0)  # side 0 owns the cube at 2: 5 + 2 reaches 7
    assert not match.may_double(0)
    assert "already wins" in match.explain({"type": "double"}, 0, turn_start=True)


def test_the_match_ends_at_the_target():
    match = cube_match()
    match.double(0, 0)
    match.take(1)
    match.double(1, 1)
    match.take(0)
    match.double(0, 0)
    match.take(1)  # 8 owned by side 1
    events = match.settle(1)
    assert match.winner == 1 and match.scores == [0, 8]
    assert events[-1] == {"type": "match_over", "winner": 1, "scores": [0, 8]}
    assert not match.may_double(0) and not match.may_double(1)


def test_a_plain_match_scores_one_per_game_and_reports_no_cube_events():
    match = Match(3)
    assert not match.may_double(0) and match.actions(0, turn_start=True) == []
    assert match.settle(0) == [] and match.scores == [1, 0]
    assert match.explain({"type": "double"}, 0, turn_start=True) == "this game is played without the doubling cube"


def test_explanations_of_illegal_cube_actions():
    match = cube_match()
    assert match.explain({"type": "take"}, 1, turn_start=True) == "there is no double to answer"
    assert match.explain({"type": "play"}, 1, turn_start=True) is None
    assert "start of your turn" in match.explain({"type": "double"}, 0, turn_start=False)
    match.double(0, 0)
    assert match.explain({"type": "play"}, 1, turn_start=False) == "answer the double first: take or pass"
    assert match.explain({"type": "double"}, 1, turn_start=False) == "a double is waiting for an answer"


def test_copies_are_independent():
    match = cube_match()
    match.settle(0)
    twin = match.copy()
    twin.settle(1)
    twin.double(0, 0)
    assert match.scores == [1, 0] and len(match.results) == 1 and match.offered_by is None


# --- set-ups ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("cube", "crawford_done", "scores", "match"), [
    ({"value": 3, "owner": 0}, None, (0, 0), "1, 2, 4"),
    ({"value": 128, "owner": 0}, None, (0, 0), "1, 2, 4"),
    ({"value": 2.0, "owner": 0}, None, (0, 0), "1, 2, 4"),
    ({"value": 2}, None, (0, 0), "middle"),
    ({"value": 1, "owner": 1}, None, (0, 0), "middle"),
    ({"value": 2, "owner": 2}, None, (0, 0), "side"),
    ({"value": 2, "owner": True}, None, (0, 0), "side"),
    ({"value": 2, "owner": 0, "colour": "white"}, None, (0, 0), "object"),
    ([2, 0], None, (0, 0), "object"),
    ({"value": 2, "owner": 0}, None, (6, 0), "Crawford"),
    ({"value": 2, "owner": 0, "offered_by": 1}, None, (0, 0), "may not double"),
    ({"value": 32, "owner": 0, "offered_by": 0}, None, (0, 0), "may not double"),
    (None, True, (5, 0), "Crawford"),
    (None, "yes", (6, 0), "true or false"),
])
def test_bad_cube_setups(cube, crawford_done, scores, match):
    with pytest.raises(pg.BadSetup, match=match):
        doubler = cube.get("offered_by") if isinstance(cube, dict) else None  # a double waits at its turn start
        setup_cube(cube_match(scores=scores), cube, crawford_done, turn_start_side=doubler)


def test_good_cube_setups():
    match = cube_match(scores=(6, 2))
    setup_cube(match, None, True, turn_start_side=None)
    assert match.crawford_done and not match.crawford_game
    match = cube_match(target=100)
    setup_cube(match, {"value": 64, "owner": 1}, None, turn_start_side=None)
    assert (match.value, match.owner) == (64, 1) and not match.may_double(1)
    match = cube_match()
    setup_cube(match, {"value": 4, "owner": 1, "offered_by": 1}, None, turn_start_side=1)
    assert match.offered_by == 1
    with pytest.raises(pg.BadSetup, match="start of the doubler's turn"):
        setup_cube(cube_match(), {"offered_by": 0}, None, turn_start_side=None)
    with pytest.raises(pg.BadSetup, match="start of the doubler's turn"):
        setup_cube(cube_match(), {"offered_by": 0}, None, turn_start_side=1)
    with pytest.raises(pg.BadSetup, match="cube option"):
        setup_cube(Match(3), {"value": 1}, None, turn_start_side=0)


# --- the bots' thresholds -----------------------------------------------------------------------------------

def test_thresholds():
    match = cube_match()
    assert should_double(DOUBLE_AT, match, 0) and not should_double(DOUBLE_AT - 0.01, match, 0)
    assert should_take(TAKE_FROM) and not should_take(TAKE_FROM - 0.01)
    assert should_double(1.0, match, 0) and not should_double(0.0, match, 0)
    assert should_take(1.0) and not should_take(0.0)


def test_the_trailer_doubles_when_the_leader_wins_the_match_with_this_game_anyway():
    # the opponent wins the match by winning this game anyway: double, however poor the chance
    assert should_double(0.05, cube_match(scores=(0, 6), crawford=False), 0)


def test_a_cube_moment_needs_a_view_with_a_cube():
    assert cube_moment({"cube": {"value": 1}}, [{"type": "pass"}])
    assert not cube_moment({}, [{"type": "pass"}, {"type": "bid", "count": 2}])  # a bidding pass
    assert not cube_moment({"cube": {"value": 1}}, [{"type": "play", "card": "AS"}])


# --- both games with the cube: random matches keep the contract ----------------------------------------------

CUBE_GAMES = [("on_schedule", 4, {"cube": True, "match_to": 3}), ("chains", 2, {"cube": True, "match_to": 3})]


@pytest.mark.parametrize(("game_id", "players", "options"), CUBE_GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_cube_matches_end_replay_undo_and_refuse_near_misses(game_id, players, options, seed):
    game = pg.new_game(game_id, players=players, seed=seed, options=options)
    cube_actions = 0
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        if step % 25 == 0:
            before = fingerprint(game)
            for action in legal:
                for wrong in near_misses(action):
                    if wrong not in legal:
                        assert not game.can_apply(wrong)
            assert fingerprint(game) == before
        action = pg.bot_action(game, "easy", seed=seed * 1000 + step)
        cube_actions += action["type"] in ("double", "take", "pass")
        game.apply(action)
        step += 1
    result = game.result()
    match = game.view(None)["match"]
    assert cube_actions and match["winner"] is not None and max(match["scores"]) >= 3
    assert len(result["winners"]) == players // 2
    loaded = pg.load_game(game.to_json())
    assert fingerprint(loaded) == fingerprint(game)
    for _ in range(30):
        game.undo()
    replay = pg.new_game(game_id, players=players, seed=seed, options=options)
    for action in game.history:
        replay.apply(action)
    assert fingerprint(replay) == fingerprint(game)
