"""Apples' state: the numbers of the rules (the points table among them), the phases of a deal, the
bidding's calls, the state of a game, and the steps of a deal that explicit set-ups replay as the rules
do (dealing, a call in the bidding, the pile dealt back), so that both read them from here.

The rules that change the state are in rules.py, explicit set-ups in setup.py, what a seat sees in
knowledge.py, the bots in bot.py and the JSON of actions and events in messages.py (all in
pygames_core/games/apples/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeGuard

from pygames_core.engine.rng import Rng
from pygames_core.games.apples.messages import CallView, DealSummary, Event, Scoring, SetScore
from pygames_core.kit.cards import RANKS, Card, deal_clockwise, french_deck, sort_hand
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import SecretChoices, clockwise_from, left_of, mover
from pygames_core.kit.tricks import CompletedTrick, Trick

GAME_ID = "apples"
PLAYERS = 4
HAND_SIZE = 13
TRICKS = HAND_SIZE - 1  # the target card is never played
GOAL = 250
BID_SUITS = "DHCS"  # weakest to strongest at equal numbers: ♦ < ♥ < ♣ < ♠
DECK = tuple(french_deck())
ALL_CARDS = sum(c.bit for c in DECK)  # the deck as a set of cards held as one int (Card.bit)


class Phase(StrEnum):
    """The steps of a deal (the view's "phase" is the string)."""

    BID = "bid"
    DISCARD = "discard"  # the exchange: each seat puts N cards into the pile
    TARGET = "target"
    PLAY = "play"
    OVER = "over"


# The phases by plain names, for the hot paths: reading a member off the enum class (`Phase.PLAY`) costs
# about 0.3 µs in CPython 3.11, and the bots' play-outs read the phase at every step.
BID, DISCARD, TARGET, PLAY, OVER = Phase.BID, Phase.DISCARD, Phase.TARGET, Phase.PLAY, Phase.OVER


# Decision (reconstructed): the original's points table was an image that did not survive. This is
# the one place it lives: replace the rows here. Each row: the ranks (2..14, ace 14) and the points for
# a pair, a triple and a four of one of those ranks captured by one player.
POINTS_TABLE: tuple[tuple[tuple[int, ...], tuple[int, int, int]], ...] = (
    ((2, 3, 4, 5), (-15, -30, -45)),
    ((6, 7, 8, 9, 10), (10, 20, 30)),
    ((11, 12, 13), (15, 30, 45)),
    ((14,), (20, 40, 60)),
)
# Captured cards of your target rank: one pairs with the target card (scores as a pair of that rank);
# two and three score these points instead of the table's.
TARGET_POINTS = {2: 40, 3: 80}
SET_POINTS = {rank: row for ranks, row in POINTS_TABLE for rank in ranks}


def set_points(rank: int, count: int) -> int:
    """What `count` captured cards of one rank score, by the points table (a single card: nothing)."""
    return SET_POINTS[rank][count - 2] if count >= 2 else 0


def rank_points(rank: int, count: int, is_target: bool) -> int:
    """The points of one rank in a player's captured cards, counting the target card's bonus."""
    if not is_target:
        return set_points(rank, count)
    if count == 1:
        return set_points(rank, 2)
    return TARGET_POINTS.get(count, 0)


# rank_points of 0..4 captured cards of each rank, as a plain rank and as the target rank, worked out once: every
# play-out of the hard bot scores its deal (score_sets), and its play policy values each card with them
PLAIN_POINTS = {rank: tuple(rank_points(rank, n, False) for n in range(5)) for rank in SET_POINTS}
TARGET_RANK_POINTS = {rank: tuple(rank_points(rank, n, True) for n in range(5)) for rank in SET_POINTS}


def scoring_rules() -> Scoring:
    """The points table as plain data, for the in-game rules (view and game description)."""
    return {
        "sets": [{"ranks": [RANKS[r - 2] for r in ranks], "pair": row[0], "triple": row[1], "four": row[2]}
                 for ranks, row in POINTS_TABLE],
        "target": {"1": "pair", **{str(n): p for n, p in TARGET_POINTS.items()}},
        "goal": GOAL,
        "reconstructed": True,
    }


def rank_counts(captured: list[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in captured:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return counts


def score_sets(counts: dict[int, int], target: Card | None) -> list[SetScore]:
    """Each scoring rank of one player's captured cards, given counted by rank (rank_counts; the state keeps
    them so, `captured_ranks`): rank, count, whether it is the target rank, and its points (ranks that score
    nothing are left out)."""
    target_rank = target.rank if target is not None else None
    out: list[SetScore] = []
    for rank in sorted(counts, reverse=True):
        count = counts[rank]
        points = (TARGET_RANK_POINTS if rank == target_rank else PLAIN_POINTS)[rank][count]  # rank_points's
        if points or count >= 2:
            out.append({"rank": RANKS[rank - 2], "count": count, "target": rank == target_rank, "points": points})
    return out


def is_bid_suit(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) == 1 and value in BID_SUITS


def bid_strength(count: int, suit: str) -> tuple[int, int]:
    return count, BID_SUITS.index(suit)


@dataclass(frozen=True, slots=True)
class Call:
    """One turn of the bidding: a bid of `count` cards of `suit`, or a pass (count 0)."""

    seat: int
    count: int = 0
    suit: str = ""

    @property
    def is_bid(self) -> bool:
        return self.count > 0

    def to_view(self) -> CallView:
        if self.is_bid:
            return {"seat": self.seat, "type": "bid", "count": self.count, "suit": self.suit}
        return {"seat": self.seat, "type": "pass"}


@dataclass(slots=True)
class ApplesState:
    rng: Rng
    dealer: int
    deal: int = 1
    phase: Phase = BID
    hands: list[list[Card]] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    declarer: int | None = None
    count: int = 0  # N, the winning bid's number: cards each player puts into the pile
    trump: str | None = None
    discards: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    received: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    targets: SecretChoices[Card] = field(default_factory=lambda: SecretChoices(PLAYERS))
    trick: Trick[Card] = field(default_factory=lambda: Trick(0))
    completed: list[CompletedTrick[Card]] = field(default_factory=list)
    captured: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    # kept beside `captured` (set_captured, capture), as the bots' play policy reads them at every step of the
    # hard bot's play-outs: the cards not captured yet, as one int (Card.bit: the policy masks out the cards
    # it can place in one step), and each seat's captured cards counted by rank (rank_counts)
    unplayed: int = ALL_CARDS
    captured_ranks: list[dict[int, int]] = field(default_factory=lambda: [{} for _ in range(PLAYERS)])
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    scores: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    summaries: list[Frozen[DealSummary]] = field(default_factory=list)  # frozen: a copy shares them

    @property
    def standing_bid(self) -> Call | None:
        for made in reversed(self.calls):  # a loop, not next() over a generator: every bid's legal bids read it
            if made.count > 0:  # made.is_bid
                return made
        return None

    @property
    def trick_number(self) -> int:
        """Counted from the captured cards, so a set-up position part-way through a deal counts right."""
        return sum(map(len, self.captured)) // PLAYERS + 1

    @property
    def current(self) -> int | None:
        phase = self.phase
        if phase == PLAY:  # the most frequent first
            return (self.trick.leader + len(self.trick.plays)) % PLAYERS
        if phase == BID:
            return left_of(self.dealer, PLAYERS, 1 + len(self.calls))
        if phase == DISCARD:  # a loop, not next() over a generator: read at every card put into the pile
            count, discards, declarer = self.count, self.discards, self.declarer
            assert declarer is not None
            for seat in EXCHANGE_ORDERS[declarer]:  # exchange_order's, without the call
                if len(discards[seat]) < count:
                    return seat
            return None
        if phase == TARGET:
            return self.targets.next_chooser(exchange_order(self))
        return None


def exchange_order(state: ApplesState) -> tuple[int, ...]:
    """The exchange and the target cards are chosen clockwise from the declarer."""
    assert state.declarer is not None
    return EXCHANGE_ORDERS[state.declarer]


# by declarer, worked out once: the seat to move in the exchange is looked up in it on every step
EXCHANGE_ORDERS = tuple(tuple(clockwise_from(declarer, PLAYERS)) for declarer in range(PLAYERS))


def suit_length(hand: list[Card], suit: str) -> int:
    return sum(1 for c in hand if c.suit == suit)


def suit_lengths(hand: list[Card]) -> dict[str, int]:
    """How many cards of each suit the hand holds, by suit in BID_SUITS order (one pass over the hand)."""
    lengths = dict.fromkeys(BID_SUITS, 0)
    for c in hand:
        lengths[c.suit] += 1
    return lengths


def legal_bids(state: ApplesState, seat: int) -> list[tuple[int, str]]:
    """Every bid that beats the standing one and that the hand can show (N of S needs N cards of S)."""
    standing = state.standing_bid
    floor_count, floor_suit = bid_strength(standing.count, standing.suit) if standing else (0, 0)
    lengths = suit_lengths(state.hands[seat])
    # bid_strength(n, s) > the floor, compared part by part (no pair built for each of the many bids)
    return [(n, s) for n in range(max(1, floor_count), max(lengths.values()) + 1)
            for strength, s in enumerate(BID_SUITS)
            if n <= lengths[s] and (n > floor_count or strength > floor_suit)]


def bidding_over(calls: list[Call]) -> bool:
    """All but one have passed since the last bid; or all four passed without a bid."""
    if not any(c.is_bid for c in calls):
        return len(calls) == PLAYERS
    return len(calls) >= PLAYERS - 1 and not any(c.is_bid for c in calls[-(PLAYERS - 1):])


def start_deal(state: ApplesState) -> None:
    deck = list(DECK)
    state.rng.shuffle(deck)
    reset_deal(state, deal_clockwise(deck, left_of(state.dealer, PLAYERS), PLAYERS, HAND_SIZE))


def reset_deal(state: ApplesState, hands: list[list[Card]]) -> None:
    state.phase = BID
    state.hands = hands
    state.calls = []
    state.declarer = None
    state.count = 0
    state.trump = None
    state.discards = [[] for _ in range(PLAYERS)]
    state.received = [[] for _ in range(PLAYERS)]
    state.targets = SecretChoices(PLAYERS)
    state.trick = Trick(left_of(state.dealer, PLAYERS))
    state.completed = []
    set_captured(state, [[] for _ in range(PLAYERS)])
    state.voids = [set() for _ in range(PLAYERS)]


def set_captured(state: ApplesState, captured: list[list[Card]]) -> None:
    """Each seat's captured cards, and what is kept beside them (the ranks not captured yet, the counts)."""
    state.captured = captured
    taken = 0
    for cards in captured:
        for c in cards:
            taken |= c.bit
    state.unplayed = ALL_CARDS & ~taken
    state.captured_ranks = [rank_counts(cards) for cards in captured]


def capture(state: ApplesState, winner: int, taken: list[Card]) -> None:
    """The cards of a finished trick go to its winner's captured cards (and what is kept beside them)."""
    state.captured[winner].extend(taken)
    counts = state.captured_ranks[winner]
    for c in taken:
        state.unplayed &= ~c.bit
        counts[c.rank] = counts.get(c.rank, 0) + 1


def call(state: ApplesState, count: int, suit: str) -> list[Event]:
    """A bid (count > 0) or a pass by the seat to bid; ends the bidding when it is over."""
    seat = mover(state)
    made = Call(seat, count, suit)
    state.calls.append(made)
    # a bid's event is its view; a pass's says "passed"
    events: list[Event] = [{"seat": seat, "type": "bid", "count": count, "suit": suit} if made.is_bid
                           else {"seat": seat, "type": "passed"}]
    if not bidding_over(state.calls):
        return events
    winning = state.standing_bid
    if winning is None:  # four passes: the same dealer deals again
        start_deal(state)
        return [*events, {"type": "redeal", "dealer": state.dealer}]
    state.declarer, state.count, state.trump = winning.seat, winning.count, winning.suit
    state.phase = DISCARD
    state.trick = Trick(winning.seat)
    return [*events, {"type": "declarer", "seat": winning.seat, "count": winning.count, "suit": winning.suit}]


def deal_pile(state: ApplesState) -> list[Event]:
    """Every seat has put N cards into the pile: shuffle it and deal N back to each."""
    pile = [c for seat in range(PLAYERS) for c in state.discards[seat]]
    state.rng.shuffle(pile)
    state.received = deal_clockwise(pile, left_of(state.dealer, PLAYERS), PLAYERS, state.count)
    for seat in range(PLAYERS):
        state.hands[seat] = sort_hand([*state.hands[seat], *state.received[seat]])
    state.phase = TARGET
    return [{"type": "pile_dealt", "count": state.count}]


def leaders(scores: list[int]) -> list[int]:
    best = max(scores)
    return [s for s in range(PLAYERS) if scores[s] == best]
