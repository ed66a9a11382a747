"""Arsène's bots: a quick policy that aims at a good store (a trick count nobody else heads for, never
the police), steering its tricks there, and the value of a finished deal. The sampled states they decide
from are in knowledge.py."""

from __future__ import annotations

import math
from operator import attrgetter

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.outcomes import trick_won
from pygames_core.engine.rng import Rng
from pygames_core.games.arsene.knowledge import sample_state
from pygames_core.games.arsene.messages import BLIND_EDGE_CARD, Action, ArseneView, Event, deal_outcome
from pygames_core.games.arsene.rules import ARSENE
from pygames_core.games.arsene.state import (
    CHOOSE,
    HAND_SIZE,
    OVER,
    PLAY,
    PLAYERS,
    PUSH,
    STORE_GROUPS,
    TOTAL_CHIPS,
    TRUMP,
    ArseneState,
)
from pygames_core.kit.cards import HIGHER_CARDS, SUIT_CARDS, Card, french_deck
from pygames_core.kit.seats import mover
from pygames_core.kit.tricks import playable_cards, seats_after, winning_play

RIVALS = tuple(tuple(s for s in range(PLAYERS) if s != seat) for seat in range(PLAYERS))  # by seat
RIVAL_TRICK_SHARE = 1 / PLAYERS  # a rival's chance of taking any one of the tricks still to come
# The normal bot's short search over the last tricks of a deal: there the trick count must be hit exactly
# and the policy's rough aim misses it (against easy bots, bench/strength.py over the same 100 groups:
# the win share per game went from 0.63 to 0.67, the search's moves ~12 ms in CPython)
NORMAL_SEARCH_TRICKS = 4
NORMAL_SEARCH_SAMPLES = 16


def _unseen_higher(state: ArseneState, seat: int) -> int:
    """The cards `seat` cannot place (not in its hand, not played, not the turned-up edge card, not a
    store), as one int (Card.bit; a suit's lane read out is its ranks as kit/tricks.py's `unseen_ranks`
    gives them): the cards a rival may still hold. Those are the cards no one has seen (the state keeps
    them: ArseneState.hidden) but the seat's own; its cards are in there, so their bits are taken away."""
    own: int = sum(map(BIT, state.hands[seat]))
    return state.hidden - own


BIT = attrgetter("bit")


def _is_top(c: Card, unseen: int) -> bool:
    """No card the seat cannot place outranks `c` in its suit."""
    return not unseen & HIGHER_CARDS[c]


def _expected_tricks(state: ArseneState, seat: int, unseen: int) -> float:
    """A rough count of the tricks this hand takes from here: a top card almost surely, a trump or a high
    card often, a low card rarely."""
    total = 0.0
    worth = WORTH[state.trump]
    for c in state.hands[seat]:
        total += 0.9 if not unseen & HIGHER_CARDS[c] else worth[c]  # a top card (`_is_top`), else its worth
    return total


# what a card that is not a top card adds to the count, as a trump and otherwise, worked out once; by the
# trump suit (None: no trump), each card's
TRUMP_WORTH = {c: 0.35 + 0.04 * (c.rank - 6) for c in french_deck()}
PLAIN_WORTH = {c: max(0.0, (c.rank - 7) / 14) for c in french_deck()}
WORTH = {trump: {c: TRUMP_WORTH[c] if c.suit == trump else PLAIN_WORTH[c] for c in french_deck()}
         for trump in (None, TRUMP)}


def _not_at(tricks_left: int) -> tuple[float, ...]:
    """The chance that a rival does not end the deal with exactly a count, by how many more tricks that
    count is than the rival has, offset by HAND_SIZE (-11 to 11: index 0 to 22): certain unless the count
    is within reach, where each of the tricks left is taken with the share of one in four."""
    p = RIVAL_TRICK_SHARE
    return tuple(1 - math.comb(tricks_left, more) * p ** more * (1 - p) ** (tricks_left - more)
                 if 0 <= more <= tricks_left else 1.0
                 for more in range(-HAND_SIZE, HAND_SIZE + 1))


STORES = len(STORE_GROUPS)
# worked out once, by the tricks left: the policy reads them on every trick of every play-out
NOT_AT = tuple(_not_at(tricks_left) for tricks_left in range(HAND_SIZE + 1))
# how far from its natural count a hand can steer (spread), as the width 2 * spread² of its reach
WIDTH = tuple(2 * spread * spread for spread in (0.5 + 0.12 * tricks_left for tricks_left in range(HAND_SIZE + 1)))


def _wants_more(state: ArseneState, seat: int, unseen: int) -> bool:
    """Whether this seat should aim for more tricks than it has. The count to aim for is the best bet of
    chips at a store (its next group times the chance that no rival ends there too, times how well this
    hand can steer to it), never an empty store (the police, who take every chip held); a count beyond
    the stores is worth nothing, which beats the police. The seat wants more as soon as a higher count
    beats its own: the first best count is kept, so no later count needs valuing then."""
    tricks = state.tricks
    have = tricks[seat]
    tricks_left = HAND_SIZE - sum(tricks)
    last = min(have + tricks_left, STORES)  # the highest count with a store
    if have > last:
        return False  # beyond the stores already: no count is better than another
    natural = have + _expected_tricks(state, seat, unseen)
    width = WIDTH[tricks_left]
    # row[offset + t]: the chance that a rival does not end at count t (NOT_AT)
    row = NOT_AT[tricks_left]
    r1, r2, r3 = RIVALS[seat]
    a, b, c = HAND_SIZE - tricks[r1], HAND_SIZE - tricks[r2], HAND_SIZE - tricks[r3]  # the rivals' offsets
    stores = state.stores
    own = 0.0  # the value of the count it has
    exp, sqrt = math.exp, math.sqrt
    for t in range(have, last + 1):
        if t == 0:
            value = 0.0
        else:
            store = stores[t - 1]
            if not store:
                # caught: lose everything
                value = -(3.0 + state.chips[seat]) * (0.5 + exp(-((t - natural) ** 2) / width))
            else:
                # the rivals' counts are guessed roughly: the square root keeps the guess from ruling
                # out a count the hand can reach, which steering towards it would need
                bet = store[0] * sqrt(row[a + t] * row[b + t] * row[c + t])
                if t > have and bet <= own:
                    continue  # times the reach (at most 1) it cannot beat its own count: no exp needed
                value = bet * exp(-((t - natural) ** 2) / width)
        if t == have:
            own = value
        elif value > own:
            return True
    # its own count is the best with a store: it wants more only to flee the police beyond the stores
    return own < 0.0 and have + tricks_left > STORES


def policy_action(state: ArseneState, rng: Rng) -> Action:
    """The 'normal' play of Arsène, from the mover's hand and public facts only: aim at a good
    store, win tricks cheaply while below the target, duck (shedding high cards) once there."""
    seat = mover(state)
    if state.phase == CHOOSE:
        return {"type": "choose", "index": rng.below(len(state.table))}
    if state.phase == PUSH:
        to = state.push_to
        if to is None or _wants_more(state, seat, _unseen_higher(state, seat)):
            return {"type": "keep"}
        return {"type": "push", "to": to}
    return {"type": "play", "card": choose_card(state, seat).code}


def choose_card(state: ArseneState, seat: int) -> Card:
    """The policy's card for `seat`, the seat to play (see policy_action)."""
    options = playable_cards(state.hands[seat], state.trick.led_suit)
    if len(options) == 1:
        return options[0]
    unseen = _unseen_higher(state, seat)
    return _play_card(state, seat, options, _wants_more(state, seat, unseen), unseen)


def _play_card(state: ArseneState, seat: int, options: list[Card], want: bool, unseen: int) -> Card:
    # Written for the play-outs, where it picks most cards: each card's strength read from a table, the
    # seats still to play a slice, whether a card holds (`_holds_plain` in tests/test_arsene_fast_paths.py,
    # which ties this to its plain form) asked inline
    trump = state.trump
    strength = STRENGTH[trump].__getitem__
    plays = state.trick.plays
    later = SEATS_AFTER[seat][:PLAYERS - 1 - len(plays)]
    voids = state.voids
    # a card that is not a trump holds only if no one still to play may trump it: a trump is unseen
    # and someone still to play has shown to be out of the suit led
    trumps_out = trump is not None and unseen & SUIT_CARDS[trump]
    if not plays:  # leading
        if want:
            sure = [c for c in options if not unseen & HIGHER_CARDS[c] and (
                c.suit == trump or not trumps_out or not any(c.suit in voids[s] for s in later))]
            return min(sure, key=strength) if sure else max(options, key=strength)
        # lead the card most likely to be beaten: many unseen cards above it in its suit
        return max(options, key=lambda c: ((unseen & HIGHER_CARDS[c]).bit_count(), -strength(c)))
    ahead = winning_play(plays, trump)[1]
    winners: list[Card] = []
    losers: list[Card] = []
    for c in options:  # `beats(c, ahead, trump)`, inline
        (winners if (c.rank > ahead.rank if c.suit == ahead.suit else c.suit == trump) else losers).append(c)
    if want and winners:
        if not later:
            return min(winners, key=strength)  # last to play: the cheapest winner is enough
        led = plays[0][1].suit
        trumped = trumps_out and any(led in voids[s] for s in later)
        sure = [c for c in winners if not unseen & HIGHER_CARDS[c] and (c.suit == trump or not trumped)]
        return min(sure, key=strength) if sure else max(winners, key=strength)
    if want:
        return min(options, key=strength)  # cannot win it: keep the good cards
    if losers:
        return max(losers, key=strength)  # duck, shedding the most dangerous card that still loses
    if later:
        return min(options, key=strength)  # ahead for now: the lowest, for a later player to beat
    return max(options, key=strength)  # forced to win: at least get rid of a high card


# by the trump suit (None: no trump), each card's strength in a trick: its rank, a trump's 20 higher
STRENGTH = {trump: {c: c.rank + (20 if c.suit == trump else 0) for c in french_deck()} for trump in (None, TRUMP)}
SEATS_AFTER = seats_after(PLAYERS)


def evaluate(state: ArseneState, seat: int) -> float:
    """Value of a finished deal for `seat`, in [0, 1]: a share of the win if the game ended,
    otherwise the chip margin over the best rival."""
    if state.phase == OVER:
        best = max(state.chips)
        winners = [s for s in range(PLAYERS) if state.chips[s] == best]
        won = 1.0 / len(winners) if seat in winners else 0.0
        return 0.8 * won + 0.2 * state.chips[seat] / TOTAL_CHIPS
    rival = max(state.chips[s] for s in range(PLAYERS) if s != seat)
    return 0.5 + 0.5 * max(-1.0, min(1.0, (state.chips[seat] - rival) / 10))



class ArseneBot(Bot[ArseneState, Action, Event, ArseneView]):
    """What Arsène's bots know of the game: the hooks of pygames_core/ai/bot.py."""

    # a round of three hard bots holds a median of four moves with a real choice: 250 ms each keep it
    # to about a second (docs/benchmarks.md, issue 48 item 5)
    hard_budget_ms = 250

    def sample_state(self, view: ArseneView, rng: Rng) -> ArseneState:
        return sample_state(view, rng)

    def policy_action(self, state: ArseneState, rng: Rng) -> Action:
        return policy_action(state, rng)

    def playout_step(self, state: ArseneState, rng: Rng) -> None:
        # a card play (most steps) without its action message and events; the rest as apply does it
        if state.phase == PLAY:
            trick = state.trick
            ARSENE.play_quietly(state, choose_card(state, (trick.leader + len(trick.plays)) % PLAYERS))
        elif state.phase == PUSH:
            ARSENE.take_quietly(state, policy_action(state, rng))
        else:
            ARSENE.apply(state, policy_action(state, rng))

    def normal_search_samples(self, view: ArseneView) -> int:
        last_tricks = view["phase"] in (PLAY, PUSH) and \
            HAND_SIZE + 1 - view["trick_number"] <= NORMAL_SEARCH_TRICKS
        return NORMAL_SEARCH_SAMPLES if last_tricks else 0

    def playout_done(self, start: ArseneState, state: ArseneState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee (a deal
        # settled in a play-out does not deal the next: ArseneRules.play_quietly, take_quietly)
        return state.phase == OVER or len(state.summaries) != len(start.summaries)

    def evaluate(self, state: ArseneState, seat: int) -> float:
        return evaluate(state, seat)

    def effect(self, events: list[Event], seat: int) -> Words | None:
        return trick_won(events, seat, partners=False)

    def outcome(self, start: ArseneState, end: ArseneState, seat: int) -> Words | None:
        # the play-out ends with the deal: its summary says which store the seat's tricks named
        if len(end.summaries) == len(start.summaries):
            return None
        return deal_outcome(end.summaries[-1].thaw(), seat)

    def blind_choice(self, view: ArseneView, legal: list[Action]) -> Words | None:
        return BLIND_EDGE_CARD if view["phase"] == CHOOSE else None

