"""The public contract (README.md, "Architecture") where it is this repository's own: the catalog
list_games() gives, unknown games, the save format and its check, and Arsène's cases (its set-up
format, its hidden cards). What holds for any game is pygames_core.testing's contract suite, run on
every built-in game and variant by test_game_contracts.py."""

from __future__ import annotations

import hashlib
import json

import pytest
from helpers import (
    RED_TABLE,
    arsene,
    fingerprint,
    full_deal_setup,
    hidden_codes,
    json_strings,
    last_trick_setup,
    play,
    play_out,
)

import pygames_core as pg
from pygames_core.app import bridge
from pygames_core.engine import game as game_module

GAME_IDS = [g["id"] for g in pg.list_games()]


def advance(game: pg.Game, steps: int, seed: int = 0) -> pg.Game:
    for i in range(steps):
        if game.is_over:
            break
        game.apply(pg.bot_action(game, "easy", seed=seed + i))
    return game


def recheck(payload: dict) -> str:
    """A save text with a freshly computed check, as a forger would make it."""
    payload = {k: v for k, v in payload.items() if k != "check"}
    payload["check"] = game_module._check_text(payload)
    return json.dumps(payload)


# --- list_games --------------------------------------------------------------------------------------

def test_list_games_lists_each_game_once():
    assert "arsene" in GAME_IDS and len(GAME_IDS) == len(set(GAME_IDS))


def test_options_that_matter_only_sometimes_say_when():
    options = {o["name"]: o for o in next(g for g in pg.list_games() if g["id"] == "chains")["options"]}
    assert options["mode"]["applies_when"] == {"players": [1]}
    assert options["cube"]["applies_when"] == {"players": [2]}
    assert options["match_to"]["applies_when"] == options["crawford"]["applies_when"] == {"cube": [True]}
    on_schedule = {o["name"]: o for o in next(g for g in pg.list_games() if g["id"] == "on_schedule")["options"]}
    assert "applies_when" not in on_schedule["match_to"]  # the original's match to 3 needs no cube


def test_list_games_returns_fresh_copies():
    games = pg.list_games()
    games[0]["title"]["en"] = "changed"
    assert pg.list_games()[0]["title"]["en"] != "changed"


def test_arsene_is_four_players_with_the_advanced_option():
    info = next(g for g in pg.list_games() if g["id"] == "arsene")
    assert info["players"] == [4, 4]
    assert [(o["name"], o["type"], o["default"]) for o in info["options"]] == [("advanced", "bool", False)]


# --- creating games -----------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [1, "yes", None, 0.0])
def test_arsene_advanced_must_be_a_bool(value):
    with pytest.raises(pg.BadSetup, match="advanced"):
        pg.new_game("arsene", seed=1, options={"advanced": value})


@pytest.mark.parametrize("game_id", ["", "Arsene", "chess", None, 3, ["arsene"]])
def test_unknown_game(game_id):
    with pytest.raises(pg.UnknownGame):
        pg.new_game(game_id)
    assert issubclass(pg.UnknownGame, pg.BadSetup) and issubclass(pg.BadSetup, ValueError)


# --- illegal actions leave the state exactly as it was --------------------------------------------------

def assert_illegal(game: pg.Game, action, match: str | None = None) -> str:
    before = fingerprint(game)
    with pytest.raises(pg.IllegalAction, match=match) as info:
        game.apply(action)
    assert isinstance(info.value, ValueError)
    assert len(str(info.value)) > 10
    assert fingerprint(game) == before
    assert not game.can_apply(action)
    return str(info.value)


def test_arsene_choose_index_must_be_an_int():
    game = arsene(full_deal_setup(RED_TABLE))
    for wrong in (1.0, True, "1", 3, -1):
        assert_illegal(game, {"type": "choose", "index": wrong})


def test_arsene_card_not_in_hand():
    game = arsene(full_deal_setup(RED_TABLE, dealer=3))
    game.apply({"type": "choose", "index": 0})
    hand = game.view(0)["hand"]
    other = game.view(1)["hand"][0]
    message = assert_illegal(game, {"type": "play", "card": other})
    assert other in message and "not in your hand" in message
    assert_illegal(game, {"type": "play", "card": "2H"})  # an edge card
    assert_illegal(game, {"type": "play", "card": "AD"})  # a store
    assert_illegal(game, {"type": "play", "card": "XX"})
    assert_illegal(game, {"type": "play", "card": hand[0].lower()})
    assert_illegal(game, {"type": "play"})
    assert_illegal(game, {"type": "choose", "index": 0}, match="play")


def test_arsene_not_following_suit():
    hands = [["KS", "2C"], ["3S", "AH"], ["5H", "5C"], ["6C", "7C"]]
    game = arsene({"dealer": 3, "hands": hands, "table": RED_TABLE, "chosen": 0, "tricks": [3, 3, 2, 1]})
    play(game, "KS")
    assert_illegal(game, {"type": "play", "card": "AH"}, match="follow suit")


def test_arsene_push_to_the_wrong_seat_and_out_of_turn():
    game = arsene(last_trick_setup([3, 3, 3, 1], winner=0))
    assert_illegal(game, {"type": "keep"})
    assert_illegal(game, {"type": "push", "to": 1})
    for _ in range(4):
        play(game, game.view(game.current_player)["hand"][0])
    assert game.legal_actions() == [{"type": "keep"}, {"type": "push", "to": 1}]
    for wrong in (0, 2, 3, 4, None, "1", 1.0, True):
        assert_illegal(game, {"type": "push", "to": wrong})
    assert_illegal(game, {"type": "push"})
    assert_illegal(game, {"type": "keep", "to": 1})
    assert_illegal(game, {"type": "play", "card": "AS"})


# --- views ------------------------------------------------------------------------------------------------

def assert_no_leaks(game: pg.Game) -> None:
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        json.dumps(view)
        leaked = hidden_codes(game, seat) & json_strings(view)
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        if seat is None:
            assert view["hand"] is None
        else:
            assert sorted(view["hand"]) == sorted(c.code for c in game._state.hands[seat])


@pytest.mark.parametrize("advanced", [False, True])
def test_arsene_views_never_leak_hidden_cards(advanced):
    game = arsene(seed=21, advanced=advanced)
    assert_no_leaks(game)
    play_out(game, "easy", seed=3, on_step=assert_no_leaks)


def test_arsene_view_of_a_seat_that_does_not_exist():
    game = arsene(seed=1)
    for seat in (4, -1, "0"):
        with pytest.raises(pg.PygamesError):
            game.view(seat)


# --- saves ------------------------------------------------------------------------------------------------

def test_save_round_trip_with_setup_and_options():
    game = arsene(last_trick_setup([3, 3, 3, 1], winner=0), seed=9, advanced=True)
    play(game, "AS", "2S", "3S", "4S")
    game.apply({"type": "push", "to": 1})
    loaded = pg.load_game(game.to_json())
    assert fingerprint(loaded) == fingerprint(game)
    assert loaded.options == {"advanced": True}


def saved(game_id: str = "arsene", steps: int = 12) -> tuple[str, dict]:
    text = advance(pg.new_game(game_id, seed=77), steps).to_json()
    return text, json.loads(text)


def test_check_is_sha256_of_the_canonical_payload():
    text, payload = saved()
    check = payload.pop("check")
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert check == hashlib.sha256(canonical.encode()).hexdigest()[:32]
    assert pg.load_game(recheck(payload)).to_json() == text


def tampered_saves() -> dict[str, str]:
    text, payload = saved()
    first_play = next(i for i, a in enumerate(payload["actions"]) if a["type"] == "play")
    edited = json.loads(text)
    edited["actions"][first_play]["card"] = "AD"
    reseeded = dict(payload, seed=payload["seed"] + 1)
    no_check = {k: v for k, v in payload.items() if k != "check"}
    illegal = json.loads(text)
    illegal["actions"][first_play] = {"type": "play", "card": "AD"}
    swapped = json.loads(text)
    swapped["actions"][0], swapped["actions"][1] = swapped["actions"][1], swapped["actions"][0]
    return {
        "edited action": json.dumps(edited),
        "edited seed": json.dumps(reseeded),
        "edited options": json.dumps(dict(payload, options={"advanced": True})),
        "removed check": json.dumps(no_check),
        "extra field": json.dumps(dict(payload, extra=1)),
        "truncated": text[: len(text) // 2],
        "truncated by one": text[:-1],
        "not json": "this is not a save",
        "empty": "",
        "json list": "[]",
        "json null": "null",
        "wrong format": json.dumps(dict(payload, format="other/save")),
        "wrong format, rechecked": recheck(dict(payload, format="other/save")),
        "illegal action, rechecked": recheck(illegal),
        "swapped actions, rechecked": recheck(swapped),
        "float index, rechecked": recheck(dict(payload, actions=[{"type": "choose", "index": 1.0}])),
        "bool index, rechecked": recheck(dict(payload, actions=[{"type": "choose", "index": True}])),
        "action not a dict, rechecked": recheck(dict(payload, actions=["play"])),
        "actions not a list, rechecked": recheck(dict(payload, actions={"0": 1})),
        "unknown game, rechecked": recheck(dict(payload, game="chess")),
        "bad seed, rechecked": recheck(dict(payload, seed=-5)),
        "bad players, rechecked": recheck(dict(payload, players=3)),
        "bad options, rechecked": recheck(dict(payload, options="advanced")),
        "unknown option, rechecked": recheck(dict(payload, options={"turbo": True})),
        "bad setup, rechecked": recheck(dict(payload, setup={"dealer": 9})),
        "setup not a dict, rechecked": recheck(dict(payload, setup=[1])),
        "version 2, rechecked": recheck(dict(payload, version=2)),
    }


@pytest.mark.parametrize("name", list(tampered_saves()))
def test_tampered_saves_raise_bad_save(name):
    with pytest.raises(pg.BadSave):
        pg.load_game(tampered_saves()[name])


# what a player is told of each tampered save (BadSave.reason); any other is "unreadable"
SAVE_PROBLEM_OF = {
    "edited action": "altered", "edited seed": "altered", "edited options": "altered",
    "removed check": "not_a_save", "extra field": "not_a_save", "wrong format": "not_a_save",
    "wrong format, rechecked": "not_a_save", "illegal action, rechecked": "does_not_replay",
    "swapped actions, rechecked": "does_not_replay", "float index, rechecked": "does_not_replay",
    "bool index, rechecked": "does_not_replay", "action not a dict, rechecked": "does_not_replay",
    "actions not a list, rechecked": "not_a_save", "unknown game, rechecked": "does_not_replay",
    "bad seed, rechecked": "does_not_replay", "bad players, rechecked": "does_not_replay",
    "bad options, rechecked": "does_not_replay", "unknown option, rechecked": "does_not_replay",
    "bad setup, rechecked": "does_not_replay", "setup not a dict, rechecked": "does_not_replay",
    "version 2, rechecked": "version", "json list": "not_a_save", "json null": "not_a_save",
}


@pytest.mark.parametrize("name", list(tampered_saves()))
def test_a_bad_save_names_its_problem_for_the_page(name):
    with pytest.raises(pg.BadSave) as raised:
        pg.load_game(tampered_saves()[name])
    assert raised.value.reason == SAVE_PROBLEM_OF.get(name, "unreadable")
    reply = json.loads(bridge.call(json.dumps({"op": "load", "text": tampered_saves()[name], "seat": 0})))
    assert reply["error"] == {"type": "BadSave", "message": str(raised.value), "reason": raised.value.reason}


def test_a_save_problem_is_one_the_page_has_words_for():
    with pytest.raises(ValueError, match="not 'broken'"):
        pg.BadSave("no such problem", "broken")


@pytest.mark.parametrize("text", [None, 3, b"{}", ["x"]])
def test_load_needs_text(text):
    with pytest.raises(pg.BadSave):
        pg.load_game(text)


# --- undo ------------------------------------------------------------------------------------------------

def test_undo_restores_a_setup_game():
    game = arsene(last_trick_setup([3, 3, 3, 1], winner=0))
    start = fingerprint(game)
    play(game, "AS", "2S", "3S", "4S")
    game.apply({"type": "push", "to": 1})
    for _ in range(5):
        game.undo()
    assert fingerprint(game) == start


# --- bad Arsène set-ups ------------------------------------------------------------------------------------

def base_setup(**changes):
    setup = last_trick_setup([3, 3, 3, 1], winner=0)
    setup.update(changes)
    return {k: v for k, v in setup.items() if v is not ...}


BAD_SETUPS = {
    "unknown key": base_setup(score=[1, 2, 3, 4]),
    "a card twice": base_setup(hands=[["AS"], ["AS"], ["3S"], ["4S"]]),
    "a card in hand and table": base_setup(hands=[["AS"], ["2H"], ["3S"], ["4S"]]),
    "store card in a hand": base_setup(hands=[["AS"], ["AD"], ["3S"], ["4S"]]),
    "store card on the table": base_setup(table=["2H", "3H", "5D"]),
    "not a card": base_setup(hands=[["AS"], ["1S"], ["3S"], ["4S"]]),
    "card not a string": base_setup(hands=[["AS"], [14], ["3S"], ["4S"]]),
    "lowercase card": base_setup(hands=[["as"], ["2S"], ["3S"], ["4S"]]),
    "unequal hands": base_setup(hands=[["AS", "KS"], ["2S"], ["3S"], ["4S"]]),
    "three hands": base_setup(hands=[["AS"], ["2S"], ["3S"]]),
    "empty hands": base_setup(hands=[[], [], [], []], tricks=[3, 3, 3, 2]),
    "twelve cards": {"hands": [[f"{r}{s}" for r in "23456789TJQK"] for s in "SHC"] + [["AS"] * 12],
                     "table": RED_TABLE},
    "two edge cards": base_setup(table=["2H", "3H"]),
    "no table": base_setup(table=...),
    "tricks not adding up": base_setup(tricks=[3, 3, 3, 2]),
    "negative tricks": base_setup(tricks=[-1, 4, 4, 3]),
    "tricks not a list": base_setup(tricks=10),
    "chosen 3": base_setup(chosen=3),
    "chosen 1.0": base_setup(chosen=1.0),
    "chosen true": base_setup(chosen=True),
    "nothing chosen mid-deal": base_setup(chosen=None),
    "chips over 27": base_setup(chips=[1, 0, 0, 0]),
    "chips over 27 after stores": base_setup(stores=[[1], [3], [5], [3], [1]], chips=[5, 5, 5, 0]),
    "negative chips": base_setup(stores=[[1], [3], [5], [3], [1]], chips=[-1, 0, 0, 0]),
    "three chip counts": base_setup(chips=[0, 0, 0]),
    "store 2 as 1,3": base_setup(stores=[[1, 1, 1], [1, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]),
    "store 3 as 1,5": base_setup(stores=[[1, 1, 1], [1, 2, 3], [1, 5], [1, 2, 3], [1, 1, 1]]),
    "store 1 with a 2": base_setup(stores=[[2], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]),
    "store 1 with four groups": base_setup(stores=[[1, 1, 1, 1], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]),
    "store 4 out of order": base_setup(stores=[[1, 1, 1], [1, 2, 3], [1, 3, 5], [3, 2], [1, 1, 1]]),
    "four stores": base_setup(stores=[[1, 1, 1], [1, 2, 3], [1, 3, 5], [1, 2, 3]]),
    "dealer 4": base_setup(dealer=4),
    "dealer -1": base_setup(dealer=-1),
    "dealer '0'": base_setup(dealer="0"),
    "dealer true": base_setup(dealer=True),
    "dealer 1.0": base_setup(dealer=1.0),
    "dealer 1.0 without hands": {"dealer": 1.0},
    "leader 4": base_setup(leader=4),
    "leader 2.0": base_setup(leader=2.0),
    "deal 0": base_setup(deal=0),
    "table without hands": {"table": RED_TABLE},
    "contest without the option": base_setup(contest=True),
}


@pytest.mark.parametrize("name", list(BAD_SETUPS))
def test_bad_arsene_setups(name):
    with pytest.raises(pg.BadSetup) as info:
        arsene(BAD_SETUPS[name])
    assert len(str(info.value)) > 10


def test_good_setup_variants_are_accepted():
    arsene({"dealer": 2})
    arsene({"dealer": 2, "stores": [[1], [3], [5], [3], [1]], "chips": [5, 5, 4, 0]})
    arsene(full_deal_setup(RED_TABLE, dealer=1, chosen=2))
    arsene(base_setup(contest=True), advanced=True)
    game = arsene({"dealer": 2, "deal": 4})
    assert game.view(None)["deal"] == 4 and game.current_player == 3
