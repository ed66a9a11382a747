"""On Schedule's fast paths in its rules and bots against the plain forms they replace (issue 48: random
play's and the hard bot's speed, play unchanged): the votes read from each role's pile by suit, the card
pass's pairs found whole, a trick's view in one dict and its points looked up, the cube's double at a card
play (each team's may_double kept by the state until the match changes); the cards still to be played kept
as one int, and the play policy's card (every step of the hard bot's play-outs) against the plain reading of
its rule."""

from __future__ import annotations

import random

from pygames_core.engine.rng import Rng
from pygames_core.games.on_schedule.bot import _play_card, policy_action
from pygames_core.games.on_schedule.knowledge import sample_state
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
    finished_trick,
    pile_of,
    trick_multiplier,
    unplayed_cards,
    voter,
)
from pygames_core.kit.cards import CARDS, SUITS, Card, sort_hand
from pygames_core.kit.seats import left_of, partner_of, team_of
from pygames_core.kit.tricks import CompletedTrick, playable_cards, trick_winner

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
    they were doubled; its won_event, in one dict too, is the view after the event's type."""
    plays = [(1, CARDS["TS"]), (2, CARDS["2S"]), (3, CARDS["AH"]), (0, CARDS["KS"])]
    for doubled in (False, True):
        done = OnScheduleTrick(7, 1, plays, 3, 4 if doubled else 2, doubled)
        assert done.to_view() == {**CompletedTrick.to_view(done), "points": done.points, "doubled": doubled}
        assert list(done.to_view()) == ["trick", "leader", "plays", "winner", "points", "doubled"]
        event = done.won_event()
        assert event == {"type": "trick_won", **done.to_view()} and list(event) == ["type", *done.to_view()]


def test_a_finished_trick_made_by_its_slots_is_the_dataclass_s():
    """state.finished_trick (each slot set by its descriptor) is OnScheduleTrick(...): equal field by field, its
    plays a tuple of its own (the trick in progress goes on to reuse its list), frozen and hashable alike."""
    rng = random.Random(14)
    for _ in range(200):
        plays = [(seat, c) for seat, c in zip(range(PLAYERS), rng.sample(DECK, PLAYERS), strict=True)]
        fields = (rng.randrange(1, TRICKS + 1), rng.randrange(PLAYERS), plays, rng.randrange(PLAYERS),
                  rng.randrange(11), rng.random() < 0.5)
        fast, plain = finished_trick(*fields), OnScheduleTrick(*fields)
        assert type(fast) is OnScheduleTrick and fast == plain and hash(fast) == hash(plain)
        assert [getattr(fast, name) for name in plain.__dataclass_fields__] == [
            getattr(plain, name) for name in plain.__dataclass_fields__]
        assert type(fast.plays) is tuple and fast.to_view() == plain.to_view()
        plays.clear()
        assert len(fast.plays) == PLAYERS


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


def test_the_doubles_at_card_plays_follow_every_change_of_the_match():
    """state.doublers, each team's may_double worked out once and forgotten at a take and at a deal's end:
    a card play lists the double exactly when the match says the team may double, through many takes,
    passes, settled deals and matches (a low target and no Crawford rule: the match moves often), in the
    state played, its copies (which keep it) and the states sampled from a seat's view (which work it out)."""
    rng = random.Random(15)
    cube_actions = {"take": 0, "pass": 0, "deal_over": 0}
    for seed in range(40):
        options = ON_SCHEDULE.check_options({"cube": True, "match_to": 1 + seed % 4, "crawford": seed % 2 == 0})
        state = ON_SCHEDULE.new_state(PLAYERS, options, Rng(seed), None)
        sampler = Rng(seed)
        while ON_SCHEDULE.current_player(state) is not None:
            legal = ON_SCHEDULE.legal_actions(state)
            if state.phase == PLAY and state.match.offered_by is None:
                may = state.match.may_double(team_of(state.to_play))
                assert ({"type": "double"} in legal) is may
                copied = ON_SCHEDULE.copy_state(state)
                assert ({"type": "double"} in ON_SCHEDULE.legal_actions(copied)) is may
                sampled = sample_state(ON_SCHEDULE.remembered_view(state, state.to_play), sampler)
                assert ({"type": "double"} in ON_SCHEDULE.legal_actions(sampled)) is may
            action = rng.choice(legal)
            events = ON_SCHEDULE.apply(state, action)
            for kind in cube_actions:
                cube_actions[kind] += action["type"] == kind or any(e["type"] == kind for e in events)
    assert min(cube_actions.values()) > 30


def test_a_give_sets_its_two_cards_aside_and_the_pass_is_complete_after_the_fourth():
    """_give takes the two cards out of the hand in place (the hand's order kept); SecretChoices.complete
    (None not in its choices) is all(choice is not None)."""
    rng = random.Random(16)
    for seed in range(60):
        state = ON_SCHEDULE.new_state(PLAYERS, OPTIONS, Rng(seed), None)
        while state.phase != PLAY:
            legal = ON_SCHEDULE.legal_actions(state)
            action = rng.choice(legal)
            if state.phase == GIVE:
                seat = state.current
                assert seat is not None
                hand, partners = list(state.hands[seat]), [list(h) for h in state.hands]
                ON_SCHEDULE.apply(state, action)
                gift = [CARDS[code] for code in action["cards"]]
                if state.phase == GIVE:
                    assert state.hands[seat] == [c for c in hand if c not in gift]
                    assert not state.gifts.complete and state.gifts.chosen_by()[seat]
                else:  # the fourth: every pair has gone to the giver's partner
                    assert state.gifts.complete and all(state.gifts.chosen_by())
                    for giver, given in enumerate(state.given):
                        receiver = partner_of(giver)
                        kept = [c for c in partners[receiver] if c not in state.given[receiver]]
                        assert state.hands[receiver] == sort_hand([*kept, *given])
                        assert not set(given) & set(state.hands[giver])
            else:
                ON_SCHEDULE.apply(state, action)


def test_a_card_play_takes_the_card_from_the_hand_and_notes_the_suits_a_seat_lacks():
    """play_card (record_play, inline): after every card play of many games the card has left the hand for the
    trick, and each seat's voids are the led suits of this deal's tricks that it did not follow."""
    rng = random.Random(17)
    plays_seen = 0
    for seed in range(30):
        options = ON_SCHEDULE.check_options({"cube": True, "match_to": 3} if seed % 2 else {})
        state = ON_SCHEDULE.new_state(PLAYERS, options, Rng(seed), None)
        while ON_SCHEDULE.current_player(state) is not None:
            action = rng.choice(ON_SCHEDULE.legal_actions(state))
            if action["type"] != "play":
                ON_SCHEDULE.apply(state, action)
                continue
            seat, played, deal = state.to_play, CARDS[action["card"]], state.deal
            ON_SCHEDULE.apply(state, action)
            plays_seen += 1
            if state.deal != deal or state.phase != PLAY:
                continue  # the deal's last card: the next deal starts afresh
            assert played not in state.hands[seat]
            tricks = [t.plays for t in state.completed] + [state.trick.plays]
            assert (seat, played) in tricks[-1] or (seat, played) == state.completed[-1].plays[-1]
            for s in range(PLAYERS):
                assert state.voids[s] == {t[0][1].suit for t in tricks for who, c in t
                                          if who == s and c.suit != t[0][1].suit}
    assert plays_seen > 1000


def plain_play_card(state: OnScheduleState, seat: int) -> Card:
    """The play policy's card as its rule reads (bot._play_card's docstring), written plainly: the ranks
    by suit as sets, every option's trick winner found, each chance worked out where it is needed."""
    hand = state.hands[seat]
    options = playable_cards(hand, state.trick.led_suit)
    if len(options) == 1:
        return options[0]
    plays = state.trick.plays
    number = state.trick_number
    trump = state.row[number - 1].suit
    partner = partner_of(seat)
    placed: dict[str, set[int]] = {s: set() for s in SUITS}
    for group in (hand, state.out_of_play, state.given[seat], [c for _, c in plays]):
        for c in group:
            placed[c.suit].add(c.rank)
    unknown = {s: [r for r in range(2, 15) if r not in placed[s]] for s in SUITS}
    hidden = max(1, sum(map(len, unknown.values())))
    density = sum(1 for ranks in unknown.values() for r in ranks if r >= 10) / hidden
    later = [left_of(seat, PLAYERS, k) for k in range(1, PLAYERS - len(plays))]
    opponents_later = [s for s in later if s != partner]
    special = state.special
    remaining = TRICKS - number
    future = dict.fromkeys(SUITS, 0.0)
    for later_trick in range(number + 1, TRICKS + 1):
        weight = 2.0 if later_trick in (TRICKS, special[seat]) else 1.0
        future[state.row[later_trick - 1].suit] += weight / max(1, remaining)
    opponents = (left_of(seat, PLAYERS), left_of(partner, PLAYERS))
    opponent_multiplier = max(trick_multiplier(number, s, special) for s in opponents)
    table_points = sum(card_points(c) for _, c in plays)

    def chance_to_beat(other: int, top: Card, led: str) -> float:
        miss = 1.0 - min(1.0, len(state.hands[other]) / hidden)
        voids = state.voids[other]
        void_in_led = 1.0 if led in voids else miss ** len(unknown[led])
        higher = 0 if top.suit in voids else sum(1 for r in unknown[top.suit] if r > top.rank)
        beaters: float
        if top.suit != led:
            beaters = higher * void_in_led
        elif top.suit != trump and trump not in voids:
            beaters = higher + len(unknown[trump]) * void_in_led
        else:
            beaters = higher
        chance: float = 1.0 - miss ** beaters
        return chance

    def value(c: Card) -> float:
        trick = [*plays, (seat, c)]
        led = trick[0][1].suit
        top_seat = trick_winner(trick, trump)
        top = next(x for s, x in trick if s == top_seat)
        hold = 1.0
        for other in opponents_later:
            hold *= 1.0 - chance_to_beat(other, top, led)
        if team_of(top_seat) == team_of(seat):
            team_chance, team_multiplier = hold, trick_multiplier(number, top_seat, special)
        elif partner in later:
            team_chance, team_multiplier = chance_to_beat(partner, top, led), trick_multiplier(number, partner, special)
        else:
            team_chance, team_multiplier = 0.0, 1
        points = table_points + card_points(c) + density * len(later)
        keep = (c.rank - 2) / 12 * (0.3 + 1.2 * future[c.suit])
        return team_chance * points * team_multiplier - (1 - team_chance) * points * opponent_multiplier - keep

    return max(options, key=value)


def card_plays(seeds: range, options: dict[str, object]) -> list[tuple[OnScheduleState, int]]:
    """Every card play of whole games played by the play policy (a copy of the state before each, and the
    seat to play), and of as many states sampled from the seat's remembered view (the hard bot's samples):
    what its play-outs meet."""
    checked = ON_SCHEDULE.check_options(options)
    found = []
    for seed in seeds:
        state = ON_SCHEDULE.new_state(PLAYERS, checked, Rng(seed), None)
        rng = Rng(seed + 1)
        while ON_SCHEDULE.current_player(state) is not None:
            if state.phase == PLAY and state.match.offered_by is None:
                seat = state.to_play
                found.append((ON_SCHEDULE.copy_state(state), seat))
                view = ON_SCHEDULE.remembered_view(state, seat)
                found.append((sample_state(view, rng), seat))
            ON_SCHEDULE.apply(state, policy_action(state, rng))
    return found


def test_the_policys_card_is_the_plain_rules_card():
    """bot._play_card (the cards as one int, the chances worked out in its loop) against the plain reading of
    its rule: the same card in every play of many games, with and without the cube, and in sampled states."""
    positions = card_plays(range(12), {}) + card_plays(range(12, 18), {"cube": True, "match_to": 5})
    assert len(positions) > 5000
    for state, seat in positions:
        assert _play_card(state, seat) is plain_play_card(state, seat)


def test_the_cards_still_to_be_played_are_those_out_of_the_finished_tricks():
    """state.unplayed, one int kept beside out_of_play by every card play (and laid down by the sampler and a
    set-up), is unplayed_cards of out_of_play at every step."""
    for state, _ in card_plays(range(4), {}):
        assert state.unplayed == unplayed_cards(state.out_of_play)
        assert state.unplayed == sum(c.bit for c in DECK if c not in state.out_of_play)
