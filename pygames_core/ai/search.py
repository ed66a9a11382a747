"""The hard bot's search, written once for every game.

Determinized Monte Carlo ("perfect-information Monte Carlo"): sample a full state consistent with
the bot's own view (the game's `Bot.sample_state` deals the unseen cards, honouring what the seat
has seen), then try every legal action in that same sample and play each out with the game's quick
policy to the game's horizon (a `Bot.playout_step` a move: a game may make its play-outs' moves
without the event records `apply` writes), and score the end with the game's `evaluate`. Samples
repeat until the time budget is spent, or, given a sample budget instead, until exactly that many are
drawn (no clock read: the same seed then gives the same choice on any machine). Using the same sample for
every action compares them on equal terms (common random numbers), which needs far fewer samples.

The samples are raced: once a few samples are in, an action whose paired play-outs fall clearly
behind the leader's (DROP_STANDARD_ERRORS standard errors) is played out no more, so the budget goes
to telling the close ones apart; so is an action whose play-outs have so far ended exactly as another's
(twins: a 5 and a 6 with nothing between them), since playing out both tells the search nothing; when a
single action is left the search stops early.

The play-out policy's choice (the game's `Bot.playout_action`: the normal bot's, unless the game gives
its play-outs a policy of their own) is the default: the search overrules it only when its best
action beats that choice by more than the noise of the paired differences (one standard error). With
few samples — a slow phone, a short budget — the hard bot so plays at least as well as that policy
instead of following the luck of two or three deals.
"""

from __future__ import annotations

import math
import time
from typing import Any

from pygames_core.ai.bot import AnyBot, Words
from pygames_core.engine.rng import Rng

# Every sum of play-out values is math.fsum's, correctly rounded: the built-in sum() of floats rounds
# differently from Python 3.12 on (compensated), and the page's Pyodide runs a newer Python than a
# CPython may, so near-ties between moves would break differently there and a seed would not reproduce.

# one whole sample, then the deadline rules: a single sample never overrules the normal bot's choice
# (see clearly_better), so a slow device or a short budget gets the normal move in time rather than a
# second sample late
MIN_SAMPLES = 1
MAX_SAMPLES = 400
MAX_PLAYOUT_STEPS = 2000  # a guard against a game hook that never reaches its horizon
OVERRULE_STANDARD_ERRORS = 1.0  # how clearly the search must beat the normal bot's choice
RACE_FROM = 8  # samples before any action is dropped from the race
RACE_EVERY = 4  # samples between two looks at the race (a look reads every paired value)
DROP_STANDARD_ERRORS = 3.0  # how far behind the leader an action falls before it is dropped


def playout(bot: AnyBot, start: Any, state: Any, rng: Rng) -> Any:
    """`state` played on by the play-out policy, a `Bot.playout_step` a move, to `playout_done` or the end."""
    current_player, done, step = bot.rules.current_player, bot.playout_done, bot.playout_step
    for _ in range(MAX_PLAYOUT_STEPS):
        if current_player(state) is None or done(start, state):
            break
        step(state, rng)
    return state


def search_action(bot: AnyBot, view: dict[str, Any], legal: list[dict[str, Any]], seat: int, rng: Rng,
                  time_budget_ms: int | None, max_samples: int | None = None, *,
                  describe: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action with the best mean play-out value (sampled as `playout_values` does), and statistics
    for hints, benchmarks and tests:
    "actions", the game's `search_actions` (all of `legal` for most games, representatives for some),
    "means", each one's mean play-out value in the same order (over the samples it was played out in),
    "raced", whether each was still in the race at the end (not dropped as clearly behind), and
    "samples" (no means and no samples when the game names a single action, which is then taken
    without sampling); "values", each one's play-out values (paired sample by sample); with
    `describe` (a hint), "outcomes", each play-out's `Bot.outcome` beside its value."""
    candidates = bot.search_actions(view, legal)
    if len(candidates) == 1:  # a game named one action: there is nothing to compare, so no budget to spend
        return candidates[0], {"samples": 0, "actions": candidates, "means": [], "raced": [True],
                               "values": [[]], "outcomes": [[]]}
    outcomes: list[list[Words | None]] | None = [[] for _ in candidates] if describe else None
    values, default, raced = playout_values(bot, view, candidates, seat, rng, time_budget_ms, max_samples,
                                            outcomes=outcomes)
    means = [math.fsum(v) / len(v) for v in values]
    best = max((i for i in range(len(candidates)) if raced[i]), key=lambda i: means[i])
    if default is not None and default >= 0 and not clearly_better(values[best], values[default]):
        best = default
    return candidates[best], {"samples": max(len(v) for v in values), "actions": candidates, "means": means,
                              "raced": raced, "values": values, "outcomes": outcomes}


def playout_values(bot: AnyBot, view: dict[str, Any], candidates: list[dict[str, Any]], seat: int, rng: Rng,
                   time_budget_ms: int | None, max_samples: int | None = None, *,
                   outcomes: list[list[Words | None]] | None = None
                   ) -> tuple[list[list[float]], int | None, list[bool]]:
    """Each candidate's play-out values for `seat`, one per state sampled from `view` (every candidate
    still in the race tried in the same sample, so the first values of any two are paired), sampling
    until the budget is spent (at least MIN_SAMPLES, at most `max_samples`, by default MAX_SAMPLES; the
    clock is read before every play-out, and a sample the deadline cuts short is left out) or one
    candidate is left of several; the index among `candidates` of the play-out policy's choice in the
    first sample (-1 when it is not one of them); and whether each candidate was still in the race at
    the end (a dropped one has no more values than the samples drawn until it was dropped). Without a
    time budget (None) the clock is not read: exactly `max_samples` samples are drawn (fewer only when
    the race leaves one candidate of several), so the values depend on the rng alone and a seed
    reproduces the choice on any machine. Given
    `outcomes` (one list per candidate), each play-out's `Bot.outcome` for `seat` is appended there,
    paired with its value."""
    deadline = math.inf if time_budget_ms is None else time.perf_counter() + time_budget_ms / 1000
    most = MAX_SAMPLES if max_samples is None else max_samples
    values: list[list[float]] = [[] for _ in candidates]
    racing = list(range(len(candidates)))
    default: int | None = None
    samples = 0
    while samples < most and (samples < MIN_SAMPLES or (
            time.perf_counter() < deadline and (len(racing) > 1 or len(candidates) == 1))):
        sample = bot.sample_state(view, rng)
        if default is None:
            quick = bot.playout_action(bot.rules.copy_state(sample), rng)
            default = next((i for i, action in enumerate(candidates) if action == quick), -1)
        interrupted = False
        for i in racing:
            if samples >= MIN_SAMPLES and time.perf_counter() >= deadline:
                interrupted = True
                break
            state = bot.rules.copy_state(sample)
            bot.rules.apply(state, candidates[i])
            end = playout(bot, sample, state, rng)
            values[i].append(bot.evaluate(end, seat))
            if outcomes is not None:
                outcomes[i].append(bot.outcome(sample, end, seat))
        if interrupted:  # the deadline came in the middle of a sample: its play-outs so far pair with nothing
            for i in racing:
                del values[i][samples:]
                if outcomes is not None:
                    del outcomes[i][samples:]
            break
        samples += 1
        if samples >= RACE_FROM and samples % RACE_EVERY == 0 and len(racing) > 1:
            leader = max(racing, key=lambda i: math.fsum(values[i]))
            racing = [i for i in racing if not clearly_better(values[leader], values[i], DROP_STANDARD_ERRORS)]
            racing = without_twins(racing, values, default)
    return values, default, [i in racing for i in range(len(candidates))]


def without_twins(racing: list[int], values: list[list[float]], default: int | None) -> list[int]:
    """`racing` (ascending) less every candidate whose play-out values have so far been exactly those of
    another still racing: two cards that do the same in every sampled deal (a 5 and a 6 with nothing
    between them) are one choice to the search, and playing both out halves its samples for nothing. Of
    twins, the play-out policy's choice stays (the search overrules it only when clearly better, and
    a twin never is), else the first, which the final choice would take of equal means anyway. Values
    that have not varied from sample to sample do not count: "lost in every deal so far" says too
    little to tell two moves alike."""
    kept: set[int] = set()
    first_of: dict[tuple[float, ...], int] = {}  # a run of values: the candidate kept for it
    for i in racing:
        run = tuple(values[i])
        twin = first_of.get(run)
        if twin is None or len(set(run)) < 2:
            first_of.setdefault(run, i)
            kept.add(i)
        elif i == default:
            kept.discard(twin)
            kept.add(i)
            first_of[run] = i
    return sorted(kept)


def clearly_better(challenger: list[float], default: list[float],
                   standard_errors: float = OVERRULE_STANDARD_ERRORS) -> bool:
    """Whether the paired play-out values of `challenger` beat `default` by more than `standard_errors`
    times their noise (over the samples both have: one may have left the race early)."""
    diffs = [a - b for a, b in zip(challenger, default, strict=False)]
    n = len(diffs)
    if n < 2:
        return False
    mean = math.fsum(diffs) / n
    if mean <= 0:
        return False
    variance = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > standard_errors * math.sqrt(variance / n)
