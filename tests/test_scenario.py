"""The scenario format (pygames_core.app.scenario) and its bridge operations."""

from __future__ import annotations

import json

import pytest

import pygames_core as pg
from pygames_core.app import bridge
from pygames_core.app.scenario import BadScenario, parse_scenario

# a Chains solitaire one card from the end: draw the 2, put it on the work pile, close with the 1
LAST_CARD = {
    "game": "chains",
    "setup": {"deck": [2], "work": [10, 9, 8, 7, 6, 5, 4, 3], "end_cards": [1]},
    "title": {"en": "The last chain", "ja": "最後のチェーン"},
    "intro": "One card left.",
    "steps": [
        {"action": {"type": "draw"}, "caption": {"en": "Turn up the 2.", "ja": "2をめくる。"}},
        {"action": {"type": "place", "to": "work"}, "caption": {"en": "It fits."}},
        {"action": {"type": "close", "end": 1}, "caption": {"ja": "1で閉じて完成。"}},
    ],
}


def call(**request) -> dict:
    return json.loads(bridge.call(json.dumps(request)))


def test_frames_show_every_step_with_its_caption():
    frames = parse_scenario(LAST_CARD).frames()
    assert [frame["step"] for frame in frames] == [0, 1, 2, 3]
    assert frames[0]["caption"] == {"en": "One card left."} and frames[0]["action"] is None
    assert frames[3]["caption"] == {"ja": "1で閉じて完成。"}
    assert frames[1]["snapshot"]["view"]["tables"][0]["drawn"] == 2
    assert frames[3]["snapshot"]["is_over"] and frames[3]["snapshot"]["result"]["winners"] == [0]
    assert "save" not in frames[0]["snapshot"]  # frames are for showing, not for resuming
    assert frames[0]["snapshot"]["deal"] is None and frames[0]["snapshot"]["options"]["mode"] == "beginner"


def test_a_scenario_is_the_same_from_text_and_always_deals_the_same_cards():
    unseeded = {"game": "arsene", "steps": []}
    one, two = parse_scenario(json.dumps(unseeded)).frames(), parse_scenario(unseeded).frames()
    assert one == two and parse_scenario(unseeded).seed == 0 and one[0]["snapshot"]["deal"] == "0"


def test_start_gives_a_live_game_at_any_step():
    scenario = parse_scenario(LAST_CARD)
    for steps in range(4):
        game = scenario.start(steps)
        assert len(game.history) == steps
        if steps < 3:
            assert scenario.steps[steps].action in game.legal_actions()
    with pytest.raises(BadScenario):
        scenario.start(4)
    with pytest.raises(BadScenario):
        scenario.start("1")


@pytest.mark.parametrize(("document", "error", "words"), [
    ("{not json", BadScenario, "JSON"),
    ([1, 2], BadScenario, "object"),
    ({"game": "chains", "colour": "red"}, BadScenario, "colour"),
    ({"steps": []}, BadScenario, "names its game"),
    ({"game": "snap"}, pg.UnknownGame, "snap"),
    ({"game": "chains", "format": "other"}, BadScenario, "format"),
    ({"game": "chains", "version": 2}, BadScenario, "version"),
    ({"game": "chains", "steps": {"action": {}}}, BadScenario, "list"),
    ({"game": "chains", "steps": [{"caption": "no action"}]}, BadScenario, "step 1"),
    ({"game": "chains", "steps": [{"action": {"type": "draw"}, "note": 1}]}, BadScenario, "note"),
    ({"game": "chains", "title": {"fr": "Chaînes"}}, BadScenario, "title"),
    ({"game": "chains", "seat": "me"}, BadScenario, "seat"),
    ({"game": "chains", "setup": [1]}, BadScenario, "setup"),
])
def test_malformed_scenarios_say_what_is_wrong(document, error, words):
    with pytest.raises(error, match=words):
        parse_scenario(document)


@pytest.mark.parametrize(("document", "error", "words"), [
    ({"game": "chains", "setup": {"deck": [2, 2]}}, pg.BadSetup, "too many cards"),  # an impossible position
    ({"game": "chains", "options": {"speed": 3}}, pg.BadSetup, "speed"),
    ({"game": "chains", "seat": 3}, BadScenario, "seat 3"),
    ({**LAST_CARD, "steps": [LAST_CARD["steps"][1]]}, BadScenario, "step 1"),  # nothing drawn yet
])
def test_positions_and_steps_the_rules_refuse(document, error, words):
    with pytest.raises(error, match=words):
        parse_scenario(document).frames()


def test_bridge_scenario_and_play_from_a_step():
    reply = call(op="scenario", scenario=LAST_CARD)
    assert reply["ok"] and reply["title"]["ja"] == "最後のチェーン" and reply["seat"] == 0
    assert len(reply["frames"]) == 4
    opened = call(op="play_scenario", scenario=LAST_CARD, steps=2)
    assert opened["ok"] and opened["snapshot"]["legal"] == [{"type": "close", "end": 1}]
    assert "save" in opened["snapshot"]  # a live game is saved like any other
    done = call(op="act", sid=opened["sid"], action={"type": "close", "end": 1})
    assert done["snapshot"]["is_over"]
    call(op="close", sid=opened["sid"])
    broken = call(op="scenario", scenario={**LAST_CARD, "steps": LAST_CARD["steps"][1:]})
    assert broken["error"]["type"] == "BadScenario" and "step 1" in broken["error"]["message"]
    assert call(op="play_scenario", scenario="{")["error"]["type"] == "BadScenario"


def test_replay_of_a_finished_game_reaches_its_final_state_from_any_seat():
    game = pg.new_game("chains", seed=3)
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    for seat in (0, None):
        reply = call(op="replay", text=game.to_json(), seat=seat)
        assert reply["ok"] and len(reply["frames"]) == len(game.history) + 1
        assert reply["frames"][-1]["snapshot"]["view"] == game.view(seat)
        assert [frame["action"] for frame in reply["frames"][1:]] == game.history


def test_replay_refuses_a_live_game_a_bad_seat_and_a_tampered_save():
    game = pg.new_game("arsene", seed=2)
    game.apply(game.legal_actions()[0])
    assert call(op="replay", text=game.to_json())["error"]["type"] == "BridgeError"  # its cards are secret
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=1))
    assert call(op="replay", text=game.to_json(), seat=4)["error"]["type"] == "BadRequest"  # no such seat
    tampered = game.to_json().replace('"seed":2', '"seed":3')
    assert call(op="replay", text=tampered)["error"]["type"] == "BadSave"


def played_out(game_id: str, seed: int, players: int | None = None, **options) -> pg.Game:
    game = pg.new_game(game_id, players=players, seed=seed, options=options or None)
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    return game


def test_frames_mark_the_steps_that_end_a_trick_or_a_deal():
    game = played_out("roller_derby", 3)
    frames = call(op="replay", text=game.to_json())["frames"]
    views = [frame["snapshot"]["view"] for frame in frames]
    assert frames[0]["marks"] == [] and frames[0]["mover"] is None
    for before, after, frame in zip(views, views[1:], frames[1:], strict=False):
        new_deal = after["deal"] != before["deal"] or frame is frames[-1]
        # read from the table, not the events: a trick ended when a side's tricks grew or a deal ended
        assert ("trick" in frame["marks"]) == (sum(after["tricks"]) > sum(before["tricks"]) or new_deal)
        assert ("deal" in frame["marks"]) == new_deal
    deals = [frame["step"] for frame in frames if "deal" in frame["marks"]]
    assert len(deals) == 4 and deals[-1] == len(game.history)  # Roller Derby's four deals
    tricks = [frame["step"] for frame in frames if "trick" in frame["marks"]]
    assert len(tricks) == 4 * 13 and set(deals) <= set(tricks)
    again = pg.new_game("roller_derby", seed=3)
    movers = []
    for action in game.history:
        movers.append(again.current_player)
        again.apply(action)
    assert [frame["mover"] for frame in frames[1:]] == movers


def test_a_game_of_a_series_ends_like_a_deal_and_a_solitaire_has_no_marks():
    game = played_out("dominuxen", 4, games=2)
    frames = call(op="replay", text=game.to_json())["frames"]
    ends = [frame["step"] for frame in frames if frame["marks"]]
    assert [frames[step]["marks"] for step in ends] == [["deal"], ["deal"]] and ends[-1] == len(game.history)
    assert frames[ends[0]]["snapshot"]["view"]["game_number"] == 2  # the next game is dealt at once
    assert not any(frame["marks"] for frame in parse_scenario(LAST_CARD).frames())


def test_a_game_of_a_chains_match_ends_like_a_deal():
    game = played_out("chains", 1, players=2, cube=True, match_to=3)
    frames = call(op="replay", text=game.to_json())["frames"]
    ends = [frame for frame in frames if frame["marks"]]
    assert all(frame["marks"] == ["deal"] for frame in ends) and ends[-1]["step"] == len(game.history)
    # one mark for each game of the match, at the step that settled it
    assert [frame["snapshot"]["view"]["match"]["games"] for frame in ends] == list(range(1, len(ends) + 1))
    assert len(ends) == len(game.view(0)["match"]["results"]) >= 2
