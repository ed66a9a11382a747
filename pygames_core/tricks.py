"""Trick-taking, written once: following suit, the winner, and voids shown in play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card


@dataclass(slots=True)
class Trick:
    """A trick in progress or complete: who led and the (seat, card) plays in order."""

    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)

    @property
    def led_suit(self) -> str | None:
        return self.plays[0][1].suit if self.plays else None

    def copy(self) -> Trick:
        return Trick(self.leader, list(self.plays))

    def to_view(self) -> list[dict]:
        return [{"seat": seat, "card": c.code} for seat, c in self.plays]


def playable_cards(hand: Sequence[Card], led_suit: str | None) -> list[Card]:
    """Must follow suit when able; otherwise (or when leading) any card."""
    if led_suit is not None:
        following = [c for c in hand if c.suit == led_suit]
        if following:
            return following
    return list(hand)


def trick_winner(plays: Sequence[tuple[int, Card]], trump: str | None) -> int:
    """The seat that wins: highest trump if any was played, else highest card of the led suit."""
    led = plays[0][1].suit
    best_seat, best = plays[0]
    for seat, c in plays[1:]:
        if c.suit == best.suit:
            if c.rank > best.rank:
                best_seat, best = seat, c
        elif c.suit == trump:  # a trump beats anything that is not a higher trump
            best_seat, best = seat, c
    assert best.suit in (led, trump)
    return best_seat


def record_play(trick: Trick, seat: int, played: Card, hand: list[Card], voids: set[str]) -> None:
    """Move a legal card from `hand` to the trick, noting in `voids` a suit the seat showed it lacks."""
    void = shows_void(trick.led_suit, played)
    if void:
        voids.add(void)
    hand.remove(played)
    trick.plays.append((seat, played))


def shows_void(led_suit: str | None, played: Card) -> str | None:
    """The suit a player has just shown to be out of, if their card did not follow."""
    if led_suit is not None and played.suit != led_suit:
        return led_suit
    return None
