"""Chains' messages with the page, as TypedDicts of their JSON: the actions it accepts (legal_actions
lists them, the page sends one back), the events an action causes, and what a seat sees (the view:
every table and the end-card area; the doubling cube's messages are kit/match.py's). The rules are
`Rules[ChainsState, Action, Event, ChainsView]` (rules.py).

Then the words for the hint (pygames_core/ai/bot.py, `Bot.outcome`): how a game ends for a player — in
the solitaire the runs closed or the penalty (the end cards left); with several players the placing by
points (pygames_core/ai/outcomes.py)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from pygames_core.ai.bot import Words
from pygames_core.kit.match import (
    CrawfordGameEvent,
    CubeAction,
    CubeView,
    DoubledEvent,
    MatchOverEvent,
    MatchView,
    StakeWonEvent,
    TakenEvent,
)
from pygames_core.kit.tricks import GameOverEvent

# --- the actions, as legal_actions lists them and the page sends one back -----------------------------

class DrawAction(TypedDict):
    """Turn up the top card of the seat's deck."""

    type: Literal["draw"]


class PlaceAction(TypedDict):
    """The card turned up onto the work pile, or onto a holding slot."""

    type: Literal["place"]
    to: Literal["work", "slot"]
    slot: NotRequired[int]  # with "slot": which one


class MoveAction(TypedDict):
    """The top card of a holding slot onto the work pile."""

    type: Literal["move"]
    slot: int


class CloseAction(TypedDict):
    """The work pile closed by the seat's end card one below its top."""

    type: Literal["close"]
    end: int


Action = DrawAction | PlaceAction | MoveAction | CloseAction | CubeAction


# --- what the table shows -----------------------------------------------------------------------------

class EndCardView(TypedDict):
    """One number of the end-card area: the seats that may still take it, those that took it."""

    number: int
    open: list[int]
    taken_by: list[int]
    locked: bool


class TableView(TypedDict):
    """One player's table as every seat sees it: the deck by its unseen counts, not its order."""

    deck: int
    unseen: dict[str, int]  # number (a JSON key, so a string) -> copies still in the deck
    drawn: int | None
    work: list[int]
    slots: list[list[int]]
    ends: list[int]
    taken: list[int]
    discard: list[int]
    dead: list[list[int]]
    left: bool
    score: int


class ChainsView(TypedDict):
    """What a seat sees: every table and the end-card area; with the cube, the cube and the match."""

    game: str
    seat: int | None
    players: int
    solitaire: bool
    slots: int  # holding slots per player
    current_player: int | None
    over: bool
    threshold: int | None  # end cards of one number taken before the rest sell out (expansion only)
    end_cards: list[EndCardView]
    tables: list[TableView]
    leaving_order: list[int]
    cube: NotRequired[CubeView]  # with the cube only
    match: NotRequired[MatchView]
    turn_start: NotRequired[bool]  # the player to move has not acted yet this turn (a double is allowed)



# --- the events an action causes ----------------------------------------------------------------------

class DrawnEvent(TypedDict):
    type: Literal["drawn"]
    seat: int
    card: int


class PlacedEvent(TypedDict):
    type: Literal["placed"]
    seat: int
    card: int
    to: Literal["work", "slot"]
    slot: NotRequired[int]


class MovedEvent(TypedDict):
    type: Literal["moved"]
    seat: int
    card: int
    slot: int


class ChainEvent(TypedDict):
    """A run closed: the work pile and its end card to the seat's discard."""

    type: Literal["chain"]
    seat: int
    end: int
    cards: list[int]
    points: int  # 0 in the solitaire


class SoldOutEvent(TypedDict):
    type: Literal["sold_out"]
    number: int
    locked: list[int]  # the seats whose end card of that number can no longer be taken


class TurnEvent(TypedDict):
    type: Literal["turn"]
    seat: int


class DeadPileEvent(TypedDict):
    """A work pile that can no longer be closed, put aside."""

    type: Literal["dead_pile"]
    seat: int
    cards: list[int]


class LeftEvent(TypedDict):
    type: Literal["left"]
    seat: int
    reason: Literal["no_end_cards", "no_action"]


class PassedEvent(TypedDict):
    """A double declined: the game ends, won by the doubler."""

    type: Literal["passed"]
    seat: int
    side: int


class ChainsStakeWonEvent(StakeWonEvent):
    game_scores: list[int]  # the points of the game that ended, by seat


class GameStartedEvent(TypedDict):
    """The next game of a match dealt."""

    type: Literal["game_started"]
    game: int
    seat: int  # who begins


Event = (DrawnEvent | PlacedEvent | MovedEvent | ChainEvent | SoldOutEvent | TurnEvent | DeadPileEvent | LeftEvent
         | PassedEvent | DoubledEvent | TakenEvent | ChainsStakeWonEvent | MatchOverEvent | CrawfordGameEvent
         | GameStartedEvent | GameOverEvent)


# --- the hint's words ---------------------------------------------------------------------------------

RUNS = 10  # a deal is ten runs, closed by the end cards 1 to 10


def solitaire_outcome(end_cards_taken: int) -> Words:
    """The solitaire's end: every run closed (a win), or the penalty of the end cards left."""
    left = RUNS - end_cards_taken
    if left == 0:
        return Words("you close all ten runs and win", "10組すべてを締めて勝つ")
    cards = "1 end card is" if left == 1 else f"{left} end cards are"
    return Words(f"you close {end_cards_taken} of the ten runs: {cards} left, a penalty of {left}",
                 f"10組のうち{end_cards_taken}組を締め、終端カードが{left}枚残る（失点{left}）")
