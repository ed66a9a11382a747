"""Chains: the exact solitaire solver (junk, brute-force endgames, replayed lines, budgets)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pygames_core as pg
from pygames_core.games.chains import solver as chains_solver
from pygames_core.games.chains.rules import CHAINS
from pygames_core.games.chains.solver import JUNK, Solver, _cut, best_outcome, deal_deck, solve, solve_state


@pytest.fixture(autouse=True)
def no_search_left_by_another_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """best_outcome goes on with the unfinished search of the same deal: one left by another test (deal
    29's, cut short by a time budget) would make a test's first call finish early, depending on which
    tests ran before it in the same process (it failed so in CI under pytest-xdist)."""
    monkeypatch.setattr(chains_solver, "_unfinished", {})


def mask(*ends: int) -> int:
    return sum(1 << (n - 1) for n in ends)


def test_junk_is_every_card_no_run_can_use_any_more():
    assert JUNK[0, mask(*range(1, 11))] == 0
    assert JUNK[0, mask(2, 7)] == sum(1 << n for n in (2,))  # 3-10 still fit the runs of 2 and 7
    assert JUNK[4, mask(3, 10)] == sum(1 << n for n in range(2, 11))  # the run on 4 takes the 3: nothing is left
    # the run on 3 closes on the 1; then only the 5's run 10..6 is left: 2 is for the run on 3 alone
    assert JUNK[3, mask(1, 5)] == sum(1 << n for n in (3, 4, 5))


def test_piles_are_cut_above_their_highest_junk_card_and_sorted():
    junk = JUNK[0, mask(5, 10)]  # 2-5 are junk
    assert _cut([(9, 3, 8), (2,), (), (7, 6)], junk) == ((7, 6), (8,))


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


@pytest.mark.parametrize("seed", [1, 3, 4, 5])
def test_the_solver_agrees_with_brute_force_on_endgames(seed):
    game = pg.new_game("chains", seed=seed, options={"mode": "advanced" if seed % 2 else "beginner"})
    step = 0
    while not game.is_over and len(game._state.tables[0].deck) > 5:
        game.apply(pg.bot_action(game, "easy" if seed % 3 == 0 else "normal", seed=step))
        step += 1
    solution = solve_state(game._state)
    assert solution.exact and 10 - solution.penalty == brute(CHAINS.copy_state(game._state), {})
    assert solution.penalty > 0  # these endgames are lost: the optimum proven is not just "all ten"
    assert replay(game.copy(), solution.line) == solution.penalty


@pytest.mark.parametrize("seed", [1, 2])
def test_randomized_restarts_still_end_in_the_exact_proof(monkeypatch, seed):
    # an allowance of a few nodes makes every question go through many randomized restarts: the
    # answer must still be the brute-force optimum, proven, with a line that reaches it
    monkeypatch.setattr(chains_solver, "FIRST_ALLOWANCE", 3)
    game = pg.new_game("chains", seed=seed, options={"mode": "advanced" if seed % 2 else "beginner"})
    step = 0
    while not game.is_over and len(game._state.tables[0].deck) > 6:
        game.apply(pg.bot_action(game, "normal", seed=step))
        step += 1
    solution = solve_state(game._state)
    assert solution.exact and 10 - solution.penalty == brute(CHAINS.copy_state(game._state), {})
    assert replay(game.copy(), solution.line) == solution.penalty


def test_restarts_find_a_win_the_fixed_order_reaches_only_after_a_long_detour():
    # beginner deal 30: the fixed move order needs about 130,000 nodes (two minutes) to find its win
    solution = solve(deal_deck(30), 5, node_limit=40_000)
    assert solution.exact and solution.winnable
    assert replay(pg.new_game("chains", seed=30), solution.line) == 0


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




@pytest.mark.parametrize("mode", ["beginner", "advanced"])
def test_every_line_replays_through_the_rules_to_its_claimed_penalty(mode):
    for deal in range(3):
        solution = solve(deal_deck(deal), 4 if mode == "advanced" else 5, time_budget_ms=300)
        assert solution.penalty_at_least <= solution.penalty
        game = pg.new_game("chains", seed=deal, options={"mode": mode})
        assert replay(game, solution.line) == solution.penalty


def test_a_time_budget_gives_an_honest_unproven_answer():
    game = pg.new_game("chains", seed=29)  # beginner deal 29 is not proven within a second
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    report = pg.analysis(game, time_budget_ms=20)
    assert report["exact"] is False and report["winnable"] is None
    assert report["best_penalty_at_least"] <= report["best_penalty"] <= report["your_penalty"]


@pytest.mark.parametrize(("deal", "slots"), [(29, 5), (30, 5), (12, 4)])
@pytest.mark.parametrize("size", [1, 7, 100])
def test_a_search_in_slices_does_the_work_of_one_run_node_for_node(deal, slots, size):
    # slices of a few nodes stop in the middle of restarts (they run to hundreds or thousands of
    # nodes): the next slice must go on down the same line, in the same orders, as one run would
    whole = solve(deal_deck(deal), slots)
    solver = Solver(deal_deck(deal), slots)
    slices = 1
    while not (sliced := solver.run(node_limit=size)).exact:
        slices += 1
    assert slices > 1
    assert (sliced.nodes, sliced.penalty, sliced.line) == (whole.nodes, whole.penalty, whole.line)
    assert whole.penalty == 0
    assert replay(pg.new_game("chains", seed=deal, options={"mode": "beginner" if slots == 5 else "advanced"}),
                  sliced.line) == 0


def test_emptying_the_relaxed_memo_changes_no_answer(monkeypatch):
    # the relaxed game's memo is a cache, emptied at RELAXED_MEMO_LIMIT entries to bound memory
    whole = solve(deal_deck(12), 4)
    monkeypatch.setattr(chains_solver, "RELAXED_MEMO_LIMIT", 50)
    small = solve(deal_deck(12), 4)
    assert (small.exact, small.penalty) == (whole.exact, whole.penalty) == (True, 0)
    assert replay(pg.new_game("chains", seed=12, options={"mode": "advanced"}), small.line) == 0


def test_the_analysis_goes_on_where_the_last_call_stopped():
    game = finished_game(29)
    reports = [best_outcome(game, node_limit=30)]
    assert reports[0]["unfinished"] and not reports[0]["exact"]
    while reports[-1].get("unfinished"):
        reports.append(best_outcome(game, node_limit=30))
    assert reports[-1]["exact"] and reports[-1]["winnable"] and "best_penalty_at_least" not in reports[-1]
    assert [r["seconds"] for r in reports] == sorted(r["seconds"] for r in reports)  # the time of the whole search


def test_another_deal_asked_in_between_has_its_own_search():
    game = finished_game(29)
    assert best_outcome(game, node_limit=30)["unfinished"]
    assert best_outcome(finished_game(3))["exact"]
    again = best_outcome(game)
    assert again["exact"] and again["best_penalty"] == 0


def finished_game(deal: int) -> pg.Game:
    game = pg.new_game("chains", seed=deal)
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    return game


def test_the_table_command_runs_cleanly():
    """The documented command (docs/benchmarks.md) tabulates deals, with no warning from Python: the
    package does not import the solver before `-m` runs it (a RuntimeWarning made an error here)."""
    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-m", "pygames_core.games.chains.solver",
                           "--deals", "2", "--first", "29", "--quiet"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    summary = json.loads(done.stdout)
    assert summary["deals"] == summary["solved"] == 2 and summary["first"] == 29
