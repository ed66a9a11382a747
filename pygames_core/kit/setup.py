"""Checks shared by every game's explicit set-ups (a position given to `new_game(setup=...)`)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pygames_core.engine.errors import BadSetup
from pygames_core.engine.rules import is_seat


def check_setup_keys(setup: dict[str, Any], known: Collection[str]) -> None:
    unknown = sorted(set(setup) - set(known))
    if unknown:
        raise BadSetup(f"unknown set-up keys {unknown}; known: {sorted(known)}")


def setup_seat(setup: dict[str, Any], key: str, default: int, players: int) -> int:
    seat = setup.get(key, default)
    if not is_seat(seat, players):
        raise BadSetup(f"{key} must be a seat 0-{players - 1}, not {seat!r}")
    return seat


def setup_deal(setup: dict[str, Any]) -> int:
    deal = setup.get("deal", 1)
    if type(deal) is not int or deal < 1:
        raise BadSetup(f"deal must be a number from 1, not {deal!r}")
    return deal
