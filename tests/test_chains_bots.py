"""Chains: bots (legal, no peeking), the sampler, the hint, the solver, and invariants over bot games."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import pygames_core as pg
from pygames_core.chains import CHAINS, sold_out_threshold
from pygames_core.chains_solver import best_outcome, deal_deck, solve, solve_state
from pygames_core.rng import Rng

DECK = [n for n in range(2, 11) for _ in range(n - 1)]
FULL = Counter({n: n for n in range(1, 11)})


def positions(players: int, seed: int = 0, every: int = 17) -> list[pg.Game]:
    game = pg.new_game("chains", players=players, seed=seed)
    found, step = [], 0
    while not game.is_over and len(found) < 6:
        if step % every == 0:
            found.append(game.copy())
        game.apply(pg.bot_action(game, "normal", seed=step))
        step += 1
    return found


@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_returns_a_legal_action(players, level):
    for game in positions(players):
        action = pg.bot_action(game, level, seed=2, time_budget_ms=15)
        assert action in game.legal_actions()


def twins(players: int) -> tuple[pg.Game, pg.Game]:
    """Two games that look the same to everyone but whose decks are in different orders."""
    one = [{"deck": DECK} for _ in range(players)]
    two = [{"deck": DECK[:1] + DECK[:0:-1]} for _ in range(players)]  # the same top card
    if players == 1:
        return pg.new_game("chains", setup=one[0]), pg.new_game("chains", setup=two[0])
    return (pg.new_game("chains", players=players, setup={"tables": one, "current": 0}),
            pg.new_game("chains", players=players, setup={"tables": two, "current": 0}))


@pytest.mark.parametrize("players", [1, 2])
def test_bots_and_the_hint_do_not_peek_at_any_deck(players):
    one, two = twins(players)
    for game in (one, two):  # the same public moves: the end card 10 is not there for players > 1
        game.apply({"type": "draw"} if players > 1 else {"type": "close", "end": 10})
    assert json.dumps(one.view(0)) == json.dumps(two.view(0))
    for level in ("normal", "hard"):
        assert pg.bot_action(one, level, seed=5, time_budget_ms=30) == pg.bot_action(two, level, seed=5,
                                                                                        time_budget_ms=30)
    assert pg.hint(one, time_budget_ms=30, seed=1) == pg.hint(two, time_budget_ms=30, seed=1)


def test_the_sampler_keeps_everything_public_and_reshuffles_every_deck():
    game = positions(3)[3]
    view = game.view(game.current_player)
    orders = set()
    for seed in range(4):
        state = CHAINS.sample_state(view, Rng(seed))
        sampled = CHAINS.view(state, view["seat"])
        assert json.dumps(sampled) == json.dumps(view)
        orders.add(tuple(state.tables[view["seat"]].deck))  # its own deck too: nobody sees their order
    assert len(orders) > 1


def test_the_hint_ranks_every_legal_move_and_is_refused_after_the_end():
    game = pg.new_game("chains", seed=7)
    game.apply({"type": "close", "end": 10})
    game.apply({"type": "draw"})
    answer = pg.hint(game, time_budget_ms=50, seed=3)
    assert answer["action"] in game.legal_actions() and answer["samples"] >= 1
    assert {json.dumps(v["action"]) for v in answer["values"]} == {json.dumps(a) for a in game.legal_actions()}
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(pg.IllegalAction):
        pg.hint(game)


# --- the solver -----------------------------------------------------------------------------------------

def brute(state, memo) -> int:
    """Every legal move of the real rules, with a memo on the whole state and no bound: the reference."""
    table = state.tables[0]
    key = (tuple(table.deck), tuple(map(tuple, table.slots)), tuple(table.work), table.drawn, frozenset(table.ends))
    if key not in memo:
        best = len(table.taken)
        for action in CHAINS.legal_actions(state):
            child = CHAINS.copy_state(state)
            CHAINS.apply(child, action)
            best = max(best, brute(child, memo))
        memo[key] = best
    return memo[key]


def replay(game: pg.Game, line: list[dict]) -> int:
    for action in line:
        game.apply(action)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game.result()["penalty"]


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_the_solver_agrees_with_brute_force_on_endgames(seed):
    game = pg.new_game("chains", seed=seed, options={"mode": "advanced" if seed % 2 else "beginner"})
    step = 0
    while not game.is_over and len(game._state.tables[0].deck) > 5:
        game.apply(pg.bot_action(game, "easy" if seed % 3 == 0 else "normal", seed=step))
        step += 1
    solution = solve_state(game._state)
    assert solution.exact and 10 - solution.penalty == brute(CHAINS.copy_state(game._state), {})
    assert replay(game.copy(), solution.line) == solution.penalty


def test_the_solver_wins_a_winnable_deal_and_its_line_replays():
    solution = solve(deal_deck(0), 5)
    assert solution.exact and solution.winnable and solution.penalty == 0
    game = pg.new_game("chains", seed=0)
    assert replay(game, solution.line) == 0 and game.result()["won"]


def test_the_solver_places_a_card_already_turned_up_first():
    game = pg.new_game("chains", seed=3)
    game.apply({"type": "draw"})
    solution = solve_state(game._state)
    assert solution.line[0]["type"] == "place"
    assert replay(game, solution.line) == solution.penalty


def test_best_outcome_after_a_game():
    game = pg.new_game("chains", seed=6)
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    report = best_outcome(game)
    assert report["exact"] and report["best_penalty"] <= report["your_penalty"]
    assert report["winnable"] == (report["best_penalty"] == 0)
    with pytest.raises(ValueError):
        best_outcome(pg.new_game("chains", players=2, seed=1))


def test_a_node_limit_gives_an_honest_unproven_answer():
    solution = solve(deal_deck(2), 4, node_limit=5)
    assert solution.line  # the normal policy's line at least
    assert solution.penalty_at_least <= solution.penalty
    if not solution.exact:
        assert solution.winnable in (True, None)


# --- invariants over bot games --------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "level", "seed"), [(1, "easy", 1), (1, "normal", 2), (2, "easy", 3),
                                                         (3, "normal", 4), (5, "easy", 5), (4, "normal", 6)])
def test_bot_games_keep_every_card_and_end(players, level, seed):
    game = pg.new_game("chains", players=players, seed=seed)
    steps = 0
    while not game.is_over:
        game.apply(pg.bot_action(game, level, seed=steps))
        steps += 1
        state = game._state
        for table in state.tables:
            cards = Counter(table.deck) + Counter(c for p in table.slots for c in p) + Counter(table.work)
            cards += Counter(table.discard) + Counter(c for p in table.dead for c in p) + Counter(table.ends)
            cards += Counter([table.drawn] if table.drawn is not None else [])
            assert cards == FULL
        for n in range(1, 11):
            assert sum(n in t.taken for t in state.tables) <= (1 if players == 1 else sold_out_threshold(players))
    assert (steps < 5000 and game.result()["winners"]) or players == 1
    again = pg.new_game("chains", players=players, seed=seed)
    for action in game.history:
        again.apply(action)
    assert again.to_json() == game.to_json() and again.result() == game.result()

