"""The JSON bridge the Web Worker uses: pygames_core.bridge.call, text in and text out."""

from __future__ import annotations

import json

import pytest
from helpers import hidden_codes, json_strings, last_trick_setup

import pygames_core as pg
from pygames_core import bridge


def call(**request) -> dict:
    reply = json.loads(bridge.call(json.dumps(request)))
    assert isinstance(reply["ok"], bool)
    return reply


def ok(**request) -> dict:
    reply = call(**request)
    assert reply["ok"], reply
    return reply


def error(text: str) -> dict:
    reply = json.loads(bridge.call(text))
    assert reply["ok"] is False and set(reply["error"]) == {"type", "message"}, reply
    assert reply["error"]["message"]
    return reply["error"]


@pytest.fixture
def session():
    opened = ok(op="new", game="arsene", seed=5, seat=0)
    yield opened
    ok(op="close", sid=opened["sid"])


def check_snapshot(snapshot: dict, game: pg.Game) -> None:
    seat = snapshot["seat"]
    assert snapshot["game"] == "arsene"
    assert snapshot["view"] == json.loads(json.dumps(game.view(seat)))
    assert snapshot["current_player"] == game.current_player
    assert snapshot["is_over"] == game.is_over
    assert snapshot["moves"] == len(game.history)
    if game.current_player == seat and seat is not None:
        assert snapshot["legal"] == game.legal_actions()
    else:
        assert snapshot["legal"] == []  # never the legal actions of a seat that is not to move
    assert pg.load_game(snapshot["save"]).to_json() == game.to_json()
    leaked = hidden_codes(game, seat) & json_strings({k: v for k, v in snapshot.items() if k != "save"})
    assert not leaked


def test_games():
    assert ok(op="games")["games"] == pg.list_games()


def test_new_returns_a_session_and_snapshot(session):
    game = pg.load_game(session["snapshot"]["save"])
    assert isinstance(session["sid"], int)
    check_snapshot(session["snapshot"], game)


def test_a_game_played_through_the_bridge_matches_the_library(session):
    sid = session["sid"]
    game = pg.new_game("arsene", seed=5)
    for step in range(120):
        if game.current_player == 0:
            action = game.legal_actions()[-1]
            reply = ok(op="act", sid=sid, action=action)
            assert reply["events"] == json.loads(json.dumps(game.apply(action)))
        else:
            reply = ok(op="bot", sid=sid, level="easy", seed=step)
            assert reply["action"] in game.legal_actions()
            game.apply(reply["action"])
        check_snapshot(reply["snapshot"], game)
    assert ok(op="snapshot", sid=sid)["snapshot"] == reply["snapshot"]


def test_undo(session):
    sid = session["sid"]
    before = ok(op="snapshot", sid=sid)["snapshot"]
    played = ok(op="bot", sid=sid, level="normal", seed=1)
    undone = ok(op="undo", sid=sid)
    assert undone["action"] == played["action"]
    assert undone["snapshot"] == before
    assert call(op="undo", sid=sid)["error"]["type"] == "IllegalAction"


def test_load(session):
    sid = session["sid"]
    for step in range(10):
        ok(op="bot", sid=sid, level="easy", seed=step)
    save = ok(op="snapshot", sid=sid)["snapshot"]["save"]
    loaded = ok(op="load", text=save, seat=2)
    game = pg.load_game(save)
    check_snapshot(loaded["snapshot"], game)
    assert loaded["sid"] != sid and loaded["snapshot"]["seat"] == 2
    assert call(op="load", text=save[:-3], seat=0)["error"]["type"] == "BadSave"
    ok(op="close", sid=loaded["sid"])


def test_spectator_session_never_gets_legal_actions():
    opened = ok(op="new", game="arsene", seed=8, seat=None)
    sid = opened["sid"]
    for step in range(30):
        reply = ok(op="bot", sid=sid, level="easy", seed=step)
        assert reply["snapshot"]["legal"] == [] and reply["snapshot"]["view"]["hand"] is None
        check_snapshot(reply["snapshot"], pg.load_game(reply["snapshot"]["save"]))
    ok(op="close", sid=sid)


def test_illegal_action_gives_an_error_and_changes_nothing(session):
    sid = session["sid"]
    before = ok(op="snapshot", sid=sid)["snapshot"]
    for action in ({"type": "play", "card": "AS"}, {"type": "choose", "index": 7}, {"type": "choose", "index": 1.0},
                   "choose", None, {}):
        reply = call(op="act", sid=sid, action=action)
        assert reply["ok"] is False and reply["error"]["type"] == "IllegalAction"
        assert ok(op="snapshot", sid=sid)["snapshot"] == before


def test_setup_through_the_bridge():
    opened = ok(op="new", game="arsene", seed=1, setup=last_trick_setup([3, 3, 3, 1], winner=0), seat=0)
    assert opened["snapshot"]["view"]["hand"] == ["AS"]
    assert opened["snapshot"]["legal"] == [{"type": "play", "card": "AS"}]
    ok(op="close", sid=opened["sid"])
    reply = call(op="new", game="arsene", seed=1, setup={"dealer": 7}, seat=0)
    assert reply["error"]["type"] == "BadSetup"


@pytest.mark.parametrize(("request_", "kind"), [
    ({"op": "new", "game": "chess", "seat": 0}, "UnknownGame"),
    ({"op": "new", "game": "arsene", "seed": -1, "seat": 0}, "BadSetup"),
    ({"op": "new", "game": "arsene", "options": {"x": 1}, "seat": 0}, "BadSetup"),
    ({"op": "new", "game": "arsene", "seat": 4}, "BridgeError"),
    ({"op": "new", "game": "arsene", "seat": "0"}, "BridgeError"),
    ({"op": "act", "sid": 999_999, "action": {"type": "keep"}}, "BridgeError"),
    ({"op": "act", "action": {"type": "keep"}}, "BridgeError"),
    ({"op": "snapshot", "sid": [1]}, "BridgeError"),
    ({"op": "fly"}, "BridgeError"),
    ({}, "BridgeError"),
])
def test_bad_requests(request_, kind):
    assert error(json.dumps(request_))["type"] == kind


@pytest.mark.parametrize("text", ["", "{", "not json", "{'op': 'games'}", "[1, 2]", "42", "null", '"games"'])
def test_malformed_json_and_non_objects(text):
    error(text)


def test_bot_errors_and_game_over(session):
    sid = session["sid"]
    assert call(op="bot", sid=sid, level="genius")["error"]["type"] == "PygamesError"
    for bad in ({"seed": "x"}, {"seed": 1.5}, {"seed": -1}, {"time_budget_ms": [1]}, {"time_budget_ms": "abc"}):
        assert call(op="bot", sid=sid, level="hard", **bad)["error"]["type"] == "PygamesError"
    while not (reply := ok(op="bot", sid=sid, level="easy", seed=3))["snapshot"]["is_over"]:
        pass
    assert reply["snapshot"]["result"]["winners"]
    assert call(op="bot", sid=sid, level="easy")["error"]["type"] == "IllegalAction"
    assert call(op="act", sid=sid, action={"type": "keep"})["error"]["type"] == "IllegalAction"


def test_close_forgets_the_session():
    sid = ok(op="new", game="arsene", seed=2, seat=1)["sid"]
    other = ok(op="new", game="arsene", seed=2, seat=1)["sid"]
    assert ok(op="close", sid=sid) == {"ok": True}
    assert call(op="snapshot", sid=sid)["error"]["type"] == "BridgeError"
    assert ok(op="close", sid=sid) == {"ok": True}  # closing twice is harmless
    assert ok(op="close", sid=[other])["ok"]  # an unhashable sid closes nothing and does not crash
    assert ok(op="snapshot", sid=other)["snapshot"]["moves"] == 0
    ok(op="close", sid=other)


def test_sessions_are_independent():
    one = ok(op="new", game="arsene", seed=3, seat=0)["sid"]
    two = ok(op="new", game="arsene", seed=3, seat=0)["sid"]
    ok(op="bot", sid=one, level="easy", seed=1)
    assert ok(op="snapshot", sid=two)["snapshot"]["moves"] == 0
    for sid in (one, two):
        ok(op="close", sid=sid)


def test_hint_for_the_seat_to_move_only_and_from_its_view():
    opened = ok(op="new", game="arsene", seed=5, seat=0)
    sid, snapshot = opened["sid"], opened["snapshot"]
    while snapshot["current_player"] != 0:
        snapshot = ok(op="bot", sid=sid, level="easy", seed=1)["snapshot"]
    answer = ok(op="hint", sid=sid, seed=2, time_budget_ms=40)["hint"]
    assert answer["action"] in snapshot["legal"]
    assert ok(op="snapshot", sid=sid)["snapshot"]["moves"] == snapshot["moves"]  # a hint changes nothing
    ok(op="act", sid=sid, action=answer["action"])
    if ok(op="snapshot", sid=sid)["snapshot"]["current_player"] != 0:
        assert call(op="hint", sid=sid)["error"]["type"] == "BridgeError"
    spectator = ok(op="new", game="arsene", seed=5, seat=None)["sid"]
    assert call(op="hint", sid=spectator)["error"]["type"] == "BridgeError"
    assert call(op="hint", sid=sid, time_budget_ms="soon")["error"]["type"] in ("PygamesError", "BridgeError")
    for done in (sid, spectator):
        ok(op="close", sid=done)


def test_analysis_only_after_the_end():
    sid = ok(op="new", game="chains", seed=4, seat=0)["sid"]
    assert call(op="analysis", sid=sid)["error"]["type"] == "IllegalAction"
    while not (reply := ok(op="bot", sid=sid, level="normal", seed=1))["snapshot"]["is_over"]:
        pass
    report = ok(op="analysis", sid=sid)["analysis"]
    assert report["best_penalty"] <= report["your_penalty"] == reply["snapshot"]["result"]["penalty"]
    ok(op="close", sid=sid)
    arsene = ok(op="new", game="arsene", seed=5, seat=0)["sid"]
    while not ok(op="bot", sid=arsene, level="easy", seed=3)["snapshot"]["is_over"]:
        pass
    assert ok(op="analysis", sid=arsene)["analysis"] is None  # nothing to say in hindsight
    ok(op="close", sid=arsene)
