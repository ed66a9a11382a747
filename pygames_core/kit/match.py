"""The doubling cube, and the match of several games it is played in, for games of two sides.
Rules: backgammon's doubling cube, as the column at the end of the original post on Chains for
several players proposes it for any game of two sides (docs/games/on_schedule.md and chains.md,
"Doubling cube").

A game that offers the cube keeps one `Match` in its state: the match score per side, the target,
the Crawford rule, and the cube (its value, its owner, a double waiting for an answer). The game
decides what a side is (a seat in Chains, a team in On Schedule), when a turn starts, and who
answers a double; everything else is here, once: which cube actions are legal, applying them,
settling a game at its stake, the Crawford bookkeeping, the match end, the views and set-up checks.
The bots' double/take/pass decisions are in pygames_core/ai/cube.py.

Decisions of our own (see the games' docs): a side may not double when winning this game at the
current stake already wins it the match (the double could only hand the opponent the cube); a
game ends at a pass with the doubler's side winning the stake before the double.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from pygames_core.engine.errors import BadSetup

CUBE_ACTIONS = frozenset({"double", "take", "pass"})
MAX_VALUE = 64
SIDES = 2
MAX_TARGET = 25


# --- the cube's messages, as TypedDicts of their JSON (a game with the cube adds them to its own) ----------

class DoubleAction(TypedDict):
    type: Literal["double"]


class TakeAction(TypedDict):
    type: Literal["take"]


class PassAction(TypedDict):
    """The answer that declines a double: the game is lost at the current stake."""

    type: Literal["pass"]


CubeAction = DoubleAction | TakeAction | PassAction


class DoubledEvent(TypedDict):
    type: Literal["doubled"]
    seat: int
    side: int
    value: int  # the stake offered


class TakenEvent(TypedDict):
    type: Literal["taken"]
    seat: int
    side: int  # the side that took, now the cube's owner
    value: int


class GameRecord(TypedDict):
    """A settled game of the match."""

    game: int  # its number, from 1
    side: int | None  # the winner; None: a tie
    points: int
    stake: int
    passed: bool  # it ended at a pass


class StakeWonEvent(GameRecord):
    type: Literal["stake_won"]
    scores: list[int]


class MatchOverEvent(TypedDict):
    type: Literal["match_over"]
    winner: int
    scores: list[int]


class CrawfordGameEvent(TypedDict):
    type: Literal["crawford_game"]
    game: int


CubeEvent = DoubledEvent | TakenEvent | StakeWonEvent | MatchOverEvent | CrawfordGameEvent


class CubeView(TypedDict):
    value: int
    owner: int | None
    offered_by: int | None
    side: int | None  # the viewing seat's
    may_double: bool  # the viewing seat may double now


class MatchView(TypedDict):
    scores: list[int]
    target: int
    crawford_rule: bool
    crawford: bool  # this is the Crawford game
    crawford_done: bool
    games: int
    results: list[GameRecord]
    winner: int | None


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
    results: list[GameRecord] = field(default_factory=list)  # each settled game, in order

    def copy(self) -> Match:
        return Match(self.target, self.cube, self.crawford_rule, list(self.scores), self.games, self.value,
                     self.owner, self.offered_by, self.crawford_done, [r.copy() for r in self.results])

    @property
    def winner(self) -> int | None:
        scores = self.scores  # SIDES: two (the bots' play-outs ask at every turn)
        return 0 if scores[0] >= self.target else 1 if scores[1] >= self.target else None

    @property
    def crawford_game(self) -> bool:
        """The first game after a side reached target - 1: no doubling in it."""
        return (self.cube and self.crawford_rule and not self.crawford_done and self.winner is None
                and max(self.scores) == self.target - 1)

    def may_double(self, side: int) -> bool:
        """May `side` double now, if it is the start of its turn? The cube in the middle or its own,
        below 64, no double pending, not the Crawford game, and the match not already won for
        `side` by winning this game at the current stake."""
        return (self.cube and self.offered_by is None and self.owner in (None, side) and self.value < MAX_VALUE
                and self.scores[side] + self.value < self.target and self.winner is None and not self.crawford_game)

    def actions(self, side: int, turn_start: bool) -> list[CubeAction]:
        """The cube actions for `side`, the side to act: the answers while a double waits, else a
        double when allowed at the start of its turn."""
        if self.offered_by is not None:
            return [{"type": "take"}, {"type": "pass"}]
        return [{"type": "double"}] if turn_start and self.may_double(side) else []

    def double(self, side: int, seat: int) -> DoubledEvent:
        self.offered_by = side
        return {"type": "doubled", "seat": seat, "side": side, "value": 2 * self.value}

    def take(self, seat: int) -> TakenEvent:
        assert self.offered_by is not None
        taker = 1 - self.offered_by
        self.value *= 2
        self.owner, self.offered_by = taker, None
        return {"type": "taken", "seat": seat, "side": taker, "value": self.value}

    def settle(self, winner: int | None, *, passed: bool = False, result: int = 1) -> list[CubeEvent]:
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
        record: GameRecord = {"game": self.games, "side": winner, "points": points, "stake": stake, "passed": passed}
        self.results.append(record)
        self.value, self.owner, self.offered_by = 1, None, None
        if not self.cube:
            return []
        events: list[CubeEvent] = [{"type": "stake_won", **record, "scores": list(self.scores)}]
        if self.winner is not None:
            events.append({"type": "match_over", "winner": self.winner, "scores": list(self.scores)})
        elif self.crawford_game:
            events.append({"type": "crawford_game", "game": self.games + 1})
        return events

    def explain(self, action: dict[str, Any], side: int, turn_start: bool) -> str | None:
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
    def cube_view(self, side: int | None, may_double: bool) -> CubeView:
        return {"value": self.value, "owner": self.owner, "offered_by": self.offered_by, "side": side,
                "may_double": may_double}

    def match_view(self) -> MatchView:
        return {"scores": list(self.scores), "target": self.target, "crawford_rule": self.crawford_rule,
                "crawford": self.crawford_game, "crawford_done": self.crawford_done, "games": self.games,
                "results": [r.copy() for r in self.results], "winner": self.winner}


def match_from_options(options: dict[str, Any]) -> Match:
    return Match(target=options["match_to"], cube=options["cube"], crawford_rule=options["crawford"])


def match_from_view(seen: MatchView, cube: CubeView) -> Match:
    """The match and cube as a view shows them (all public), for the bots' sampled states."""
    return Match(seen["target"], True, seen["crawford_rule"], list(seen["scores"]), seen["games"], cube["value"],
                 cube["owner"], cube["offered_by"], seen["crawford_done"], [r.copy() for r in seen["results"]])


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
