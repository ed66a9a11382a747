"""The doubling cube, and the match of several games it is played in, for games of two sides.
Rules: backgammon's doubling cube, as the column at the end of the original post on Chains for
several players proposes it for any game of two sides (docs/games/on_schedule.md and chains.md,
"Doubling cube").

A game that offers the cube keeps one `Match` in its state: the match score per side, the target,
the Crawford rule, and the cube (its value, its owner, a double waiting for an answer). The game
decides what a side is (a seat in Chains, a team in On Schedule), when a turn starts, and who
answers a double; everything else is here, once: which cube actions are legal, applying them,
settling a game at its stake, the Crawford bookkeeping, the match end, the views, set-up checks,
and the bots' double/take/pass decisions from an estimate of the chance to win the game.

Decisions of our own (see the games' docs): a side may not double when winning this game at the
current stake already wins it the match (the double could only hand the opponent the cube); a
game ends at a pass with the doubler's side winning the stake before the double.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pygames_core.engine.errors import BadSetup
from pygames_core.engine.rng import Rng

if TYPE_CHECKING:
    from pygames_core.engine.game import Rules

CUBE_ACTIONS = frozenset({"double", "take", "pass"})
MAX_VALUE = 64
SIDES = 2
MAX_TARGET = 25
# The bots' thresholds on their chance to win the game being played (ties count half).
DOUBLE_AT = 0.70  # double from here: the opponent still takes (so the stake doubles) or passes (a cash)
TAKE_FROM = 0.25  # take from here: losing 2 stakes a quarter of the time costs no more than a pass
MIN_SAMPLES = 8
MAX_SAMPLES = 200
MAX_GAME_STEPS = 5000  # a guard for a play-out that never finishes its game


@dataclass(slots=True)
class Match:
    """A match to `target` points between sides 0 and 1; with `cube`, played with the doubling cube.
    Without it the stake is always 1 and the match is a plain race to the target."""

    target: int
    cube: bool = False
    crawford_rule: bool = True
    scores: list[int] = field(default_factory=lambda: [0, 0])
    games: int = 0  # games settled so far
    value: int = 1  # the stake of the game being played
    owner: int | None = None  # the side that may redouble; None: the cube is in the middle
    offered_by: int | None = None  # the side whose double waits for an answer
    crawford_done: bool = False
    results: list[dict] = field(default_factory=list)  # each settled game, in order

    def copy(self) -> Match:
        return Match(self.target, self.cube, self.crawford_rule, list(self.scores), self.games, self.value,
                     self.owner, self.offered_by, self.crawford_done, [dict(r) for r in self.results])

    @property
    def winner(self) -> int | None:
        return next((side for side in range(SIDES) if self.scores[side] >= self.target), None)

    @property
    def crawford_game(self) -> bool:
        """The first game after a side reached target - 1: no doubling in it."""
        return (self.cube and self.crawford_rule and not self.crawford_done and self.winner is None
                and max(self.scores) == self.target - 1)

    def may_double(self, side: int) -> bool:
        """May `side` double now, if it is the start of its turn? The cube in the middle or its own,
        below 64, no double pending, not the Crawford game, and the match not already won for
        `side` by winning this game at the current stake."""
        return (self.cube and self.offered_by is None and self.winner is None and self.owner in (None, side)
                and self.value < MAX_VALUE and not self.crawford_game
                and self.scores[side] + self.value < self.target)

    def actions(self, side: int, turn_start: bool) -> list[dict]:
        """The cube actions for `side`, the side to act: the answers while a double waits, else a
        double when allowed at the start of its turn."""
        if self.offered_by is not None:
            return [{"type": "take"}, {"type": "pass"}]
        return [{"type": "double"}] if turn_start and self.may_double(side) else []

    def double(self, side: int, seat: int) -> dict:
        self.offered_by = side
        return {"type": "doubled", "seat": seat, "side": side, "value": 2 * self.value}

    def take(self, seat: int) -> dict:
        assert self.offered_by is not None
        taker = 1 - self.offered_by
        self.value *= 2
        self.owner, self.offered_by = taker, None
        return {"type": "taken", "seat": seat, "side": taker, "value": self.value}

    def settle(self, winner: int | None, *, passed: bool = False, result: int = 1) -> list[dict]:
        """The end of a game: `winner` (None: a tie, which scores nothing) scores the stake times the
        game's result; then the Crawford bookkeeping and the cube back to 1 in the middle. Returns
        the cube events (none without the cube, so a plain match's events stay as they were)."""
        stake = self.value
        points = 0 if winner is None else stake * result
        if self.crawford_game:
            self.crawford_done = True
        if winner is not None:
            self.scores[winner] += points
        self.games += 1
        record = {"game": self.games, "side": winner, "points": points, "stake": stake, "passed": passed}
        self.results.append(record)
        self.value, self.owner, self.offered_by = 1, None, None
        if not self.cube:
            return []
        events = [{"type": "stake_won", **record, "scores": list(self.scores)}]
        if self.winner is not None:
            events.append({"type": "match_over", "winner": self.winner, "scores": list(self.scores)})
        elif self.crawford_game:
            events.append({"type": "crawford_game", "game": self.games + 1})
        return events

    def explain(self, action: dict, side: int, turn_start: bool) -> str | None:
        """Why a cube action is not legal now (None when it is not a cube action)."""
        kind = action.get("type")
        if kind not in CUBE_ACTIONS:
            return "answer the double first: take or pass" if self.offered_by is not None else None
        if not self.cube:
            return "this game is played without the doubling cube"
        if kind in ("take", "pass"):
            return "there is no double to answer" if self.offered_by is None else "take or pass has no other fields"
        if self.offered_by is not None:
            return "a double is waiting for an answer"
        if self.owner is not None and self.owner != side:
            return "only the cube's owner may redouble"
        if self.value >= MAX_VALUE:
            return f"the cube is at {MAX_VALUE}, its highest value"
        if self.crawford_game:
            return "no doubling in the Crawford game"
        if self.scores[side] + self.value >= self.target:
            return "winning this game at the current stake already wins you the match"
        if not turn_start:
            return "you may double only at the start of your turn, before your action"
        return "a double has no other fields"

    # --- views and set-ups ----------------------------------------------------------------------
    def cube_view(self, side: int | None, may_double: bool) -> dict:
        return {"value": self.value, "owner": self.owner, "offered_by": self.offered_by, "side": side,
                "may_double": may_double}

    def match_view(self) -> dict:
        return {"scores": list(self.scores), "target": self.target, "crawford_rule": self.crawford_rule,
                "crawford": self.crawford_game, "crawford_done": self.crawford_done, "games": self.games,
                "results": [dict(r) for r in self.results], "winner": self.winner}


def match_from_options(options: dict) -> Match:
    return Match(target=options["match_to"], cube=options["cube"], crawford_rule=options["crawford"])


def match_from_view(view: dict) -> Match:
    """The match and cube as a view shows them (all public), for the bots' sampled states."""
    seen, cube = view["match"], view["cube"]
    return Match(seen["target"], True, seen["crawford_rule"], list(seen["scores"]), seen["games"], cube["value"],
                 cube["owner"], cube["offered_by"], seen["crawford_done"], [dict(r) for r in seen["results"]])


def check_scores(match: Match, scores: Any, name: str) -> list[int]:
    if (not isinstance(scores, list) or len(scores) != SIDES
            or any(type(v) is not int or not 0 <= v < match.target for v in scores)):
        raise BadSetup(f"{name} must be two scores from 0 to {match.target - 1} (the match goes on)")
    return list(scores)


def setup_cube(match: Match, cube: Any, crawford_done: Any, turn_start_side: int | None) -> None:
    """Check and apply a set-up's cube ({"value", "owner", "offered_by"}) and Crawford flag to a
    match whose scores are already set; `turn_start_side`: the side at the start of its turn in the
    position (the only one whose double may be waiting), or None when no double may wait."""
    if (cube is not None or crawford_done is not None) and not match.cube:
        raise BadSetup("cube and crawford_done need the cube option")
    if crawford_done is not None:
        if type(crawford_done) is not bool:
            raise BadSetup(f"crawford_done must be true or false, not {crawford_done!r}")
        if crawford_done and not (match.crawford_rule and max(match.scores) == match.target - 1):
            raise BadSetup(f"the Crawford game can only have been played with the Crawford rule on, once a side "
                           f"has {match.target - 1} points")
        match.crawford_done = crawford_done
    if cube is None:
        return
    if not isinstance(cube, dict) or not set(cube) <= {"value", "owner", "offered_by"}:
        raise BadSetup('cube must be an object with "value", "owner" and "offered_by"')
    value, owner, offered_by = cube.get("value", 1), cube.get("owner"), cube.get("offered_by")
    if type(value) is not int or value not in [2 ** k for k in range(7)]:
        raise BadSetup(f"the cube's value is 1, 2, 4, 8, 16, 32 or 64, not {value!r}")
    for name, side in (("owner", owner), ("offered_by", offered_by)):
        if side is not None and (type(side) is not int or side not in range(SIDES)):
            raise BadSetup(f"the cube's {name} is a side, 0 or 1, or null, not {side!r}")
    if (value == 1) != (owner is None):
        raise BadSetup("the cube is at 1 exactly when it is in the middle (owner null): a take gives it to the taker")
    if value > 1 and match.crawford_game:
        raise BadSetup("no doubling in the Crawford game: the cube stays at 1")
    match.value, match.owner = value, owner
    if offered_by is not None:
        if offered_by != turn_start_side:
            raise BadSetup("a double can only wait for an answer at the start of the doubler's turn")
        if not match.may_double(offered_by):
            raise BadSetup(f"side {offered_by} may not double here (owner, 64, Crawford or the match already won)")
        match.offered_by = offered_by


# --- bots: double, take or pass from the chance to win the game ---------------------------------------

def should_double(chance: float, match: Match, side: int) -> bool:
    """Double at DOUBLE_AT or better; and always when the opponent wins the match by winning this
    game at the current stake anyway (the higher stake can then only help us)."""
    return chance >= DOUBLE_AT or match.scores[1 - side] + match.value >= match.target


def should_take(chance: float) -> bool:
    """Take at TAKE_FROM or better. (A pass never loses the match outright: a side may not double
    when the current stake would already win it the match, see `Match.may_double`.)"""
    return chance >= TAKE_FROM


def sampled_win_chance(rules: Rules, view: dict, seat: int, rng: Rng, budget_ms: int) -> tuple[float, int]:
    """The share of play-outs that `seat`'s side wins (ties count half), each from a state sampled
    from the view and played to the end of the game with the normal policy (which never doubles
    and always takes, so the play-out is decided by the play). Returns (chance, samples)."""
    deadline = time.perf_counter() + budget_ms / 1000
    side = rules.side_of(seat)
    total = 0.0
    samples = 0
    while samples < MAX_SAMPLES and (samples < MIN_SAMPLES or time.perf_counter() < deadline):
        state = rules.sample_state(view, rng)
        total += game_outcome(rules, state, side, rng)
        samples += 1
    return total / samples, samples


def game_outcome(rules: Rules, state: Any, side: int, rng: Rng) -> float:
    """Play the game being played in `state` out with the normal policy: 1 if `side` wins it, 0 if
    it loses, 0.5 for a tie."""
    match = rules.cube_match(state)
    assert match is not None
    settled = match.games
    for _ in range(MAX_GAME_STEPS):
        match = rules.cube_match(state)
        assert match is not None
        if match.games > settled:
            break
        rules.apply(state, rules.policy_action(state, rng))
    winner = match.results[settled]["side"]
    return 0.5 if winner is None else float(winner == side)


def cube_moment(view: dict, legal: list[dict]) -> bool:
    """Whether a seat with this view and these legal actions faces a cube decision (a game's own
    "pass" or "take" without the cube is not one: its views carry no "cube")."""
    return isinstance(view.get("cube"), dict) and any(a["type"] in CUBE_ACTIONS for a in legal)


def cube_decision(rules: Rules, view: dict, legal: list[dict], level: str, rng: Rng,
                  budget_ms: int) -> tuple[dict | None, float, int]:
    """A bot's cube action at a moment cube actions are legal, or None to play on without doubling;
    with the chance it estimated and the play-outs that took (0 for the quick estimate). `normal`
    uses the game's quick estimate, `hard` sampled play-outs (a third of its budget when the
    question is only whether to double, since the move itself is searched afterwards)."""
    seat = view["seat"]
    side = rules.side_of(seat)
    match = match_from_view(view)
    kinds = {a["type"] for a in legal}
    answering = "take" in kinds
    if level == "hard":
        share = budget_ms if answering else max(1, budget_ms // 3)
        chance, samples = sampled_win_chance(rules, view, seat, rng, share)
    else:
        chance, samples = rules.win_chance(view), 0
    if answering:
        return {"type": "take" if should_take(chance) else "pass"}, chance, samples
    return ({"type": "double"} if should_double(chance, match, side) else None), chance, samples


def logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))
