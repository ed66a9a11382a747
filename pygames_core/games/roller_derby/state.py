"""Roller Derby's state: the numbers of the rules, the phases of a deal, what lies on the table (a
declared joker), the state of a game and the fresh deal it starts each deal from.

The rules that change the state are in rules.py, explicit set-ups in setup.py, what a seat sees in
knowledge.py, the bots in bot.py and the JSON of actions and events in messages.py (all in
pygames_core/games/roller_derby/).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pygames_core.engine.rng import Rng
from pygames_core.games.roller_derby.messages import DealSummary, PlayView, TrickView
from pygames_core.kit.cards import (
    CARDS,
    JOKERS,
    SUITS,
    Card,
    Joker,
    card_or_joker,
    deal_clockwise,
    french_deck,
    sort_hand,
)
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import SecretChoices, left_of, partner_of, team_of
from pygames_core.kit.tricks import CompletedTrick, PlayedCard, Trick, unseen_ranks

GAME_ID = "roller_derby"
PLAYERS = 4
TRICKS = 13  # also the hand size
PASS_SIZE = 3
MAX_JOKERS = 2
JOKER_PRICE = 9
EXACT_POINTS = 100
POINTS_PER_TRICK_OFF = 10
ALL_OR_NOTHING_POINTS = 150
NO_TRUMP = "NT"
SUIT_LIST: tuple[str, ...] = tuple(SUITS)  # `x in SUIT_LIST` is safe for any x (`in "SHDC"` fails on non-strings)
TRUMP_CALLS: tuple[str, ...] = (*SUITS, NO_TRUMP)
HIGH, LOW = "high", "low"
DECK = tuple(french_deck())
JOKER_CODES = tuple(j.code for j in JOKERS)  # a tuple: `x in` it is safe for unhashable x


class Phase(StrEnum):
    """The steps of a deal (the view's "phase" is the string)."""

    ROLL = "roll"
    EXCHANGE = "exchange"
    TRUMP = "trump"
    BUY = "buy"
    DISCARD = "discard"  # follows "buy" while the roller owes discards
    DECLARE = "declare"
    PLAY = "play"
    OVER = "over"


# The phases by plain names, for the hot paths: reading a member off the enum class (`Phase.PLAY`) costs
# about 0.3 µs in CPython 3.11, and the bots' play-outs read the phase at every step.
PLAY, OVER = Phase.PLAY, Phase.OVER

# The steps of a deal, in order.
BASE_STEPS = (Phase.ROLL, Phase.EXCHANGE, Phase.TRUMP, Phase.DECLARE, Phase.PLAY)
JOKER_STEPS = (Phase.ROLL, Phase.TRUMP, Phase.BUY, Phase.EXCHANGE, Phase.DECLARE, Phase.PLAY)

Held = Card | Joker  # what a hand holds


@dataclass(frozen=True, slots=True)
class DeclaredJoker:
    """A joker on the table, standing for the highest or lowest card of the suit declared when it was
    played. Ranks 15 and 1 put it above the ace or below the two; two jokers declared alike tie, and the
    trick rules keep the first played ahead."""

    joker: Joker
    suit: str
    high: bool

    @property
    def rank(self) -> int:
        return 15 if self.high else 1

    @property
    def code(self) -> str:
        return self.joker.code


Played = Card | DeclaredJoker  # what lies on the table


def play_view(seat: int, played: PlayedCard) -> PlayView:
    out: PlayView = {"seat": seat, "card": played.code, "suit": played.suit}
    if isinstance(played, DeclaredJoker):
        out["rank"] = HIGH if played.high else LOW
    return out


def played_from(entry: Mapping[str, Any]) -> tuple[Played, Held]:
    """What a (legal) play action, or a play as a view shows it, puts on the table, and what leaves the
    hand."""
    found = CARDS.get(entry["card"])  # a card, the most frequent (a joker's code is not one)
    if found is not None:
        return found, found
    held = card_or_joker(entry["card"])
    if isinstance(held, Joker):
        return DeclaredJoker(held, entry["suit"], entry["rank"] == HIGH), held
    return held, held


def held_card(played: PlayedCard) -> Held:
    """The card or joker that was played as `played`."""
    # the table holds only what play_to_trick was given: a Card or a DeclaredJoker (kit's Trick types
    # its plays as any PlayedCard)
    assert isinstance(played, Card | DeclaredJoker)
    return played.joker if isinstance(played, DeclaredJoker) else played


class DerbyTrick(CompletedTrick[Played]):
    """A finished trick of cards and declared jokers."""

    __slots__ = ()


def trick_view(trick: DerbyTrick) -> TrickView:
    """A finished trick as the views show it: kit's CompletedTrick.to_view, each play saying the suit of
    its card (and the declared rank of a joker)."""
    # a card's view built at once (play_view's fields, in its order): nearly every play is a card's, and every
    # trick's event shows its plays (the search's random play finishes a trick every fourth step)
    return {"trick": trick.number, "leader": trick.leader,
            "plays": [{"seat": seat, "card": played.code, "suit": played.suit} if type(played) is Card
                      else play_view(seat, played) for seat, played in trick.plays], "winner": trick.winner}


@dataclass(frozen=True, slots=True)
class Variant:
    deals: int = 4
    jokers: bool = False
    d12: bool = False
    privilege: bool = False

    @property
    def steps(self) -> tuple[Phase, ...]:
        return JOKER_STEPS if self.jokers else BASE_STEPS


def deal_score(target: int, tricks: int, all_or_nothing: bool) -> int:
    """The rolling team's points for its tricks (before any jokers' cost)."""
    if all_or_nothing:
        return ALL_OR_NOTHING_POINTS if tricks in (0, TRICKS) else 0
    return max(0, EXACT_POINTS - POINTS_PER_TRICK_OFF * abs(tricks - target))


def sort_held(items: Iterable[Held]) -> list[Held]:
    """Jokers first, then the cards as players hold them."""
    items = list(items)
    cards = [c for c in items if type(c) is Card]  # (kit's Card: not subclassed)
    if len(cards) == len(items):  # no jokers, as most hands (every exchange sorts two): nothing more to sort
        return [*sort_hand(cards)]
    jokers = sorted((j for j in items if isinstance(j, Joker)), key=lambda j: j.number)
    return [*jokers, *sort_hand(cards)]


def cards_in_game(jokers_bought: int) -> list[Held]:
    """The deck, then the jokers the roller bought this deal."""
    return [*DECK, *JOKERS[:jokers_bought]]


@dataclass(slots=True)
class RollerDerbyState:
    rng: Rng
    variant: Variant
    dealer: int
    deal: int = 1
    phase: Phase = Phase.ROLL
    hands: list[list[Held]] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    trump_call: str | None = None  # a suit or NO_TRUMP once named
    jokers_bought: int = 0
    discards: list[Card] = field(default_factory=list)
    passes: SecretChoices[tuple[Held, ...]] = field(default_factory=lambda: SecretChoices(PLAYERS))
    setting_aside: list[Held] = field(default_factory=list)  # the chooser's cards so far, face down
    exchanged: list[bool] = field(default_factory=lambda: [False, False])  # by team
    all_or_nothing: bool | None = None
    trick: Trick[Played] = field(default_factory=lambda: Trick(0))
    completed: list[DerbyTrick] = field(default_factory=list)
    out_of_play: set[Held] = field(default_factory=set)  # in finished tricks this deal (jokers as held)
    # by suit, the ranks of the cards not in a finished trick yet (`unplayed_ranks`): kept beside out_of_play,
    # as the bots' play policy reads it at every step of the hard bot's play-outs
    unplayed_ranks: dict[str, int] = field(default_factory=lambda: unseen_ranks(()))
    tricks_won: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    team_scores: list[int] = field(default_factory=lambda: [0, 0])
    summaries: list[Frozen[DealSummary]] = field(default_factory=list)  # frozen: a copy shares them

    @property
    def roller(self) -> int:
        return (self.dealer + 1) % PLAYERS  # left of the dealer

    @property
    def rolling_team(self) -> int:
        return team_of(self.roller)

    @property
    def target(self) -> int | None:
        return sum(self.dice) if self.dice else None

    @property
    def trump(self) -> str | None:
        """The trump suit in play (None for no trump, or before it is named)."""
        call = self.trump_call
        return None if call is None or call == NO_TRUMP else call

    @property
    def rolling_tricks(self) -> int:
        return self.tricks_won[self.roller] + self.tricks_won[partner_of(self.roller)]

    @property
    def tricks_played(self) -> int:
        return sum(self.tricks_won)

    @property
    def current(self) -> int | None:
        if self.phase == PLAY:  # first: nearly every step of a play-out is a card play
            trick = self.trick
            return (trick.leader + len(trick.plays)) % PLAYERS  # left_of, inline
        if self.phase == Phase.EXCHANGE:
            return self.passes.next_chooser(exchange_order(self))
        if self.phase == OVER:
            return None
        return self.roller


def exchange_order(state: RollerDerbyState) -> tuple[int, ...]:
    """The rolling team gives first (the roller, then the partner; the other way round with the roller's
    privilege), then the other team clockwise from the roller's left."""
    return EXCHANGE_ORDERS[state.variant.privilege, state.roller]


def _exchange_order(roller: int, privilege: bool) -> tuple[int, ...]:
    rolling = [roller, partner_of(roller)]
    if privilege:
        rolling.reverse()
    return (*rolling, left_of(roller, PLAYERS), left_of(roller, PLAYERS, 3))


# by (privilege, roller), worked out once: the seat to give is looked up in it at every step of the exchange
EXCHANGE_ORDERS = {(privilege, roller): _exchange_order(roller, privilege)
                   for privilege in (False, True) for roller in range(PLAYERS)}


def start_deal(state: RollerDerbyState) -> None:
    deck = list(DECK)
    state.rng.shuffle(deck)
    hands: list[list[Held]] = [list(h) for h in deal_clockwise(deck, left_of(state.dealer, PLAYERS), PLAYERS, TRICKS)]
    reset_deal(state, hands)


def reset_deal(state: RollerDerbyState, hands: list[list[Held]]) -> None:
    state.phase = Phase.ROLL
    state.hands = hands
    state.dice = []
    state.trump_call = None
    state.jokers_bought = 0
    state.discards = []
    state.passes = SecretChoices(PLAYERS)
    state.setting_aside = []
    state.exchanged = [False, False]
    state.all_or_nothing = None
    state.trick = Trick(state.roller)
    state.completed = []
    state.out_of_play = set()
    state.unplayed_ranks = unseen_ranks(())
    state.tricks_won = [0] * PLAYERS
    state.voids = [set() for _ in range(PLAYERS)]


def unplayed_ranks(out_of_play: Iterable[Held]) -> dict[str, int]:
    """By suit, the ranks not among the cards `out_of_play` (kit.tricks.unseen_ranks; jokers have none)."""
    return unseen_ranks(c for c in out_of_play if isinstance(c, Card))


def team_done_giving(state: RollerDerbyState, team: int) -> bool:
    return all(state.passes.choices[s] is not None for s in range(PLAYERS) if team_of(s) == team)


def winning_team(state: RollerDerbyState) -> int | None:
    """The team with the higher total once the game is over (None while it goes on, or on a draw)."""
    if state.phase != Phase.OVER or state.team_scores[0] == state.team_scores[1]:
        return None
    return 0 if state.team_scores[0] > state.team_scores[1] else 1
