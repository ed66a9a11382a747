"""Arsène's bots: a quick policy that aims at a good store (a trick count nobody else heads for, never
the police), steering its tricks there, and the value of a finished deal. The sampled states they decide
from are in knowledge.py."""

from __future__ import annotations

import math

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
    ArseneState,
)
from pygames_core.kit.cards import SUIT_BITS, SUIT_LANE, SUITS, Card, french_deck
from pygames_core.kit.seats import left_of, mover
from pygames_core.kit.tricks import beats, playable_cards, winning_play

RIVALS = tuple(tuple(s for s in range(PLAYERS) if s != seat) for seat in range(PLAYERS))  # by seat
RIVAL_TRICK_SHARE = 1 / PLAYERS  # a rival's chance of taking any one of the tricks still to come
# The normal bot's short search over the last tricks of a deal: there the trick count must be hit exactly
# and the policy's rough aim misses it (against easy bots, bench/strength.py over the same 100 groups:
# the win share per game went from 0.63 to 0.67, the search's moves ~12 ms in CPython)
NORMAL_SEARCH_TRICKS = 4
NORMAL_SEARCH_SAMPLES = 16


def _unseen_higher(state: ArseneState, seat: int) -> dict[str, int]:
    """By suit, the ranks `seat` cannot place (not in its hand, not played, not the turned-up edge card,
    not a store), as bit masks (as kit/tricks.py's `unseen_ranks` gives them): the cards a rival may still
    hold. Every play card is in a hand, on the table, in the trick or out of play, so these are the other
    hands' cards and the face-down edge cards: fewer to read than the cards the seat can place."""
    every = 0  # as one int (Card.bit)
    hands = state.hands
    for other in RIVALS[seat]:
        for c in hands[other]:
            every |= c.bit
    chosen = state.chosen
    for index, c in enumerate(state.table):
        if index != chosen:
            every |= c.bit
    return {suit: every >> (SUIT_BITS * lane) & SUIT_LANE for lane, suit in enumerate(SUITS)}


def _is_top(c: Card, unseen: dict[str, int]) -> bool:
    """No card the seat cannot place outranks `c` in its suit."""
    return not unseen[c.suit] >> (c.rank + 1)


def _expected_tricks(state: ArseneState, seat: int, unseen: dict[str, int]) -> float:
    """A rough count of the tricks this hand takes from here: a top card almost surely, a trump or a high
    card often, a low card rarely."""
    total = 0.0
    trump = state.trump
    for c in state.hands[seat]:
        if not unseen[c.suit] >> (c.rank + 1):  # a top card (`_is_top`)
            total += 0.9
        elif c.suit == trump:
            total += TRUMP_WORTH[c]
        else:
            total += PLAIN_WORTH[c]
    return total


# what a card that is not a top card adds to the count, as a trump and otherwise, worked out once
TRUMP_WORTH = {c: 0.35 + 0.04 * (c.rank - 6) for c in french_deck()}
PLAIN_WORTH = {c: max(0.0, (c.rank - 7) / 14) for c in french_deck()}


def _not_at(tricks_left: int) -> tuple[float, ...]:
    """The chance that a rival does not end the deal with exactly a count, by how many more tricks that
    count is than the rival has, offset by HAND_SIZE (-11 to 11: index 0 to 22): certain unless the count
    is within reach, where each of the tricks left is taken with the share of one in four."""
    p = RIVAL_TRICK_SHARE
    return tuple(1 - math.comb(tricks_left, more) * p ** more * (1 - p) ** (tricks_left - more)
                 if 0 <= more <= tricks_left else 1.0
                 for more in range(-HAND_SIZE, HAND_SIZE + 1))


# worked out once, by the tricks left: the policy reads them on every trick of every play-out
NOT_AT = tuple(_not_at(tricks_left) for tricks_left in range(HAND_SIZE + 1))


def _wants_more(state: ArseneState, seat: int, unseen: dict[str, int]) -> bool:
    """Whether this seat should aim for more tricks than it has. The count to aim for is the best bet of
    chips at a store (its next group times the chance that no rival ends there too, times how well this
    hand can steer to it), never an empty store (the police, who take every chip held); a count beyond
    the stores is worth nothing, which beats the police. The seat wants more as soon as a higher count
    beats its own: the first best count is kept, so no later count needs valuing then."""
    tricks = state.tricks
    have = tricks[seat]
    tricks_left = HAND_SIZE - sum(tricks)
    last = min(have + tricks_left, len(STORE_GROUPS))  # the highest count with a store
    if have > last:
        return False  # beyond the stores already: no count is better than another
    natural = have + _expected_tricks(state, seat, unseen)
    spread = 0.5 + 0.12 * tricks_left  # how far from its natural count a hand can steer
    width = 2 * spread * spread
    # row[offset + t]: the chance that a rival does not end at count t (NOT_AT)
    row = NOT_AT[tricks_left]
    a, b, c = (HAND_SIZE - tricks[s] for s in RIVALS[seat])  # the rivals' offsets
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
    return own < 0.0 and have + tricks_left > len(STORE_GROUPS)


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


def _play_card(state: ArseneState, seat: int, options: list[Card], want: bool, unseen: dict[str, int]) -> Card:
    trump = state.trump

    def strength(c: Card) -> int:
        return c.rank + (20 if c.suit == trump else 0)

    def higher_unseen(c: Card) -> int:
        return int((unseen[c.suit] >> (c.rank + 1)).bit_count())

    later = [left_of(seat, PLAYERS, k) for k in range(1, PLAYERS - len(state.trick.plays))]

    def holds(c: Card) -> bool:
        """Whether `c`, winning the trick so far, stays ahead of everyone still to play."""
        if not _is_top(c, unseen):
            return False
        led = state.trick.led_suit or c.suit
        if trump is None or c.suit == trump or not unseen[trump]:
            return True
        return not any(led in state.voids[s] for s in later)  # a player out of the led suit may trump

    if not state.trick.plays:  # leading
        if want:
            sure = [c for c in options if holds(c)]
            return min(sure, key=strength) if sure else max(options, key=strength)
        # lead the card most likely to be beaten: many unseen cards above it in its suit
        return max(options, key=lambda c: (higher_unseen(c), -strength(c)))
    ahead = winning_play(state.trick.plays, trump)[1]
    winners = [c for c in options if beats(c, ahead, trump)]
    losers = [c for c in options if c not in winners]
    if want and winners:
        if not later:
            return min(winners, key=strength)  # last to play: the cheapest winner is enough
        sure = [c for c in winners if holds(c)]
        return min(sure, key=strength) if sure else max(winners, key=strength)
    if want:
        return min(options, key=strength)  # cannot win it: keep the good cards
    if losers:
        return max(losers, key=strength)  # duck, shedding the most dangerous card that still loses
    if later:
        return min(options, key=strength)  # ahead for now: the lowest, for a later player to beat
    return max(options, key=strength)  # forced to win: at least get rid of a high card


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

