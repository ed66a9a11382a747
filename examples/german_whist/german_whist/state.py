"""German Whist's state and the card facts its rules and its view share (README.md, "Rules").

Cards are French card codes, rank then suit ("TD" is the ten of diamonds, "AS" the ace of spades);
aces are high. Seat 1 deals, so seat 0 leads the first trick.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RANKS = "23456789TJQKA"
SUITS = "SHDC"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
HAND_SIZE = 13
PLAYERS = 2


def rank(card: str) -> int:
    return RANKS.index(card[0])


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda card: (SUITS.index(card[1]), -rank(card)))


@dataclass(slots=True)
class WhistState:
    """Everything the game needs to go on. `stock[0]` is the stock's top card, face up while the stock
    lasts; `known[seat]` the cards a seat took face up from the stock and still holds (both players saw
    them); `voids[seat]` the suits a seat showed to be out of since it last drew a card unseen."""

    hands: list[list[str]]
    stock: list[str]
    trump: str
    leader: int = 0
    trick: list[tuple[int, str]] = field(default_factory=list)
    last_trick: list[tuple[int, str]] = field(default_factory=list)
    played: list[str] = field(default_factory=list)  # every card of a finished trick
    tricks: list[int] = field(default_factory=lambda: [0, 0])  # tricks won after the stock ran out
    known: list[list[str]] = field(default_factory=lambda: [[], []])
    voids: list[list[str]] = field(default_factory=lambda: [[], []])

    @property
    def to_move(self) -> int | None:
        if not any(self.hands):
            return None
        return (self.leader + len(self.trick)) % PLAYERS


def trick_winner(trick: list[tuple[int, str]], trump: str) -> int:
    """The seat that wins a finished trick: the highest trump, else the highest card of the suit led."""
    led = trick[0][1][1]
    seat, _ = max(trick, key=lambda play: (play[1][1] == trump, play[1][1] == led, rank(play[1])))
    return seat


def playable(hand: list[str], led: str | None) -> list[str]:
    """The cards a player may play: any when leading or out of the suit led, else a card of that suit."""
    following = [card for card in hand if card[1] == led]
    return following or list(hand)
