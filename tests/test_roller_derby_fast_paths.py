"""Roller Derby's fast paths for the search (issue 48), checked against the plain forms they stand for: a
hand read as one int of card bits and suit_tricks remembered by one int of masks (the plain count of each
suit's ranks, high to low; the unseen ranks below the hand's lowest left out of the key), round(gap, 1)
remembered by the gap, the cards a seat cannot place worked out from those bits, the play policy's options
keyed inline in one loop (the plain policy: min over its options of a key built by helper functions; the
state's properties read inline), a card played through kit's record_play and winning_play (play_to_trick's
steps, the trump read inline), a trick's view built inline (play_view's), a play-out's deal settled without
dealing the next, and a hand without jokers sorted at once."""

from __future__ import annotations

import random

from pygames_core.ai.search import playout
from pygames_core.engine.rng import Rng
from pygames_core.games.roller_derby import BOT, policy
from pygames_core.games.roller_derby.policy import (
    HOLD_CHANCE,
    LATER,
    LEAST_HOLD,
    OPPONENTS_LATER,
    above,
    choose_play,
    count_suit_tricks,
    hand_tricks,
    held_bits,
    outside_ranks,
    policy_action,
    rolling_goal,
    rounded_tenth,
    suit_tricks,
    team_estimate,
)
from pygames_core.games.roller_derby.rules import ROLLER_DERBY, distinct_plays, play_actions
from pygames_core.games.roller_derby.state import (
    DECK,
    OVER,
    PLAY,
    TRICKS,
    DeclaredJoker,
    Held,
    Phase,
    RollerDerbyState,
    play_view,
    played_from,
    sort_held,
    trick_view,
)
from pygames_core.kit.cards import JOKERS, SUITS, Card, Joker, sort_hand
from pygames_core.kit.seats import partner_of, team_of
from pygames_core.kit.tricks import ALL_RANKS, PlayedCard, trick_winner


def plain_hand_tricks(hand: list[Held], trump: str | None, outside: dict[str, int]) -> float:
    """hand_tricks as the rules of thumb say it: a trick per joker, and each suit's count from its ranks
    high to low (the trump suit's length deciding whether a short side suit ruffs)."""
    by_suit = {s: sorted((c.rank for c in hand if isinstance(c, Card) and c.suit == s), reverse=True)
               for s in SUITS}
    jokers = sum(1 for c in hand if isinstance(c, Joker))
    trump_length = len(by_suit[trump]) if trump is not None else 0
    return jokers + sum(count_suit_tricks(by_suit[s], s, trump, trump_length, outside) for s in SUITS)


def random_outside(chooser: random.Random) -> dict[str, int]:
    return {s: chooser.randrange(ALL_RANKS + 1) & ALL_RANKS for s in SUITS}


def test_hand_tricks_from_the_hands_bits_are_the_plain_count_of_each_suits_ranks() -> None:
    """Many questions in a row through the remembered answers (SUIT_TRICKS, keyed by one int of masks):
    each answer is the plain count of that very question, whatever was asked before it."""
    chooser = random.Random(11)
    policy.SUIT_TRICKS.clear()
    for _ in range(3000):
        hand: list[Held] = [*JOKERS[:chooser.randrange(3)], *chooser.sample(DECK, chooser.randrange(14))]
        trump = chooser.choice([None, *SUITS])
        outside = random_outside(chooser)
        assert hand_tricks(hand, trump, outside) == plain_hand_tricks(hand, trump, outside)


def test_suit_tricks_keyed_without_the_unseen_ranks_below_the_hand_answers_each_question_as_asked() -> None:
    """The remembered answers leave out of their key the unseen ranks below the hand's lowest: questions that
    differ in one unseen rank, asked in a row (the second finding the first's answer whenever their keys are
    alike), are each answered as the plain count of that very question."""
    chooser = random.Random(17)
    policy.SUIT_TRICKS.clear()
    for _ in range(4000):
        ranks = chooser.randrange(ALL_RANKS + 1) & ALL_RANKS
        outside = random_outside(chooser)
        suit, trump = chooser.choice(SUITS), chooser.choice([None, *SUITS])
        trump_length = chooser.randrange(14)
        other = dict(outside)
        other[suit] ^= 1 << chooser.randrange(2, 15)  # one unseen rank more or less
        for unseen in (outside, other):
            held = [r for r in range(14, 1, -1) if ranks >> r & 1]
            assert suit_tricks(ranks, suit, trump, trump_length, unseen) == count_suit_tricks(
                held, suit, trump, trump_length, unseen)


def test_a_gap_rounded_to_a_tenth_is_rounds_answer_remembered() -> None:
    """rounded_tenth (round(gap, 1) remembered by the gap, the remembered ones cleared past ROUNDED_KEPT): the
    very float round gives, the first time and from memory, for the policy's gaps (sums of its tricks and
    chances, some a binary float just under a half tenth: 0.35) and random ones."""
    chooser = random.Random(19)
    policy.ROUNDED.clear()
    gaps = [k / 20 for k in range(201)] + [0.35, 2.45, 0.15 + 3.0, 10.0 - 0.45, 0.6 + 0.25 + 1 / 3]
    gaps += [chooser.uniform(0.0, 10.0) for _ in range(policy.ROUNDED_KEPT + 500)]
    for gap in gaps:
        assert rounded_tenth(gap) == round(gap, 1)
        assert rounded_tenth(gap) == round(gap, 1)  # remembered (or cleared and worked out again)
    assert 0 < len(policy.ROUNDED) <= policy.ROUNDED_KEPT


def test_a_seats_outside_ranks_from_its_hands_bits_are_the_ranks_of_no_card_it_can_place() -> None:
    for state, seat in play_positions(40):
        placed = [c for c in state.hands[seat] if isinstance(c, Card)]
        placed += [p for _, p in state.trick.plays if isinstance(p, Card)]
        gift = state.passes.choices[seat]
        if gift is not None and state.exchanged[team_of(seat)]:
            placed += [c for c in gift if isinstance(c, Card)]
        if seat == state.roller:
            placed += state.discards
        out = {c for c in state.out_of_play if isinstance(c, Card)}
        expected = {s: sum(1 << c.rank for c in DECK if c.suit == s and c not in out and c not in placed)
                    for s in SUITS}
        assert outside_ranks(state, seat, held_bits(state.hands[seat])[0]) == expected


def plain_choose_play(state: RollerDerbyState, seat: int) -> dict:
    """The play policy as it was written before its options were keyed inline (main 152476e): min over the
    options of a key built by helper functions, each hand's ranks as lists."""
    hand = state.hands[seat]
    plays, trump = state.trick.plays, state.trump
    led = state.trick.led_suit
    options = play_actions(hand, led, trump)
    if hand and isinstance(hand[0], Joker):
        options = distinct_plays(options, led, trump)
    if len(options) == 1:
        return options[0]
    outside = outside_ranks(state, seat, held_bits(hand)[0])
    partner = partner_of(seat)
    later, opponents_later = LATER[seat][len(plays)], OPPONENTS_LATER[seat][len(plays)]
    remaining = TRICKS - state.tricks_played
    rolling_side = team_of(seat) == state.rolling_team
    by_suit = {s: sorted((c.rank for c in hand if isinstance(c, Card) and c.suit == s), reverse=True) for s in SUITS}
    jokers = sum(1 for c in hand if isinstance(c, Joker))
    trump_length = len(by_suit[trump]) if trump is not None else 0
    by_suit_tricks = {s: count_suit_tricks(by_suit[s], s, trump, trump_length, outside) for s in SUITS}
    own = jokers + sum(by_suit_tricks.values())
    now = team_estimate(min(float(remaining), own), remaining)
    expected_rolling = now if rolling_side else remaining - now
    goal = rolling_goal(state, expected_rolling)
    rolling_tricks = state.rolling_tricks
    short = goal is not None and goal - rolling_tricks >= min(float(remaining), expected_rolling)
    winner = trick_winner(plays, trump) if plays else None
    table = next(play for play in plays if play[0] == winner) if plays else None

    def beaten_by(played: PlayedCard) -> int:
        if not opponents_later:
            return 0
        higher = above(outside[played.suit], played.rank) + (1 if played.rank == 1 else 0)
        if played.suit != trump and trump is not None:
            suit_led = led or played.suit
            if any(suit_led in state.voids[s] and trump not in state.voids[s] for s in opponents_later):
                higher += 2
        return higher

    def team_chance(played: PlayedCard) -> float:
        top_seat, top = table or (seat, played)
        if (played.rank > top.rank) if played.suit == top.suit else played.suit == trump:
            top_seat, top = seat, played
        if top_seat in (seat, partner):
            return HOLD_CHANCE[min(beaten_by(top), LEAST_HOLD)]
        return 0.3 if partner in later else 0.0

    def tricks_without(played: PlayedCard) -> float:
        if isinstance(played, DeclaredJoker):
            return own - 1.0
        ranks = [r for r in by_suit[played.suit] if r != played.rank]
        if played.suit == trump:
            return jokers + sum(count_suit_tricks(ranks if s == trump else by_suit[s], s, trump, trump_length - 1,
                                                  outside) for s in SUITS)
        return own - by_suit_tricks[played.suit] + count_suit_tricks(ranks, played.suit, trump, trump_length,
                                                                      outside)

    def key(action: dict) -> tuple[float, float, float]:
        played = played_from(action)[0]
        chance = team_chance(played)
        mine = chance + team_estimate(min(tricks_without(played), remaining - 1.0), remaining - 1)
        rolling_final = rolling_tricks + (mine if rolling_side else remaining - mine)
        off = 0.0 if goal is None else min(abs(goal - rolling_final), 10.0)
        cost = 30.0 if isinstance(played, DeclaredJoker) else played.rank + (13 if played.suit == trump else 0)
        return round(off if rolling_side else -off, 1), -chance if short else chance, cost

    return min(options, key=key)


def play_positions(games: int) -> list[tuple[RollerDerbyState, int]]:
    """Copies of the state at every card play of seeded games with and without jokers, the seat to play
    beside each: the policy plays most moves, random legal actions the others (positions it would not
    reach alone). Every finished trick's winner is checked against kit's trick_winner on the way."""
    positions = []
    for jokers in (False, True):
        options = ROLLER_DERBY.check_options({"jokers": jokers})
        for seed in range(games):
            state = ROLLER_DERBY.new_state(4, options, Rng(seed), None)
            chooser = random.Random(seed)
            while (seat := ROLLER_DERBY.current_player(state)) is not None:
                if state.phase == PLAY:
                    positions.append((ROLLER_DERBY.copy_state(state), seat))
                    # play_card reads the trump inline: no trump (NO_TRUMP called) is no suit to be out of
                    assert all(void <= set(SUITS) for void in state.voids)
                legal = ROLLER_DERBY.legal_actions(state)
                action = policy_action(state, Rng(seed)) if chooser.random() < 0.6 else chooser.choice(legal)
                completed = len(state.completed)
                ROLLER_DERBY.apply(state, action)
                if len(state.completed) > completed:
                    done = state.completed[-1]
                    assert done.winner == trick_winner(done.plays, state.trump_call if state.trump_call in SUITS
                                                       else None)
    return positions


def test_the_play_policy_chooses_the_plain_policys_card() -> None:
    positions = play_positions(40)
    assert any(len(play_actions(s.hands[seat], s.trick.led_suit, s.trump)) > 3 for s, seat in positions)
    for state, seat in positions:
        assert choose_play(state, seat) == plain_choose_play(state, seat)


def test_a_tricks_view_shows_each_play_as_play_view_does() -> None:
    for state, _ in play_positions(6):
        for done in state.completed:
            assert trick_view(done)["plays"] == [play_view(seat, played) for seat, played in done.plays]
    jokers = [t for s, _ in play_positions(20) for t in s.completed
              if any(isinstance(p, DeclaredJoker) for _, p in t.plays)]
    assert jokers
    for done in jokers:
        assert trick_view(done)["plays"] == [play_view(seat, played) for seat, played in done.plays]


def test_a_play_out_ends_its_deal_as_the_plain_rules_play_it() -> None:
    """The hard bot's play-outs (RollerDerbyBot.playout_step: a card played quietly, the next deal not
    dealt; playout_done counting the deals settled) against the plain form: every move through
    `apply`, to the next deal's start (or the game's end). Same moves, same settled deal, same values."""
    checked = 0
    for state, seat in play_positions(8)[::37]:
        quiet, plain = ROLLER_DERBY.copy_state(state), ROLLER_DERBY.copy_state(state)
        quiet_rng, plain_rng = Rng(seat), Rng(seat)
        end = playout(BOT, state, quiet, quiet_rng)
        while plain.phase != OVER and plain.deal == state.deal:
            ROLLER_DERBY.apply(plain, BOT.policy_action(plain, plain_rng))
        assert end.summaries == plain.summaries and end.team_scores == plain.team_scores
        assert end.phase == plain.phase or (end.phase == PLAY and plain.phase == Phase.ROLL)
        assert [BOT.evaluate(end, s) for s in range(4)] == [BOT.evaluate(plain, s) for s in range(4)]
        assert quiet_rng.next_u64() == plain_rng.next_u64()
        checked += 1
    assert checked > 10


def test_held_cards_sort_as_jokers_first_then_the_cards_as_players_hold_them() -> None:
    """sort_held, its hands without jokers sorted at once, against the plain order."""
    chooser = random.Random(13)
    for _ in range(500):
        held: list[Held] = [*chooser.sample(JOKERS, chooser.randrange(3)), *chooser.sample(DECK, chooser.randrange(14))]
        chooser.shuffle(held)
        jokers = sorted((j for j in held if isinstance(j, Joker)), key=lambda j: j.number)
        assert sort_held(held) == [*jokers, *sort_hand(c for c in held if isinstance(c, Card))]
