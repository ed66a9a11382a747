"""On Schedule's state: the rules' constants, the schedule (who casts which vote, the piles, the special
tricks), a finished trick, the state of a deal and the match, and how a deal is dealt and its schedule
laid out. The rules that change it are pygames_core/games/on_schedule/rules.py."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from pygames_core.engine.rng import Rng
from pygames_core.games.on_schedule.messages import (
    DealSummary,
    Event,
    FaceDownTrickView,
    OnScheduleTrickView,
    RowCard,
    TrickWonEvent,
)
from pygames_core.kit.cards import SUITS, Card, deal_clockwise, french_deck
from pygames_core.kit.match import Match
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import SecretChoices, clockwise_from, left_of, partner_of
from pygames_core.kit.tricks import CompletedTrick, PlayedCard, Trick

GAME_ID = "on_schedule"
PLAYERS = 4
TRICKS = 13  # also the hand size and the number of votes
GIFT_SIZE = 2
TARGET = 3  # victory points that win the match (the default of the `match_to` option)
DECK = tuple(french_deck())
BY_RANK_SUIT = {(c.rank, c.suit): c for c in DECK}
# The schedule pile of each role, as ranks in pile order; the role is the number of steps
# clockwise from the dealer, so a schedule card's rank tells who cast it.
ROLE_RANKS: tuple[tuple[int, ...], ...] = ((14, 2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 12, 13))
ROLE_OF_RANK = {rank: role for role, ranks in enumerate(ROLE_RANKS) for rank in ranks}
# Who casts each of the 13 votes, as roles: dealer and clockwise; from the dealer's right
# counter-clockwise; dealer and clockwise; the dealer once more.
VOTE_ROLES = (0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 0)
ROLE_NAMES = ("dealer", "dealer's left", "dealer's partner", "dealer's right")
PILE_NAMES = ("A-4", "5-7", "8-10", "J-K")
# each role's whole schedule pile, in pile order: its ranks in every suit
PILES = tuple(tuple(BY_RANK_SUIT[r, s] for s in SUITS for r in ranks) for ranks in ROLE_RANKS)
VOTES_PER_ROLE = tuple(VOTE_ROLES.count(role) for role in range(PLAYERS))  # (4, 3, 3, 3)
# each role's schedule pile by suit, in pile order (PILES, a suit at a time): a vote for a suit casts the
# first of its cards not cast yet, and a suit can be voted for while one is left (what pile_of's list shows)
SUIT_PILES: tuple[dict[str, tuple[Card, ...]], ...] = tuple(
    {s: tuple(BY_RANK_SUIT[r, s] for r in ranks) for s in SUITS} for ranks in ROLE_RANKS)

# by dealer, the order of the secret card pass: clockwise from the dealer's left (the dealer last)
GIVE_ORDERS = tuple(tuple(clockwise_from(left_of(dealer, PLAYERS), PLAYERS)) for dealer in range(PLAYERS))


class Phase(StrEnum):
    """The phases of a deal, as the views name them: the votes, the secret card pass, the tricks; then
    the match is over."""

    VOTE = "vote"
    GIVE = "give"
    PLAY = "play"
    OVER = "over"


# The phases by plain names, for the hot paths: reading a member off the enum class (`Phase.PLAY`) costs
# about 0.3 µs in CPython 3.11, at every step of the bots' play-outs
VOTE, GIVE, PLAY, OVER = Phase.VOTE, Phase.GIVE, Phase.PLAY, Phase.OVER


def card_points(c: PlayedCard) -> int:
    """10, J, Q, K and A are worth a point each."""
    return 1 if c.rank >= 10 else 0


# every card of the deck as one int (Card.bit): the cards still to be played as a deal starts
ALL_UNPLAYED = sum(c.bit for c in DECK)


def unplayed_cards(out_of_play: Iterable[Card]) -> int:
    """The cards of the deck not among `out_of_play` (cards in finished tricks), as one int (Card.bit)."""
    return ALL_UNPLAYED & ~sum(c.bit for c in set(out_of_play))


# each card's points (card_points'), looked up at the end of every trick
CARD_POINTS = {c: card_points(c) for c in DECK}


def schedule_owner(schedule_card: Card, dealer: int) -> int:
    """The seat that cast a schedule card this deal (its rank names the role)."""
    return left_of(dealer, PLAYERS, ROLE_OF_RANK[schedule_card.rank])


def voter(dealer: int, vote_number: int) -> int:
    """The seat casting vote `vote_number` (0-based) in a deal with this dealer."""
    return left_of(dealer, PLAYERS, VOTE_ROLES[vote_number])


def pile_of(seat: int, dealer: int, votes: list[Card]) -> list[Card]:
    """The schedule cards `seat` still holds: its role's ranks in every suit, minus its votes."""
    cast = set(votes)  # interned cards: they hash by identity, in C
    return [c for c in PILES[(seat - dealer) % PLAYERS] if c not in cast]


# by dealer, the seat that casts each schedule card (schedule_owner's): read for the 13 cards of the row two
# or three times a deal (its special tricks, the schedule event, the deal's summary)
SCHEDULE_OWNERS: tuple[dict[Card, int], ...] = tuple(
    {c: schedule_owner(c, dealer) for c in DECK} for dealer in range(PLAYERS))


def special_tricks(row: list[Card], dealer: int) -> list[int]:
    """Each seat's special trick (1-based): the trick of its latest card in the row; the owner
    of card 13 cannot mark trick 13 and marks its second-latest card instead. Every seat casts at
    least three votes, so that second-latest card always exists, and trick 13 is never special."""
    positions: list[list[int]] = [[] for _ in range(PLAYERS)]
    owners = SCHEDULE_OWNERS[dealer]
    for trick_number, schedule_card in enumerate(row, 1):
        positions[owners[schedule_card]].append(trick_number)
    return [mine[-2] if mine[-1] == TRICKS else mine[-1] for mine in positions]



def trick_multiplier(trick_number: int, winner: int, special: list[int]) -> int:
    """Points won in the winner's own special trick and in trick 13 count double."""
    return 2 if trick_number == TRICKS or special[winner] == trick_number else 1



@dataclass(frozen=True, slots=True)
class OnScheduleTrick(CompletedTrick[Card]):
    """A finished trick as On Schedule shows it: also its points as scored (doubling included) and
    whether they were doubled."""

    points: int
    doubled: bool

    def to_view(self) -> OnScheduleTrickView:
        # CompletedTrick.to_view's keys and these two, written in one dict rather than the base's merged into
        # another: every trick's `trick_won` event is one
        return {"trick": self.number, "leader": self.leader, "plays": self.plays_view(), "winner": self.winner,
                "points": self.points, "doubled": self.doubled}

    def won_event(self) -> TrickWonEvent:
        """The `trick_won` event: its type, then to_view's keys, in one dict rather than to_view's merged into
        another (every trick ends with one)."""
        return {"type": "trick_won", "trick": self.number, "leader": self.leader, "plays": self.plays_view(),
                "winner": self.winner, "points": self.points, "doubled": self.doubled}

    def face_down_view(self) -> FaceDownTrickView:
        """The trick as the table keeps it once it is turned over: its point cards face up in front of
        the winner (who played which is not shown), the rest face down on the discard pile."""
        point_cards = [c for _, c in self.plays if card_points(c)]
        return {"trick": self.number, "winner": self.winner, "points": self.points, "doubled": self.doubled,
                "point_cards": [c.code for c in point_cards], "face_down": len(self.plays) - len(point_cards)}


# a finished trick's fields, each set by its slot's own descriptor (`finished_trick`)
_SET_NUMBER, _SET_LEADER, _SET_PLAYS, _SET_WINNER = (CompletedTrick.__dict__[name].__set__
                                                     for name in ("number", "leader", "plays", "winner"))
_SET_POINTS, _SET_DOUBLED = (OnScheduleTrick.__dict__[name].__set__ for name in ("points", "doubled"))


def finished_trick(number: int, leader: int, plays: list[tuple[int, Card]], winner: int, points: int,
                   doubled: bool) -> OnScheduleTrick:
    """`OnScheduleTrick(number, leader, plays, winner, points, doubled)`, its plays made a tuple as its
    __post_init__ makes them, in a third of the time: a frozen dataclass's __init__ sets each field through
    object.__setattr__ and then calls __post_init__, at every trick of the bots' play-outs and of random
    play; each slot's descriptor sets it straight."""
    done: OnScheduleTrick = object.__new__(OnScheduleTrick)
    _SET_NUMBER(done, number)
    _SET_LEADER(done, leader)
    _SET_PLAYS(done, tuple(plays))
    _SET_WINNER(done, winner)
    _SET_POINTS(done, points)
    _SET_DOUBLED(done, doubled)
    return done


@dataclass(slots=True)
class OnScheduleState:
    rng: Rng
    dealer: int
    deal: int = 1
    # a Phase; typed str as kit.tricks.DealtState reads and end_game writes it (the JSON string either way)
    phase: str = Phase.VOTE
    hands: list[list[Card]] = field(default_factory=list)
    votes: list[Card] = field(default_factory=list)  # schedule cards in the order cast
    # the shuffled votes: card i is trick i's trump; a tuple, laid out whole and never changed, which a
    # state's copies share
    row: tuple[Card, ...] = ()
    special: list[int] = field(default_factory=list)  # each seat's special trick, 1-based
    gifts: SecretChoices[tuple[Card, ...]] = field(default_factory=lambda: SecretChoices(PLAYERS))
    given: list[tuple[Card, ...]] = field(default_factory=lambda: [() for _ in range(PLAYERS)])
    trick: Trick[Card] = field(default_factory=lambda: Trick(0))
    completed: list[OnScheduleTrick] = field(default_factory=list)
    out_of_play: set[Card] = field(default_factory=set)  # cards in finished tricks this deal
    # the cards not in a finished trick yet (unplayed_cards of out_of_play), as one int (Card.bit): kept beside
    # it, as the bots' play policy reads it at every step of the hard bot's play-outs
    unplayed: int = field(default_factory=lambda: ALL_UNPLAYED)
    tricks_won: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    points: list[int] = field(default_factory=lambda: [0] * PLAYERS)  # this deal, doubling included
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    match: Match = field(default_factory=lambda: Match(TARGET))  # victory points by team, target, cube
    # each team's Match.may_double, worked out for a card play's actions (no double waiting) and kept: it is
    # the same until the cube is taken or the deal settled, and the rules forget it then; None until worked
    # out. Kept, as the test was a good part of a card play's actions with the cube.
    doublers: tuple[bool, bool] | None = None
    summaries: list[Frozen[DealSummary]] = field(default_factory=list)
    people: frozenset[int] = frozenset()  # the seats people play (Game.seat_people): who answers a double
    show_played: bool = False  # the `show_played` assist: views keep every finished trick face up

    @property
    def trick_number(self) -> int:
        return sum(self.tricks_won) + 1

    @property
    def trump(self) -> str | None:
        """The trump suit of the trick being played (None before the row is laid out)."""
        if self.phase != PLAY:
            return None
        return self.row[self.trick_number - 1].suit

    @property
    def current(self) -> int | None:
        if self.phase == PLAY:  # first: nearly every step of a play-out is a card play
            return self.to_play if self.match.offered_by is None else self.answerer
        if self.phase == VOTE:
            return voter(self.dealer, len(self.votes))
        if self.phase == GIVE:
            return self.gifts.next_chooser(GIVE_ORDERS[self.dealer])
        return None

    @property
    def answerer(self) -> int:
        """The seat that answers a waiting double for the doubled team: the opponent on the doubler's
        left (the next to play), unless a person plays the other seat of that team and a bot this one:
        then the person decides for the team (docs/games/on_schedule.md, Doubling cube)."""
        next_seat = left_of(self.to_play, PLAYERS)
        partner = partner_of(next_seat)
        return partner if partner in self.people and next_seat not in self.people else next_seat

    @property
    def to_play(self) -> int:
        """The seat whose card comes next in the trick (the doubler while a double waits)."""
        return (self.trick.leader + len(self.trick.plays)) % PLAYERS  # left_of, inline: read at every step




def start_deal(state: OnScheduleState) -> None:
    deck = list(DECK)
    state.rng.shuffle(deck)
    reset_deal(state, deal_clockwise(deck, left_of(state.dealer, PLAYERS), PLAYERS, TRICKS))


def reset_deal(state: OnScheduleState, hands: list[list[Card]]) -> None:
    # every deal of a game comes here (the phase by its plain name, the lists given: see VOTE and ALL_UNPLAYED)
    state.phase = VOTE
    state.hands = hands
    state.votes = []
    state.row = ()
    state.special = []
    state.gifts = SecretChoices(PLAYERS)
    state.given = [()] * PLAYERS
    state.trick = Trick(left_of(state.dealer, PLAYERS), [])
    state.completed = []
    state.out_of_play = set()
    state.unplayed = ALL_UNPLAYED
    state.tricks_won = [0] * PLAYERS
    state.points = [0] * PLAYERS
    state.voids = [set(), set(), set(), set()]  # one a seat (PLAYERS), without a comprehension's call


def lay_out_schedule(state: OnScheduleState) -> list[Event]:
    """Shuffle the 13 votes into the row, mark the special tricks, and move on to the pass."""
    row = list(state.votes)
    state.rng.shuffle(row)
    state.row = tuple(row)
    state.special = special_tricks(row, state.dealer)
    state.phase = Phase.GIVE
    return [{"type": "schedule", "row": row_view(state), "special": list(state.special)}]


def row_view(state: OnScheduleState) -> list[RowCard]:
    owners = SCHEDULE_OWNERS[state.dealer]
    return [{"trick": i, "card": c.code, "suit": c.suit, "seat": owners[c]} for i, c in enumerate(state.row, 1)]


def match_winner(state: OnScheduleState) -> int | None:
    return state.match.winner
