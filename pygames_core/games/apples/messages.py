"""Apples' messages with the page, as TypedDicts of their JSON: the actions it accepts (legal_actions
lists them, the page sends one back), the events an action causes, and what a seat sees (the view, with
a call in the bidding, a finished trick, a deal's summary). The rules are `Rules[ApplesState, Action,
Event, ApplesView]` (rules.py).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from pygames_core.ai.bot import Words
from pygames_core.ai.outcomes import ORDINALS, placing
from pygames_core.kit.tricks import DealStartedEvent, DealtView, GameOverEvent, PlayView, TrickView

# --- the actions, as legal_actions lists them and the page sends one back -----------------------------

class PassAction(TypedDict):
    type: Literal["pass"]


class BidAction(TypedDict):
    type: Literal["bid"]
    count: int  # N: at least N cards of the suit in hand
    suit: str


class CardAction(TypedDict):
    """A card put into the pile (face down), set aside as the target card (face down), or played."""

    type: Literal["discard", "target", "play"]
    card: str


Action = PassAction | BidAction | CardAction


# --- what the table shows -----------------------------------------------------------------------------

class BidView(TypedDict):
    """A bid in the bidding (Call.to_view); the `bid` event is the same."""

    seat: int
    type: Literal["bid"]
    count: int
    suit: str


class PassView(TypedDict):
    seat: int
    type: Literal["pass"]


CallView = BidView | PassView


class SetScore(TypedDict):
    """One scoring rank of a player's captured cards, as a deal's summary shows it."""

    rank: str
    count: int
    target: bool  # the player's target rank
    points: int


class WinningBid(TypedDict):
    count: int
    suit: str | None  # trump


class DealSummary(TypedDict):
    """A finished deal, as the `deal_over` event and the view's "deals" show it."""

    deal: int
    dealer: int
    declarer: int | None
    bid: WinningBid
    targets: list[str | None]
    captured: list[list[str]]
    sets: list[list[SetScore]]
    points: list[int]
    scores: list[int]


class ScoringSet(TypedDict):
    """One row of the points table: its ranks and what a pair, a triple and all four of one score."""

    ranks: list[str]
    pair: int
    triple: int
    four: int


class Scoring(TypedDict):
    """The points table as the view and the game's description show it (state.scoring_rules)."""

    sets: list[ScoringSet]
    target: dict[str, int | str]  # cards of the target rank captured ("1", "2", "3") -> "pair" or points
    goal: int
    reconstructed: bool


class ApplesView(DealtView):
    """What one seat sees (seat None: a spectator, who sees no hand)."""

    scores: list[int]
    scoring: Scoring  # the points table (state.scoring_rules)
    bids: list[CallView]  # in order
    bid_suits: list[str]  # weakest to strongest at equal numbers
    standing_bid: CallView | None
    declarer: int | None
    count: int  # the contract's N: the cards each seat puts into the pile
    trump: str | None
    discarded: list[int]  # how many each seat has put into the pile
    discards: list[str] | None  # this seat's
    received: list[str] | None  # what the pile dealt this seat
    targets_set: list[bool]
    target: str | None  # this seat's target card
    trick: list[PlayView]
    captured: list[list[str]]
    played: list[TrickView]  # the deal's finished tricks
    voids: list[list[str]]
    deals: list[DealSummary]



# --- the events an action causes ----------------------------------------------------------------------

class PassedEvent(TypedDict):
    seat: int
    type: Literal["passed"]


class RedealEvent(TypedDict):
    """Four passes: the same dealer deals again."""

    type: Literal["redeal"]
    dealer: int


class DeclarerEvent(TypedDict):
    type: Literal["declarer"]
    seat: int
    count: int
    suit: str


class DiscardedEvent(TypedDict):
    """A card put into the pile, face down."""

    type: Literal["discarded"]
    seat: int


class PileDealtEvent(TypedDict):
    type: Literal["pile_dealt"]
    count: int  # to each seat


class TargetSetEvent(TypedDict):
    """A target card set aside, face down until the deal ends."""

    type: Literal["target_set"]
    seat: int


class PlayStartedEvent(TypedDict):
    type: Literal["play_started"]
    leader: int


class PlayedEvent(PlayView):
    type: Literal["played"]


class TrickWonEvent(TrickView):
    type: Literal["trick_won"]


class DealOverEvent(TypedDict):
    type: Literal["deal_over"]
    summary: DealSummary


Event = (BidView | PassedEvent | RedealEvent | DeclarerEvent | DiscardedEvent | PileDealtEvent | TargetSetEvent
         | PlayStartedEvent | PlayedEvent | TrickWonEvent | DealOverEvent | DealStartedEvent | GameOverEvent)


# --- the hint's outcomes in words (pygames_core/ai/bot.py, `Bot.outcome`) ------------------------------

def deal_outcome(summary: DealSummary, seat: int) -> Words:
    """Where `seat`'s points for the deal of `summary` (its captured sets) place it at the table."""
    place, shared, last = placing(summary["points"], seat)
    tie_en, tie_ja = (", shared", "同点") if shared else ("", "")
    if last:
        return Words(f"your captured sets score the fewest points of the deal{tie_en}",
                     f"獲得したセットの得点がこのディールで{tie_ja}最下位になる")
    rank_en = "most" if place == 1 else f"{ORDINALS[place - 1]} most"
    return Words(f"your captured sets score the {rank_en} points of the deal{tie_en}",
                 f"獲得したセットの得点がこのディールで{tie_ja}{place}位になる")
