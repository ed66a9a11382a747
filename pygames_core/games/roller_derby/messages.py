"""Roller Derby's messages with the page, as TypedDicts of their JSON: the actions it accepts
(legal_actions lists them, the page sends one back), the events an action causes, and what they show
of the table (a play, a finished trick, a deal's summary), and what a seat sees (the view). The rules
are `Rules[RollerDerbyState, Action, Event, RollerDerbyView]` (rules.py).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from pygames_core.ai.bot import Words
from pygames_core.kit.tricks import DealStartedEvent, DealtView, GameOverEvent

# --- the actions, as legal_actions lists them and the page sends one back -----------------------------

class RollAction(TypedDict):
    type: Literal["roll"]


class GiveAction(TypedDict):
    """One of the three cards for the partner, set aside face down."""

    type: Literal["give"]
    card: str


class TrumpAction(TypedDict):
    type: Literal["trump"]
    suit: str  # S, H, D, C or NO_TRUMP


class BuyAction(TypedDict):
    type: Literal["buy"]
    jokers: int  # 0 to MAX_JOKERS


class DiscardAction(TypedDict):
    """A card that pays for a joker bought, face down."""

    type: Literal["discard"]
    card: str


class DeclareAction(TypedDict):
    type: Literal["declare"]
    all_or_nothing: bool


class PlayAction(TypedDict):
    type: Literal["play"]
    card: str
    suit: NotRequired[str]  # a joker's: the suit it is played as
    rank: NotRequired[str]  # a joker's: HIGH or LOW


Action = RollAction | GiveAction | TrumpAction | BuyAction | DiscardAction | DeclareAction | PlayAction


# --- what the table shows -----------------------------------------------------------------------------

class PlayView(TypedDict):
    """One card on the table as views and events show it; a joker also says the rank it was declared."""

    seat: int
    card: str
    suit: str
    rank: NotRequired[str]  # HIGH or LOW, for a joker only


class TrickView(TypedDict):
    """A finished trick (DerbyTrick.to_view, on kit's CompletedTrick)."""

    trick: int  # its number in the deal, from 1
    leader: int
    plays: list[PlayView]
    winner: int


class DealSummary(TypedDict):
    """A finished deal, as the `deal_over` event and the view's "deals" show it."""

    deal: int
    dealer: int
    roller: int
    rolling_team: int
    dice: list[int]
    target: int
    trump: str | None
    all_or_nothing: bool
    jokers: int  # how many the roller bought
    tricks: int  # the rolling team's
    tricks_by_seat: list[int]
    points: int  # for the tricks
    joker_cost: int
    score: int  # points less the jokers' cost
    team_scores: list[int]


class OptionsView(TypedDict):
    deals: int
    jokers: bool
    d12: bool
    privilege: bool


class RollerDerbyView(DealtView):
    """What one seat sees (seat None: a spectator, who sees no hand)."""

    options: OptionsView
    deals_total: int
    roller: int
    rolling_team: int
    dice: list[int]
    target: int | None
    trump: str | None  # a suit or NO_TRUMP once named
    jokers_bought: int
    joker_price: int  # points a joker costs
    discards: list[str] | None  # the roller's only
    discard_count: int
    all_or_nothing: bool | None
    chosen: list[bool]  # who has set their exchange cards aside
    exchanged: list[bool]  # by team
    pass_size: int  # cards a seat sets aside for its partner
    gave: list[str] | None  # this seat's cards for its partner (so far, while choosing)
    received: list[str] | None
    trick: list[PlayView]
    rolling_tricks: int
    played: list[TrickView]  # the deal's finished tricks
    out_of_play: list[str]
    voids: list[list[str]]
    team_scores: list[int]
    deals: list[DealSummary]


# --- the events an action causes ----------------------------------------------------------------------

class RolledEvent(TypedDict):
    type: Literal["rolled"]
    seat: int
    dice: list[int]
    target: int | None


class SetAsideEvent(TypedDict):
    type: Literal["set_aside"]
    seat: int
    count: int  # how many cards the seat has set aside so far (face down)


class GaveEvent(TypedDict):
    """A seat's three cards are chosen; which they are stays secret."""

    type: Literal["gave"]
    seat: int


class CardsPassedEvent(TypedDict):
    type: Literal["cards_passed"]
    team: int


class TrumpNamedEvent(TypedDict):
    type: Literal["trump_named"]
    seat: int
    trump: str | None  # a suit or NO_TRUMP


class JokersBoughtEvent(TypedDict):
    type: Literal["jokers_bought"]
    seat: int
    jokers: int
    cost: int


class DiscardedEvent(TypedDict):
    """A card paid for a joker, face down."""

    type: Literal["discarded"]
    seat: int


class DeclaredEvent(TypedDict):
    type: Literal["declared"]
    seat: int
    all_or_nothing: bool | None


class PlayedEvent(PlayView):
    type: Literal["played"]


class TrickWonEvent(TrickView):
    type: Literal["trick_won"]
    rolling_tricks: int


class DealOverEvent(TypedDict):
    type: Literal["deal_over"]
    summary: DealSummary


class DerbyDealStartedEvent(DealStartedEvent):
    roller: int  # the new deal's


Event = (RolledEvent | SetAsideEvent | GaveEvent | CardsPassedEvent | TrumpNamedEvent | JokersBoughtEvent
         | DiscardedEvent | DeclaredEvent | PlayedEvent | TrickWonEvent | DealOverEvent | DerbyDealStartedEvent
         | GameOverEvent)


# --- the hint's outcomes in words (pygames_core/ai/bot.py, `Bot.outcome`) ------------------------------

def deal_outcome(summary: DealSummary, rolling: bool) -> Words:
    """How the deal of `summary` ended against the rolling team's target, said to a player of the
    rolling team (`rolling`) or of the defenders (who never score: they aim to push the rollers off it)."""
    team = ("your team", "あなたのチーム") if rolling else ("the rolling team", "ローラーチーム")
    tricks, target = summary["tricks"], summary["target"]
    if summary["all_or_nothing"]:
        made = summary["points"] > 0  # all 13 or none score 150, anything else 0
        return Words(f"{team[0]} {'makes' if made else 'fails'} its All or Nothing",
                     f"{team[1]}のオール・オア・ナッシングが{'成功する' if made else '失敗する'}")
    # only the distance from the target scores (10 points less per trick off), so over and under are one
    off, points = abs(tricks - target), summary["points"]
    if off == 0:
        return Words(f"{team[0]} takes exactly its {target} tricks: {points} points",
                     f"{team[1]}がちょうど目標の{target}トリックを取る（{points}点）")
    by = "1 trick" if off == 1 else f"{off} tricks"
    return Words(f"{team[0]} misses its target of {target} by {by}: {points} points",
                 f"{team[1]}が目標の{target}トリックを{off}トリック外す（{points}点）")
