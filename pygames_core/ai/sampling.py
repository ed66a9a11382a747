"""Dealing the cards a seat has not seen, for the bots' sampled states: at random, but only in ways
that fit everything the seat has seen (a suit a player showed to be out of, a bid that promised
cards of a kind)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import repeat
from typing import TypeVar

from pygames_core.engine.rng import Rng

Item = TypeVar("Item")
Holder = TypeVar("Holder", bound=Hashable)  # who may get an item: a seat, (seat, "hand"), ...


def deal_unseen(unseen: list[Item], capacity: dict[Holder, int], allowed: Callable[[Holder, Item], bool],
                rng: Rng, quick_tries: int = 0) -> dict[Holder, list[Item]]:
    """Deal `unseen` items at random to holders with fixed capacities, each item only to a holder
    `allowed` to have it (e.g. not a suit the holder showed to be out of).

    With `quick_tries`, plain shuffled deals are tried first and the first consistent one is kept:
    uniform over the consistent deals and much quicker while few constraints are known. Otherwise
    (or when they all miss) a random greedy deal is made, which satisfies the constraints almost
    always; when it paints itself into a corner, augmenting paths (Kuhn's bipartite matching) move
    earlier items to make room, so a consistent deal is always found when one exists. `allowed`
    must depend on its arguments alone: it is asked once per holder and item, not once per place.
    """
    # each holder's places, in capacity's order: a holder's places are alike, so `allowed` is asked once
    # per holder and item, not once per place
    spans: list[tuple[Holder, int, int]] = []
    places = 0
    for holder, n in capacity.items():
        if n:
            spans.append((holder, places, places + n))
        places += n
    if places != len(unseen):
        raise ValueError(f"{len(unseen)} unseen items for {places} places")
    for _ in range(quick_tries):
        shuffled = list(unseen)
        rng.shuffle(shuffled)
        # map: `allowed` asked of the same items in the same order as a generator would, stopping at the same miss
        if all(all(map(allowed, repeat(holder), shuffled[first:end])) for holder, first, end in spans):
            quick: dict[Holder, list[Item]] = {holder: [] for holder in capacity}
            for holder, first, end in spans:
                quick[holder] = shuffled[first:end]
            return quick
    items = list(unseen)
    rng.shuffle(items)
    # the places each item may go to, in order
    fits = [[k for holder, first, end in spans if allowed(holder, item) for k in range(first, end)] for item in items]
    owner: list[int | None] = [None] * places  # place -> index into items

    def place(i: int, visited: set[int]) -> bool:
        candidates = [k for k in fits[i] if k not in visited] if visited else list(fits[i])
        rng.shuffle(candidates)
        # the first free place in the shuffled order; else the taken ones in that order, each one's item
        # moved on if it can be (a place is never freed while an item is placed, so none turns free here)
        for k in candidates:
            if owner[k] is None:
                owner[k] = i
                return True
        for k in candidates:
            visited.add(k)
            held = owner[k]
            assert held is not None
            if place(held, visited):
                owner[k] = i
                return True
        return False

    for i in range(len(items)):
        if not place(i, set()):
            raise ValueError("no deal of the unseen items fits what was seen")
    dealt: dict[Holder, list[Item]] = {holder: [] for holder in capacity}
    for holder, first, end in spans:
        for k in range(first, end):
            placed = owner[k]
            assert placed is not None  # as many places as items, and every item was placed
            dealt[holder].append(items[placed])
    return dealt


def deal_unseen_with_minimums(unseen: list[Item], capacity: dict[Holder, int],
                              allowed: Callable[[Holder, Item], bool], rng: Rng,
                              minimums: list[tuple[tuple[Holder, ...], Callable[[Item], bool], int]],
                              quick_tries: int = 0) -> dict[Holder, list[Item]]:
    """`deal_unseen` where some holders must also get at least so many items of a kind: each minimum
    `(holders, kind, count)` (e.g. a player's hand and discards, "is a spade", 5 after a bid of five
    spades) first gets `count` random items of that kind, each placed in the first of its holders with
    room that may have it; the rest are dealt by `deal_unseen`. Raises ValueError when no fit is found."""
    rest = list(unseen)
    room = dict(capacity)
    placed: dict[Holder, list[Item]] = {holder: [] for holder in capacity}
    for holders, kind, count in minimums:
        pool = [item for item in rest if kind(item)]
        rng.shuffle(pool)
        for item in pool:
            if count <= 0:
                break
            holder = next((h for h in holders if room[h] > 0 and allowed(h, item)), None)
            if holder is not None:
                placed[holder].append(item)
                room[holder] -= 1
                rest.remove(item)
                count -= 1
        if count > 0:
            raise ValueError("no deal of the unseen items meets the minimums")
    dealt = deal_unseen(rest, room, allowed, rng, quick_tries)
    return {holder: placed[holder] + dealt[holder] for holder in capacity}
