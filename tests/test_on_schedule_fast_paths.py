"""On Schedule's fast paths in its rules against the plain forms they replace (issue 48: random play's
speed, play unchanged): the votes read from each role's pile by suit, the card pass's pairs found whole,
a trick's view in one dict and its points looked up, the cube's double at a card play."""

from __future__ import annotations

import random

from pygames_core.engine.rng import Rng
from pygames_core.games.on_schedule.rules import ON_SCHEDULE
from pygames_core.games.on_schedule.state import (
    CARD_POINTS,
    DECK,
    GIVE,
    PILES,
    PLAY,
    PLAYERS,
    TRICKS,
    VOTE,
    VOTE_ROLES,
    OnScheduleState,
    OnScheduleTrick,
    card_points,
    pile_of,
    voter,
)
from pygames_core.kit.cards import CARDS, SUITS, Card, sort_hand
from pygames_core.kit.seats import team_of
from pygames_core.kit.tricks import CompletedTrick, playable_cards

OPTIONS = ON_SCHEDULE.check_options({})


def voting_state(rng: random.Random) -> OnScheduleState:
    """A deal in its votes, each vote cast so far any card of its voter's pile: in pile order, as play
    casts them, or not (as a set-up may give them, docs/games/on_schedule.md)."""
    state = ON_SCHEDULE.new_state(PLAYERS, OPTIONS, Rng(rng.randrange(1 << 30)), None)
    votes: list[Card] = []
    for role in VOTE_ROLES[:rng.randrange(TRICKS)]:
        left = [c for c in PILES[role] if c not in votes]
        votes.append(left[0] if rng.random() < 0.5 else rng.choice(left))
    state.votes = votes
    return state


def test_the_votes_are_the_suits_left_in_the_voters_pile_and_cast_its_next_card_of_that_suit():
    rng = random.Random(11)
    for _ in range(3000):
        state = voting_state(rng)
        assert state.phase == VOTE
        seat, votes = state.current, list(state.votes)
        assert seat is not None
        pile = pile_of(seat, state.dealer, votes)
        legal = ON_SCHEDULE.legal_actions(state)
        assert legal == [{"type": "vote", "suit": s} for s in SUITS if any(c.suit == s for c in pile)]
        suit = rng.choice(legal)["suit"]
        events = ON_SCHEDULE.apply(state, {"type": "vote", "suit": suit})
        cast = next(c for c in pile if c.suit == suit)
        assert state.votes == [*votes, cast]
        assert events[0] == {"type": "voted", "seat": voter(state.dealer, len(votes)), "vote": len(votes) + 1,
                             "suit": suit, "card": cast.code}


def test_the_gifts_are_every_pair_of_the_hand_in_hand_order():
    rng = random.Random(12)
    for _ in range(300):
        state = ON_SCHEDULE.new_state(PLAYERS, OPTIONS, Rng(rng.randrange(1 << 30)), None)
        state.phase = GIVE
        seat = state.current
        assert seat is not None
        hand = state.hands[seat] = sort_hand(rng.sample(DECK, rng.randrange(2, TRICKS + 1)))
        assert ON_SCHEDULE.legal_actions(state) == [
            {"type": "give", "cards": [first.code, second.code]}
            for i, first in enumerate(hand) for second in hand[i + 1:]]


def test_a_tricks_view_is_the_kit_view_with_its_points():
    """OnScheduleTrick.to_view, written as one dict, is CompletedTrick.to_view's with the points and whether
    they were doubled."""
    plays = [(1, CARDS["TS"]), (2, CARDS["2S"]), (3, CARDS["AH"]), (0, CARDS["KS"])]
    for doubled in (False, True):
        done = OnScheduleTrick(7, 1, plays, 3, 4 if doubled else 2, doubled)
        assert done.to_view() == {**CompletedTrick.to_view(done), "points": done.points, "doubled": doubled}
        assert list(done.to_view()) == ["trick", "leader", "plays", "winner", "points", "doubled"]


def test_a_cards_points_are_card_points():
    assert all(CARD_POINTS[c] == card_points(c) for c in DECK) and sum(CARD_POINTS.values()) == 20


def test_with_the_cube_a_card_play_s_actions_are_the_cards_and_the_match_s_actions_at_a_turn_s_start():
    options = ON_SCHEDULE.check_options({"cube": True, "match_to": 5})
    rng = random.Random(13)
    checked = 0
    for seed in range(20):
        state = ON_SCHEDULE.new_state(PLAYERS, options, Rng(seed), None)
        while ON_SCHEDULE.current_player(state) is not None:
            legal = ON_SCHEDULE.legal_actions(state)
            if state.phase == PLAY and state.match.offered_by is None:
                seat = state.to_play
                assert legal == [{"type": "play", "card": c.code}
                                 for c in playable_cards(state.hands[seat], state.trick.led_suit)
                                 ] + state.match.actions(team_of(seat), turn_start=True)
                checked += 1
            ON_SCHEDULE.apply(state, rng.choice(legal))
    assert checked > 500
