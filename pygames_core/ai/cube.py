"""The bots' doubling-cube decisions: double, take or pass from an estimate of the chance to win the
game being played (the game's quick `Bot.win_chance` for the normal bot, sampled play-outs for the
searching levels). The cube itself, its legal actions and its bookkeeping are pygames_core/kit/match.py.
"""

from __future__ import annotations

import math
import time
from typing import Any

from pygames_core.ai.bot import AnyBot
from pygames_core.engine.rng import Rng
from pygames_core.kit.match import CUBE_ACTIONS, Match, match_from_view

# The bots' thresholds on their chance to win the game being played (ties count half).
DOUBLE_AT = 0.70  # double from here: the opponent still takes (so the stake doubles) or passes (a cash)
TAKE_FROM = 0.25  # take from here: losing 2 stakes a quarter of the time costs no more than a pass
MIN_SAMPLES = 8
MAX_SAMPLES = 200
MAX_GAME_STEPS = 5000  # a guard for a play-out that never finishes its game


def double_threshold(match: Match, side: int) -> float:
    """The chance to win from which `side` doubles: DOUBLE_AT; and 0 (always) when the opponent wins
    the match by winning this game at the current stake anyway (the higher stake can then only help us)."""
    return 0.0 if match.scores[1 - side] + match.value >= match.target else DOUBLE_AT


def should_double(chance: float, match: Match, side: int) -> bool:
    return chance >= double_threshold(match, side)


def should_take(chance: float) -> bool:
    """Take at TAKE_FROM or better. (A pass never loses the match outright: a side may not double
    when the current stake would already win it the match, see `Match.may_double`.)"""
    return chance >= TAKE_FROM


def sampled_win_chance(bot: AnyBot, view: dict[str, Any], seat: int, rng: Rng, budget_ms: int,
                       sample_budget: int | None = None) -> tuple[float, int]:
    """The share of play-outs that `seat`'s side wins (ties count half), each from a state sampled
    from the view and played to the end of the game with the play-out policy (which never doubles
    and always takes, so the play-out is decided by the play). Returns (chance, samples). Given a
    `sample_budget`, exactly that many samples and no clock (a seed then reproduces the chance)."""
    deadline = math.inf if sample_budget is not None else time.perf_counter() + budget_ms / 1000
    most = MAX_SAMPLES if sample_budget is None else sample_budget
    side = bot.side_of(seat)
    total = 0.0
    samples = 0
    while samples < most and (samples < MIN_SAMPLES or time.perf_counter() < deadline):
        state = bot.sample_state(view, rng)
        total += game_outcome(bot, state, side, rng)
        samples += 1
    return total / samples, samples


def game_outcome(bot: AnyBot, state: Any, side: int, rng: Rng) -> float:
    """Play the game being played in `state` out with the play-out policy (`Bot.playout_action`, a
    `Bot.playout_step` a move, as the search's play-outs): 1 if `side` wins it, 0 if it loses, 0.5 for a tie."""
    match = bot.cube_match(state)
    assert match is not None
    settled = match.games
    for _ in range(MAX_GAME_STEPS):
        match = bot.cube_match(state)
        assert match is not None
        if match.games > settled:
            break
        bot.playout_step(state, rng)
    winner = match.results[settled]["side"]
    return 0.5 if winner is None else float(winner == side)


def cube_moment(view: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    """Whether a seat with this view and these legal actions faces a cube decision (a game's own
    "pass" or "take" without the cube is not one: its views carry no "cube")."""
    return isinstance(view.get("cube"), dict) and any(a["type"] in CUBE_ACTIONS for a in legal)


def cube_decision(bot: AnyBot, view: dict[str, Any], legal: list[dict[str, Any]], sampled: bool, rng: Rng,
                  budget_ms: int, sample_budget: int | None = None) -> tuple[dict[str, Any] | None, float, int]:
    """A bot's cube action at a moment cube actions are legal, or None to play on without doubling;
    with the chance it estimated and the play-outs that took (0 for the quick estimate). The normal
    bot uses the game's quick estimate; the searching levels (`sampled`) use sampled play-outs (a
    third of the budget when the question is only whether to double, since the move itself is
    searched afterwards; or `sample_budget` samples, with no clock). The decision turns at
    `decision_threshold`."""
    seat = view["seat"]
    answering = any(a["type"] == "take" for a in legal)
    if sampled:
        share = budget_ms if answering else max(1, budget_ms // 3)
        chance, samples = sampled_win_chance(bot, view, seat, rng, share, sample_budget)
    else:
        chance, samples = bot.win_chance(view), 0
    if answering:
        return {"type": "take" if should_take(chance) else "pass"}, chance, samples
    double = should_double(chance, match_from_view(view["match"], view["cube"]), bot.side_of(seat))
    return ({"type": "double"} if double else None), chance, samples


def decision_threshold(bot: AnyBot, view: dict[str, Any], legal: list[dict[str, Any]]) -> float:
    """The chance to win from which the seat of `view` takes (when answering a double: `should_take`'s)
    or doubles (`should_double`'s, which the match score may bring down to 0): what a hint tells a
    player the chance is measured against."""
    if any(a["type"] == "take" for a in legal):
        return TAKE_FROM
    return double_threshold(match_from_view(view["match"], view["cube"]), bot.side_of(view["seat"]))


def logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))
