"""On Schedule's fast paths in its rules against the plain forms they replace (issue 48: random play's
speed, play unchanged): the votes read from each role's pile by suit, the card pass's pairs found whole."""

from __future__ import annotations

import random

from pygames_core.engine.rng import Rng
from pygames_core.games.on_schedule.rules import ON_SCHEDULE
from pygames_core.games.on_schedule.state import (
    DECK,
    GIVE,
    PILES,
    PLAYERS,
    TRICKS,
    VOTE,
    VOTE_ROLES,
    OnScheduleState,
    pile_of,
    voter,
)
from pygames_core.kit.cards import SUITS, Card, sort_hand

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
