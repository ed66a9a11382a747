"""Dominuxen's messages with the page, as TypedDicts of their JSON (docs/games/dominuxen.md): the actions
it accepts (legal_actions lists them, the page sends one back), the events an action causes, and what a
seat sees (the view, with a played set, a snatch being settled, a finished game's summary). The rules
are `Rules[DominuxenState, DominuxenAction, DominuxenEvent, DominuxenView]` (rules.py).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from pygames_core.kit.tricks import GameOverEvent

# --- the actions, as legal_actions lists them and the page sends one back -----------------------------

class PlayAction(TypedDict):
    """Play a set: the number its tiles stand for, the tiles in hand order, and (the doubles rule
    only) the doubles played as two."""

    type: Literal["play"]
    number: int
    tiles: list[str]
    doubled: NotRequired[list[str]]


class AnswerAction(TypedDict):
    """The attacker's answer to a hit (take or decline), then the victim's (take back or discard)."""

    type: Literal["take", "decline", "take_back", "discard"]


class DrawAction(TypedDict):
    """Draw one tile to replace a lost set: a display tile by its code, or the supply's top."""

    type: Literal["draw"]
    source: Literal["display", "supply"]
    tile: NotRequired[str]


DominuxenAction = PlayAction | AnswerAction | DrawAction


# --- what the table shows -----------------------------------------------------------------------------

class SetView(TypedDict):
    """A played set in the view and the events."""

    number: int
    tiles: list[str]
    doubled: list[str]
    size: int


class GameSummary(TypedDict):
    """A finished game of the match (the game_ended event's and the view's finished_games)."""

    game: int
    first_player: int
    reason: str  # "hand_empty" or "middle_empty"
    ended_by: int | None  # who emptied their hand, or drew the middle's last tile
    scores: list[int]
    totals: list[int]
    rows: list[int]  # each seat's row points
    hands: list[list[str]]  # the tiles left in each hand


class SnatchView(TypedDict):
    """The snatch being settled: who hit whom with which set, and how far the check has gone."""

    attacker: int
    victim: int | None
    played: SetView
    target: SetView | None  # None while the victim draws: the set has left its row
    checked: list[int]
    draws_left: int


class DominuxenView(TypedDict):
    """What a seat sees: its own hand, the others' hand sizes and known tiles, and the table."""

    game: str
    seat: int | None
    players: int
    phase: str  # a Phase's string
    current_player: int | None
    doubles: bool
    highest_number: int  # the numbers run from 0 to this
    games: int  # games in the match
    game_number: int
    first_player: int
    turn: int
    turn_number: int
    hand: list[str] | None  # None for a spectator
    hand_sizes: list[int]
    known: list[list[str]]  # per seat, the tiles everyone saw go into its hand
    rows: list[list[SetView]]  # topmost set last
    display: list[str]
    supply_size: int
    discard: list[str]
    snatch: SnatchView | None
    row_points: list[int]
    totals: list[int]  # the match's, before this game
    finished_games: list[GameSummary]



# --- the events an action causes ----------------------------------------------------------------------

class PlayedEvent(TypedDict):
    type: Literal["played"]
    seat: int
    set: SetView


class HitEvent(TypedDict):
    type: Literal["hit"]
    attacker: int
    victim: int
    set: SetView  # the victim's topmost set


class TurnEvent(TypedDict):
    type: Literal["turn"]
    seat: int
    turn: int  # the turn's number


class TakenEvent(TypedDict):
    type: Literal["taken"]
    attacker: int
    victim: int
    tiles: list[str]


class DeclinedEvent(TypedDict):
    type: Literal["declined"]
    attacker: int
    victim: int


class LostSetEvent(TypedDict):
    """The victim took its set back, or discarded it."""

    type: Literal["taken_back", "discarded"]
    seat: int
    tiles: list[str]


class DrewEvent(TypedDict):
    type: Literal["drew"]
    seat: int
    source: Literal["display", "supply"]
    tile: NotRequired[str]  # a display tile (a supply tile stays hidden)
    forced: bool  # the only possible source: drawn without asking


class RefilledEvent(TypedDict):
    type: Literal["refilled"]
    tiles: list[str]


class GameEndedEvent(TypedDict):
    type: Literal["game_ended"]
    summary: GameSummary


class GameStartedEvent(TypedDict):
    type: Literal["game_started"]
    game: int
    first_player: int


DominuxenEvent = (PlayedEvent | HitEvent | TurnEvent | TakenEvent | DeclinedEvent | LostSetEvent | DrewEvent
                  | RefilledEvent | GameEndedEvent | GameStartedEvent | GameOverEvent)
