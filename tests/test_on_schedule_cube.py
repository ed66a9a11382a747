"""On Schedule played as a match with the doubling cube (options cube, match_to, crawford)."""

from __future__ import annotations

import json

import pytest
from helpers import fingerprint

import pygames_core as pg
from pygames_core.games.on_schedule.bot import win_chance

ROW = ["AD", "5S", "8H", "JC", "2D", "6H", "9S", "QD", "3C", "7C", "TD", "KH", "4S"]  # dealer 0
LAST_TRICK = [["2H"], ["3S"], ["4H"], ["5H"]]  # no point card left: seat 0 leads and wins
CUBE = {"cube": True, "match_to": 7}


def cube_game(setup: dict | None = None, *, seed: int = 0, **options) -> pg.Game:
    return pg.new_game("on_schedule", seed=seed, options={**CUBE, **options}, setup=setup)


def last_trick(leader: int = 0, points: tuple[int, ...] = (0, 0, 0, 0), **extra) -> dict:
    """The 13th trick with the row ROW (dealer 0) and no point card left in the hands: the deal is
    already decided by `points`, whoever wins the trick."""
    return {"dealer": 0, "hands": LAST_TRICK, "row": ROW, "tricks": [3, 3, 3, 3], "leader": leader,
            "points": list(points), **extra}


def two_tricks(leader: int = 0, **extra) -> dict:
    """Tricks 12 and 13 to come, with point cards still in the hands."""
    hands = [["AH", "2C"], ["KH", "3C"], ["QH", "4C"], ["JH", "5C"]]
    return {"dealer": 0, "hands": hands, "row": ROW, "tricks": [3, 3, 3, 2], "leader": leader, **extra}


def play_trick(game: pg.Game) -> list[dict]:
    events = []
    for _ in range(4):
        events += game.apply(next(a for a in game.legal_actions() if a["type"] == "play"))
    return events


def assert_refused(game: pg.Game, action: dict, match: str) -> None:
    before = fingerprint(game)
    with pytest.raises(pg.IllegalAction, match=match):
        game.apply(action)
    assert fingerprint(game) == before


# --- options and the plain game -----------------------------------------------------------------------------

def test_the_options_and_their_defaults():
    info = next(g for g in pg.list_games() if g["id"] == "on_schedule")
    assert [(o["name"], o["type"], o["default"]) for o in info["options"]] == [
        ("cube", "bool", False), ("match_to", "int", 3), ("crawford", "bool", True), ("show_played", "bool", False)]
    assert all(set(o["help"]) == {"en", "ja"} for o in info["options"])


def test_without_the_cube_nothing_changes():
    game = pg.new_game("on_schedule", seed=3, setup=last_trick())
    assert "cube" not in game.view(0) and "match" not in game.view(0)
    assert all(a["type"] == "play" for a in game.legal_actions())
    assert_refused(game, {"type": "double"}, "play")


def test_match_to_sets_the_victory_points_to_win_without_the_cube():
    game = pg.new_game("on_schedule", seed=3, options={"match_to": 1}, setup=last_trick(points=(2, 0, 0, 0)))
    assert game.view(None)["target"] == 1
    play_trick(game)
    assert game.is_over and game.result()["team_scores"] == [1, 0]


@pytest.mark.parametrize("value", [0, 26, 3.0, "7", True])
def test_bad_match_lengths(value):
    with pytest.raises(pg.BadSetup, match="match_to"):
        pg.new_game("on_schedule", seed=1, options={"cube": True, "match_to": value})


# --- when a double is offered ---------------------------------------------------------------------------------

def test_no_double_while_voting_or_passing_cards():
    game = cube_game(seed=4)
    while game.view(None)["phase"] != "play":
        assert {"type": "double"} not in game.legal_actions()
        assert not game.view(game.current_player)["cube"]["may_double"]
        game.apply(game.legal_actions()[0])
    assert game.legal_actions()[-1] == {"type": "double"}


def test_a_double_before_any_card_play_of_your_team():
    game = cube_game(two_tricks())
    for _ in range(8):
        assert {"type": "double"} in game.legal_actions()  # the cube is in the middle: every seat, every play
        game.apply(next(a for a in game.legal_actions() if a["type"] == "play"))
        if game.is_over or game.view(None)["deal"] == 2:
            break


def test_the_opponent_on_the_doublers_left_answers_and_nothing_else_is_legal():
    game = cube_game(two_tricks(leader=2))
    events = game.apply({"type": "double"})
    assert events == [{"type": "doubled", "seat": 2, "side": 0, "value": 2}]
    assert game.current_player == 3
    assert game.legal_actions() == [{"type": "take"}, {"type": "pass"}]
    assert_refused(game, {"type": "play", "card": "JH"}, "answer the double first")
    assert_refused(game, {"type": "double"}, "waiting for an answer")
    view = game.view(3)["cube"]
    assert view == {"value": 1, "owner": None, "offered_by": 0, "side": 1, "may_double": False}


def test_a_take_doubles_the_stake_and_the_doubler_plays_on():
    game = cube_game(two_tricks(leader=2))
    game.apply({"type": "double"})
    assert game.apply({"type": "take"}) == [{"type": "taken", "seat": 3, "side": 1, "value": 2}]
    assert game.current_player == 2 and {"type": "double"} not in game.legal_actions()
    assert game.view(2)["cube"] == {"value": 2, "owner": 1, "offered_by": None, "side": 0, "may_double": False}


def test_a_redouble_by_the_non_owner_is_refused_and_the_owner_may_redouble():
    game = cube_game(two_tricks(leader=2, cube={"value": 2, "owner": 1}))
    assert game.legal_actions() == [{"type": "play", "card": "QH"}, {"type": "play", "card": "4C"}]
    assert_refused(game, {"type": "double"}, "only the cube's owner may redouble")
    game.apply({"type": "play", "card": "QH"})
    assert game.current_player == 3 and game.view(3)["cube"]["may_double"]
    game.apply({"type": "double"})
    assert game.current_player == 0  # the opponent on seat 3's left
    game.apply({"type": "take"})
    assert game.view(None)["cube"]["value"] == 4 and game.view(None)["cube"]["owner"] == 0


def test_a_pass_ends_the_deal_at_the_stake_before_the_double():
    game = cube_game(two_tricks(leader=1, cube={"value": 2, "owner": 1}, victory_points=[1, 1], deal=3))
    game.apply({"type": "double"})  # team 1 redoubles to 4
    events = game.apply({"type": "pass"})
    assert events[0] == {"type": "passed", "seat": 2, "side": 0}
    summary = next(e["summary"] for e in events if e["type"] == "deal_over")
    assert summary["winner_team"] == 1 and summary["stake"] == 2 and summary["passed"] is True
    won = next(e for e in events if e["type"] == "stake_won")
    assert won == {"type": "stake_won", "game": 3, "side": 1, "points": 2, "stake": 2, "passed": True,
                   "scores": [1, 3]}
    view = game.view(None)
    assert view["victory_points"] == [1, 3] and view["deal"] == 4 and view["phase"] == "vote"
    assert view["cube"]["value"] == 1 and view["cube"]["owner"] is None  # back to the middle


def test_the_deal_winner_scores_the_stake():
    game = cube_game(last_trick(points=(3, 0, 0, 0), cube={"value": 4, "owner": 1}))
    events = play_trick(game)
    assert next(e for e in events if e["type"] == "deal_over")["summary"]["stake"] == 4
    assert game.view(None)["victory_points"] == [4, 0] and game.view(None)["match"]["games"] == 1


def test_a_tied_deal_scores_nothing_whatever_the_stake():
    game = cube_game(last_trick(points=(2, 1, 0, 1), cube={"value": 8, "owner": 0}))
    events = play_trick(game)
    assert next(e for e in events if e["type"] == "stake_won")["points"] == 0
    assert game.view(None)["victory_points"] == [0, 0] and game.view(None)["cube"]["value"] == 1


def test_64_is_the_highest_value():
    game = cube_game(two_tricks(cube={"value": 64, "owner": 0}), match_to=25)
    assert {"type": "double"} not in game.legal_actions()
    assert_refused(game, {"type": "double"}, "64")


def test_no_double_when_winning_the_deal_at_the_stake_already_wins_the_match():
    game = cube_game(two_tricks(victory_points=[5, 0], cube={"value": 2, "owner": 0}))
    assert {"type": "double"} not in game.legal_actions()
    assert_refused(game, {"type": "double"}, "already wins")


# --- who answers for a team: the person, never their bot partner ------------------------------------------------

def person_at(seat: int, setup: dict) -> pg.Game:
    """A cube game played by a person at `seat` and bots elsewhere, as the page's bridge opens it."""
    game = cube_game(setup)
    game.seat_people([seat])
    return game


def test_the_person_answers_for_the_team_when_the_rule_asks_their_bot_partner():
    game = person_at(0, two_tricks(leader=1))
    game.apply({"type": "double"})  # seat 1 doubles: its left, seat 2, is the person's bot partner
    assert game.current_player == 0 and game.legal_actions() == [{"type": "take"}, {"type": "pass"}]
    assert game.view(0)["current_player"] == 0
    assert game.apply({"type": "take"}) == [{"type": "taken", "seat": 0, "side": 0, "value": 2}]
    assert game.current_player == 1  # the doubler plays on


def test_the_person_on_the_doublers_left_answers_as_the_rule_says():
    game = person_at(2, two_tricks(leader=1))
    game.apply({"type": "double"})
    assert game.current_player == 2
    assert game.apply({"type": "pass"})[0] == {"type": "passed", "seat": 2, "side": 0}


def test_a_team_of_bots_answers_on_the_doublers_left():
    game = person_at(0, two_tricks(leader=2))
    game.apply({"type": "double"})  # the person's partner doubles: the bots of team 1 answer
    assert game.current_player == 3


def test_people_sit_at_seats_of_the_game():
    game = cube_game(two_tricks(leader=1))
    for seats in ([4], [-1], ["0"], [True]):
        with pytest.raises(pg.PygamesError, match="no seat"):
            game.seat_people(seats)
    game.apply({"type": "double"})
    assert game.current_player == 2  # nothing was changed by the refused calls


def test_an_undo_and_a_copy_keep_the_person_at_the_table():
    game = person_at(0, two_tricks(leader=1))
    game.apply({"type": "double"})
    game.apply({"type": "take"})
    assert game.undo() == {"type": "take"}
    assert game.current_player == 0 and game.copy().current_player == 0


def test_the_bridge_offers_the_take_or_pass_to_the_person_and_the_hint_answers_it():
    from pygames_core.app.bridge import _sessions, handle

    opened = handle({"op": "new", "game": "on_schedule", "options": CUBE, "setup": two_tricks(leader=1), "seat": 0})
    _sessions[opened["sid"]][0].apply({"type": "double"})  # seat 1, a bot, doubles (seat 0's session may not)
    reply = handle({"op": "snapshot", "sid": opened["sid"]})
    assert reply["snapshot"]["current_player"] == 0
    assert reply["snapshot"]["legal"] == [{"type": "take"}, {"type": "pass"}]
    hint = handle({"op": "hint", "sid": opened["sid"], "seed": 1, "time_budget_ms": 20})["hint"]
    assert hint["action"] in reply["snapshot"]["legal"] and hint["reason"]["kind"] == "cube"
    handle({"op": "close", "sid": opened["sid"]})


# A save made before the person answered for the team (seed 11, match to 7): seat 1 doubles and
# seat 2, the human's bot partner, takes; seat 2 redoubles and seat 3 passes; the next deal goes on.
OLD_SAVE = (
    '{"actions":[{"suit":"S","type":"vote"},{"suit":"C","type":"vote"},{"suit":"S","type":"vote"},{"suit"'
    ':"C","type":"vote"},{"suit":"H","type":"vote"},{"suit":"S","type":"vote"},{"suit":"C","type":"vote"}'
    ',{"suit":"S","type":"vote"},{"suit":"S","type":"vote"},{"suit":"C","type":"vote"},{"suit":"S","type"'
    ':"vote"},{"suit":"C","type":"vote"},{"suit":"S","type":"vote"},{"cards":["QH","7H"],"type":"give"},{'
    '"cards":["TS","5H"],"type":"give"},{"cards":["TC","7C"],"type":"give"},{"cards":["3H","3C"],"type":"'
    'give"},{"card":"KC","type":"play"},{"card":"AC","type":"play"},{"card":"5C","type":"play"},{"type":"'
    'double"},{"type":"take"},{"card":"QC","type":"play"},{"card":"KH","type":"play"},{"card":"2H","type"'
    ':"play"},{"card":"AH","type":"play"},{"card":"4H","type":"play"},{"card":"KD","type":"play"},{"card"'
    ':"7D","type":"play"},{"card":"2D","type":"play"},{"card":"3D","type":"play"},{"card":"QS","type":"pl'
    'ay"},{"type":"double"},{"type":"pass"},{"suit":"H","type":"vote"},{"suit":"S","type":"vote"},{"suit"'
    ':"C","type":"vote"},{"suit":"S","type":"vote"},{"suit":"S","type":"vote"},{"suit":"C","type":"vote"}'
    ',{"suit":"S","type":"vote"},{"suit":"H","type":"vote"},{"suit":"H","type":"vote"},{"suit":"S","type"'
    ':"vote"},{"suit":"C","type":"vote"},{"suit":"S","type":"vote"},{"suit":"H","type":"vote"},{"cards":['
    '"TH","3D"],"type":"give"},{"cards":["JH","5H"],"type":"give"},{"cards":["JC","2D"],"type":"give"},{"'
    'cards":["8C","5C"],"type":"give"},{"card":"KS","type":"play"},{"card":"4S","type":"play"},{"card":"3'
    'S","type":"play"},{"card":"JS","type":"play"},{"card":"AS","type":"play"},{"card":"5S","type":"play"'
    '},{"card":"6S","type":"play"},{"card":"4D","type":"play"},{"card":"2S","type":"play"},{"card":"2H","'
    'type":"play"},{"card":"TS","type":"play"},{"card":"4H","type":"play"},{"card":"3D","type":"play"}],"'
    'check":"a550b5651c504a13e75882e87731ab30","format":"pygames/save","game":"on_schedule","options":{"c'
    'rawford":true,"cube":true,"match_to":7},"players":4,"seed":11,"setup":null,"version":1}'
)


def test_a_save_from_before_loads_and_replays_identically_with_the_person_answering():
    old = pg.load_game(OLD_SAVE)
    assert [a for a in old.history if a["type"] in ("double", "take", "pass")] == [
        {"type": "double"}, {"type": "take"}, {"type": "double"}, {"type": "pass"}]
    assert old.view(None)["match"]["scores"] == [2, 0] and old.view(None)["deal"] == 2
    again = pg.new_game("on_schedule", seed=11, options=CUBE)
    again.seat_people([0])
    answered = []
    for action in old.history:
        if action["type"] in ("take", "pass"):
            answered.append(again.current_player)
        again.apply(action)
    assert answered == [0, 3]  # the person took for the team; team 1's bots passed as before
    # saved again, it names the option it did not know, at its default (docs/games/on_schedule.md)
    assert again.to_json() == old.to_json() != OLD_SAVE
    assert json.loads(old.to_json())["options"] == {**json.loads(OLD_SAVE)["options"], "show_played": False}
    assert json.dumps(again.view(0)) == json.dumps(old.view(0))


# --- Crawford and the match end ---------------------------------------------------------------------------------

def test_the_crawford_game_and_the_deal_after_it():
    game = cube_game(last_trick(points=(0, 2, 0, 0), victory_points=[6, 3]))
    assert game.view(None)["match"]["crawford"] is True
    assert {"type": "double"} not in game.legal_actions()
    assert_refused(game, {"type": "double"}, "Crawford")
    events = play_trick(game)  # team 1 wins the Crawford deal: 6-4
    assert not any(e["type"] == "crawford_game" for e in events)
    match = game.view(None)["match"]
    assert match["crawford"] is False and match["crawford_done"] is True and match["scores"] == [6, 4]
    while game.view(None)["phase"] != "play":
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    assert ({"type": "double"} in game.legal_actions()) == (seat % 2 == 1)  # only the trailer may double


def test_reaching_match_point_announces_the_crawford_game():
    game = cube_game(last_trick(points=(2, 0, 0, 0), victory_points=[5, 0]))
    events = play_trick(game)
    assert {"type": "crawford_game", "game": 2} in events
    assert game.view(None)["match"]["crawford"] is True


def test_without_the_crawford_rule_there_is_no_crawford_game():
    game = cube_game(last_trick(victory_points=[6, 3], leader=1), crawford=False)
    assert game.view(None)["match"]["crawford"] is False and game.legal_actions()[-1] == {"type": "double"}


def test_crawford_done_in_a_setup():
    game = cube_game(two_tricks(leader=1, victory_points=[6, 3], crawford_done=True))
    assert game.legal_actions()[-1] == {"type": "double"}
    with pytest.raises(pg.BadSetup, match="Crawford"):
        cube_game(two_tricks(victory_points=[5, 3], crawford_done=True))


def test_the_match_ends_when_a_team_reaches_the_target_at_the_stake():
    game = cube_game(last_trick(points=(0, 3, 0, 0), victory_points=[4, 3], cube={"value": 4, "owner": 0}))
    events = play_trick(game)
    assert {"type": "match_over", "winner": 1, "scores": [4, 7]} in events
    assert events[-1]["type"] == "game_over" and game.is_over
    result = game.result()
    assert result["scores"] == [4, 7, 4, 7] and result["winners"] == [1, 3] and result["team_scores"] == [4, 7]


# --- views, saves, set-ups ------------------------------------------------------------------------------------------

def test_the_view_shows_the_cube_and_the_match_to_every_seat():
    game = cube_game(two_tricks(leader=1, victory_points=[2, 1], deal=4))
    for seat in [None, 0, 1, 2, 3]:
        view = game.view(seat)
        assert view["cube"]["may_double"] is (seat == 1)
        assert view["cube"]["side"] == (None if seat is None else seat % 2)
        assert view["match"] == {"scores": [2, 1], "target": 7, "crawford_rule": True, "crawford": False,
                                 "crawford_done": False, "games": 3, "results": [], "winner": None}
        json.dumps(view)


def test_save_and_load_with_a_double_waiting():
    game = cube_game(seed=5)
    while game.view(None)["phase"] != "play":
        game.apply(game.legal_actions()[0])
    game.apply({"type": "double"})
    loaded = pg.load_game(game.to_json())
    assert fingerprint(loaded) == fingerprint(game)
    assert loaded.legal_actions() == [{"type": "take"}, {"type": "pass"}]
    assert loaded.apply({"type": "take"}) == game.apply({"type": "take"})
    assert loaded.undo() == {"type": "take"}
    assert loaded.view(None)["cube"]["offered_by"] is not None


BAD = {
    "cube without the option": ({"cube": {"value": 2, "owner": 0}}, {"cube": False}),
    "crawford_done without the option": ({"crawford_done": False}, {"cube": False}),
    "victory points at the target": ({"victory_points": [7, 0]}, {}),
    "value 3": (two_tricks(cube={"value": 3, "owner": 0}), {}),
    "offer while voting": ({"cube": {"offered_by": 0}}, {}),
    "offer by the wrong team": (two_tricks(leader=1, cube={"offered_by": 0}), {}),
    "offer by the non-owner": (two_tricks(leader=0, cube={"value": 2, "owner": 1, "offered_by": 0}), {}),
    "doubled in the Crawford game": (two_tricks(victory_points=[6, 0], cube={"value": 2, "owner": 1}), {}),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_setups(name):
    setup, options = BAD[name]
    with pytest.raises(pg.BadSetup):
        cube_game(setup, **options)


def test_a_setup_with_a_double_waiting():
    game = cube_game(two_tricks(leader=1, cube={"value": 2, "owner": 1, "offered_by": 1}))
    assert game.current_player == 2 and game.legal_actions() == [{"type": "take"}, {"type": "pass"}]


# --- bots -------------------------------------------------------------------------------------------------------

def test_the_quick_estimate_knows_decided_deals():
    assert win_chance(cube_game(last_trick(points=(3, 0, 0, 0))).remembered_view(0)) == 1.0
    assert win_chance(cube_game(last_trick(points=(0, 3, 0, 0))).remembered_view(0)) == 0.0
    assert 0.0 < win_chance(cube_game(seed=1).remembered_view(0)) < 1.0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_never_doubles_a_lost_deal(level, deterministic_search):
    game = cube_game(last_trick(points=(0, 3, 0, 0)))
    assert {"type": "double"} in game.legal_actions()
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search)["type"] == "play"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_doubles_a_won_deal_and_the_other_passes(level, deterministic_search):
    game = cube_game(last_trick(points=(3, 0, 0, 0)))
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search) == {"type": "double"}
    game.apply({"type": "double"})
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search) == {"type": "pass"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_takes_when_it_certainly_wins(level, deterministic_search):
    game = cube_game(last_trick(leader=1, points=(3, 0, 0, 0), cube={"offered_by": 1}))
    assert game.current_player == 2
    assert pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search) == {"type": "take"}


def test_the_trailer_doubles_even_a_lost_deal_when_the_leader_is_at_match_point():
    # team 1 at match point after the Crawford game wins the match with this deal whatever its stake
    game = cube_game(last_trick(leader=0, points=(0, 3, 0, 0), victory_points=[0, 6], crawford_done=True))
    assert pg.bot_action(game, "normal", seed=1) == {"type": "double"}
    game.apply({"type": "double"})
    assert pg.bot_action(game, "normal", seed=1) == {"type": "take"}  # certainly winning: take


def test_the_hint_at_a_double_answers_with_the_win_chance():
    game = cube_game(last_trick(leader=1, points=(3, 0, 0, 0), cube={"offered_by": 1}))
    hint = pg.hint(game, seed=2, time_budget_ms=20)
    assert hint["action"] == {"type": "take"} and hint["win_chance"] == 1.0
    assert [v["action"]["type"] for v in hint["values"]] == ["take", "pass"]


def test_bot_matches_with_the_cube_end_and_replay():
    game = cube_game(seed=11, match_to=3)
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    result = game.result()
    assert max(result["team_scores"]) >= 3 and len(result["winners"]) == 2
    replay = pg.load_game(game.to_json())
    assert fingerprint(replay) == fingerprint(game)
