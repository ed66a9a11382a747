"""Trick-taking, written once: following suit, the winner, voids shown in play, a deal's end (the game
over, or the next deal from the dealer's left), and the ranks a seat cannot place (for the bots)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypedDict, TypeVar

from pygames_core.kit.cards import SUIT_BITS, SUITS, Card
from pygames_core.kit.seats import left_of


class PlayedCard(Protocol):
    """What the trick rules read from a card on the table: a plain card, or a card a game lets stand
    for another (a joker played as a declared suit and rank)."""

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> str: ...

    @property
    def code(self) -> str: ...


C = TypeVar("C", bound=PlayedCard)  # what a game's tricks hold: its plain Card, or more
A = TypeVar("A")  # a game's action


class PlayView(TypedDict):
    """One play of a trick as a view shows it (a game whose cards can stand for others says more)."""

    seat: int
    card: str


class TrickView(TypedDict):
    """A finished trick as a view shows it (CompletedTrick.to_view)."""

    trick: int  # its number in the deal, from 1
    leader: int
    plays: list[PlayView]
    winner: int


@dataclass(slots=True)
class Trick(Generic[C]):
    """A trick in progress or complete: who led and the (seat, card) plays in order."""

    leader: int
    plays: list[tuple[int, C]] = field(default_factory=list)

    @property
    def led_suit(self) -> str | None:
        return self.plays[0][1].suit if self.plays else None

    def copy(self) -> Trick[C]:
        return Trick(self.leader, list(self.plays))

    def to_view(self) -> list[PlayView]:
        return [{"seat": seat, "card": c.code} for seat, c in self.plays]


@dataclass(frozen=True, slots=True)
class CompletedTrick(Generic[C]):
    """A finished trick as a game keeps it for its views: its number in the deal (from 1), who led,
    the (seat, card) plays in order and who won it. A game that shows more of a trick (its points,
    who took it) subclasses it (frozen too) and adds to `to_view`.

    Frozen, its plays kept as a tuple whatever sequence they came in: a record never changes once
    written, so a state's copy (the hard bot's play-outs make thousands) shares it instead of copying
    it. (Frozen costs each field an object.__setattr__ at the trick's end, one step in four of a
    play-out; an unfrozen record shared by the copies is what tests/test_hidden_information.py refuses.)"""

    number: int
    leader: int
    plays: Sequence[tuple[int, C]]
    winner: int

    def __post_init__(self) -> None:
        # the trick in progress hands over its own list, which the game goes on to reuse or change
        object.__setattr__(self, "plays", tuple(self.plays))

    def to_view(self) -> TrickView:
        return {"trick": self.number, "leader": self.leader, "plays": self.plays_view(), "winner": self.winner}

    def plays_view(self) -> list[PlayView]:
        return [{"seat": seat, "card": played.code} for seat, played in self.plays]


def playable_cards(hand: Sequence[Card], led_suit: str | None) -> list[Card]:
    """Must follow suit when able; otherwise (or when leading) any card."""
    if led_suit is not None:
        following = [c for c in hand if c.suit == led_suit]
        if following:
            return following
    return list(hand)


def play_actions(hand: Sequence[Card], led_suit: str | None, actions: Mapping[Card, A]) -> list[A]:
    """`playable_cards`' actions, each card's read from `actions`: a game makes its play actions once and
    shares them between its lists of legal actions (Rules.legal_actions), so that the bots' play-outs do
    not build them again at every step."""
    if led_suit is not None:
        following = [actions[c] for c in hand if c.suit == led_suit]
        if following:
            return following
    return [actions[c] for c in hand]


def follow_or_trump(hand: Sequence[Card], led_suit: str | None, trump: str | None) -> list[Card]:
    """Must follow suit when able; otherwise must play a trump when able; otherwise any card."""
    if led_suit is None:
        return list(hand)
    following = [c for c in hand if c.suit == led_suit]
    if following:
        return following
    trumps = [c for c in hand if c.suit == trump] if trump is not None else []
    return trumps or list(hand)


def trick_winner(plays: Sequence[tuple[int, PlayedCard]], trump: str | None) -> int:
    """The seat that wins: highest trump if any was played, else highest card of the led suit."""
    led = plays[0][1].suit
    best_seat, best = winning_play(plays, trump)
    assert best.suit in (led, trump)
    return best_seat


def winning_play(plays: Sequence[tuple[int, C]], trump: str | None) -> tuple[int, C]:
    """The (seat, card) play ahead in a trick so far (`trick_winner`'s, once every player has played)."""
    ahead = plays[0]
    card = ahead[1]
    for play in plays:  # `beats`, inline: every trick of the bots' play-outs is won here
        played = play[1]
        if played.rank > card.rank if played.suit == card.suit else played.suit == trump:
            ahead, card = play, played
    return ahead


def beats(played: PlayedCard, ahead: PlayedCard, trump: str | None) -> bool:
    """Whether `played` takes the lead of a trick from `ahead`, the card ahead so far: a higher card of its
    suit, or a trump over anything that is not one (on equal ranks, two jokers played alike, the first
    played stays ahead)."""
    if played.suit == ahead.suit:
        return played.rank > ahead.rank
    return played.suit == trump


def record_play(trick: Trick[C], seat: int, played: C, hand: list[Any], voids: set[str], *,
                must_trump: str | None = None, held: object = None) -> None:
    """Move a legal card from `hand` to the trick, noting in `voids` the suit the seat showed it lacks
    (the led suit, when its card did not follow).

    `must_trump` is the trump suit in games where a player out of the led suit must trump when able
    (`follow_or_trump`): a card that neither follows nor trumps then shows a trump void too. `held` is
    what leaves the hand when it is not the card played (a joker played as a declared card)."""
    plays = trick.plays
    if plays:  # the led suit read straight (not Trick.led_suit): every step of the bots' play-outs comes here
        led = plays[0][1].suit
        if played.suit != led:
            voids.add(led)
            if must_trump is not None and played.suit != must_trump:
                voids.add(must_trump)
    hand.remove(played if held is None else held)
    plays.append((seat, played))


def play_to_trick(trick: Trick[C], seat: int, played: C, hand: list[Any], voids: set[str], players: int,
                  trump: str | None, *, must_trump: str | None = None, held: object = None) -> int | None:
    """Play a legal card to the trick, as `record_play` does (the keywords are its own); once all `players`
    have played to it, return the seat that wins it (`trick_winner`), else None."""
    record_play(trick, seat, played, hand, voids, must_trump=must_trump, held=held)
    plays = trick.plays
    if len(plays) < players:
        return None
    return winning_play(plays, trump)[0]  # trick_winner's, without its check: the plays were legal


# --- the end of a deal --------------------------------------------------------------------------------------

class DealtState(Protocol):
    """The state of a game played in deals, as far as a deal's end goes: the dealer, the deal's number, the
    phase."""

    dealer: int
    deal: int
    phase: str


S = TypeVar("S", bound=DealtState)


def end_game(state: S, result: Callable[[S], dict[str, Any]]) -> GameOverEvent:
    """The game is over: returns the `game_over` event. The phase is set first because `result` reads it
    (the winners are named only once the game is over)."""
    state.phase = "over"
    return {"type": "game_over", "result": result(state)}


def next_deal(state: S, players: int, start_deal: Callable[[S], None]) -> DealStartedEvent:
    """The deal passes to the left and the next one is counted and dealt (`start_deal`, which deals from
    the new dealer); returns the `deal_started` event."""
    state.dealer = left_of(state.dealer, players)
    state.deal += 1
    start_deal(state)
    return {"type": "deal_started", "deal": state.deal, "dealer": state.dealer}


# --- what a seat cannot place -------------------------------------------------------------------------------

ALL_RANKS = sum(1 << rank for rank in range(2, 15))  # a suit's ranks 2..14 as a bit mask


def unseen_ranks(placed: Iterable[Card]) -> dict[str, int]:
    """By suit, the ranks a seat cannot place, as a bit mask (bit r set: rank r is unseen): every rank but
    those of the `placed` cards (what the seat holds, has seen played, or otherwise knows the place of).
    `(mask >> (r + 1)).bit_count()` is then how many unseen cards of the suit rank above r."""
    known = 0  # as one int (Card.bit)
    for c in placed:
        known |= c.bit
    return {suit: ALL_RANKS & ~(known >> (SUIT_BITS * lane)) for lane, suit in enumerate(SUITS)}


def seats_after(players: int) -> tuple[tuple[int, ...], ...]:
    """By seat, the other seats in the order they play after it (clockwise): the bots' play policies read
    the seats still to play in a trick from it, a slice, at every step of their play-outs."""
    return tuple(tuple((seat + k) % players for k in range(1, players)) for seat in range(players))


def unplaced_ranks(unplayed: Mapping[str, int], placed: int) -> dict[str, int]:
    """By suit, the ranks of `unplayed` (a game's ranks still out of the finished tricks, as unseen_ranks
    gives them) that are not among the `placed` cards (one int, Card.bit): what a seat cannot place, worked
    out at every step of the bots' play-outs from masks the state keeps (the suits written out, SUITS order)."""
    return {"S": unplayed["S"] & ~placed, "H": unplayed["H"] & ~(placed >> SUIT_BITS),
            "D": unplayed["D"] & ~(placed >> 2 * SUIT_BITS), "C": unplayed["C"] & ~(placed >> 3 * SUIT_BITS)}


# --- the messages of a game played in deals, as TypedDicts of their JSON ------------------------------------

class DealtView(TypedDict):
    """What every view of a trick-taking game played in deals shows (a game's view adds its own keys, the
    trick in progress among them: how a play shows is the game's)."""

    game: str
    seat: int | None  # None: a spectator's, which shows no hand
    players: int
    phase: str
    current_player: int | None
    deal: int
    dealer: int
    hand: list[str] | None  # the seat's own
    hand_sizes: list[int]
    leader: int  # of the trick in progress
    trick_number: int
    tricks_per_deal: int
    tricks: list[int]  # taken so far this deal, by seat


class GameOverEvent(TypedDict):
    """The event `end_game` returns."""

    type: Literal["game_over"]
    result: dict[str, Any]  # the game's Rules.result


class DealStartedEvent(TypedDict):
    """The event `next_deal` returns (a game may say more of the new deal: a subclass)."""

    type: Literal["deal_started"]
    deal: int
    dealer: int
