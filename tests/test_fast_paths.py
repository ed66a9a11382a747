"""The bots' fast paths against the plain forms they replace: interned cards that stay interned through
copies, a set of cards as one int, and Arsène's question whether a seat wants more tricks, answered as
the best trick count to aim for was (issue 48: the search's speed, play unchanged)."""

from __future__ import annotations

import copy
import json
import math
import pickle
import random

import pytest

from pygames_core.engine.game import _canonical, _deep_copy
from pygames_core.engine.rng import Rng
from pygames_core.games.arsene.bot import RIVAL_TRICK_SHARE, _expected_tricks, _unseen_higher, _wants_more
from pygames_core.games.arsene.rules import ArseneRules
from pygames_core.games.arsene.state import HAND_SIZE, PLAY, PLAYERS, PUSH, STORE_GROUPS, ArseneState
from pygames_core.games.roller_derby.rules import CARD_PLAYS, joker_suits
from pygames_core.games.roller_derby.rules import play_actions as derby_play_actions
from pygames_core.games.roller_derby.state import DECK as DERBY_DECK
from pygames_core.kit.cards import JOKERS, RANKS, SUITS, card, french_deck
from pygames_core.kit.seats import SecretChoices
from pygames_core.kit.tricks import ALL_RANKS, beats, follow_or_trump, trick_winner, unseen_ranks, winning_play


def test_a_card_stays_the_interned_one_through_copies_and_pickles():
    ace = card("AS")
    assert copy.copy(ace) is ace and copy.deepcopy([ace])[0] is ace and pickle.loads(pickle.dumps(ace)) is ace
    assert ace == card("AS") and ace != card("KS") and len({ace, card("AS"), card("KS")}) == 2


def test_unseen_ranks_read_as_one_int_are_each_suits_unplaced_ranks():
    rng = random.Random(7)
    deck = french_deck()
    for _ in range(50):
        placed = rng.sample(deck, rng.randrange(len(deck)))
        expected = {suit: ALL_RANKS & ~sum(1 << c.rank for c in placed if c.suit == suit) for suit in SUITS}
        assert unseen_ranks(placed) == expected


def test_the_card_ahead_and_the_winner_agree_with_a_trick_played_in_full():
    trick = [(2, card("2S")), (3, card("KS")), (0, card("AH")), (1, card("QS"))]
    assert trick_winner(trick, None) == 3 and winning_play(trick[:2], None) == (3, card("KS"))
    assert trick_winner(trick, "H") == 0 and beats(card("3H"), card("AS"), "H")
    assert not beats(card("AD"), card("2S"), "H")
    assert [r for r in RANKS if beats(card(r + "S"), card("TS"), None)] == ["J", "Q", "K", "A"]


def test_the_card_ahead_is_the_one_no_later_card_beats_in_random_tricks():
    """winning_play, which inlines `beats`, against the plain rule: the first play that every later play
    fails to beat, among those that beat the card ahead when played."""
    rng = random.Random(3)
    deck = french_deck()
    for _ in range(2000):
        cards = rng.sample(deck, rng.randrange(1, 6))
        plays = list(enumerate(cards))
        trump = rng.choice([None, *SUITS])
        ahead = plays[0]
        for play in plays[1:]:
            if beats(play[1], ahead[1], trump):
                ahead = play
        assert winning_play(plays, trump) == ahead


def test_roller_derby_plays_are_follow_or_trump_s_cards():
    """Roller Derby's play actions, worked out in one pass, are follow_or_trump's cards' shared actions."""
    rng = random.Random(5)
    deck = list(DERBY_DECK)
    for _ in range(2000):
        hand = rng.sample(deck, rng.randrange(1, 14))
        led, trump = rng.choice([None, *SUITS]), rng.choice([None, *SUITS])
        expected = [CARD_PLAYS[c] for c in follow_or_trump(hand, led, trump)]
        got = derby_play_actions(list(hand), led, trump)
        assert got == expected and all(a is b for a, b in zip(got, expected, strict=True))


def test_roller_derby_joker_plays_are_each_suit_it_may_be_declared_as_high_then_low():
    rng = random.Random(6)
    deck = list(DERBY_DECK)
    for _ in range(500):
        naturals = rng.sample(deck, rng.randrange(0, 12))
        jokers = list(JOKERS[:rng.randrange(1, len(JOKERS) + 1)])
        led, trump = rng.choice([None, *SUITS]), rng.choice([None, *SUITS])
        suits = joker_suits(naturals, led, trump)
        expected = [CARD_PLAYS[c] for c in follow_or_trump(naturals, led, trump)] + [
            {"type": "play", "card": j.code, "suit": s, "rank": rank} for j in jokers for s in suits
            for rank in ("high", "low")]
        assert derby_play_actions([*jokers, *naturals], led, trump) == expected


def test_the_next_seat_to_choose_is_the_first_in_order_still_to_choose():
    rng = random.Random(9)
    for _ in range(500):
        choices: SecretChoices[int] = SecretChoices(4)
        for seat in rng.sample(range(4), rng.randrange(5)):
            choices.choose(seat, 1)
        order = rng.sample(range(4), 4)
        assert choices.next_chooser(order) == next((s for s in order if choices.choices[s] is None), None)
        assert choices.complete is all(choice is not None for choice in choices.choices)  # None not in, in C


JSON_VALUES = [
    {"type": "play", "card": "AS"}, {"type": "double"}, {"type": "give", "cards": ["AS", "KS"]},
    {"type": "bid", "amount": 1.0, "blind": True, "note": None, "ja": "ダブル", "z": [{"b": 1, "a": [2, 1.5]}]},
    {"z": 1, "a": -0.0, "m": float("inf"), "k": 10 ** 30}, ["é", ("tuple", 1)], "\u2028 \\ \"", 3, None,
]


def test_the_canonical_text_is_json_dumps_s():
    """engine.game._canonical, its encoder made once, writes what json.dumps with its keywords writes, and
    refuses what it refuses."""
    for value in JSON_VALUES:
        assert _canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    for bad in ({"card": object()}, {1j: 1}):
        with pytest.raises(TypeError):
            _canonical(bad)


class Action(dict[str, object]):  # a caller's dict of its own kind, which deepcopy keeps
    pass


class Suit(str):
    pass


def test_an_applied_action_is_copied_as_deepcopy_copies_it():
    """engine.game._deep_copy: a plain dict of scalars copied by dict(), anything else by copy.deepcopy; the
    copy equal, of the same types (key by key, value by value) and in the same order, never the caller's, and
    sharing with it what deepcopy shares."""
    cases = [*(v for v in JSON_VALUES if isinstance(v, dict)), Action(type="play", card="AS"),
             {"type": "vote", "suit": Suit("S")}, {Suit("type"): "vote"}, {"type": "give", "cards": ("AS", ["KS"])}]
    for action in cases:
        fast, plain = _deep_copy(action), copy.deepcopy(action)
        assert fast is not action and fast == plain and type(fast) is type(plain)
        assert [(type(k), k, type(v)) for k, v in fast.items()] == [(type(k), k, type(v)) for k, v in plain.items()]
        # what deepcopy shares with the caller (its scalars) and what it copies (lists, a str of a kind of its own)
        assert [(k is o, fast[k] is action[o]) for k, o in zip(fast, action, strict=True)] == [
            (k is o, plain[k] is action[o]) for k, o in zip(plain, action, strict=True)]


def best_count(state: ArseneState, seat: int) -> int:
    """The trick count to aim for, valued count by count as the policy once did: the first best bet of
    chips at a store, a count beyond the stores worth nothing."""
    unseen = _unseen_higher(state, seat)
    have = state.tricks[seat]
    tricks_left = HAND_SIZE - sum(state.tricks)
    natural = have + _expected_tricks(state, seat, unseen)
    spread = 0.5 + 0.12 * tricks_left
    rivals = [s for s in range(PLAYERS) if s != seat]

    def chance_at(count: int, rival_has: int) -> float:
        more = count - rival_has
        if not 0 <= more <= tricks_left:
            return 0.0
        p = RIVAL_TRICK_SHARE
        return math.comb(tricks_left, more) * p ** more * (1 - p) ** (tricks_left - more)

    best, best_value = have, -1e9
    for t in range(have, have + tricks_left + 1):
        reach = math.exp(-((t - natural) ** 2) / (2 * spread * spread))
        if t == 0 or t > len(STORE_GROUPS):
            value = 0.0
        elif not state.stores[t - 1]:
            value = -(3.0 + state.chips[seat]) * (0.5 + reach)
        else:
            alone = math.sqrt(math.prod(1 - chance_at(t, state.tricks[s]) for s in rivals))
            value = state.stores[t - 1][0] * alone * reach
        if value > best_value:
            best, best_value = t, value
    return best


@pytest.mark.parametrize("advanced", [False, True])
def test_arsene_wants_more_tricks_exactly_when_its_best_count_is_higher(advanced):
    rules = ArseneRules()
    asked = 0
    for seed in range(12):
        state = rules.new_state(PLAYERS, {"advanced": advanced}, Rng(seed), None)
        chooser = random.Random(seed)
        while rules.current_player(state) is not None:
            seat = rules.current_player(state)
            assert seat is not None
            if state.phase in (PLAY, PUSH):
                assert _wants_more(state, seat, _unseen_higher(state, seat)) == \
                    (best_count(state, seat) > state.tricks[seat])
                asked += 1
            legal = rules.legal_actions(state)
            rules.apply(state, legal[chooser.randrange(len(legal))])
    assert asked > 1000  # whole games: every count and store a deal reaches, empty stores too
