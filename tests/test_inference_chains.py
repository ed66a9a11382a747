"""Chains: what the bots infer from the public play (issue 18, item 2).

Nobody sees the order of any deck, their own included, so no choice a seat makes can depend on it:
a seat that moves a card from a slot rather than drawing, or closes a run, says nothing about the
order of the cards still in its deck. Everything else is public. What the play does reveal is
each card drawn (its number, then where it went): the unseen counts of each deck. So the exact
distribution of the hidden state, given all that is public, deals each deck's unseen cards in a
uniformly random order, independently per deck: knowledge.sample_state. These tests check that
every sample agrees with every seat's view and with the public history, replayed from the start,
and that the bots never read a deck (the twins of test_chains_bots.py, here with three players).
"""

from __future__ import annotations

import json
from collections import Counter

import pygames_core as pg
from pygames_core.engine.rng import Rng
from pygames_core.games.chains.bot import BOT as CHAINS_BOT
from pygames_core.games.chains.rules import CHAINS


def history_positions(players: int, seed: int, every: int = 40) -> list[tuple[pg.Game, list[list[int]]]]:
    """Positions of a normal-bot game, each with the cards each seat has drawn so far, in order:
    the public "drawn" events of the play up to there."""
    game = pg.new_game("chains", players=players, seed=seed)
    drawn: list[list[int]] = [[] for _ in range(players)]
    found = []
    step = 0
    while not game.is_over:
        if step % every == 0:
            found.append((game.copy(), [list(cards) for cards in drawn]))
        for event in game.apply(pg.bot_action(game, "normal", seed=step)):
            if event["type"] == "drawn":
                drawn[event["seat"]].append(event["card"])
        step += 1
    return found


def test_every_sample_shows_every_seat_its_own_view_and_replays_the_public_history():
    players = 3
    positions = history_positions(players, seed=11)
    assert len(positions) > 3
    first = positions[0][0].view(0)["current_player"]
    for step, (game, drawn) in enumerate(positions):
        for seat in range(players):
            view = game.remembered_view(seat)
            for seed in (players * step + seat,):
                sample = CHAINS_BOT.sample_state(view, Rng(seed))
                for other in range(players):  # no seat could tell the sample from the game
                    assert json.dumps(CHAINS.view(sample, other)) == json.dumps(game.view(other))
                # the decks as they were dealt: the cards drawn so far, in the order they came, then
                # the sample's; the public actions replayed from there lead to the sample itself
                setup = {"tables": [{"deck": drawn[s] + sample.tables[s].deck} for s in range(players)],
                         "current": first}
                replay = pg.new_game("chains", players=players, setup=setup)
                for action in game.history:
                    replay.apply(action)
                replayed = replay._state
                assert [t.copy() for t in replayed.tables] == [t.copy() for t in sample.tables]
                assert (replayed.current, replayed.over, replayed.leaving_order) == (
                    sample.current, sample.over, sample.leaving_order)


def test_each_deck_is_reshuffled_evenly_whatever_the_play_showed():
    """The top card of a sampled deck is each unseen number in proportion to its copies (the exact
    distribution: nobody's choice depended on the order), for the mover and for another seat alike."""
    game, _ = history_positions(3, seed=12)[2]
    view = game.remembered_view(game.current_player)
    draws = 800
    for seat in (view["seat"], (view["seat"] + 1) % 3):
        unseen = {int(n): c for n, c in view["tables"][seat]["unseen"].items()}
        total = sum(unseen.values())
        tops = Counter(CHAINS_BOT.sample_state(view, Rng(seed)).tables[seat].deck[0] for seed in range(draws))
        assert set(tops) <= set(unseen)
        for number, copies in unseen.items():
            share = copies / total
            spread = 4 * (share * (1 - share) / draws) ** 0.5
            assert abs(tops[number] / draws - share) <= spread, (number, tops[number], copies, total)


def test_three_players_bots_never_read_a_deck():
    """Two three-player games the same from every seat but with their decks in other orders: the
    normal and the hard bot choose the same, so neither reads a deck."""
    deck = [n for n in range(2, 11) for _ in range(n - 1)]
    other = deck[:1] + deck[:0:-1]  # the same top card, the rest reversed
    one = pg.new_game("chains", players=3, setup={"tables": [{"deck": deck}] * 3, "current": 0})
    two = pg.new_game("chains", players=3, setup={"tables": [{"deck": other}] * 3, "current": 0})
    for game in (one, two):
        game.apply({"type": "draw"})
    assert json.dumps(one.view(0)) == json.dumps(two.view(0))
    for level, seed in (("normal", 1), ("normal", 2), ("hard", 3)):
        assert pg.bot_action(one, level, seed=seed, time_budget_ms=20) == pg.bot_action(two, level, seed=seed,
                                                                                          time_budget_ms=20)
