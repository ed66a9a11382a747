"""Seats and turn order: seats are ints from 0, clockwise; teams are {0, 2} and {1, 3}."""

from __future__ import annotations


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
