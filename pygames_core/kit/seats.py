"""Seats and turn order: seats are ints from 0, clockwise; teams are {0, 2} and {1, 3}."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat `steps` places clockwise (to the left) of `seat`."""
    return (seat + steps) % players


def right_of(seat: int, players: int, steps: int = 1) -> int:
    return (seat - steps) % players


def clockwise_from(seat: int, players: int) -> list[int]:
    """All seats in clockwise order, starting with `seat` itself."""
    return [(seat + i) % players for i in range(players)]


def team_of(seat: int) -> int:
    """Team 0 is seats 0 and 2, team 1 is seats 1 and 3 (partners sit opposite)."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The partner sitting opposite in a four-player team game."""
    return (seat + 2) % 4


class SecretChoices(Generic[T]):
    """A simultaneous secret choice (e.g. partners passing cards at once), taken one seat at a time.

    Each choice stays face down until every seat has chosen: views may show who has chosen
    (`chosen_by`) but only a seat's own choice, so a later chooser learns nothing from an earlier one.
    """

    __slots__ = ("choices",)

    def __init__(self, players: int) -> None:
        self.choices: list[T | None] = [None] * players

    def next_chooser(self, order: Sequence[int]) -> int | None:
        """The first seat in `order` still to choose; None once everyone has."""
        choices = self.choices
        for seat in order:  # a loop, not next() over a generator: asked at every step of an exchange
            if choices[seat] is None:
                return seat
        return None

    def choose(self, seat: int, choice: T) -> None:
        if self.choices[seat] is not None:
            raise ValueError(f"seat {seat} has already chosen")
        self.choices[seat] = choice

    @property
    def complete(self) -> bool:
        return None not in self.choices  # all(choice is not None ...), in C: the choices never equal None

    def chosen_by(self) -> list[bool]:
        return [choice is not None for choice in self.choices]

    def copy(self) -> SecretChoices[T]:
        twin: SecretChoices[T] = SecretChoices(len(self.choices))
        twin.choices = list(self.choices)
        return twin


class Turns(Protocol):
    """A game state that names the seat to move, or None once the game is over."""

    @property
    def current(self) -> int | None: ...


def mover(state: Turns) -> int:
    """The seat to move, as the int a state's lists are indexed by; a finished game has none (ValueError)."""
    seat = state.current
    if seat is None:
        raise ValueError("the game is over: no one is to move")
    return seat
