"""The JSON bridge the Web Worker uses: pygames_core.bridge.call, text in and text out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import hidden_codes, json_strings, last_trick_setup

import pygames_core as pg
from pygames_core.app import bridge


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
    assert reply["ok"] is False, reply
    # the traceback's last frames only for a bug (InternalError); the problem a player is told of only
    # for a save that cannot be opened (BadSave)
    extra = {"InternalError": ("trace",), "BadSave": ("reason",)}.get(reply["error"]["type"], ())
    assert set(reply["error"]) == {"type", "message", *extra}
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


def test_levels():
    levels = ok(op="levels")["levels"]
    assert [level["name"] for level in levels] == list(pg.LEVELS)
    assert levels[-1] == {"name": "expert", "budget_ms": 3000, "samples": 300}


def test_levels_of_a_game_at_a_number_of_players():
    """The old request keeps its answer (every level); given a game (and players), the levels it offers,
    as the game plays them (its hard bot's own time budget)."""
    assert ok(op="levels")["levels"] == pg.list_levels()
    assert ok(op="levels", game="chains", players=3)["levels"] == pg.list_levels("chains", 3)
    assert [level["name"] for level in pg.list_levels("chains", 3)] == list(pg.LEVELS)
    assert ok(op="levels", game="chains", players=1)["levels"] == pg.list_levels("chains", 3)[:3]  # no expert
    assert ok(op="levels", game="arsene")["levels"] == pg.list_levels("arsene", 4)
    assert [level["name"] for level in pg.list_levels("arsene", 4)] == ["easy", "normal", "hard"]
    assert ok(op="levels", game="arsene", players=None)["levels"] == pg.list_levels("arsene")
    assert call(op="levels", players=3)["error"]["type"] == "PygamesError"
    assert call(op="levels", game="arsene", players=3)["error"]["type"] == "PygamesError"
    assert call(op="levels", game="chess")["error"]["type"] == "UnknownGame"


def test_a_bot_plays_the_expert_in_a_game_that_does_not_offer_it(session):
    """A saved game or a link that names the expert, and bench/strength.py, still get it played."""
    game = pg.load_game(session["snapshot"]["save"])
    reply = ok(op="bot", sid=session["sid"], level="expert", seed=1, samples=2)
    assert reply["action"] in game.legal_actions() and reply["events"]


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


def to_own_turn(sid: int, seat: int = 0) -> dict:
    """The session's snapshot once the bots have moved up to `seat`'s turn."""
    snapshot = ok(op="snapshot", sid=sid)["snapshot"]
    while snapshot["current_player"] != seat:
        snapshot = ok(op="bot", sid=sid, level="easy", seed=snapshot["moves"])["snapshot"]
    return snapshot


def test_undo_takes_back_the_sessions_move_and_the_bots_after_it_as_the_page_does():
    seat = (pg.new_game("arsene", seed=6).current_player + 1) % 4  # the bots move before its first turn
    sid = ok(op="new", game="arsene", seed=6, seat=seat)["sid"]
    first = to_own_turn(sid, seat)
    assert first["moves"] > 0 and first["can_undo"] is False
    # the bots' moves before the session's first are not its to take back (no re-dealing the bots' luck)
    assert call(op="undo", sid=sid)["error"]["type"] == "WrongSeat"
    assert ok(op="snapshot", sid=sid)["snapshot"] == first
    played = ok(op="act", sid=sid, action=first["legal"][0])["snapshot"]
    assert played["can_undo"] is True
    again = to_own_turn(sid, seat)
    undone = []
    while (snapshot := ok(op="undo", sid=sid))["snapshot"]["current_player"] != seat:  # the page's loop
        undone.append(snapshot["action"])
    assert snapshot["snapshot"] == first and snapshot["action"] == first["legal"][0]
    assert len(undone) == again["moves"] - first["moves"] - 1
    assert call(op="undo", sid=sid)["error"]["type"] == "WrongSeat"
    spectator = ok(op="new", game="arsene", seed=6, seat=None)["sid"]
    ok(op="bot", sid=spectator, level="easy", seed=1)
    assert call(op="undo", sid=spectator)["error"]["type"] == "WrongSeat"
    for done in (sid, spectator):
        ok(op="close", sid=done)


def test_undo_turn_takes_back_the_sessions_last_move_and_the_bots_after_it_in_one_request():
    seat = (pg.new_game("arsene", seed=6).current_player + 1) % 4
    sid = ok(op="new", game="arsene", seed=6, seat=seat)["sid"]
    assert call(op="undo_turn", sid=sid)["error"]["type"] == "WrongSeat"  # only the bots have moved
    first = to_own_turn(sid, seat)
    ok(op="act", sid=sid, action=first["legal"][0])
    second = to_own_turn(sid, seat)
    ok(op="act", sid=sid, action=second["legal"][-1])
    third = to_own_turn(sid, seat)
    taken = ok(op="undo_turn", sid=sid)
    assert taken["snapshot"] == second and taken["actions"][0] == second["legal"][-1]
    assert len(taken["actions"]) == third["moves"] - second["moves"]
    assert ok(op="undo_turn", sid=sid)["snapshot"] == first
    assert call(op="undo_turn", sid=sid)["error"]["type"] == "WrongSeat"
    assert ok(op="snapshot", sid=sid)["snapshot"] == first  # a refused request changes nothing
    ok(op="close", sid=sid)


def test_a_session_acts_only_for_its_own_seat():
    seat = (pg.new_game("arsene", seed=6).current_player + 1) % 4
    sid = ok(op="new", game="arsene", seed=6, seat=seat)["sid"]
    snapshot = ok(op="snapshot", sid=sid)["snapshot"]
    assert snapshot["current_player"] != seat
    bots_move = pg.load_game(snapshot["save"]).legal_actions()[0]  # legal, but for a bot's seat
    refused = call(op="act", sid=sid, action=bots_move)["error"]
    assert refused["type"] == "WrongSeat" and "bot" in refused["message"]
    assert ok(op="snapshot", sid=sid)["snapshot"] == snapshot
    spectator = ok(op="new", game="arsene", seed=6, seat=None)["sid"]
    assert call(op="act", sid=spectator, action=bots_move)["error"]["type"] == "WrongSeat"
    ok(op="bot", sid=spectator, level="easy", seed=1)  # a spectator's table moves with bot only
    for done in (sid, spectator):
        ok(op="close", sid=done)


def test_a_person_answers_a_double_for_the_bot_partner_through_act():
    """On Schedule with the cube: the double the rules would ask the person's bot partner to answer is
    the person's (Game.seat_people): the session's seat is the one to move then, so act is allowed."""
    sid = ok(op="new", game="on_schedule", seed=3, seat=0, options={"cube": True})["sid"]
    for step in range(2000):
        snapshot = ok(op="snapshot", sid=sid)["snapshot"]
        if snapshot["is_over"]:
            break
        legal_types = {action["type"] for action in snapshot["legal"]}
        if "take" in legal_types and snapshot["view"]["cube"]["offered_by"] == 1:
            ok(op="act", sid=sid, action={"type": "take"})
            break
        if snapshot["current_player"] == 0:
            double = [a for a in snapshot["legal"] if a["type"] != "double"]
            ok(op="act", sid=sid, action=double[0])
        else:
            ok(op="bot", sid=sid, level="normal", seed=step)
    else:
        pytest.fail("no double came")
    ok(op="close", sid=sid)


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
    before = to_own_turn(sid)
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
    ({"op": "new", "game": "arsene", "seat": 4}, "BadRequest"),
    ({"op": "new", "game": "arsene", "seat": "0"}, "BadRequest"),
    ({"op": "new", "game": "arsene"}, "BadRequest"),  # no seat: a spectator is asked for with null
    ({"op": "new", "game": "arsene", "seat": 0, "sed": 5}, "BadRequest"),  # a misspelt field is not ignored
    ({"op": "act", "sid": 999_999, "action": {"type": "keep"}}, "BridgeError"),
    ({"op": "act", "action": {"type": "keep"}}, "BadRequest"),
    ({"op": "snapshot", "sid": [1]}, "BadRequest"),
    ({"op": "close", "sid": [1]}, "BadRequest"),
    ({"op": "fly"}, "BadRequest"),
    ({"op": ["games"]}, "BadRequest"),
    ({}, "BadRequest"),
])
def test_bad_requests(request_, kind):
    assert error(json.dumps(request_))["type"] == kind


@pytest.mark.parametrize(("request_", "kind", "says"), [
    ({"op": "new", "game": "arsene", "seat": True}, "BadRequest", "seat is a seat number from 0 to 3"),
    ({"op": "new", "game": "arsene", "seat": 1.0}, "BadRequest", "not 1.0"),
    ({"op": "load", "text": pg.new_game("arsene", seed=1).to_json(), "seat": False}, "BadRequest", "not false"),
    ({"op": "new", "game": "arsene", "seat": 0, "players": True}, "BadSetup", "players, not True"),
    ({"op": "new", "game": True, "seat": 0}, "UnknownGame", "no game True"),
    ({"op": "snapshot", "sid": True}, "BadRequest", "sid is the number new or load answered, not true"),
    ({"op": "close", "sid": True}, "BadRequest", "not true"),
    ({"op": "bot", "sid": 1.0}, "BadRequest", "not 1.0"),
    ({"op": "play_scenario", "scenario": {"game": "arsene"}, "steps": True}, "BadScenario", "not True"),
    ({"op": "play_scenario", "scenario": {"game": "arsene"}, "seat": True}, "BadRequest", "seat is"),
    ({"op": "replay", "text": 5}, "BadSave", "a save is a text"),
    ({"op": "how_to_play", "game": {"id": "arsene"}}, "UnknownGame", "no game"),
    ({"op": "scenario", "scenario": 5}, "BadScenario", "a scenario is a JSON object"),
])
def test_every_field_is_checked_for_its_type(request_, kind, says):
    """true is not 1 and 1.0 is not a seat, though Python would take them for 1: each is refused with
    an error naming the field, even where a session 1 is open."""
    opened = ok(op="new", game="arsene", seed=1, seat=0)  # a session that `true` must not reach
    answer = error(json.dumps(request_))
    assert (answer["type"], says in answer["message"]) == (kind, True), answer
    assert ok(op="snapshot", sid=opened["sid"])["snapshot"] == opened["snapshot"]
    ok(op="close", sid=opened["sid"])


@pytest.mark.parametrize(("field", "value"), [("level", 5), ("level", None), ("time_budget_ms", True),
                                              ("time_budget_ms", "1"), ("seed", True), ("seed", -1),
                                              ("samples", 0), ("samples", 1601), ("samples", 2.5), ("samples", "8"),
                                              ("reproducible", 1), ("reproducible", "yes")])
def test_the_bots_fields_are_checked_and_named(session, field, value):
    reply = call(op="bot", sid=session["sid"], **{field: value})
    assert reply["error"]["type"] == "PygamesError"
    assert field.split("_")[0] in reply["error"]["message"].replace("bot level", "level")


def test_a_sample_budget_gives_the_same_bot_move_and_hint_whatever_the_time_budget():
    """The page's determinism check asks for this: a hard bot and a hint with `samples` ignore the clock."""
    answers = []
    for budget in (1, 10_000):
        opened = ok(op="new", game="arsene", seed=5, seat=0)
        sid, snapshot, moves = opened["sid"], opened["snapshot"], []
        while snapshot["current_player"] != 0 or snapshot["view"]["phase"] != "play":  # seat 0's first card
            reply = ok(op="bot", sid=sid, level="normal", seed=len(moves))
            moves.append(reply["action"])
            snapshot = reply["snapshot"]
        assert call(op="hint", sid=sid, samples=1601)["error"]["type"] == "PygamesError"
        hinted = ok(op="hint", sid=sid, seed=2, samples=20, time_budget_ms=budget)["hint"]
        moves += [ok(op="bot", sid=sid, level="hard", seed=step, samples=20, time_budget_ms=budget)["action"]
                  for step in range(8)]
        answers.append((moves, hinted))
        ok(op="close", sid=sid)
    assert answers[0] == answers[1]
    assert answers[0][1]["samples"] <= 20


def test_reproducible_bots_play_in_the_bridge_as_in_python():
    """The page's bots in a game started from a chosen seed send `reproducible: true` and nothing else:
    the bridge derives each move's seed from the game's (a 64-bit one here, more than a JavaScript
    number holds) as Python does; null is the field left out."""
    seed = 2**64 - 5
    opened = ok(op="new", game="arsene", seed=str(seed), seat=0)
    game = pg.new_game("arsene", seed=seed)
    for _ in range(12):
        action = ok(op="bot", sid=opened["sid"], level="easy", reproducible=True)["action"]
        assert action == pg.bot_action(game, "easy", reproducible=True)
        game.apply(action)
    assert ok(op="bot", sid=opened["sid"], level="easy", reproducible=None)["action"] in game.legal_actions()
    ok(op="close", sid=opened["sid"])


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
    assert call(op="close", sid=[other])["error"]["type"] == "BadRequest"  # closes nothing, named
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
        assert call(op="hint", sid=sid)["error"]["type"] == "WrongSeat"
    spectator = ok(op="new", game="arsene", seed=5, seat=None)["sid"]
    assert call(op="hint", sid=spectator)["error"]["type"] == "WrongSeat"
    assert call(op="hint", sid=sid, time_budget_ms="soon")["error"]["type"] in ("PygamesError", "WrongSeat")
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


@pytest.mark.parametrize(("text", "says"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),
    ('{"op": "new", "game": "arsene", "seat": 0, "setup": ' + '{"a": ' * 5_000 + "1" + "}" * 5_001, "nested too deep"),
    ('{"op": "games", "x": "' + "a" * 4_000_001 + '"}', "too long"),
    ('{"op": "how_to_play", "game": "\\ud800"}', "not valid Unicode"),
    ('{"op": "bot", "sid": 1, "time_budget_ms": NaN}', "NaN is not a JSON value"),
    ('{"op": "bot", "sid": 1, "time_budget_ms": -Infinity}', "-Infinity is not a JSON value"),
    ('{"op": "snapshot", "sid": ' + "9" * 5_000 + "}", "not valid JSON"),
])
def test_hostile_request_texts_are_bad_requests(text: str, says: str) -> None:
    answer = error(text)
    assert answer["type"] == "BadRequest" and says in answer["message"]


def test_a_request_that_is_not_text_is_a_bad_request() -> None:
    assert json.loads(bridge.call(None))["error"]["type"] == "BadRequest"  # type: ignore[arg-type]


def test_an_unexpected_exception_is_an_internal_error_and_the_session_is_kept(session, monkeypatch) -> None:
    sid = session["sid"]
    before = to_own_turn(sid)

    def broken(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    # the move is applied, then the reply cannot be made: the move is taken back
    monkeypatch.setattr(pg.Game, "snapshot", broken)
    answer = json.loads(bridge.call(json.dumps({"op": "act", "sid": sid, "action": before["legal"][0]})))
    assert answer["error"]["type"] == "InternalError"
    assert answer["error"]["message"] == "RecursionError: maximum recursion depth exceeded"
    monkeypatch.undo()
    assert ok(op="snapshot", sid=sid)["snapshot"] == before
    # a reply that is not valid JSON (NaN) is never sent, and a bot's move is taken back too
    monkeypatch.setattr(bridge, "bot_action", lambda *args, **kwargs: before["legal"][0])
    monkeypatch.setattr(pg.Game, "snapshot", lambda self, seat, save=True: {"value": float("nan")})
    assert error(json.dumps({"op": "bot", "sid": sid}))["type"] == "InternalError"
    monkeypatch.undo()
    assert ok(op="snapshot", sid=sid)["snapshot"] == before
    ok(op="act", sid=sid, action=before["legal"][0])


def test_a_bug_in_a_games_code_is_answered_with_the_tracebacks_last_frames(session, monkeypatch) -> None:
    """The designer of a game finds its bug from the page's console: the error names the file, line,
    function and code where it happened, and the calls that led there, none of the bridge's own."""
    sid = session["sid"]
    before = to_own_turn(sid)
    rules = pg.find_entry("arsene").rules

    def apply(state, action):
        hand = [action]
        return hand[len(hand)]  # one past the end

    monkeypatch.setattr(rules, "apply", apply)
    answer = call(op="act", sid=sid, action=before["legal"][0])["error"]
    assert answer["message"] == "IndexError: list index out of range"
    line = apply.__code__.co_firstlineno + 2
    assert answer["trace"][-1] == f"{__file__}, line {line}, in apply: return hand[len(hand)]  # one past the end"
    # the engine's call of the rules before it, and nothing of the bridge's
    assert answer["trace"][:-1] == [f"{pg.engine.game.__file__}, line {line_of_the_rules_call()}, in apply: "
                                    "events = self.rules.apply(self._state, action)"]
    monkeypatch.undo()
    assert ok(op="snapshot", sid=sid)["snapshot"] == before


def line_of_the_rules_call() -> int:
    source = Path(pg.engine.game.__file__).read_text(encoding="utf-8").splitlines()
    return 1 + source.index("        events = self.rules.apply(self._state, action)")


def test_an_error_message_quoting_a_huge_input_is_cut_short() -> None:
    answer = error(json.dumps({"op": "new", "game": "x" * 100_000, "seat": 0}))
    assert answer["type"] == "UnknownGame" and len(answer["message"]) <= bridge.MAX_MESSAGE + 1


# --- seeds: 64 bits, carried by the page as decimal strings ---------------------------------------

def test_a_seed_is_a_number_or_its_digits_up_to_64_bits() -> None:
    biggest = 2**64 - 1
    by_text = ok(op="new", game="arsene", seed=str(biggest), seat=0)["snapshot"]
    by_number = ok(op="new", game="arsene", seed=biggest, seat=0)["snapshot"]
    assert by_text["seed"] == by_text["deal"] == str(biggest) and json.loads(by_text["save"])["seed"] == biggest
    assert by_text["view"] == by_number["view"] == pg.new_game("arsene", seed=biggest).view(0)
    assert ok(op="new", game="arsene", seed="007", seat=0)["snapshot"]["seed"] == "7"


@pytest.mark.parametrize("seed", ["abc", "9" * 400, str(2**64), "-1", -1, 1.5, True, "1.5", " 7", "", "١٢", [7], {}])
def test_anything_else_is_a_bad_setup_saying_what_a_seed_is(seed) -> None:
    answer = error(json.dumps({"op": "new", "game": "arsene", "seed": seed, "seat": 0}))
    assert answer["type"] == "BadSetup"
    assert "a seed is a whole number from 0 to 18446744073709551615" in answer["message"]


def test_fresh_seeds_are_64_bit_and_the_snapshot_carries_them_as_text() -> None:
    seeds = [int(ok(op="new", game="chains", seat=0)["snapshot"]["seed"]) for _ in range(8)]
    assert all(0 <= seed < 2**64 for seed in seeds) and max(seeds) >= 2**53  # 1 in 2^88 to fail by chance


# A save written before seeds grew to 64 bits (by the code of commit 37fa602): its seed 2^53 - 1, the
# largest an old link could carry, and six moves. It opens exactly as before.
OLD_SAVE = ('{"actions":[{"index":1,"type":"choose"},{"card":"JD","type":"play"},{"card":"KD","type":"play"},'
            '{"card":"8D","type":"play"},{"card":"TD","type":"play"},{"card":"3C","type":"play"}],'
            '"check":"03c7d670930a18681928ef6e2b0abf23","format":"pygames/save","game":"arsene",'
            '"options":{"advanced":false},"players":4,"seed":9007199254740991,"setup":null,"version":1}')
OLD_HAND = ["AS", "9S", "8S", "3S", "8H", "4H", "9C", "5C", "4C", "7D"]  # seat 0's, by that code
OLD_DEALT = {9007199254740991: ["AS", "9S", "8S", "3S", "8H", "4H", "9C", "5C", "4C", "JD", "7D"],
             21: ["AS", "8S", "AH", "KH", "8H", "6H", "2H", "KC", "6C", "4C", "KD"]}


def test_an_old_save_opens_exactly_as_before() -> None:
    opened = ok(op="load", text=OLD_SAVE, seat=0)
    assert opened["snapshot"]["save"] == OLD_SAVE and opened["snapshot"]["view"]["hand"] == OLD_HAND
    assert opened["snapshot"]["seed"] == "9007199254740991" and opened["snapshot"]["moves"] == 6
    ok(op="close", sid=opened["sid"])
    assert pg.load_game(OLD_SAVE).to_json() == OLD_SAVE


@pytest.mark.parametrize("seed", sorted(OLD_DEALT))
def test_an_old_link_deals_as_before_whether_its_seed_comes_as_a_number_or_as_text(seed: int) -> None:
    for given in (seed, str(seed)):
        opened = ok(op="new", game="arsene", players=4, seed=given, seat=0)
        assert opened["snapshot"]["view"]["hand"] == OLD_DEALT[seed]
        ok(op="close", sid=opened["sid"])


def test_a_save_whose_seed_is_not_a_json_number_is_refused() -> None:
    payload = json.loads(pg.new_game("arsene", seed=5).to_json())
    del payload["check"]
    payload["seed"] = "5"
    from pygames_core.engine.game import _check_text

    payload["check"] = _check_text(payload)
    assert call(op="load", text=json.dumps(payload), seat=0)["error"]["type"] == "BadSave"


def test_a_replay_hands_its_seed_on_as_text_so_play_from_here_deals_the_same() -> None:
    game = pg.new_game("chains", seed=2**64 - 5)
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    scenario = ok(op="replay", text=game.to_json())["scenario"]
    assert scenario["seed"] == str(2**64 - 5)
    live = ok(op="play_scenario", scenario=scenario, steps=3, seat=0)
    again = pg.new_game("chains", seed=2**64 - 5)
    for action in game.history[:3]:
        again.apply(action)
    assert live["snapshot"]["view"] == json.loads(json.dumps(again.view(0)))
    ok(op="close", sid=live["sid"])


def test_a_spectators_replay_holds_every_hand_and_a_seats_replay_its_own_only() -> None:
    """A finished game has nothing secret left: a spectator's replay frames hold every seat's hand as
    that seat's view had it at that step; a seat's frames hold no hands beyond its own view's."""
    game = pg.new_game("arsene", seed=3)
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    frames = ok(op="replay", text=game.to_json(), seat=None)["frames"]
    again = pg.new_game("arsene", seed=3)
    for step, frame in enumerate(frames):
        if step:
            again.apply(game.history[step - 1])
        assert frame["hands"] == [again.view(seat)["hand"] for seat in range(4)]
    assert any(hand for hand in frames[1]["hands"][1:])
    assert all("hands" not in frame for frame in ok(op="replay", text=game.to_json(), seat=0)["frames"])


def test_pass_and_play_hands_the_session_from_one_person_to_another():
    """Two people at one device (seats 0 and 2): the session speaks for one of them at a time, each
    snapshot shows only that seat's hand, and hand_over passes it to the other person only."""
    opened = ok(op="new", game="arsene", seed=4, seat=0, people=[0, 2])
    sid = opened["sid"]
    game = pg.load_game(opened["snapshot"]["save"])
    own = ok(op="hand_over", sid=sid, seat=2)["snapshot"]
    assert own["seat"] == 2 and own["view"] == json.loads(json.dumps(game.view(2)))
    assert not hidden_codes(game, 2) & json_strings({k: v for k, v in own.items() if k != "save"})
    assert ok(op="snapshot", sid=sid)["snapshot"]["seat"] == 2  # the session now speaks for seat 2
    for seat in (1, 3, True, None, "2"):
        refused = call(op="hand_over", sid=sid, seat=seat)["error"]
        assert refused["type"] == "WrongSeat" and "[0, 2]" in refused["message"]
    assert ok(op="snapshot", sid=sid)["snapshot"]["seat"] == 2  # a refused hand-over changes nothing
    acted = set()
    for step in range(200):  # the people act each on their own turn, the bots move the others
        snapshot = ok(op="snapshot", sid=sid)["snapshot"]
        if snapshot["is_over"] or snapshot["moves"] > 12:
            break
        mover = snapshot["current_player"]
        if mover in (0, 2):
            snapshot = ok(op="hand_over", sid=sid, seat=mover)["snapshot"]
            assert snapshot["legal"]
            ok(op="act", sid=sid, action=snapshot["legal"][0])
            acted.add(mover)
        else:
            assert call(op="act", sid=sid, action={"type": "pass"})["error"]["type"] == "WrongSeat"
            ok(op="bot", sid=sid, level="easy", seed=step)
    assert acted == {0, 2}
    loaded = ok(op="load", text=snapshot["save"], seat=2, people=[2, 0])
    assert ok(op="hand_over", sid=loaded["sid"], seat=0)["snapshot"]["seat"] == 0
    for done in (sid, loaded["sid"]):
        ok(op="close", sid=done)


@pytest.mark.parametrize(("people", "seat", "says"), [
    ([1], 0, "the session's seat 0 among them"),
    ([0, 0], 0, "distinct seats"),
    ([0, 4], 0, "seat is a seat number from 0 to 3"),
    ([0, None], 0, "not null"),
    ("0,2", 0, "people is a list"),
    ([0], None, "a spectator's session has no people"),
])
def test_people_are_checked(people, seat, says):
    answer = error(json.dumps({"op": "new", "game": "arsene", "seat": seat, "people": people}))
    assert (answer["type"], says in answer["message"]) == ("BadRequest", True), answer


def test_a_session_opened_without_people_has_its_own_seat_only():
    sid = ok(op="new", game="arsene", seed=2, seat=1)["sid"]
    assert call(op="hand_over", sid=sid, seat=0)["error"]["type"] == "WrongSeat"
    assert ok(op="hand_over", sid=sid, seat=1)["snapshot"]["seat"] == 1
    ok(op="close", sid=sid)
