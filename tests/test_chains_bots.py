"""Chains: bots (legal, no peeking), the sampler, the hint, and invariants over bot games (the solver:
test_chains_solver.py)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise

import pytest

import pygames_core as pg
from pygames_core.engine.rng import Rng
from pygames_core.games.chains.bot import BOT as CHAINS_BOT
from pygames_core.games.chains.bot import solitaire_playout_step
from pygames_core.games.chains.policy import NEVER, policy_action, slot_by_number, slot_for, wait_for
from pygames_core.games.chains.rules import CHAINS
from pygames_core.games.chains.state import ChainsState, sold_out_threshold

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
    # sample budgets, not time budgets: the same samples drawn in both games whatever the machine's load
    for level in ("normal", "hard"):
        assert pg.bot_action(one, level, seed=5, samples=12) == pg.bot_action(two, level, seed=5, samples=12)
    assert pg.hint(one, samples=12, seed=1) == pg.hint(two, samples=12, seed=1)


def test_the_sampler_keeps_everything_public_and_reshuffles_every_deck():
    game = positions(3)[3]
    view = game.view(game.current_player)
    orders = set()
    for seed in range(4):
        state = CHAINS_BOT.sample_state(view, Rng(seed))
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


def test_a_solitaire_play_out_values_the_win_above_its_last_end_card():
    """The search scores a solitaire play-out by the share of end cards taken and by whether it won: a
    win is worth far more than the last end card's share, so the search prefers the moves that win
    more deals to those that only leave fewer end cards."""
    state = pg.new_game("chains", seed=0)._state

    def value_with(taken: int) -> float:
        ended = CHAINS.copy_state(state)
        ended.tables[0].taken = list(range(1, taken + 1))
        return CHAINS_BOT.evaluate(ended, 0)

    values = [value_with(taken) for taken in range(11)]
    assert values[0] == 0.0 and values[10] == 1.0
    assert all(a < b for a, b in pairwise(values))  # each end card still counts
    assert values[10] - values[9] > 5 * (values[9] - values[8])


def solitaire(setup: dict, mode: str = "beginner") -> pg.Game:
    return pg.new_game("chains", setup=setup, options={"mode": mode})


def test_the_solitaire_policy_knows_when_each_number_is_wanted_next():
    # the run 10 9 8 7 goes on down to 3 (end card 2 is the lowest open one below 7): 6 is wanted
    # at once, 3 fourth; then come the runs closed by 9 (the 10 alone) and by 5 (10 down to 6)
    game = solitaire({"work": [10, 9, 8, 7], "end_cards": [2, 5, 9]})
    wait = wait_for(game._state.tables[0])
    assert [wait[n] for n in (6, 5, 4, 3)] == [0, 1, 2, 3]
    assert wait[10] == 4 and wait[9] == 6 and wait[8] == 7 and wait[7] == 8
    assert wait[2] == NEVER and wait[1] == NEVER


def test_the_solitaire_policy_lays_a_card_where_it_holds_nothing_up():
    # work pile 10 9 with end cards 1-8 open: this run wants 8, 7, … 2 in turn, the next ones 10 first
    ends = [1, 2, 3, 4, 5, 6, 7, 8]
    table = solitaire({"work": [10, 9], "slots": [[10], [3], [], [2, 5]], "end_cards": ends})._state.tables[0]
    assert slot_for(table, 4) == 1  # on the 3, wanted right after it (on the 5 it would hold it up)
    assert slot_for(table, 6) == 3  # on the 5, wanted right after it
    assert slot_for(table, 10) == 0  # on the other 10: the same number holds nothing up
    assert slot_for(table, 9) == 2  # every top is wanted before a 9 of the next run: the empty slot
    assert slot_for(table, 8) == 2  # the 3 is wanted long after the 8: the empty slot keeps it free
    # the advanced mode's four slots all taken: on the top wanted soonest after the card, else on a
    # shortest pile
    full = solitaire({"work": [10, 9], "slots": [[10], [3], [2, 6], [7, 9]], "end_cards": ends}, "advanced")
    assert slot_for(full._state.tables[0], 8) == 2
    full = solitaire({"work": [10, 9], "slots": [[10], [3, 4], [2, 5, 6], [7]], "end_cards": ends}, "advanced")
    assert slot_for(full._state.tables[0], 9) == 0


def test_the_policy_extends_a_run_from_a_slot_before_closing_it():
    # end card 6 could close the run now; the 6 on a slot extends it instead, and end card 5 closes it
    game = solitaire({"work": [10, 9, 8, 7], "slots": [[6]], "end_cards": [5, 6]})
    assert pg.bot_action(game, "normal") == {"type": "move", "slot": 0}
    # and in the expansion's play-outs, where a move keeps the turn and a close ends it; the normal bot
    # there closes at once (normal_action: a simpler play, so that the levels differ)
    table = {"work": [10, 9, 8, 7], "slots": [[6]]}
    expansion = pg.new_game("chains", players=2, setup={"tables": [table, {}], "current": 0})
    assert CHAINS_BOT.playout_action(expansion._state, Rng(0)) == {"type": "move", "slot": 0}
    assert pg.bot_action(expansion, "normal") == {"type": "close", "end": 6}


def test_the_normal_bot_lays_a_card_by_its_number_in_the_expansion():
    slots = [[10], [3], [], [2, 5], [8]]
    assert slot_by_number(slots, 4) == 1  # on the 3: next number up
    assert slot_by_number(slots, 7) == 3  # on the 5, a lower card of the same run
    assert slot_by_number(slots, 1) == 2  # no lower card: the empty slot
    table = {"work": [10, 9], "slots": slots, "drawn": 4}
    game = pg.new_game("chains", players=2, setup={"tables": [table, {}], "current": 0})
    assert pg.bot_action(game, "normal") == {"type": "place", "to": "slot", "slot": 1}


def test_the_normal_bot_wins_a_fair_share_of_the_solitaire_deals():
    # the policy alone (no search): beginner deals 0-199 won 82 and advanced 43 when it was written;
    # it won 15 and 4 when it closed every run as soon as it could and laid cards by number alone
    won = Counter()
    for mode in ("beginner", "advanced"):
        for deal in range(200):
            state = pg.new_game("chains", seed=deal, options={"mode": mode})._state
            rng = Rng(deal)
            while CHAINS.current_player(state) is not None:
                CHAINS.apply(state, policy_action(state, rng))
            won[mode] += len(state.tables[0].taken) == 10
    assert won["beginner"] >= 70 and won["advanced"] >= 35


@pytest.mark.parametrize(("players", "options"), [(1, {"mode": "beginner"}), (1, {"mode": "advanced"}), (3, {}),
                                                  (2, {"cube": True, "match_to": 3})])
def test_a_playout_step_moves_as_apply_does_without_writing_the_events(players, options):
    # the hard bot's play-outs move by ChainsBot.playout_step (CHAINS.play without its records): step
    # for step through whole games, the same state and rng as applying the play-out policy's action
    for seed in range(4):
        state = CHAINS.new_state(players, CHAINS.check_options(options), Rng(seed), None)
        steps, quiet = 0, 0
        while CHAINS.current_player(state) is not None:
            stepped, applied = CHAINS.copy_state(state), CHAINS.copy_state(state)
            step_rng, apply_rng = Rng(seed * 1000 + steps), Rng(seed * 1000 + steps)
            CHAINS_BOT.playout_step(stepped, step_rng)
            events = CHAINS.apply(applied, CHAINS_BOT.playout_action(applied, apply_rng))
            assert facts(stepped) == facts(applied) and step_rng.state == apply_rng.state
            assert json.dumps(CHAINS.view(stepped, None)) == json.dumps(CHAINS.view(applied, None))
            copy = CHAINS.copy_state(state)
            quiet += not CHAINS.play(copy, CHAINS_BOT.playout_action(copy, Rng(seed * 1000 + steps)))
            assert events  # apply writes every move's events
            state = applied
            steps += 1
        assert steps > 50 and quiet > steps // 2  # most moves write nothing without `record`


@pytest.mark.parametrize("mode", ["beginner", "advanced"])
def test_the_solitaires_playout_step_is_the_policys_action_played(mode):
    # the solitaire's play-out step written as one (solitaire_playout_step) against its plain form,
    # CHAINS.play of policy_action's action, at every state of 60 deals played on by the policy with a
    # random legal action one time in three (states off the policy's own line too): the same state
    # after the step, the rng not read, and deals ended by the step itself among them
    ended = 0
    for seed in range(60):
        state = CHAINS.new_state(1, CHAINS.check_options({"mode": mode}), Rng(seed), None)
        chooser = Rng(seed)
        while CHAINS.current_player(state) is not None:
            fast, plain = CHAINS.copy_state(state), CHAINS.copy_state(state)
            rng = Rng(seed)
            solitaire_playout_step(fast)  # reads no rng: the policy's fallback is never reached in the solitaire
            CHAINS.play(plain, policy_action(plain, rng))
            assert facts(fast) == facts(plain) and rng.state == Rng(seed).state
            ended += fast.over
            legal = CHAINS.legal_actions(state)
            CHAINS.apply(state, legal[chooser.below(len(legal))] if chooser.below(3) == 0
                         else policy_action(state, chooser))
    assert ended > 30


def facts(state: ChainsState) -> tuple[object, ...]:
    """Everything in a state, its generator's position too (an Rng equals only itself)."""
    return (state.tables, state.current, state.over, state.leaving_order, state.match, state.turn_start,
            state.new_game, state.locked_bits, state.rng.state)
