"""Arsène's fast paths for the search (issue 48), checked against the plain forms they stand for: the
cards no one has seen kept in the state, the cards a seat cannot place as one int, the policy's card
worked out from tables and inline checks, and a view read once for all the states sampled from it."""

from __future__ import annotations

import copy
import random

import pytest
from helpers import arsene, full_deal_setup, last_trick_setup

import pygames_core as pg
from pygames_core.engine.rng import Rng
from pygames_core.games.arsene import knowledge
from pygames_core.games.arsene.bot import (
    PLAIN_WORTH,
    TRUMP_WORTH,
    ArseneBot,
    _expected_tricks,
    _play_card,
    _unseen_higher,
    _wants_more,
    choose_card,
    policy_action,
)
from pygames_core.games.arsene.knowledge import sample_state
from pygames_core.games.arsene.rules import ARSENE, play_card
from pygames_core.games.arsene.state import PLAY, PLAY_DECK, PLAYERS, STORE_CARDS, ArseneState
from pygames_core.kit.cards import SUIT_BITS, SUIT_LANE, SUITS, Card, card
from pygames_core.kit.seats import left_of
from pygames_core.kit.tricks import beats, play_to_trick, playable_cards, unseen_ranks, winning_play


def plain_hidden(state: ArseneState) -> set[Card]:
    """The cards no one has seen played or turned up: the hands' and the face-down edge cards."""
    return {c for hand in state.hands for c in hand} | {c for i, c in enumerate(state.table) if i != state.chosen}


def assert_hidden_kept(state: ArseneState) -> None:
    assert {c for c in PLAY_DECK if state.hidden & c.bit} == plain_hidden(state)
    assert state.hidden == sum(c.bit for c in plain_hidden(state))  # no other bit


@pytest.mark.parametrize("advanced", [False, True])
def test_the_hidden_cards_kept_are_the_hands_and_the_face_down_edge_cards(advanced: bool) -> None:
    """After every move of random games through the rules (deals dealt, edge cards turned up, cards
    played), of the bots' play-outs (ArseneBot.playout_step) and in the states sampled from the views."""
    bot = ArseneBot(ARSENE)
    moves = 0
    for seed in range(4):
        state = ARSENE.new_state(PLAYERS, {"advanced": advanced}, Rng(seed), None)
        chooser = random.Random(seed)
        while (seat := ARSENE.current_player(state)) is not None:
            assert_hidden_kept(state)
            assert_hidden_kept(sample_state(ARSENE.remembered_view(state, seat), Rng(seed)))
            playout = ARSENE.copy_state(state)
            while not bot.playout_done(state, playout) and ARSENE.current_player(playout) is not None:
                bot.playout_step(playout, Rng(seed))
                assert_hidden_kept(playout)
            legal = ARSENE.legal_actions(state)
            ARSENE.apply(state, legal[chooser.randrange(len(legal))])
            moves += 1
        assert_hidden_kept(state)
    assert moves > 500


def test_the_hidden_cards_kept_in_set_ups() -> None:
    for setup in (full_deal_setup(["2C", "3H", "4S"], dealer=1), last_trick_setup([3, 3, 3, 1], winner=0)):
        game = arsene(setup)
        assert_hidden_kept(game._state)
        game.apply(game.legal_actions()[-1])  # an edge card turned up, a card played
        assert_hidden_kept(game._state)


def plain_unseen(state: ArseneState, seat: int) -> dict[str, int]:
    """By suit, the ranks `seat` cannot place: not its hand, not out of play, not in the trick, not the
    turned-up edge card, not a store's card (kit/tricks.py's unseen_ranks)."""
    placed = [*state.hands[seat], *state.out_of_play, *(c for _, c in state.trick.plays), *STORE_CARDS]
    if state.chosen is not None:
        placed.append(state.table[state.chosen])
    return unseen_ranks(placed)


def plain_expected_tricks(state: ArseneState, seat: int, unseen: dict[str, int]) -> float:
    total = 0.0
    for c in state.hands[seat]:
        if not unseen[c.suit] >> (c.rank + 1):
            total += 0.9
        elif c.suit == state.trump:
            total += TRUMP_WORTH[c]
        else:
            total += PLAIN_WORTH[c]
    return total


def plain_play_card(state: ArseneState, seat: int, options: list[Card], want: bool, unseen: dict[str, int]) -> Card:
    """The policy's card as it was first written (each check a function of its own)."""
    trump = state.trump

    def strength(c: Card) -> int:
        return c.rank + (20 if c.suit == trump else 0)

    def higher_unseen(c: Card) -> int:
        return int((unseen[c.suit] >> (c.rank + 1)).bit_count())

    later = [left_of(seat, PLAYERS, k) for k in range(1, PLAYERS - len(state.trick.plays))]

    def holds(c: Card) -> bool:
        if unseen[c.suit] >> (c.rank + 1):
            return False
        led = state.trick.led_suit or c.suit
        if trump is None or c.suit == trump or not unseen[trump]:
            return True
        return not any(led in state.voids[s] for s in later)

    if not state.trick.plays:
        if want:
            sure = [c for c in options if holds(c)]
            return min(sure, key=strength) if sure else max(options, key=strength)
        return max(options, key=lambda c: (higher_unseen(c), -strength(c)))
    ahead = winning_play(state.trick.plays, trump)[1]
    winners = [c for c in options if beats(c, ahead, trump)]
    losers = [c for c in options if c not in winners]
    if want and winners:
        if not later:
            return min(winners, key=strength)
        sure = [c for c in winners if holds(c)]
        return min(sure, key=strength) if sure else max(winners, key=strength)
    if want:
        return min(options, key=strength)
    if losers:
        return max(losers, key=strength)
    if later:
        return min(options, key=strength)
    return max(options, key=strength)


def positions(advanced: bool, games: int) -> list[ArseneState]:
    """Every position of random games where a card is played, each game's states and states sampled from
    the mover's view (whose unseen cards are dealt otherwise)."""
    found = []
    for seed in range(games):
        game = pg.new_game("arsene", players=PLAYERS, seed=seed, options={"advanced": advanced})
        chooser = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            view = game.remembered_view(seat)
            if view["phase"] == PLAY:
                found.append(sample_state(view, Rng(seed * 1000 + len(game.history))))
            legal = game.legal_actions()
            game.apply(legal[chooser.randrange(len(legal))])
    return found


@pytest.mark.parametrize("advanced", [False, True])
def test_the_policy_plays_the_card_its_plain_form_plays(advanced: bool) -> None:
    cards_chosen = 0
    for state in positions(advanced, 15):
        seat = ARSENE.current_player(state)
        assert seat is not None
        unseen = _unseen_higher(state, seat)
        plain = plain_unseen(state, seat)
        assert {suit: unseen >> (SUIT_BITS * lane) & SUIT_LANE for lane, suit in enumerate(SUITS)} == plain
        assert _expected_tricks(state, seat, unseen) == plain_expected_tricks(state, seat, plain)
        options = playable_cards(state.hands[seat], state.trick.led_suit)
        if len(options) == 1:
            continue
        assert choose_card(state, seat) is plain_play_card(state, seat, options, _wants_more(state, seat, unseen),
                                                           plain)
        for want in (False, True):  # both ways, whichever the seat wants here
            assert _play_card(state, seat, options, want, unseen) is plain_play_card(state, seat, options, want, plain)
        cards_chosen += 1
    assert cards_chosen > 300


def fingerprint(state: ArseneState) -> tuple:
    """Everything a state holds, in a form compared by value."""
    return (state.advanced, state.rng.state, state.dealer, state.deal, state.phase, state.hands, state.table,
            state.chosen, state.trump, state.leader, state.trick, state.tricks, state.completed,
            sorted(c.code for c in state.out_of_play), state.push_from, state.push_to, state.voids, state.stores,
            state.robbed, state.chips, state.confiscated, state.contest, [s.data for s in state.summaries],
            state.end_reason, state.caught)


@pytest.mark.parametrize("advanced", [False, True])
def test_states_sampled_from_a_view_read_once_are_those_of_the_view_read_afresh(advanced: bool) -> None:
    """The search samples one view again and again: its reading is kept (knowledge.read_view), and the
    samples are those of a copy of the view read for each, even after a sample was played on."""
    game = pg.new_game("arsene", players=PLAYERS, seed=11, options={"advanced": advanced})
    chooser = random.Random(11)
    players = Rng(11)
    compared = 0
    while not game.is_over:
        seat = game.current_player
        view = game.remembered_view(seat)
        afresh = Rng(len(game.history))
        expected = [fingerprint(sample_state(copy.deepcopy(view), afresh)) for _ in range(3)]
        kept = Rng(len(game.history))
        for one in expected:
            sampled = sample_state(view, kept)
            assert fingerprint(sampled) == one
            assert knowledge.read_view(view) is knowledge.read_view(view)  # the same reading
            while ARSENE.current_player(sampled) is not None and sampled.deal == view["deal"]:
                ARSENE.apply(sampled, policy_action(sampled, players))  # a sample played on: the next one is new
            compared += 1
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    assert compared > 100


@pytest.mark.parametrize("advanced", [False, True])
def test_a_card_played_moves_as_the_kit_s_play_to_trick_moves_it(advanced: bool) -> None:
    """rules.play_card writes kit/tricks.py's play_to_trick inline: the same hands, voids, trick and winner."""
    plays = 0
    for seed in range(6):
        state = ARSENE.new_state(PLAYERS, {"advanced": advanced}, Rng(seed), None)
        chooser = random.Random(seed)
        while (seat := ARSENE.current_player(state)) is not None:
            legal = ARSENE.legal_actions(state)
            action = legal[chooser.randrange(len(legal))]
            if action["type"] == "play":
                plain = ARSENE.copy_state(state)
                played = card(action["card"])
                winner = play_to_trick(plain.trick, seat, played, plain.hands[seat], plain.voids[seat], PLAYERS,
                                       plain.trump)
                assert play_card(state, played) == winner
                assert state.hands == plain.hands and state.voids == plain.voids
                # a trick kept at once is in the finished tricks already
                done = winner is not None and state.phase == PLAY
                assert list(state.completed[-1].plays if done else state.trick.plays) == plain.trick.plays
                plays += 1
            else:
                ARSENE.apply(state, action)
            if state.phase == PLAY and not any(state.hands):
                break  # play_card leaves the deal's settling to apply
    assert plays > 200
