"""The hard bot's search, written once for every game.

Determinized Monte Carlo ("perfect-information Monte Carlo"): sample a full state consistent with
the bot's own view (the game's `sample_state` hook deals the unseen cards, honouring what the seat
has seen), then try every legal action in that same sample and play each out with the game's quick
policy to the game's horizon, and score the end with the game's `evaluate`. Samples repeat until
the time budget is spent. Using the same sample for every action compares them on equal terms
(common random numbers), which needs far fewer samples.

The normal bot's choice is the default: the search overrules it only when its best action beats
that choice by more than the noise of the paired differences (one standard error). With few
samples — a slow phone, a short budget — the hard bot so plays at least as well as the normal one
instead of following the luck of two or three deals.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from pygames_core.engine.game import Rules
from pygames_core.engine.rng import Rng

Item = TypeVar("Item")

MIN_SAMPLES = 2
MAX_SAMPLES = 400
MAX_PLAYOUT_STEPS = 2000  # a guard against a game hook that never reaches its horizon
OVERRULE_STANDARD_ERRORS = 1.0  # how clearly the search must beat the normal bot's choice


def deal_unseen(unseen: list[Item], capacity: dict[Hashable, int], allowed: Callable[[Hashable, Item], bool],
                rng: Rng, quick_tries: int = 0) -> dict[Hashable, list[Item]]:
    """Deal `unseen` items at random to holders with fixed capacities, each item only to a holder
    `allowed` to have it (e.g. not a suit the holder showed to be out of).

    With `quick_tries`, plain shuffled deals are tried first and the first consistent one is kept:
    uniform over the consistent deals and much quicker while few constraints are known. Otherwise
    (or when they all miss) a random greedy deal is made, which satisfies the constraints almost
    always; when it paints itself into a corner, augmenting paths (Kuhn's bipartite matching) move
    earlier items to make room, so a consistent deal is always found when one exists.
    """
    slots = [holder for holder, n in capacity.items() for _ in range(n)]
    if len(slots) != len(unseen):
        raise ValueError(f"{len(unseen)} unseen items for {len(slots)} places")
    for _ in range(quick_tries):
        shuffled = list(unseen)
        rng.shuffle(shuffled)
        if all(allowed(holder, item) for holder, item in zip(slots, shuffled, strict=True)):
            quick: dict[Hashable, list[Item]] = {holder: [] for holder in capacity}
            for holder, item in zip(slots, shuffled, strict=True):
                quick[holder].append(item)
            return quick
    order = list(range(len(slots)))
    items = list(unseen)
    rng.shuffle(items)
    owner: list[int | None] = [None] * len(slots)  # slot -> index into items

    def place(i: int, visited: set[int]) -> bool:
        candidates = [k for k in order if k not in visited and allowed(slots[k], items[i])]
        rng.shuffle(candidates)
        candidates.sort(key=lambda k: owner[k] is not None)  # free places first
        for k in candidates:
            visited.add(k)
            if owner[k] is None or place(owner[k], visited):
                owner[k] = i
                return True
        return False

    for i in range(len(items)):
        if not place(i, set()):
            raise ValueError("no deal of the unseen items fits what was seen")
    dealt: dict[Hashable, list[Item]] = {holder: [] for holder in capacity}
    for k, i in enumerate(owner):
        assert i is not None
        dealt[slots[k]].append(items[i])
    return dealt


def deal_unseen_with_minimums(unseen: list[Item], capacity: dict[Hashable, int],
                              allowed: Callable[[Hashable, Item], bool], rng: Rng,
                              minimums: list[tuple[tuple[Hashable, ...], Callable[[Item], bool], int]],
                              quick_tries: int = 0) -> dict[Hashable, list[Item]]:
    """`deal_unseen` where some holders must also get at least so many items of a kind: each minimum
    `(holders, kind, count)` (e.g. a player's hand and discards, "is a spade", 5 after a bid of five
    spades) first gets `count` random items of that kind, each placed in the first of its holders with
    room that may have it; the rest are dealt by `deal_unseen`. Raises ValueError when no fit is found."""
    rest = list(unseen)
    room = dict(capacity)
    placed: dict[Hashable, list[Item]] = {holder: [] for holder in capacity}
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


def playout(rules: Rules, start: Any, state: Any, rng: Rng) -> Any:
    for _ in range(MAX_PLAYOUT_STEPS):
        if rules.current_player(state) is None or rules.playout_done(start, state):
            break
        rules.apply(state, rules.policy_action(state, rng))
    return state


def search_action(rules: Rules, view: dict, legal: list[dict], seat: int, rng: Rng,
                  time_budget_ms: int) -> tuple[dict, dict]:
    """The action with the best mean play-out value, and statistics for hints, benchmarks and tests:
    "actions", the game's `search_actions` (all of `legal` for most games, representatives for some),
    "means", each one's mean play-out value in the same order, and "samples" (no means and no samples
    when the game names a single action, which is then taken without sampling)."""
    candidates = rules.search_actions(view, legal)
    if len(candidates) == 1:  # a game named one action: there is nothing to compare, so no budget to spend
        return candidates[0], {"samples": 0, "actions": candidates, "means": []}
    values, default = playout_values(rules, view, candidates, seat, rng, time_budget_ms)
    samples = len(values[0])
    means = [sum(v) / samples for v in values]
    best = max(range(len(candidates)), key=lambda i: means[i])
    if default is not None and default >= 0 and not clearly_better(values[best], values[default]):
        best = default
    return candidates[best], {"samples": samples, "actions": candidates, "means": means}


def playout_values(rules: Rules, view: dict, candidates: list[dict], seat: int, rng: Rng,
                   time_budget_ms: int) -> tuple[list[list[float]], int | None]:
    """Each candidate's play-out values for `seat`, one per state sampled from `view` (every candidate
    tried in the same sample), sampling until the budget is spent (at least MIN_SAMPLES, at most
    MAX_SAMPLES); and the index among `candidates` of the normal policy's choice in the first sample
    (-1 when it is not one of them)."""
    deadline = time.perf_counter() + time_budget_ms / 1000
    values: list[list[float]] = [[] for _ in candidates]
    default: int | None = None
    samples = 0
    while samples < MAX_SAMPLES and (samples < MIN_SAMPLES or time.perf_counter() < deadline):
        sample = rules.sample_state(view, rng)
        if default is None:
            normal = rules.policy_action(rules.copy_state(sample), rng)
            default = next((i for i, action in enumerate(candidates) if action == normal), -1)
        for i, action in enumerate(candidates):
            state = rules.copy_state(sample)
            rules.apply(state, action)
            values[i].append(rules.evaluate(playout(rules, sample, state, rng), seat))
        samples += 1
    return values, default


def clearly_better(challenger: list[float], default: list[float]) -> bool:
    """Whether the paired play-out values of `challenger` beat `default` by more than their noise."""
    diffs = [a - b for a, b in zip(challenger, default, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= 0 or n < 2:
        return False
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > OVERRULE_STANDARD_ERRORS * math.sqrt(variance / n)
