"""Dominuxen over many bot games (tiles conserved, views never leak, the game ends, determinism) and
its bots (legal at every level, the sampler keeps known tiles where they were seen, no peeking)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from helpers import fingerprint, json_strings, play_out
from test_dominuxen import DISPLAY, dominuxen, multi_victim_setup, one_set, play

import pygames_core as pg
from pygames_core.ai import search
from pygames_core.engine.rng import Rng
from pygames_core.games.dominuxen.bot import BOT as DOMINUXEN_BOT
from pygames_core.games.dominuxen.rules import DOMINUXEN
from pygames_core.games.dominuxen.state import TILES, beats, weight

ALL_CODES = Counter(t.code for t in TILES)


def hidden_from(game: pg.Game, seat: int | None) -> set[str]:
    """Tiles `seat` must not see: other hands except their known tiles, and the whole supply."""
    state = game._state
    hidden = {t.code for t in state.supply}
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= {t.code for t in hand if t not in state.known[other]}
    return hidden


def check(game: pg.Game) -> None:
    """Invariants after every step of a game."""
    state = game._state
    places = [t.code for h in state.hands for t in h] + [t.code for r in state.rows for s in r for t in s.tiles]
    places += [t.code for t in state.display + state.supply + state.discard]
    assert Counter(places) == ALL_CODES
    assert len(state.display) == 6 or not state.supply or state.phase == "draw"
    for seat in range(game.players):
        assert state.known[seat] <= set(state.hands[seat])
        for played in state.rows[seat]:
            assert all(played.number in (t.low, t.high) for t in played.tiles)
            assert set(played.doubled) <= {t for t in played.tiles if t.is_double}
    if state.phase == "snatch":
        played, target = state.rows[state.turn][-1], state.rows[state.victim][-1]
        assert played.size == target.size and beats(played.number, target.number)
    if not game.is_over and game.view(None)["game_number"] == 1:  # later games reuse every tile code
        for seat in [None, *range(game.players)]:
            view = game.view(seat)
            leaked = hidden_from(game, seat) & json_strings(view)
            assert not leaked, f"seat {seat} sees {sorted(leaked)}"
            assert view["hand"] == (None if seat is None else [t.code for t in state.hands[seat]])
    if game.is_over:
        result = game.result()
        best = max(result["scores"])
        assert result["winners"] == [s for s in range(game.players) if result["scores"][s] == best]
        assert not state.hands[0] or result["reason"] in ("hand_empty", "middle_empty")


@pytest.mark.parametrize(("players", "doubles", "level"), [
    (3, False, "easy"), (4, True, "easy"), (5, False, "easy"), (3, True, "normal"), (4, False, "normal"),
    (5, True, "normal"),
])
def test_random_games_keep_every_invariant(players, doubles, level):
    for seed in range(4):
        game = dominuxen(players=players, doubles=doubles, seed=seed)
        check(game)
        play_out(game, level, seed=seed, on_step=check)
        result = game.result()
        final = game._state
        scores = [sum(weight(t, doubles) for s in final.rows[p] for t in s.tiles)
                  - sum(weight(t, doubles) for t in final.hands[p]) for p in range(players)]
        assert result["scores"] == scores
        assert (result["reason"] == "hand_empty") == (min(len(h) for h in final.hands) == 0)
        assert (result["reason"] == "middle_empty") == (not final.display and not final.supply)


def test_a_match_of_three_games_ends_and_replays_identically():
    game = dominuxen(players=3, games=3, seed=5)
    play_out(game, "normal", seed=2, on_step=check)
    result = game.result()
    assert result["deals"] == 3 and len(result["game_scores"]) == 3
    assert [g["first_player"] for g in game.view(None)["finished_games"]] == \
        [(game.view(None)["finished_games"][0]["first_player"] + i) % 3 for i in range(3)]
    again = pg.load_game(game.to_json())
    assert fingerprint(again) == fingerprint(game)


def test_normal_bots_do_not_cycle_for_ever():
    """Declining a hit and taking the set back draws nothing, so play can cycle; in this game five
    normal bots did until long games made them take every hit."""
    game = dominuxen(players=5, seed=5)
    play_out(game, "normal", seed=0, max_steps=2000)
    assert game.result()["reason"] in ("hand_empty", "middle_empty")
    assert game.view(None)["turn_number"] > 25 * 5


def test_same_seed_same_bot_game():
    one, two = dominuxen(seed=9), dominuxen(seed=9)
    play_out(one, "normal", seed=1)
    play_out(two, "normal", seed=1)
    assert one.history == two.history and one.result() == two.result()


# --- the bots --------------------------------------------------------------------------------------------------

def positions(doubles: bool = False) -> list[pg.Game]:
    """Positions of every phase reached by easy play (copies, free to use)."""
    found: dict[str, list[pg.Game]] = {}
    for seed in range(6):
        game = dominuxen(seed=seed, doubles=doubles)
        step = 0
        while not game.is_over:
            phase = game.view(None)["phase"]
            if len(found.setdefault(phase, [])) < 2:
                found[phase].append(game.copy())
            game.apply(pg.bot_action(game, "easy", seed=step))
            step += 1
    return [g for games in found.values() for g in games]


def test_positions_cover_every_phase():
    assert {p.view(None)["phase"] for p in positions()} == {"play", "snatch", "answer", "draw"}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("doubles", [False, True])
def test_every_level_returns_a_legal_action(level, doubles):
    for game in positions(doubles):
        action = pg.bot_action(game, level, seed=3, time_budget_ms=20)
        assert action in game.legal_actions()
        game.apply(action)


def test_sampler_keeps_known_tiles_and_deals_the_unseen_ones():
    game = dominuxen(multi_victim_setup() | {"hands": [["1-2", "4-9", "9-10", "6-7"], ["2-3", "6-8"],
                                                       ["2-4", "6-9"], ["2-5", "6-10"]]})
    play(game, 9, "4-9", "9-10")
    game.apply({"type": "decline"})
    game.apply({"type": "take_back"})  # seat 1 now holds 3-5 and 5-6, seen by all
    game.apply({"type": "take"})  # seat 0 takes seat 3's 5-7 and 5-8
    game.apply({"type": "draw", "source": "display", "tile": "2-2"})
    game.apply({"type": "draw", "source": "supply"})
    assert game.current_player == 1
    view = game.view(1)
    assert view["known"] == [["5-7", "5-8"], ["3-5", "5-6"], [], ["2-2"]]
    real_hidden = {t.code for s in (0, 2, 3) for t in game._state.hands[s] if t not in game._state.known[s]}
    real_hidden |= {t.code for t in game._state.supply}
    rng = Rng(4)
    seen_in_seat_2 = set()
    for _ in range(100):
        state = DOMINUXEN_BOT.sample_state(view, rng)
        assert [t.code for t in state.hands[1]] == view["hand"]
        assert {"5-7", "5-8"} <= {t.code for t in state.hands[0]}
        assert "2-2" in {t.code for t in state.hands[3]}
        assert [len(h) for h in state.hands] == view["hand_sizes"]
        hidden = {t.code for s in (0, 2, 3) for t in state.hands[s] if t not in state.known[s]}
        assert hidden | {t.code for t in state.supply} == real_hidden
        assert DOMINUXEN.legal_actions(state) == game.legal_actions()
        assert DOMINUXEN.view(state, 1) == view
        seen_in_seat_2 |= {t.code for t in state.hands[2]}
    assert len(seen_in_seat_2) > 10  # it really samples


def twins() -> tuple[pg.Game, pg.Game]:
    """Two games that differ only in tiles seat 0 cannot see: seat 2's hand and the supply."""
    setup = {"first_player": 0, "hands": [["1-2", "4-9", "9-10"], ["2-3"], ["2-4", "7-12"], ["2-5"]],
             "rows": [[], [one_set(5, "3-5", "5-6")], [], [one_set(5, "5-7", "5-8")]],
             "display": DISPLAY, "supply": ["0-12"]}
    one = dominuxen(setup, seed=1)
    two = dominuxen(setup | {"hands": [["1-2", "4-9", "9-10"], ["2-3"], ["2-4", "0-12"], ["2-5"]],
                             "supply": ["7-12"]}, seed=1)
    assert json.dumps(one.view(0)) == json.dumps(two.view(0)) and one.to_json() != two.to_json()
    return one, two


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_choice_depends_only_on_its_own_view(level, monkeypatch):
    monkeypatch.setattr(search, "MAX_SAMPLES", 4)
    one, two = twins()
    for _ in range(3):
        for seed in range(3):
            a = pg.bot_action(one, level, seed=seed, time_budget_ms=600_000)
            assert a == pg.bot_action(two, level, seed=seed, time_budget_ms=600_000)
        one.apply(a)
        two.apply(a)


def test_hard_bot_tries_a_few_plays_and_honours_its_budget():
    game = dominuxen(seed=12)
    seat = game.current_player
    legal = game.legal_actions()
    action, stats = search.search_action(DOMINUXEN_BOT, game.view(seat), legal, seat, Rng(1), 50)
    assert action in legal and stats["samples"] >= search.MIN_SAMPLES
    assert 1 < len(stats["means"]) <= 8 < len(legal)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_end_the_game_when_ahead(level):
    """Seat 0 can play its whole hand (three 9s) and win now, or keep tiles."""
    game = dominuxen({"first_player": 0, "hands": [["3-9", "4-9", "9-10"], ["2-3", "1-6", "0-1"], ["2-4", "0-4"]],
                      "rows": [[one_set(7, "7-8")], [], []]}, players=3)
    assert pg.bot_action(game, level, seed=1, time_budget_ms=100) == \
        {"type": "play", "number": 9, "tiles": ["3-9", "4-9", "9-10"]}


def test_normal_beats_easy():
    """One normal bot against two easy ones, 20 seeded games: measured, normal wins nearly all."""
    wins = 0.0
    for seed in range(20):
        game = dominuxen(players=3, seed=seed)
        normal = seed % 3
        while not game.is_over:
            level = "normal" if game.current_player == normal else "easy"
            game.apply(pg.bot_action(game, level, seed=len(game.history) + seed * 1000))
        winners = game.result()["winners"]
        wins += 1 / len(winners) if normal in winners else 0.0
    assert wins / 20 > 0.8
