"""Arsène's state: the rules' constants (the hands, the trump suit, the five jewel stores and their chip
groups), a finished trick, the state of a deal and the game, and how a deal is dealt. The rules that
change it are pygames_core/games/arsene/rules.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from pygames_core.engine.rng import Rng
from pygames_core.games.arsene.messages import ArseneTrickView, DealSummary
from pygames_core.kit.cards import Card, card, deal_clockwise, french_deck
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import left_of
from pygames_core.kit.tricks import CompletedTrick, Trick

GAME_ID = "arsene"
PLAYERS = 4
HAND_SIZE = 11
TRUMP = "D"
# The five stores are the diamonds A..5; their chip groups are taken smallest first.
STORE_GROUPS: tuple[tuple[int, ...], ...] = ((1, 1, 1), (1, 2, 3), (1, 3, 5), (1, 2, 3), (1, 1, 1))
TOTAL_CHIPS = sum(map(sum, STORE_GROUPS))  # 27
STORE_MARKS = ("AD", "2D", "3D", "4D", "5D")  # the card that marks each store, store 1 first
STORE_CARDS = frozenset(card(code) for code in STORE_MARKS)
PLAY_DECK = tuple(c for c in french_deck() if c not in STORE_CARDS)  # 47 cards


class Phase(StrEnum):
    """The phases of a deal, as the views name them: the edge card is chosen, tricks are played, a
    trick's winner decides whether to push it on; then the game is over."""

    CHOOSE = "choose"
    PLAY = "play"
    PUSH = "push"
    OVER = "over"


# The phases by plain names, for the hot paths: reading a member off the enum class (`Phase.PLAY`) costs
# about 0.3 µs in CPython 3.11, and the bots' play-outs read the phase at every step.
CHOOSE, PLAY, PUSH, OVER = Phase.CHOOSE, Phase.PLAY, Phase.PUSH, Phase.OVER


@dataclass(frozen=True, slots=True)
class ArseneTrick(CompletedTrick[Card]):
    """A finished trick as Arsène keeps it: also who took it (its winner, or the player it was pushed
    onto). Its view (`taken_view`) shows no trick number: the record is the deal's tricks in order."""

    taker: int

    def taken_view(self) -> ArseneTrickView:
        return {"leader": self.leader, "plays": self.plays_view(), "winner": self.winner, "taker": self.taker}


@dataclass(slots=True)
class ArseneState:
    advanced: bool
    rng: Rng
    dealer: int
    deal: int = 1
    # a Phase; typed str as kit.tricks.DealtState reads and end_game writes it (the JSON string either way)
    phase: str = Phase.CHOOSE
    hands: list[list[Card]] = field(default_factory=list)
    table: list[Card] = field(default_factory=list)  # the three edge cards
    chosen: int | None = None
    trump: str | None = None
    leader: int = 0
    trick: Trick[Card] = field(default_factory=lambda: Trick(0))
    tricks: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    completed: list[ArseneTrick] = field(default_factory=list)
    out_of_play: set[Card] = field(default_factory=set)  # cards in finished tricks this deal
    push_from: int | None = None
    push_to: int | None = None
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    stores: list[list[int]] = field(default_factory=lambda: [list(g) for g in STORE_GROUPS])
    robbed: list[list[tuple[int, int, int]]] = field(default_factory=lambda: [[] for _ in STORE_GROUPS])
    chips: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    confiscated: int = 0
    contest: bool = False  # contest mode in force for this deal
    summaries: list[Frozen[DealSummary]] = field(default_factory=list)
    end_reason: str | None = None  # "police" or "stores_empty"
    caught: list[int] = field(default_factory=list)
    # the cards no one has seen played or turned up, every hand's and the face-down edge cards', as one int
    # (Card.bit; set with the hands, by `hidden_cards`): kept for the bots' policy, which reads the cards a
    # seat cannot place at every step of a play-out (bot.py's _unseen_higher)
    hidden: int = 0

    @property
    def current(self) -> int | None:
        phase = self.phase
        if phase == PLAY:
            return (self.trick.leader + len(self.trick.plays)) % PLAYERS
        if phase == CHOOSE:
            return left_of(self.dealer, PLAYERS)
        if phase == PUSH:
            return self.push_from
        return None



def copy_state(state: ArseneState) -> ArseneState:
    """A copy to change apart from `state` (ArseneRules.copy_state; the sampled states' too). The finished
    tricks and the deal summaries are frozen records, shared."""
    return ArseneState(
        advanced=state.advanced, rng=state.rng.copy(), dealer=state.dealer, deal=state.deal,
        phase=state.phase, hands=[list(h) for h in state.hands], table=list(state.table),
        chosen=state.chosen, trump=state.trump, leader=state.leader, trick=state.trick.copy(),
        tricks=list(state.tricks), completed=list(state.completed), out_of_play=set(state.out_of_play),
        push_from=state.push_from, push_to=state.push_to, voids=[set(v) for v in state.voids],
        stores=[list(s) for s in state.stores], robbed=[list(r) for r in state.robbed],
        chips=list(state.chips), confiscated=state.confiscated, contest=state.contest,
        summaries=list(state.summaries), end_reason=state.end_reason, caught=list(state.caught),
        hidden=state.hidden,
    )


def start_deal(state: ArseneState) -> None:
    deck = list(PLAY_DECK)
    state.rng.shuffle(deck)
    first = left_of(state.dealer, PLAYERS)
    state.hands = deal_clockwise(deck, first, PLAYERS, HAND_SIZE)
    state.table = deck[PLAYERS * HAND_SIZE:]
    reset_deal(state, first)
    state.hidden = hidden_cards(state)


def hidden_cards(state: ArseneState) -> int:
    """The cards in the hands and the face-down edge cards, as one int (ArseneState.hidden)."""
    face_down = [c for i, c in enumerate(state.table) if i != state.chosen]
    return sum(c.bit for c in [*(c for hand in state.hands for c in hand), *face_down])


def reset_deal(state: ArseneState, leader: int) -> None:
    state.phase = Phase.CHOOSE
    state.chosen = None
    state.trump = None
    state.leader = leader
    state.trick = Trick(leader)
    state.tricks = [0] * PLAYERS
    state.completed = []
    state.out_of_play = set()
    state.push_from = state.push_to = None
    state.voids = [set() for _ in range(PLAYERS)]
