"""Dominuxen rules from explicit set-ups: strength (0 over 12), sets, the snatch check and its
settlement (take, decline, take back, discard, drawing, refills), the ends, scoring, doubles, matches."""

from __future__ import annotations

import json

import pytest

import pygames_core as pg
from pygames_core.games.dominuxen.plays import play_actions
from pygames_core.games.dominuxen.state import TILES, beats

ALL_CODES = [t.code for t in TILES]


def dominuxen(setup: dict | None = None, *, players: int = 4, doubles: bool = False, games: int = 1,
              seed: int = 0) -> pg.Game:
    return pg.new_game("dominuxen", players=players, seed=seed, options={"doubles": doubles, "games": games},
                       setup=setup)


def one_set(number: int, *tiles: str, doubled: tuple[str, ...] = ()) -> dict:
    return {"number": number, "tiles": list(tiles), "doubled": list(doubled)}


def play(game: pg.Game, number: int, *tiles: str, doubled: tuple[str, ...] | None = None) -> list[dict]:
    action = {"type": "play", "number": number, "tiles": list(tiles)}
    if game.options["doubles"]:
        action["doubled"] = list(doubled or ())
    return game.apply(action)


def draw(game: pg.Game, tile: str | None = None) -> list[dict]:
    if tile is None:
        return game.apply({"type": "draw", "source": "supply"})
    return game.apply({"type": "draw", "source": "display", "tile": tile})


def kinds(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


DISPLAY = ["0-0", "1-1", "2-2", "3-3", "4-4", "6-6"]


def multi_victim_setup() -> dict:
    """Seat 0 holds two 9s; seats 1 and 3 show two 5s on top (hit), seat 2 two 10s (not hit). The
    supply's top tiles are 7-7, 8-8, 10-10, 11-11."""
    return {
        "first_player": 0,
        "hands": [["1-2", "4-9", "9-10"], ["2-3"], ["2-4"], ["2-5"]],
        "rows": [[], [one_set(5, "3-5", "5-6")], [one_set(10, "0-10", "1-10")], [one_set(5, "5-7", "5-8")]],
        "display": DISPLAY,
        "supply": ["7-7", "8-8", "10-10", "11-11"],
    }


# --- the game's description ----------------------------------------------------------------------------------

def test_listed_for_three_to_five_players_with_doubles_and_match_options():
    info = next(g for g in pg.list_games() if g["id"] == "dominuxen")
    assert info["players"] == [3, 5]
    assert info["title"] == {"en": "Dominuxen", "ja": "ドミヌクセン"}
    options = {o["name"]: o for o in info["options"]}
    assert (options["doubles"]["type"], options["doubles"]["default"]) == ("bool", False)
    assert (options["games"]["type"], options["games"]["default"], options["games"]["min"]) == ("int", 1, 1)
    assert "3-4" in options["games"]["help"]["en"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_thirteen_each_six_on_display(players):
    game = dominuxen(players=players, seed=players)
    view = game.view(None)
    assert view["hand_sizes"] == [13] * players
    assert len(view["display"]) == 6 and view["supply_size"] == 91 - 13 * players - 6
    assert view["phase"] == "play" and game.current_player == view["first_player"]
    hands = [game.view(s)["hand"] for s in range(players)]
    assert len({c for h in hands for c in h} | set(view["display"])) == 13 * players + 6


def test_the_view_tells_the_highest_number():
    """The builder offers every number of the set: 0 to the view's highest_number, the set's top double."""
    view = dominuxen(seed=1).view(None)
    assert view["highest_number"] == max(tile.high for tile in TILES) == 12


def test_first_player_is_drawn_from_the_seed():
    assert len({dominuxen(seed=s).current_player for s in range(20)}) == 4


# --- strength: higher beats lower, 0 beats 12 and only 12 ------------------------------------------------------

def test_beats_table():
    assert beats(0, 12) and not beats(12, 0)
    assert not any(beats(0, n) for n in range(1, 12))
    assert all(beats(n, 0) for n in range(1, 12))
    assert all(beats(12, n) for n in range(1, 12))
    assert beats(5, 4) and not beats(4, 5) and not beats(7, 7)


def single_hit_game(attacker_number: int, attacker_tile: str, defender: dict) -> tuple[pg.Game, list[dict]]:
    game = dominuxen({"first_player": 0, "hands": [[attacker_tile, "1-2"], ["2-3"], ["2-4"]],
                      "rows": [[], [defender], []]}, players=3)
    return game, play(game, attacker_number, attacker_tile)


@pytest.mark.parametrize(("number", "tile", "defender", "hit"), [
    (0, "0-5", one_set(12, "3-12"), True),      # 0 beats 12
    (0, "0-5", one_set(1, "1-7"), False),       # ... and nothing else
    (0, "0-5", one_set(11, "7-11"), False),
    (12, "4-12", one_set(0, "0-3"), False),     # 12 does not beat 0
    (12, "4-12", one_set(11, "7-11"), True),
    (1, "1-8", one_set(0, "0-3"), True),        # every other number beats 0
    (5, "5-8", one_set(5, "3-5"), False),       # equal does not beat
    (8, "5-8", one_set(5, "3-5"), True),        # the same tile as its other number
])
def test_zero_over_twelve_both_ways(number, tile, defender, hit):
    game, events = single_hit_game(number, tile, defender)
    assert ("hit" in kinds(events)) == hit
    assert game.view(None)["phase"] == ("snatch" if hit else "play")


def test_a_hit_needs_exactly_as_many_tiles():
    game = dominuxen({"first_player": 0, "hands": [["1-9", "9-10", "1-2"], ["2-3"], ["2-4"]],
                      "rows": [[], [one_set(5, "3-5")], [one_set(4, "3-4", "4-5", "4-6")]]}, players=3)
    events = play(game, 9, "1-9", "9-10")
    assert "hit" not in kinds(events) and game.current_player == 1


def test_only_the_topmost_set_counts():
    game = dominuxen({"first_player": 0, "hands": [["1-9", "1-2"], ["2-3"], ["2-4"]],
                      "rows": [[], [one_set(5, "3-5"), one_set(11, "6-11")], []]}, players=3)
    assert "hit" not in kinds(play(game, 9, "1-9"))


# --- sets --------------------------------------------------------------------------------------------------------

def test_a_set_is_tiles_standing_for_one_number():
    game = dominuxen({"first_player": 0, "hands": [["3-5", "5-9", "3-9", "1-2"], ["2-3"], ["2-4"]]}, players=3)
    legal = game.legal_actions()
    assert {"type": "play", "number": 5, "tiles": ["3-5", "5-9"]} in legal
    assert {"type": "play", "number": 3, "tiles": ["3-5", "3-9"]} in legal
    assert {"type": "play", "number": 9, "tiles": ["3-9", "5-9"]} in legal
    assert all(a["type"] == "play" for a in legal)
    # 3: 3 subsets, 5: 3, 9: 3, and 1, 2 once each
    assert len(legal) == 11
    with pytest.raises(pg.IllegalAction, match="cannot stand for 5"):
        play(game, 5, "3-5", "3-9")
    with pytest.raises(pg.IllegalAction, match="not in your hand"):
        play(game, 2, "2-3")
    with pytest.raises(pg.IllegalAction, match="in order"):
        play(game, 5, "5-9", "3-5")


def test_the_set_goes_on_top_of_the_row():
    game = dominuxen({"first_player": 0, "hands": [["3-5", "5-9", "1-2"], ["2-3"], ["2-4"]],
                      "rows": [[one_set(7, "7-8")], [], []]}, players=3)
    play(game, 5, "3-5", "5-9")
    row = game.view(None)["rows"][0]
    assert [s["number"] for s in row] == [7, 5] and row[-1]["size"] == 2
    assert game.view(0)["hand"] == ["1-2"] and game.current_player == 1


def test_number_of_plays_per_hand_and_the_worst_case():
    """Per number every non-empty subset of the tiles showing it: a hand holding all 13 tiles of
    one number (only reachable by taking sets) has 8191 sets of that number, all listed and checked
    (how long that takes is bench/engine.py's to say: this test only plays it)."""
    fives = [c for c in ALL_CODES if "5" in c.split("-")]
    assert len(fives) == 13
    hand = [t for t in TILES if t.code in fives]
    assert len(play_actions(hand, doubles=False)) == 2 ** 13 - 1 + 12
    assert len(play_actions(hand, doubles=True)) == 2 ** 13 - 1 + 2 ** 12 + 12
    game = dominuxen({"first_player": 0, "hands": [fives, ["2-3"], ["2-4"]]}, players=3, doubles=True)
    play(game, 5, "0-5", "5-5", doubled=("5-5",))
    assert game.view(None)["rows"][0][-1]["size"] == 3


# --- the snatch: take or decline, take back or discard, draws, refills -------------------------------------------

def test_multi_victim_snatch_in_clockwise_order_with_refills_between():
    game = dominuxen(multi_victim_setup())
    events = play(game, 9, "4-9", "9-10")
    assert kinds(events) == ["played", "hit"] and events[1]["victim"] == 1
    assert game.current_player == 0 and game.legal_actions() == [{"type": "take"}, {"type": "decline"}]
    assert game.view(2)["snatch"]["target"]["tiles"] == ["3-5", "5-6"]
    events = game.apply({"type": "take"})
    assert kinds(events) == ["taken"]
    assert game.view(0)["hand"] == ["1-2", "3-5", "5-6"]
    # the victim draws two, one at a time: from the display, then the supply's top
    assert game.current_player == 1 and game.view(None)["phase"] == "draw"
    assert {"type": "draw", "source": "supply"} in game.legal_actions() and len(game.legal_actions()) == 7
    draw(game, "0-0")
    assert game.view(None)["display"] == DISPLAY[1:]  # not refilled during the draw
    events = draw(game)
    assert kinds(events) == ["drew", "refilled", "hit"]
    assert events[0] == {"type": "drew", "seat": 1, "source": "supply", "forced": False}
    assert events[1]["tiles"] == ["8-8"]  # 7-7 went to seat 1, the next tile refills
    assert sorted(game.view(1)["hand"]) == ["0-0", "2-3", "7-7"]
    # seat 2's 10s are not beaten by 9s; seat 3 is hit next, after the refill
    assert events[2]["victim"] == 3
    assert game.view(None)["snatch"]["checked"] == [1, 2, 3]
    game.apply({"type": "decline"})
    assert game.current_player == 3 and game.legal_actions() == [{"type": "take_back"}, {"type": "discard"}]
    game.apply({"type": "discard"})
    draw(game, "8-8")  # the refilled tile
    events = draw(game, "1-1")
    assert kinds(events) == ["drew", "refilled", "turn"]
    assert events[1]["tiles"] == ["10-10", "11-11"] and events[2]["seat"] == 1
    view = game.view(None)
    assert view["discard"] == ["5-7", "5-8"] and view["rows"][3] == [] and view["rows"][1] == []
    assert view["display"] == ["2-2", "3-3", "4-4", "6-6", "10-10", "11-11"]
    assert view["known"][1] == ["0-0"] and view["known"][3] == ["1-1", "8-8"]
    assert view["known"][0] == ["3-5", "5-6"]


def test_the_check_starts_on_the_left():
    setup = multi_victim_setup()
    setup["first_player"] = 2
    setup["hands"] = [["2-5"], ["2-3"], ["4-9", "9-10", "1-2"], ["1-3"]]
    setup["rows"] = [[one_set(5, "5-7", "5-8")], [one_set(5, "3-5", "5-6")], [], [one_set(6, "0-6", "6-7")]]
    game = dominuxen(setup)
    events = play(game, 9, "4-9", "9-10")
    assert events[-1]["victim"] == 3
    game.apply({"type": "decline"})
    assert game.apply({"type": "take_back"})[-1] == {"type": "hit", "attacker": 2, "victim": 0,
                                                     "set": one_set(5, "5-7", "5-8") | {"size": 2}}
    game.apply({"type": "decline"})
    events = game.apply({"type": "take_back"})
    assert events[-1]["victim"] == 1


def test_taken_back_set_is_visible_as_known_tiles_without_drawing():
    game = dominuxen(multi_victim_setup())
    play(game, 9, "4-9", "9-10")
    events = game.apply({"type": "decline"})
    assert kinds(events) == ["declined"]
    events = game.apply({"type": "take_back"})
    assert events[0] == {"type": "taken_back", "seat": 1, "tiles": ["3-5", "5-6"]}
    for seat in (None, 0, 2, 3):
        view = game.view(seat)
        assert view["known"][1] == ["3-5", "5-6"] and view["hand_sizes"][1] == 3
        assert view["display"] == DISPLAY and view["supply_size"] == 91 - 6 - 6 - 6
    assert game.view(1)["hand"] == ["2-3", "3-5", "5-6"]
    # once played, a known tile is no longer known to be in hand
    game.apply({"type": "decline"})
    game.apply({"type": "take_back"})
    play(game, 5, "3-5", "5-6")
    assert game.view(None)["known"][1] == []


def test_supply_draws_stay_hidden_display_draws_are_known():
    game = dominuxen(multi_victim_setup())
    play(game, 9, "4-9", "9-10")
    game.apply({"type": "take"})
    draw(game)
    draw(game, "2-2")
    for seat in (None, 0, 2, 3):
        assert "7-7" not in json.dumps(game.view(seat))
    assert game.view(None)["known"][1] == ["2-2"]
    assert "7-7" in game.view(1)["hand"]


def test_a_draw_with_one_source_is_made_at_once():
    """Seven tiles to draw: six from the display, each a choice; the display is then empty (refills
    wait for the end of the draw), so the seventh comes from the supply by itself."""
    setup = {
        "first_player": 0, "hands": [["1-2", "2-9", "3-9", "4-9", "6-9", "8-9", "9-10", "9-11"], ["2-3"], ["2-4"]],
        "rows": [[], [one_set(5, "0-5", "1-5", "3-5", "4-5", "5-5", "5-6", "5-7")], []],
        "display": DISPLAY, "supply": ["7-7", "8-8", "9-9", "10-10", "11-11", "12-12", "0-1"],
    }
    game = dominuxen(setup, players=3)
    play(game, 9, "2-9", "3-9", "4-9", "6-9", "8-9", "9-10", "9-11")
    game.apply({"type": "take"})
    for tile in DISPLAY[:-1]:
        assert kinds(draw(game, tile)) == ["drew"]
        assert game.current_player == 1
    events = draw(game, DISPLAY[-1])
    drew = [e for e in events if e["type"] == "drew"]
    assert [(e["source"], e["forced"]) for e in drew] == [("display", False), ("supply", True)]
    assert "tile" not in drew[1]
    assert kinds(events)[2:] == ["refilled", "turn"]
    assert game.view(None)["display"] == ["8-8", "9-9", "10-10", "11-11", "12-12", "0-1"]
    assert "7-7" in game.view(1)["hand"] and game.view(None)["known"][1] == sorted(DISPLAY, key=ALL_CODES.index)
    assert game.view(None)["hand_sizes"][1] == 8 and game.current_player == 1


# --- the end ------------------------------------------------------------------------------------------------------

def test_end_in_the_middle_of_a_draw():
    setup = {
        "first_player": 0,
        "hands": [["1-2", "4-9", "9-10", "9-11"], ["2-3"], ["2-4"]],
        "rows": [[], [one_set(5, "3-5", "5-6", "5-7")], [one_set(8, "3-8", "8-10", "8-12")]],
        "display": ["0-0", "1-1"], "unlisted": "discard",
    }
    game = dominuxen(setup, players=3)
    play(game, 9, "4-9", "9-10", "9-11")
    game.apply({"type": "take"})
    assert game.legal_actions() == [{"type": "draw", "source": "display", "tile": "0-0"},
                                    {"type": "draw", "source": "display", "tile": "1-1"}]
    events = draw(game, "0-0")
    # the last tile is forced, the middle is then empty: the game ends with a tile still owed,
    # and seat 2, who would be hit next, is never checked
    assert kinds(events) == ["drew", "drew", "game_ended", "game_over"]
    assert game.is_over and game.legal_actions() == []
    result = game.result()
    assert result["reason"] == "middle_empty"
    assert result["scores"] == [3 - 4, 0 - 3, 3 - 1] and result["winners"] == [2]
    assert game.view(None)["rows"][2][0]["tiles"] == ["3-8", "8-10", "8-12"]


def test_playing_the_last_tiles_ends_at_once_without_a_snatch():
    game = dominuxen({"first_player": 0, "hands": [["4-9", "9-10"], ["2-3", "1-6"], ["2-4"]],
                      "rows": [[], [one_set(7, "7-8", "7-9"), one_set(5, "3-5", "5-6")], []]}, players=3)
    events = play(game, 9, "4-9", "9-10")
    assert kinds(events) == ["played", "game_ended", "game_over"]
    assert game.result()["reason"] == "hand_empty"
    assert game.result()["scores"] == [2, 4 - 2, -1] and game.result()["winners"] == [0, 1]  # shared
    assert game.view(None)["rows"][1][-1]["tiles"] == ["3-5", "5-6"]


def test_scoring_plus_row_minus_hand():
    game = dominuxen({"first_player": 0, "hands": [["1-2"], ["2-3", "3-4", "4-5"], ["2-4", "0-0"]],
                      "rows": [[one_set(6, "6-7", "6-8")], [one_set(7, "7-8")], [one_set(9, "9-9")]]},
                     players=3)
    play(game, 1, "1-2")
    assert game.result()["scores"] == [3, 1 - 3, 1 - 2] and game.result()["winners"] == [0]
    assert game.result()["game_scores"] == [[3, -2, -1]] and game.result()["deals"] == 1


# --- the doubles rule ----------------------------------------------------------------------------------------------

def test_doubles_may_be_played_as_one_or_two():
    game = dominuxen({"first_player": 0, "hands": [["5-5", "3-5", "1-2"], ["2-3"], ["2-4"]]}, players=3,
                     doubles=True)
    fives = [a for a in game.legal_actions() if a["number"] == 5]
    assert fives == [
        {"type": "play", "number": 5, "tiles": ["3-5"], "doubled": []},
        {"type": "play", "number": 5, "tiles": ["5-5"], "doubled": []},
        {"type": "play", "number": 5, "tiles": ["5-5"], "doubled": ["5-5"]},
        {"type": "play", "number": 5, "tiles": ["3-5", "5-5"], "doubled": []},
        {"type": "play", "number": 5, "tiles": ["3-5", "5-5"], "doubled": ["5-5"]},
    ]
    with pytest.raises(pg.IllegalAction, match="doubled"):
        game.apply({"type": "play", "number": 5, "tiles": ["5-5"]})


def test_without_the_rule_a_double_is_one_tile():
    game = dominuxen({"first_player": 0, "hands": [["5-5", "3-5", "1-2"], ["2-3"], ["2-4"]]}, players=3)
    assert [a for a in game.legal_actions() if a["number"] == 5] == [
        {"type": "play", "number": 5, "tiles": ["3-5"]},
        {"type": "play", "number": 5, "tiles": ["5-5"]},
        {"type": "play", "number": 5, "tiles": ["3-5", "5-5"]},
    ]
    with pytest.raises(pg.IllegalAction, match="only with the doubles rule"):
        game.apply({"type": "play", "number": 5, "tiles": ["5-5"], "doubled": ["5-5"]})
    with pytest.raises(pg.BadSetup, match="doubles option"):
        dominuxen({"hands": [["1-2"], ["2-3"], ["2-4"]], "rows": [[one_set(5, "5-5", doubled=("5-5",))], [], []]},
                  players=3)


def test_a_double_played_as_two_counts_two_in_the_set_size():
    setup = {"first_player": 0, "hands": [["9-9", "1-2"], ["2-3"], ["2-4"]],
             "rows": [[], [one_set(5, "3-5", "5-6")], [one_set(5, "5-7")]]}
    game = dominuxen(setup, players=3, doubles=True)
    events = play(game, 9, "9-9", doubled=("9-9",))
    assert events[0]["set"] == {"number": 9, "tiles": ["9-9"], "doubled": ["9-9"], "size": 2}
    assert events[-1]["type"] == "hit" and events[-1]["victim"] == 1
    game.apply({"type": "decline"})
    assert kinds(game.apply({"type": "take_back"})) == ["taken_back", "turn"]  # seat 2's single 5 is safe
    game = dominuxen(setup, players=3, doubles=True)
    events = play(game, 9, "9-9")  # as one tile: hits the single 5 only
    assert events[-1]["victim"] == 2


def test_a_snatched_double_is_replaced_by_one_tile():
    setup = {"first_player": 0, "hands": [["4-9", "9-10", "1-2"], ["2-3"], ["2-4"]],
             "rows": [[], [one_set(5, "5-5", doubled=("5-5",))], []], "display": DISPLAY}
    game = dominuxen(setup, players=3, doubles=True)
    play(game, 9, "4-9", "9-10")
    game.apply({"type": "take"})
    events = draw(game, "0-0")
    assert kinds(events) == ["drew", "refilled", "turn"]
    assert game.view(1)["hand"] == ["0-0", "2-3"]
    assert game.view(0)["hand"] == ["1-2", "5-5"]


def test_a_double_counts_two_in_scoring():
    setup = {"first_player": 0, "hands": [["1-2"], ["2-3", "3-3"], ["2-4", "0-0"]],
             "rows": [[one_set(6, "6-6"), one_set(7, "7-7", doubled=("7-7",))], [one_set(7, "7-8")], []]}
    game = dominuxen(setup, players=3, doubles=True)
    assert game.view(None)["row_points"] == [4, 1, 0]
    play(game, 1, "1-2")
    assert game.result()["scores"] == [5, 1 - 3, -3]
    plain = dominuxen(setup | {"rows": [[one_set(6, "6-6"), one_set(7, "7-7")], [one_set(7, "7-8")], []]},
                      players=3)
    play(plain, 1, "1-2")
    assert plain.result()["scores"] == [3, 1 - 2, -2]


# --- a match of several games ---------------------------------------------------------------------------------------

def test_a_match_adds_the_totals_and_rotates_the_first_player():
    setup = {"first_player": 1, "current": 0, "hands": [["1-2"], ["2-3", "3-4"], ["2-4"]]}
    game = dominuxen(setup, players=3, games=2)
    events = play(game, 1, "1-2")
    assert kinds(events) == ["played", "game_ended", "game_started"]
    assert events[-1] == {"type": "game_started", "game": 2, "first_player": 2}
    assert not game.is_over and game.result()["winners"] == []
    view = game.view(None)
    assert view["game_number"] == 2 and view["totals"] == [1, -2, -1] and view["hand_sizes"] == [13] * 3
    assert view["rows"] == [[], [], []] and view["known"] == [[], [], []] and game.current_player == 2
    assert game.result()["scores"] == [1, -2, -1] and game.result()["game_scores"] == [[1, -2, -1]]
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    result = game.result()
    assert len(result["game_scores"]) == 2 == result["deals"]
    assert result["scores"] == [a + b for a, b in zip(*result["game_scores"], strict=True)]
    assert result["winners"] == [s for s in range(3) if result["scores"][s] == max(result["scores"])]


def test_a_match_set_up_in_its_last_game():
    game = dominuxen({"game_number": 3, "totals": [5, -2, 0], "first_player": 0,
                      "hands": [["1-2"], ["2-3"], ["2-4"]]}, players=3, games=3)
    play(game, 1, "1-2")
    assert game.is_over and game.result()["scores"] == [6, -3, -1] and game.result()["winners"] == [0]


# --- set-ups ----------------------------------------------------------------------------------------------------------

def base(**changes) -> dict:
    setup = {"first_player": 0, "hands": [["1-2"], ["2-3"], ["2-4"]]}
    setup.update(changes)
    return setup


BAD_SETUPS = {
    "unknown key": base(score=[1, 2, 3]),
    "two hands": base(hands=[["1-2"], ["2-3"]]),
    "an empty hand": base(hands=[["1-2"], [], ["2-4"]]),
    "a tile twice": base(hands=[["1-2"], ["1-2"], ["2-4"]]),
    "tile in hand and display": base(display=["1-2"]),
    "bigger number first": base(hands=[["2-1"], ["2-3"], ["2-4"]]),
    "thirteen pips": base(hands=[["1-13"], ["2-3"], ["2-4"]]),
    "not a string": base(hands=[[12], ["2-3"], ["2-4"]]),
    "seven on display": base(display=["0-0", "1-1", "3-3", "4-4", "5-5", "6-6", "7-7"]),
    "short display with supply": base(display=["0-0"]),
    "middle empty": base(display=[], unlisted="discard"),
    "unlisted elsewhere": base(unlisted="hand"),
    "set tile not showing its number": base(rows=[[one_set(5, "3-4")], [], []]),
    "empty set": base(rows=[[one_set(5)], [], []]),
    "set not a dict": base(rows=[[["3-5"]], [], []]),
    "set number 13": base(rows=[[one_set(13, "3-5")], [], []]),
    "set out of order": base(rows=[[one_set(5, "5-6", "3-5")], [], []]),
    "doubled not in set": base(rows=[[one_set(5, "3-5", doubled=("5-5",))], [], []]),
    "known not in hand": base(known=[["2-3"], [], []]),
    "first player 3": base(first_player=3),
    "first player 1.0": base(first_player=1.0),
    "current true": base(current=True),
    "game number 2 of 1": base(game_number=2),
    "totals in game 1": base(totals=[1, 0, 0]),
    "rows without hands": {"rows": [[], [], []]},
    "display without hands": {"display": ["0-0"]},
}


@pytest.mark.parametrize("name", list(BAD_SETUPS))
def test_bad_setups(name):
    with pytest.raises(pg.BadSetup) as info:
        dominuxen(BAD_SETUPS[name], players=3)
    assert len(str(info.value)) > 10


def test_setup_supply_order_and_default_display():
    game = dominuxen(base(supply=["7-7", "8-8"]), players=3)
    view = game.view(None)
    assert view["display"][:2] == ["7-7", "8-8"] and view["supply_size"] == 91 - 3 - 6
    game = dominuxen(base(display=["0-0"], supply=[], unlisted="discard"), players=3)
    assert game.view(None)["supply_size"] == 0 and len(game.view(None)["discard"]) == 91 - 4


def test_setup_first_player_without_hands():
    game = dominuxen({"first_player": 2}, players=3)
    assert game.current_player == 2 and game.view(None)["hand_sizes"] == [13, 13, 13]
