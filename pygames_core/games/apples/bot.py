"""Apples' bots: a normal policy (bid a long strong suit, keep trumps, pairs and low cards through the
exchange, set aside the card whose rank the hand should capture, play for the trick's worth), the
actions the hard bot's search compares, and the value of a finished deal. They decide from what the
mover could know only; the sampled states they play in come from knowledge.py.
"""

from __future__ import annotations

import math

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.outcomes import trick_won
from pygames_core.engine.rng import Rng
from pygames_core.games.apples.knowledge import sample_state
from pygames_core.games.apples.messages import Action, ApplesView, Event, deal_outcome
from pygames_core.games.apples.rules import APPLES
from pygames_core.games.apples.state import (
    BID,
    DECK,
    DISCARD,
    GOAL,
    OVER,
    PLAIN_POINTS,
    PLAY,
    PLAYERS,
    TARGET_POINTS,
    TARGET_RANK_POINTS,
    TRICKS,
    ApplesState,
    leaders,
    legal_bids,
    set_points,
    suit_length,
    suit_lengths,
)
from pygames_core.kit.cards import HIGHER_CARDS, SUIT_CARDS, SUITS, Card, cards
from pygames_core.kit.seats import mover
from pygames_core.kit.tricks import seats_after


def search_actions(view: ApplesView, legal: list[Action]) -> list[Action]:
    """The actions the hard bot compares: every legal card in the play; before it, the normal policy's
    choice only. Measured, play-outs of a whole deal from the few samples a move's budget allows told
    bids, discards and target cards apart worse than the policy's own judgement does (they cost the
    hard bot about 14 points a deal when it searched them all)."""
    if view["phase"] == PLAY:
        return legal
    assert view["hand"] is not None  # the mover's view
    hand = cards(view["hand"])
    trump = view["trump"]
    if view["phase"] == BID:
        lengths = suit_lengths(hand)
        chosen = bid_choice(hand, lengths, [(a["count"], a["suit"]) for a in legal if a["type"] == "bid"])
        return [legal[0] if chosen is None else {"type": "bid", "count": chosen[0], "suit": chosen[1]}]
    allowed = cards(a["card"] for a in legal if a["type"] != "pass" and a["type"] != "bid")
    if view["phase"] == DISCARD:
        best = min(allowed, key=lambda c: (keep_value(c, hand, trump), c.rank))
    else:
        best = choose_target(hand, trump)
    return [a for a in legal if a["type"] != "pass" and a["type"] != "bid" and a["card"] == best.code]


# Rough chance that a card wins the trick it is played to, by rank, outside trumps (the ace usually
# does, a low card rarely): the policy's guess before the play says more.
WIN_GUESS = {rank: max(0.05, 0.9 - 0.17 * (14 - rank)) for rank in range(2, 15)}


def win_guess(c: Card, trump: str | None) -> float:
    if c.suit == trump:
        return 0.55 + 0.45 * (c.rank - 2) / 12
    return WIN_GUESS[c.rank]


def policy_action(state: ApplesState, rng: Rng) -> Action:
    """The 'normal' play of Apples, from the mover's hand and public facts only."""
    seat = mover(state)
    if state.phase == PLAY:  # the most frequent first
        return {"type": "play", "card": choose_play(state, seat).code}
    if state.phase == BID:
        choice = choose_bid(state, seat)
        return {"type": "pass"} if choice is None else {"type": "bid", "count": choice[0], "suit": choice[1]}
    if state.phase == DISCARD:
        return {"type": "discard", "card": choose_discard(state, seat).code}
    return {"type": "target", "card": choose_target(state.hands[seat], state.trump).code}


def suit_strength(hand: list[Card], suit: str) -> float:
    """Length and honours: how good a trump suit this hand makes."""
    return sum(1.0 + 0.35 * max(0, c.rank - 10) for c in hand if c.suit == suit)


MIN_TRUMP_LENGTH = 5  # the normal bot bids only with five cards or more in the suit
KEEP_TRUMPS = 3  # ... and no higher than leaves it three trumps after the exchange


def choose_bid(state: ApplesState, seat: int) -> tuple[int, str] | None:
    hand = state.hands[seat]
    lengths = suit_lengths(hand)
    return bid_choice(hand, lengths, legal_bids(state, seat))


def bid_choice(hand: list[Card], lengths: dict[str, int], bids: list[tuple[int, str]]) -> tuple[int, str] | None:
    """The cheapest of `bids` in the hand's strongest long suit, keeping three trumps; None to pass."""
    best: tuple[float, tuple[int, str]] | None = None
    cheapest: dict[str, int] = {}
    for n, s in bids:
        cheapest.setdefault(s, n)
    for suit, n in cheapest.items():
        if lengths[suit] < MIN_TRUMP_LENGTH or lengths[suit] - n < KEEP_TRUMPS:
            continue
        strength = suit_strength(hand, suit) - 0.5 * n
        if best is None or strength > best[0]:
            best = (strength, (n, suit))
    return best[1] if best else None


def keep_value(c: Card, hand: list[Card], trump: str | None) -> float:
    """How much a card is worth keeping through the exchange: trumps and high cards win tricks,
    high cards with another of their rank make sets (and a target), low cards are safe to lose tricks
    with; mid cards in short side suits are the first to go (towards a void)."""
    same_rank = sum(1 for x in hand if x.rank == c.rank) - 1
    value = (c.rank - 2) / 12
    if c.suit == trump:
        value += 1.0
    elif suit_length(hand, c.suit) <= 2:
        value -= 0.4
    if same_rank and set_points(c.rank, 2) > 0:
        value += 0.8 * same_rank * win_guess(c, trump)
    if c.rank <= 4:
        value += 0.5
    return value


def choose_discard(state: ApplesState, seat: int) -> Card:
    hand = state.hands[seat]
    allowed = [c for c in hand if c.suit == state.trump] if seat == state.declarer else hand
    return min(allowed, key=lambda c: (keep_value(c, hand, state.trump), c.rank))


def target_value(c: Card, hand: list[Card], trump: str | None) -> float:
    """The expected worth of `c` as the target card: its rank's bonus for the captures the other
    cards of that rank in hand should win, less what `c` itself would do in play."""
    expected = sum(win_guess(x, trump) for x in hand if x.rank == c.rank and x is not c)
    expected += 0.2 * (3 - sum(1 for x in hand if x.rank == c.rank and x is not c)) * win_guess(c, trump)
    whole = int(expected)
    steps = [0, set_points(c.rank, 2), TARGET_POINTS[2], TARGET_POINTS[3], TARGET_POINTS[3]]
    bonus = steps[whole] + (expected - whole) * (steps[whole + 1] - steps[whole])
    return bonus - 12 * win_guess(c, trump) * (c.suit == trump)


def choose_target(hand: list[Card], trump: str | None) -> Card:
    return max(hand, key=lambda c: (target_value(c, hand, trump), -c.rank))


LATER_SEATS = seats_after(PLAYERS)
# By card, worked out once for the play policy's loop: twice its win_guess under each trump (what keeping
# it is worth; its higher cards are kit/cards.py's HIGHER_CARDS)
KEEP_WORTH = {trump: {c: 2.0 * win_guess(c, trump) for c in DECK} for trump in (None, *SUITS)}


def choose_play(state: ApplesState, seat: int) -> Card:
    """The card with the best rough expectation: what the trick's cards are worth to this seat times
    the chance it keeps the trick, less what they give the likely winner otherwise, less the card's
    worth later (a high card or trump still to win with, a card of the target rank still to capture).

    Every step of the hard bot's play-outs comes here, so it is written for speed (tests/test_apples_fast_paths.py
    keeps the plain form, with a function per seat's chance to beat a card, and checks this against it): the
    facts of the decision are worked out once, and only when an option needs them; the chance that the seats
    still to play beat a card is read from rows made once per suit; an option that cannot beat the best so far
    is left as soon as that shows; and the options are compared in one loop without helpers."""
    hand = state.hands[seat]
    plays = state.trick.plays
    if plays:  # kit.tricks.playable_cards's, inline (no list made when leading: the hand is only read)
        led = plays[0][1].suit
        options = [c for c in hand if c.suit == led] or hand
    else:
        led, options = None, hand
    if len(options) == 1:
        return options[0]
    trump = state.trump
    target = state.targets.choices[seat]
    target_rank = target.rank if target is not None else None
    mine = state.captured_ranks[seat]
    # the cards on the table, in one loop: their bits, counted by rank, what they are worth to this seat (the
    # points capturing them adds, a card at a time) and the play ahead so far (winning_play's, inline), the
    # trick's winner unless this seat's card beats it
    on_table = 0
    table_counts: dict[int, int] = {}
    my_table_gain = 0
    ahead_seat, ahead = seat, None
    for who, c in plays:
        on_table |= c.bit
        rank = c.rank
        counted = table_counts.get(rank, 0)
        have = mine.get(rank, 0) + counted
        row = TARGET_RANK_POINTS[rank] if rank == target_rank else PLAIN_POINTS[rank]
        my_table_gain += row[have + 1] - row[have]
        table_counts[rank] = counted + 1
        if ahead is None or (rank > ahead.rank if c.suit == ahead.suit else c.suit == trump):
            ahead_seat, ahead = who, c
    # what the table is worth to the seat ahead (the points capturing it adds to its captured cards), once an
    # option asks
    theirs: dict[int, int] = {}
    their_table_gain: int | None = None

    # the cards this seat cannot place, as one int, once an option on top of the trick asks: not captured yet, nor
    # in its hand, on the table or its target card (kit.tricks.unseen_ranks of them all, from the state's own int
    # of the cards not captured)
    unknown: int | None = None
    # By the suit of a card on top of the trick, a row per seat still to play: (miss, times, plus), so that the
    # number of that seat's possible beaters is `higher * times + plus` for `higher` unseen cards of the suit above
    # the card, and the chance that it holds one is 1 - miss ** beaters: above the card in its suit unless void in
    # it; when the card is not of the led suit, only when void in the led suit (times: the chance of that); a trump
    # when void in the led suit (plus), if the card is of the led suit and not a trump. Each product and sum is
    # exactly the plain form's (times 1.0 and plus 0.0 change no float), so the choices are the same.
    rows_by_suit: dict[str, list[tuple[float, float, float]]] = {}
    seats: list[tuple[set[str], float]] | None = None

    # each option's value, the best kept: as max() with the key (value, -rank) keeps it (the lower card on equal
    # values, the first in the hand on equal values and ranks), but from the last option to the first, so the best
    # comes early (a suit's lower cards, held last, keep less back) and more options are left at the bounds below
    best, best_value, best_rank = options[0], -math.inf, 0
    keep_worth = KEEP_WORTH[trump]
    for c in reversed(options):
        rank, suit = c.rank, c.suit
        keep = keep_worth[c]
        if ahead is None or (rank > ahead.rank if suit == ahead.suit else suit == trump):  # beats(), inline
            have = mine.get(rank, 0) + table_counts.get(rank, 0)
            row = TARGET_RANK_POINTS[rank] if rank == target_rank else PLAIN_POINTS[rank]
            my_gain = my_table_gain + row[have + 1] - row[have]
            # The value below is at most this seat's gain (if any) less `keep` as it stands: the chance of keeping the
            # trick is at most 1, and a card of the target rank only keeps more. A card that falls short of the best
            # so far even so cannot be chosen, so its chance is not worked out (the most of a play-out's policy).
            if (my_gain if my_gain > 0 else 0) - keep < best_value:
                continue
            if unknown is None:
                placed = on_table | (target.bit if target is not None else 0)
                for held in hand:
                    placed |= held.bit
                unknown = state.unplayed & ~placed
            rows = rows_by_suit.get(suit)
            if rows is None:
                rows = rows_by_suit[suit] = []
                top_led = led or suit
                led_count = (unknown & SUIT_CARDS[top_led]).bit_count()
                trump_count = (unknown & SUIT_CARDS[trump]).bit_count() if trump is not None else 0
                if seats is None:  # each seat still to play: its voids, the chance that a hidden card is not held
                    hidden = unknown.bit_count() or 1  # at least 1, as max(1, ...) without the call
                    hands, voids = state.hands, state.voids
                    # a loop, not a comprehension: one would read `hands`, `voids` and `hidden` as a closure, which
                    # makes them cells that every call of choose_play sets up (and min() is a call of its own)
                    seats = []
                    for other in LATER_SEATS[seat][:PLAYERS - 1 - len(plays)]:
                        share = len(hands[other]) / hidden
                        seats.append((voids[other], 1.0 - (share if share < 1.0 else 1.0)))
                for void, miss in seats:
                    out_of_led = 1.0 if top_led in void else miss ** led_count
                    times = 0.0 if suit in void else 1.0  # void in the card's suit: nothing above it
                    if suit != top_led:
                        rows.append((miss, times * out_of_led, 0.0))
                    elif suit != trump and trump is not None and trump not in void:
                        rows.append((miss, times, trump_count * out_of_led))
                    else:
                        rows.append((miss, times, 0.0))
            higher = (unknown & HIGHER_CARDS[c]).bit_count()
            hold = 1.0
            for miss, times, plus in rows:
                hold *= 1.0 - (1.0 - miss ** (higher * times + plus))
            if rank == target_rank:
                keep += 8.0 * (1.0 - hold)  # a card of the target rank lost to another is a capture gone
            value = hold * my_gain - keep
        else:  # kept by the seat ahead: what the trick gives it counts, half, against this seat
            if rank == target_rank:
                keep += 8.0
            if -keep < best_value:  # the value below is at most -keep: this card cannot be chosen
                continue
            if their_table_gain is None:  # worked out here, not by a function: most decisions ask, and a call costs
                theirs = state.captured_ranks[ahead_seat]
                their_table_gain = 0
                for table_rank, n in table_counts.items():
                    had = theirs.get(table_rank, 0)
                    row = PLAIN_POINTS[table_rank]
                    their_table_gain += row[had + n] - row[had]
            have = theirs.get(rank, 0) + table_counts.get(rank, 0)
            row = PLAIN_POINTS[rank]
            their_gain = their_table_gain + row[have + 1] - row[have]
            value = -0.5 * (their_gain if their_gain > 0 else 0) - keep  # max(their_gain, 0), without the call
        if value > best_value or (value == best_value and rank <= best_rank):
            best, best_value, best_rank = c, value, rank
    return best


def play_out_deal(state: ApplesState) -> None:
    """The rest of the deal's card play by the play policy (`choose_play`), the deal left unsettled and its
    tricks unrecorded: what `rules.play_card` of each chosen card makes of the state but the records of the
    finished tricks (`completed`; tests/test_apples_fast_paths.py checks it against it). Every play-out of the
    hard bot's search ends with its deal so (playout_done), and `evaluate` reads only the captured cards and the
    scores: the records of the tricks (a view's), the deal's summary (its sets, its cards sorted and frozen) and
    the next deal's shuffle would be made for nothing; `outcome` settles a copy for a hint. All in this one
    loop: the seat to play, the trick's number and the play ahead are carried from card to card (no call to the
    rules, winning_play or the trick_number property at each)."""
    hands, voids, trump = state.hands, state.voids, state.trump
    captured, captured_ranks = state.captured, state.captured_ranks
    trick = state.trick
    plays = trick.plays
    number = state.trick_number
    seat = (trick.leader + len(plays)) % PLAYERS
    ahead_seat, ahead = seat, None  # the play ahead so far (none before the lead)
    for who, c in plays:
        if ahead is None or (c.rank > ahead.rank if c.suit == ahead.suit else c.suit == trump):
            ahead_seat, ahead = who, c
    while True:
        played = choose_play(state, seat)
        hands[seat].remove(played)
        if ahead is None:
            ahead_seat, ahead = seat, played
        else:
            suit = played.suit
            if suit != plays[0][1].suit:  # a card not of the led suit shows the seat void in it
                voids[seat].add(plays[0][1].suit)
            if played.rank > ahead.rank if suit == ahead.suit else suit == trump:
                ahead_seat, ahead = seat, played
        plays.append((seat, played))
        if len(plays) < PLAYERS:
            seat = (seat + 1) % PLAYERS
            continue
        # state.capture's steps, inline: the trick's cards to its winner's captured cards, counted by rank, and
        # out of the cards not captured
        won, counts = captured[ahead_seat], captured_ranks[ahead_seat]
        taken = 0
        for _, c in plays:
            won.append(c)
            taken |= c.bit
            counts[c.rank] = counts.get(c.rank, 0) + 1
        state.unplayed &= ~taken
        # the next trick led by the winner: this one's object and list again, as no record keeps them
        trick.leader = ahead_seat
        plays.clear()
        if number == TRICKS:
            return
        number += 1
        seat, ahead = ahead_seat, None


def deal_points(counts: dict[int, int], target: Card | None) -> int:
    """The points of one player's captured cards, counted by rank (rank_counts): the sum of score_sets' points
    (what settle_deal sums for the deal's summary), without the sets' records."""
    target_rank = target.rank if target is not None else None
    total = 0
    for rank, count in counts.items():
        total += (TARGET_RANK_POINTS if rank == target_rank else PLAIN_POINTS)[rank][count]
    return total


def deal_played_out(state: ApplesState) -> bool:
    """Whether `state` is where `play_out_deal` leaves a deal: every card played, the deal not settled (the
    rules settle a deal as its last card is played, so no game's state is ever so)."""
    return not any(state.hands) and state.phase == PLAY


def game_value(scores: list[int], seat: int) -> float:
    """Value of a finished game for `seat`, in [0, 1]: a share of the win, the margin over the best
    rival counting a little."""
    winners = leaders(scores)
    won = 1.0 / len(winners) if seat in winners else 0.0
    rival = max(scores[s] for s in range(PLAYERS) if s != seat)
    return 0.8 * won + 0.2 * (0.5 + 0.5 * max(-1.0, min(1.0, (scores[seat] - rival) / 100)))


def evaluate(state: ApplesState, seat: int) -> float:
    """Value of a finished deal for `seat`, in [0, 1]: a share of the win if the game ended, otherwise
    its deal points against the others' mean, with the running totals counting a little."""
    if deal_played_out(state):
        # a play-out's deal (play_out_deal), its points counted from the captured cards and target cards as
        # settle_deal would count them, and the game over as end_deal would end it once they are added
        targets = state.targets.choices
        points = [deal_points(state.captured_ranks[s], targets[s]) for s in range(PLAYERS)]
        scores = state.scores
        if max(scores) + max(points) >= GOAL:  # else no total reaches the goal (most deals: no list made)
            totals = [scores[s] + points[s] for s in range(PLAYERS)]
            if max(totals) >= GOAL:
                return game_value(totals, seat)
    elif not state.summaries:
        return 0.5
    elif state.phase == OVER:
        return game_value(state.scores, seat)
    else:
        points = state.summaries[-1].thaw()["points"]
    # the others' sum as all the points less the seat's (whole numbers: the same sum, without a generator)
    margin = points[seat] - (sum(points) - points[seat]) / (PLAYERS - 1)
    return 0.5 + 0.5 * max(-1.0, min(1.0, margin / 80))


class ApplesBot(Bot[ApplesState, Action, Event, ApplesView]):
    """What Apples' bots know of the game (the protocol: pygames_core/ai/bot.py)."""

    # a round of three hard bots holds a median of four moves with a real choice; 220 ms, in which
    # this engine settles in the page the samples 26a1bbc's drew in a second (1.01 to 1.04 of them, session
    # 38), keep it to about 0.9 s (docs/benchmarks.md, issue 48 item 5)
    hard_budget_ms = 220

    def sample_state(self, view: ApplesView, rng: Rng) -> ApplesState:
        return sample_state(view, rng)

    def policy_action(self, state: ApplesState, rng: Rng) -> Action:
        return policy_action(state, rng)

    def playout_step(self, state: ApplesState, rng: Rng) -> None:
        # in the card play, the rest of the deal's cards at once (the play-out stops at the deal's end, and the
        # policy draws nothing from the rng there), without their action messages and events; the rest a move
        # at a time as apply makes it
        if state.phase == PLAY:
            play_out_deal(state)
        else:
            APPLES.apply(state, policy_action(state, rng))

    def search_actions(self, view: ApplesView, legal: list[Action]) -> list[Action]:
        return search_actions(view, legal)

    def playout_done(self, start: ApplesState, state: ApplesState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee (a deal
        # played out by playout_step is left unsettled: play_out_deal)
        return state.phase == OVER or len(state.summaries) != len(start.summaries) or deal_played_out(state)

    def evaluate(self, state: ApplesState, seat: int) -> float:
        return evaluate(state, seat)

    def effect(self, events: list[Event], seat: int) -> Words | None:
        return trick_won(events, seat, partners=False)

    def outcome(self, start: ApplesState, end: ApplesState, seat: int) -> Words | None:
        # the play-out ends with the deal: its summary has each player's points for it (a deal played out by
        # play_out_deal is settled here, on a copy: a hint's few play-outs, not every one)
        if deal_played_out(end):
            end = APPLES.copy_state(end)
            APPLES.end_deal(end)
        if len(end.summaries) == len(start.summaries):
            return None
        return deal_outcome(end.summaries[-1].thaw(), seat)


BOT = ApplesBot(APPLES)
