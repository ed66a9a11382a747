"""The hard bot's search, written once for every game.

Determinized Monte Carlo ("perfect-information Monte Carlo"): sample a full state consistent with
the bot's own view (the game's `Bot.sample_state` deals the unseen cards, honouring what the seat
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
from typing import Any

from pygames_core.ai.bot import Bot
from pygames_core.engine.rng import Rng

MIN_SAMPLES = 2
MAX_SAMPLES = 400
MAX_PLAYOUT_STEPS = 2000  # a guard against a game hook that never reaches its horizon
OVERRULE_STANDARD_ERRORS = 1.0  # how clearly the search must beat the normal bot's choice


def playout(bot: Bot[Any], start: Any, state: Any, rng: Rng) -> Any:
    for _ in range(MAX_PLAYOUT_STEPS):
        if bot.rules.current_player(state) is None or bot.playout_done(start, state):
            break
        bot.rules.apply(state, bot.policy_action(state, rng))
    return state


def search_action(bot: Bot[Any], view: dict[str, Any], legal: list[dict[str, Any]], seat: int, rng: Rng,
                  time_budget_ms: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action with the best mean play-out value, and statistics for hints, benchmarks and tests:
    "actions", the game's `search_actions` (all of `legal` for most games, representatives for some),
    "means", each one's mean play-out value in the same order, and "samples" (no means and no samples
    when the game names a single action, which is then taken without sampling)."""
    candidates = bot.search_actions(view, legal)
    if len(candidates) == 1:  # a game named one action: there is nothing to compare, so no budget to spend
        return candidates[0], {"samples": 0, "actions": candidates, "means": []}
    values, default = playout_values(bot, view, candidates, seat, rng, time_budget_ms)
    samples = len(values[0])
    means = [sum(v) / samples for v in values]
    best = max(range(len(candidates)), key=lambda i: means[i])
    if default is not None and default >= 0 and not clearly_better(values[best], values[default]):
        best = default
    return candidates[best], {"samples": samples, "actions": candidates, "means": means}


def playout_values(bot: Bot[Any], view: dict[str, Any], candidates: list[dict[str, Any]], seat: int, rng: Rng,
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
        sample = bot.sample_state(view, rng)
        if default is None:
            normal = bot.policy_action(bot.rules.copy_state(sample), rng)
            default = next((i for i, action in enumerate(candidates) if action == normal), -1)
        for i, action in enumerate(candidates):
            state = bot.rules.copy_state(sample)
            bot.rules.apply(state, action)
            values[i].append(bot.evaluate(playout(bot, sample, state, rng), seat))
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
