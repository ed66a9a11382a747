"""Apples' bots: a normal policy (bid a long strong suit, keep trumps, pairs and low cards through the
exchange, set aside the card whose rank the hand should capture, play for the trick's worth), the
actions the hard bot's search compares, and the value of a finished deal. They decide from what the
mover could know only; the sampled states they play in come from knowledge.py.
"""

from __future__ import annotations

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.outcomes import trick_won
from pygames_core.engine.rng import Rng
from pygames_core.games.apples.knowledge import sample_state
from pygames_core.games.apples.messages import Action, ApplesView, Event, deal_outcome
from pygames_core.games.apples.rules import APPLES
from pygames_core.games.apples.state import (
    BID,
    DISCARD,
    OVER,
    PLAY,
    PLAYERS,
    SET_POINTS,
    TARGET_POINTS,
    ApplesState,
    leaders,
    legal_bids,
    rank_counts,
    rank_points,
    set_points,
    suit_length,
    suit_lengths,
)
from pygames_core.kit.cards import Card, cards
from pygames_core.kit.seats import mover
from pygames_core.kit.tricks import beats, playable_cards, seats_after, unplaced_ranks, winning_play


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


# Points of 0..4 captured cards of each rank, as a plain rank and as the target rank: the policy's
# hot path reads these instead of the table.
PLAIN_POINTS = {rank: tuple(rank_points(rank, n, False) for n in range(5)) for rank in SET_POINTS}
TARGET_RANK_POINTS = {rank: tuple(rank_points(rank, n, True) for n in range(5)) for rank in SET_POINTS}


def gain(counts: dict[int, int], added: list[Card], target_rank: int | None) -> int:
    """How many points capturing `added` would add to a player holding `counts` of each rank."""
    extra: dict[int, int] = {}
    for c in added:
        extra[c.rank] = extra.get(c.rank, 0) + 1
    total = 0
    for rank, n in extra.items():
        have = counts.get(rank, 0)
        row = TARGET_RANK_POINTS[rank] if rank == target_rank else PLAIN_POINTS[rank]
        total += row[have + n] - row[have]
    return total


def gain_with(counts: dict[int, int], table_gain: int, table_counts: dict[int, int], c: Card,
              target_rank: int | None) -> int:
    """`gain(counts, [*table, c], target_rank)` from the table's own `table_gain` (the gain of the cards on
    the table, counted by rank in `table_counts`): adding `c` changes only its rank's points, so the policy
    works out each option's gain with one look-up instead of counting the whole trick again."""
    have = counts.get(c.rank, 0) + table_counts.get(c.rank, 0)
    row = TARGET_RANK_POINTS[c.rank] if c.rank == target_rank else PLAIN_POINTS[c.rank]
    return table_gain + row[have + 1] - row[have]


LATER_SEATS = seats_after(PLAYERS)


def choose_play(state: ApplesState, seat: int) -> Card:
    """The card with the best rough expectation: what the trick's cards are worth to this seat times
    the chance it keeps the trick, less what they give the likely winner otherwise, less the card's
    worth later (a high card or trump still to win with, a card of the target rank still to capture)."""
    hand = state.hands[seat]
    options = playable_cards(hand, state.trick.led_suit)
    if len(options) == 1:
        return options[0]
    plays = state.trick.plays
    trump = state.trump
    target = state.targets.choices[seat]
    target_rank = target.rank if target is not None else None
    # the ranks this seat cannot place, by suit, as bit masks: not captured yet, nor in its hand, on the table
    # or its target card (kit.tricks.unseen_ranks of them all, from the state's own mask of the captured cards)
    placed = target.bit if target is not None else 0
    for c in hand:
        placed |= c.bit
    for _, c in plays:
        placed |= c.bit
    unknown_ranks = unplaced_ranks(state.unplayed_ranks, placed)
    unknown_count = {s: m.bit_count() for s, m in unknown_ranks.items()}
    hidden = max(1, sum(unknown_count.values()))
    later = LATER_SEATS[seat][:PLAYERS - 1 - len(plays)]
    on_table = [c for _, c in plays]
    mine = state.captured_ranks[seat]

    # each seat still to play: the chance that a given hidden card is not in its hand
    misses = {other: 1.0 - min(1.0, len(state.hands[other]) / hidden) for other in later}

    def beaten_by(other: int, top: Card, led: str) -> float:
        """Rough chance that `other`, still to play, holds and can play a card beating `top` (asked once per
        option and seat: `top` is the option's card)."""
        miss = misses[other]
        voids = state.voids[other]
        out_of_led = 1.0 if led in voids else miss ** unknown_count[led]
        higher = 0 if top.suit in voids else (unknown_ranks[top.suit] >> (top.rank + 1)).bit_count()
        if top.suit != led:
            beaters = higher * out_of_led
        elif top.suit != trump and trump is not None and trump not in voids:
            beaters = higher + unknown_count[trump] * out_of_led
        else:
            beaters = higher
        chance: float = 1.0 - miss ** beaters
        return chance

    led = plays[0][1].suit if plays else None
    ahead_seat, ahead = winning_play(plays, trump) if plays else (seat, None)

    # what the cards on the table are worth to this seat, and to the seat ahead so far (the trick's winner
    # unless this seat's card beats it)
    table_counts = rank_counts(on_table)
    my_table_gain = gain(mine, on_table, target_rank)
    theirs = state.captured_ranks[ahead_seat] if ahead is not None else {}
    their_table_gain = gain(theirs, on_table, None) if ahead is not None else 0

    # each option's value, the best kept (the first of equals, the lower card on equal values, as max() with
    # the key (value, -rank) keeps): a loop, not a function per option, as every step of a play-out comes here
    best, best_key = options[0], None
    for c in options:
        if ahead is None or beats(c, ahead, trump):  # c would be on top of the trick
            hold = 1.0
            top_led = led or c.suit
            for other in later:
                hold *= 1.0 - beaten_by(other, c, top_led)
            others_gain = 0
        else:
            hold = 0.0
            others_gain = gain_with(theirs, their_table_gain, table_counts, c, None)
        my_gain = gain_with(mine, my_table_gain, table_counts, c, target_rank)
        keep = 2.0 * win_guess(c, trump)
        if c.rank == target_rank:
            keep += 8.0 * (1.0 - hold)  # a card of the target rank lost to another is a capture gone
        key = (hold * my_gain - (1.0 - hold) * 0.5 * max(others_gain, 0) - keep, -c.rank)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def evaluate(state: ApplesState, seat: int) -> float:
    """Value of a finished deal for `seat`, in [0, 1]: a share of the win if the game ended, otherwise
    its deal points against the others' mean, with the running totals counting a little."""
    if not state.summaries:
        return 0.5
    if state.phase == OVER:
        winners = leaders(state.scores)
        won = 1.0 / len(winners) if seat in winners else 0.0
        rival = max(state.scores[s] for s in range(PLAYERS) if s != seat)
        return 0.8 * won + 0.2 * (0.5 + 0.5 * max(-1.0, min(1.0, (state.scores[seat] - rival) / 100)))
    points = state.summaries[-1].thaw()["points"]
    margin = points[seat] - sum(points[s] for s in range(PLAYERS) if s != seat) / (PLAYERS - 1)
    return 0.5 + 0.5 * max(-1.0, min(1.0, margin / 80))


class ApplesBot(Bot[ApplesState, Action, Event, ApplesView]):
    """What Apples' bots know of the game (the protocol: pygames_core/ai/bot.py)."""

    def sample_state(self, view: ApplesView, rng: Rng) -> ApplesState:
        return sample_state(view, rng)

    def policy_action(self, state: ApplesState, rng: Rng) -> Action:
        return policy_action(state, rng)

    def playout_step(self, state: ApplesState, rng: Rng) -> None:
        # a card play (nearly every step) without its action message and events; the rest as apply does it
        if state.phase == PLAY:
            trick = state.trick
            APPLES.play_quietly(state, choose_play(state, (trick.leader + len(trick.plays)) % PLAYERS))
        else:
            APPLES.apply(state, policy_action(state, rng))

    def search_actions(self, view: ApplesView, legal: list[Action]) -> list[Action]:
        return search_actions(view, legal)

    def playout_done(self, start: ApplesState, state: ApplesState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee (a deal
        # settled by a card play in a play-out does not deal the next: ApplesRules.play_quietly)
        return state.phase == OVER or len(state.summaries) != len(start.summaries)

    def evaluate(self, state: ApplesState, seat: int) -> float:
        return evaluate(state, seat)

    def effect(self, events: list[Event], seat: int) -> Words | None:
        return trick_won(events, seat, partners=False)

    def outcome(self, start: ApplesState, end: ApplesState, seat: int) -> Words | None:
        # the play-out ends with the deal: its summary has each player's points for it
        if len(end.summaries) == len(start.summaries):
            return None
        return deal_outcome(end.summaries[-1].thaw(), seat)


BOT = ApplesBot(APPLES)
