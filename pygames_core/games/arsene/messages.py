"""Arsène's messages with the page, as TypedDicts of their JSON: the actions it accepts (legal_actions
lists them, the page sends one back), the events an action causes, and what a seat sees (the view, with
a finished trick, a store, a deal's summary). The rules are `Rules[ArseneState, Action, Event,
ArseneView]` (rules.py).

Then the words for the hint (pygames_core/ai/bot.py, `Bot.outcome` and `Bot.blind_choice`): how a deal
ends for a player, in the terms of its summary (the store robbed with the tricks taken, a collision,
the police), and the edge card chosen blind."""

from __future__ import annotations

from typing import Literal, TypedDict

from pygames_core.ai.bot import Words
from pygames_core.kit.tricks import DealStartedEvent, DealtView, GameOverEvent, PlayView

# --- the actions, as legal_actions lists them and the page sends one back -----------------------------

class ChooseAction(TypedDict):
    """The edge card turned up at a deal's start: one of the three face-down cards, by its place."""

    type: Literal["choose"]
    index: int


class PlayAction(TypedDict):
    type: Literal["play"]
    card: str


class KeepAction(TypedDict):
    """The trick's winner keeps it."""

    type: Literal["keep"]


class PushAction(TypedDict):
    """The trick's winner pushes it onto the one seat it may (the nearest clockwise with as many tricks)."""

    type: Literal["push"]
    to: int


Action = ChooseAction | PlayAction | KeepAction | PushAction


# --- what the table shows -----------------------------------------------------------------------------

class Take(TypedDict):
    """A store robbed at a deal's end: by whom, which store (a trick count) and how many chips."""

    seat: int
    store: int
    chips: int


class Exchange(TypedDict):
    """Contest mode: the chips of the seats that collided, before and after they changed hands."""

    seats: list[int]
    before: list[int]
    after: list[int]


class DealSummary(TypedDict):
    """A finished deal as the `deal_over` event and the views' `deals` show it."""

    deal: int
    dealer: int
    tricks: list[int]
    takes: list[Take]
    collisions: list[list[int]]  # the seats of each trick count more than one player reached
    caught: list[int]
    exchanges: list[Exchange]
    void_deal: bool  # all four were caught: the deal counts for nothing
    chips_after: list[int]
    contest: bool


class ArseneTrickView(TypedDict):
    """A finished trick (ArseneTrick.taken_view): who won it and who took it (pushed onto, or the winner)."""

    leader: int
    plays: list[PlayView]
    winner: int
    taker: int


class EdgeCardView(TypedDict):
    """One of the three edge cards: face down (card None) until it is chosen."""

    card: str | None
    face_up: bool  # chosen and black: trump is diamonds for the deal
    chosen: bool


class PushView(TypedDict):
    winner: int | None  # the trick's winner, who decides
    target: int | None  # the seat it may be pushed onto


class RobberyView(TypedDict):
    seat: int
    chips: int
    deal: int


class StoreView(TypedDict):
    store: int  # 1 to 5
    card: str  # the diamond that marks it
    groups: list[int]  # its chip groups left, taken smallest first
    chips: int
    robbed: list[RobberyView]


class ArseneView(DealtView):
    """What one seat sees (seat None: a spectator, who sees no hand)."""

    advanced: bool
    contest: bool
    trump: str | None
    table: list[EdgeCardView]
    trick: list[PlayView]
    played: list[ArseneTrickView]  # the deal's finished tricks
    out_of_play: list[str]
    push: PushView | None
    voids: list[list[str]]
    stores: list[StoreView]
    chips: list[int]
    confiscated: int
    deals: list[DealSummary]


# --- the events an action causes ----------------------------------------------------------------------

class ChosenEvent(TypedDict):
    type: Literal["chosen"]
    seat: int
    index: int
    card: str
    trump: str | None


class PlayedEvent(PlayView):
    type: Literal["played"]


class TrickWonEvent(TypedDict):
    type: Literal["trick_won"]
    winner: int
    trick: int  # its number in the deal, from 1
    cards: list[PlayView]
    push_to: int | None  # the seat the winner may push it onto, if any


class KeptEvent(TypedDict):
    type: Literal["kept"]
    seat: int
    forced: bool  # no seat to push it onto


# "from" is a Python keyword: the functional form
PushedEvent = TypedDict("PushedEvent", {"type": Literal["pushed"], "from": int, "to": int})


class DealOverEvent(TypedDict):
    type: Literal["deal_over"]
    summary: DealSummary


Event = (ChosenEvent | PlayedEvent | TrickWonEvent | KeptEvent | PushedEvent | DealOverEvent | DealStartedEvent
         | GameOverEvent)


# --- the hint's words ---------------------------------------------------------------------------------

# the three edge cards lie face down: nothing the chooser sees tells them apart
BLIND_EDGE_CARD = Words("any of the three will do: they are face down, and you cannot see them",
                        "3枚とも伏せられていて見えないので、どれを選んでも同じです")


def deal_outcome(summary: DealSummary, seat: int) -> Words:
    """How the deal of `summary` ended for `seat`: the store its trick count named, and what came of it."""
    if summary["void_deal"]:
        return Words("all four are caught by the police: the deal does not count",
                     "4人全員がポリスに捕まり、このディールはノーカウントになる")
    tricks = summary["tricks"][seat]
    on = f"you end on {tricks_en(tricks)}"
    if seat in summary["caught"]:
        return Words(f"{on} and are caught by the police at empty store {tricks}",
                     f"{tricks}トリックで終わり、空の店{tricks}でポリスに捕まる")
    if any(take["seat"] == seat for take in summary["takes"]):
        return Words(f"{on} and rob store {tricks}", f"{tricks}トリックで終わり、店{tricks}から盗む")
    if any(seat in seats for seats in summary["collisions"]) and tricks:
        return Words(f"{on} with another thief: a collision at store {tricks}, nothing taken",
                     f"{tricks}トリックで他の泥棒とバッティングし、店{tricks}から何も取れない")
    if tricks == 0:
        return Words("you take no trick and rob nothing", "トリックを1つも取らず、何も盗めない")
    return Words(f"{on}, more than any store's number, and rob nothing",
                 f"{tricks}トリックで終わり、どの店の番号より多いので何も盗めない")


def tricks_en(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"
