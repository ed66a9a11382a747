"""On Schedule's messages with the page, as TypedDicts of their JSON: the actions it accepts
(legal_actions lists them, the page sends one back), the events an action causes, and what a seat sees
(the view, with the schedule row, a finished trick face up or turned over, a deal's summary; the
doubling cube's are kit/match.py's). The rules are `Rules[OnScheduleState, Action, Event,
OnScheduleView]` (rules.py).

Then the words for the hint (pygames_core/ai/bot.py, `Bot.outcome`): how a deal ends for a player's
team, in the terms of its summary (the team's points against the other team's, the victory point they
decide)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final

from pygames_core.ai.bot import Words
from pygames_core.kit.match import CubeAction, CubeEvent, CubeView, MatchView
from pygames_core.kit.seats import team_of
from pygames_core.kit.tricks import DealStartedEvent, DealtView, GameOverEvent, PlayView, TrickView

# --- the actions, as legal_actions lists them and the page sends one back -----------------------------

class VoteAction(TypedDict):
    """A vote for trump: the suit of a card of the voter's schedule pile (the pile's card of it is cast)."""

    type: Literal["vote"]
    suit: str


class GiveAction(TypedDict):
    """The two cards for the partner, in hand order."""

    type: Literal["give"]
    cards: list[str]


class PlayAction(TypedDict):
    type: Literal["play"]
    card: str


Action = VoteAction | GiveAction | PlayAction | CubeAction


# --- what the table shows -----------------------------------------------------------------------------

@final  # so that `"card" in entry` tells it from a FaceDownRowCard
class RowCard(TypedDict):
    """One card of the schedule row as views and events show it: trick i's trump and who cast it."""

    trick: int
    card: str
    suit: str
    seat: int


class DealSummary(TypedDict):
    """A finished deal as the `deal_over` event and the views' `deals` show it."""

    deal: int
    dealer: int
    row: list[RowCard]
    special: list[int]
    points: list[int]  # each seat's, doubling included
    tricks: list[int]
    team_points: list[int]
    winner_team: int | None
    victory_points: list[int]
    stake: NotRequired[int]  # with the cube: the victory points the deal was played for
    passed: NotRequired[bool]  # with the cube: whether it ended at a pass


@final
class FaceDownRowCard(TypedDict):
    """A card of the schedule row turned over with its trick (the table view, without show_played)."""

    trick: int
    face_down: Literal[True]


@final  # so that `"plays" in trick` tells it from a FaceDownTrickView
class OnScheduleTrickView(TrickView):
    """A finished trick face up (OnScheduleTrick.to_view): its points as scored, doubling included."""

    points: int
    doubled: bool


@final
class FaceDownTrickView(TypedDict):
    """A finished trick turned over (OnScheduleTrick.face_down_view): its point cards face up in front of
    the winner, the rest face down."""

    trick: int
    winner: int
    points: int
    doubled: bool
    point_cards: list[str]
    face_down: int  # how many cards lie face down


class VoteView(TypedDict):
    seat: int
    card: str
    suit: str


class OnScheduleView(DealtView):
    """What one seat sees (seat None: a spectator, who sees no hand). The table view turns finished tricks
    over (all but the last) with their row cards, and leaves out `out_of_play` and `voids`; what the seat
    remembers (Rules.remembered_view), or the table with the show_played assist, has them all face up."""

    show_played: bool  # the assist: finished tricks stay face up
    target: int  # victory points that win the match
    victory_points: list[int]  # by team
    piles: list[list[str]]  # each seat's schedule pile
    votes: list[VoteView]
    row: list[RowCard | FaceDownRowCard]
    special: list[int]  # each seat's special trick (0: none yet)
    trump: str | None
    chosen: list[bool] | None  # while giving: who has set their two cards aside
    gave: list[str] | None
    received: list[str] | None
    trick: list[PlayView]
    points: list[int]
    played: list[OnScheduleTrickView | FaceDownTrickView]
    out_of_play: NotRequired[list[str]]
    voids: NotRequired[list[list[str]]]
    deals: list[DealSummary]
    cube: NotRequired[CubeView]  # with the cube only
    match: NotRequired[MatchView]


# --- the events an action causes ----------------------------------------------------------------------

class VotedEvent(TypedDict):
    type: Literal["voted"]
    seat: int
    vote: int  # its number, from 1
    suit: str
    card: str  # the card cast


class ScheduleEvent(TypedDict):
    """The 13 votes shuffled into the schedule row."""

    type: Literal["schedule"]
    row: list[RowCard]
    special: list[int]


class GaveEvent(TypedDict):
    """A seat's two cards are set aside; which they are stays secret."""

    type: Literal["gave"]
    seat: int


class CardsPassedEvent(TypedDict):
    type: Literal["cards_passed"]
    leader: int


class PlayedEvent(PlayView):
    type: Literal["played"]


class TrickWonEvent(TypedDict):
    type: Literal["trick_won"]
    trick: int
    leader: int
    plays: list[PlayView]
    winner: int
    points: int
    doubled: bool


class PassedEvent(TypedDict):
    """A double declined: the deal ends, the doubling team wins it."""

    type: Literal["passed"]
    seat: int
    side: int


class DealOverEvent(TypedDict):
    type: Literal["deal_over"]
    summary: DealSummary


Event = (VotedEvent | ScheduleEvent | GaveEvent | CardsPassedEvent | PlayedEvent | TrickWonEvent | PassedEvent
         | DealOverEvent | CubeEvent | DealStartedEvent | GameOverEvent)


# --- the hint's words ---------------------------------------------------------------------------------


def deal_outcome(summary: DealSummary, seat: int) -> Words:
    """Which team the deal of `summary` went to, as `seat`'s team sees it."""
    if summary["winner_team"] is None:
        return Words("the teams tie on points: no victory point", "両チーム同点で、勝利点はどちらにも入らない")
    if summary["winner_team"] == team_of(seat):
        return Words("your team takes more points and wins the deal's victory point",
                     "あなたのチームが多く得点し、このディールの勝利点を取る")
    return Words("the other team takes more points and wins the deal's victory point",
                 "相手チームが多く得点し、このディールの勝利点を取る")
