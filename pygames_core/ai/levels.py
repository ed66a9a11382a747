"""Bots at four levels, each choosing from its own seat's view only (no peeking): the view with
everything the seat has seen, which a bot remembers (`Game.remembered_view`). A game offers its players
the levels up to its `Bot.strongest_level` (`offered_levels`): the expert only where a tournament measured
it beating hard (Chains from 3 players); any level still plays any game when asked.

- easy: a legal action at random.
- normal: the game's own quick policy (sensible play of that game) applied to a state sampled
  from the view; the policy reads only the mover's hand and public facts, so the sampled hidden
  cards do not change its choice. Where a game says its policy alone plays a moment badly
  (`Bot.normal_search_samples`: Arsène's last tricks), the search below with a few samples instead,
  all of them drawn whatever the clock, so a seed reproduces the move on any machine.
- hard: the generic determinized search in search.py, within a time budget: by default a second, or
  the game's own (`Bot.hard_budget_ms`), short enough that a round of three hard bots between two of a
  player's moves takes about a second in the page.
- expert: the same search with a longer budget (3 s by default) and room for more samples.

A searching level (and the hint) may be given a sample budget (`samples`) instead: the search then
draws exactly that many samples and never reads the clock, so the same seed and sample budget give the
same move in CPython and in the page, however fast the machine (bug reports, benchmarks). Each searching
level has its own sample budget standing for its default time budget (`Level.samples`, `HINT_SAMPLES`),
and a `reproducible` decision uses it with a seed derived from the game's seed and the move number
(`decision_seed`): what the page's bots and hints do in a game started from a chosen seed, and the
tournaments of bench/strength.py, so that the same seeds play the same game anywhere.

The same search answers a human's request for a hint (`hint`), from what that player's seat has seen
only (as a bot remembers it), with its reason (forced; a blind choice; what the search's play-outs of
the move end in, in the game's terms, against the next best move; or the cube's chance to win against
the chance the decision turns at): the search of the strongest level whose default budget fits the hint's.

In a game played with the doubling cube, whether to double, take or pass is decided first, from
the chance to win the game (cube.py: the game's quick estimate for normal, sampled play-outs for
the searching levels); a bot that does not double then chooses its move as usual.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from pygames_core.ai import search
from pygames_core.ai.bot import AnyBot, Words
from pygames_core.ai.cube import cube_decision, cube_moment, decision_threshold
from pygames_core.ai.search import clearly_better, playout_values, search_action
from pygames_core.engine.errors import IllegalAction, PygamesError
from pygames_core.engine.game import Game
from pygames_core.engine.rng import Rng, fresh_seed
from pygames_core.kit.match import CUBE_ACTIONS


@dataclass(frozen=True)
class Level:
    """A bot level: its name and, for a level that searches, the search's default time budget, how
    many times search.MAX_SAMPLES it may sample (a longer budget is only worth it with room to sample)
    and its sample budget: the samples that stand for its time budget in a reproducible decision."""

    name: str
    budget_ms: int | None = None
    sample_scale: int = 0
    samples: int | None = None

    @property
    def searches(self) -> bool:
        return self.budget_ms is not None


# weakest first; the page offers them in this order (the bridge's `levels`)
# The sample budgets stand for the time budgets on this project's machine (docs/benchmarks.md): at 1 s the
# hard bot drew a median of 109 and 115 samples a move where a tournament had the two cores to itself
# (Roller Derby, On Schedule), 24 (Dominuxen) to 147 (Arsène) where two shared them, and the expert at
# 3 s about three times hard's; the hint's 300 ms, three tenths of hard's second, stand for 30. A game's
# own shorter hard budget (Bot.hard_budget_ms, issue 48 item 5) keeps the 100: on the engine of 2026-11-29
# its 250 or 300 ms draw in the page at least the samples the engine of 26a1bbc drew in a second, or a
# tournament showed the fewer as strong (docs/benchmarks.md).
LEVEL_TABLE = (Level("easy"), Level("normal"), Level("hard", 1000, 1, 100), Level("expert", 3000, 4, 300))
LEVELS = tuple(level.name for level in LEVEL_TABLE)
HINT_BUDGET_MS = 300
HINT_SAMPLES = 30
# a reproducible decision's seed: the game's seed times this, plus the number of actions played before it
DECISION_SEED_STRIDE = 100_000
ANALYSIS_BUDGET_MS = 3000
MAX_BUDGET_MS = 600_000  # ten minutes: more than any search needs, and an int (no OverflowError)


def list_levels(bot: AnyBot | None = None, players: int | None = None) -> list[dict[str, Any]]:
    """The levels, weakest first: {"name", "budget_ms", "samples"} (the default time budget and the
    sample budget of a level that searches, null for one that does not), so that a page needs no copy
    of them. Given a game's `bot`, only those the game offers at `players` (its fewest by default, as
    a new game has): up to its `Bot.strongest_level`."""
    if bot is None and players is not None:
        raise PygamesError("the levels for a number of players are a game's: name the game")
    offered = LEVEL_TABLE if bot is None else offered_levels(bot, players)
    return [{"name": level.name, "budget_ms": level.budget_ms, "samples": level.samples} for level in offered]


def offered_levels(bot: AnyBot, players: int | None = None) -> tuple[Level, ...]:
    """The levels a game offers at `players` (its fewest when None), weakest first: up to its strongest."""
    rules = bot.rules
    counted = rules.min_players if players is None else players
    if type(counted) is not int or not rules.min_players <= counted <= rules.max_players:
        raise PygamesError(f"{rules.game_id} is for {rules.min_players}-{rules.max_players} players, not {players!r}")
    levels = game_levels(bot)
    return levels[:levels.index(find_level(bot.strongest_level(counted), bot)) + 1]


def game_levels(bot: AnyBot) -> tuple[Level, ...]:
    """LEVEL_TABLE as `bot`'s game plays it: its hard level at the game's own default time budget where it
    sets one (`Bot.hard_budget_ms`). The sample budgets stay the table's, so that a seeded game plays
    the same whatever its game's time budget."""
    if bot.hard_budget_ms is None:
        return LEVEL_TABLE
    return tuple(replace(level, budget_ms=bot.hard_budget_ms) if level.name == "hard" else level
                 for level in LEVEL_TABLE)


def decision_seed(game_seed: int, move: int) -> int:
    """The seed of a reproducible decision taken after `move` actions of the game seeded `game_seed`:
    every decision of a game its own seed (a bot's or a hint's at the same position the same one), and
    the same in CPython and in the page, which asks the bridge for it (`reproducible`) rather than
    computing it: a game's seed has 64 bits, more than a JavaScript number holds."""
    return game_seed * DECISION_SEED_STRIDE + move


def find_level(name: str, bot: AnyBot | None = None) -> Level:
    """The level `name`: as `bot`'s game plays it (`game_levels`), or the table's without a game."""
    level = next((level for level in (LEVEL_TABLE if bot is None else game_levels(bot)) if level.name == name), None)
    if level is None:
        raise PygamesError(f"bot level must be one of {', '.join(LEVELS)}, not {name!r}")
    return level


def hint_level(budget_ms: int, bot: AnyBot | None = None) -> Level:
    """The strongest searching level whose default budget (in `bot`'s game, where given) fits `budget_ms`
    (the weakest searching one when none does): the hint searches as that level does, within its own
    budget."""
    searching = [level for level in (LEVEL_TABLE if bot is None else game_levels(bot)) if level.searches]
    fitting = [level for level in searching if level.budget_ms is not None and level.budget_ms <= budget_ms]
    return fitting[-1] if fitting else searching[0]


def max_samples(level: Level) -> int:
    return search.MAX_SAMPLES * level.sample_scale


# the largest sample budget a bot or hint may be given: as many as the expert may draw
MAX_SAMPLE_BUDGET = max(max_samples(level) for level in LEVEL_TABLE)


def bot_action(bot: AnyBot, game: Game, level: str = "normal", *, seed: int | None = None,
               time_budget_ms: int | None = None, samples: int | None = None,
               reproducible: bool = False) -> dict[str, Any]:
    """A legal action for `game.current_player`, chosen from that seat's view by the game's `bot`.
    Given `samples` (1 to MAX_SAMPLE_BUDGET), a searching level draws exactly that many samples and
    ignores the time budget (and the clock); the easy and the normal bot ignore it. `reproducible`:
    the seed and the sample budget not given are the game's `decision_seed` at this move and the
    level's own `samples`, so that the same game plays the same in CPython and in the page."""
    action, _ = bot_decision(bot, game, level, seed=seed, time_budget_ms=time_budget_ms, samples=samples,
                             reproducible=reproducible)
    return action


def bot_decision(bot: AnyBot, game: Game, level: str = "normal", *, seed: int | None = None,
                 time_budget_ms: int | None = None, samples: int | None = None,
                 reproducible: bool = False) -> tuple[dict[str, Any], int]:
    """`bot_action`'s action, with the states the bot sampled to choose it (its search's or its cube
    estimate's play-outs; 0 for a forced action, the easy and the normal bot): what a benchmark
    reports beside the time a decision took (bench/strength.py)."""
    spec = find_level(level, bot)
    _check_seed_and_budget(seed, time_budget_ms, samples, reproducible)
    if reproducible:
        seed, samples = _reproducible(game, seed, samples, spec.samples)
    seat = game.current_player
    if seat is None:
        raise IllegalAction("the game is over: no one is to move")
    legal = game.legal_actions()
    rng = Rng(fresh_seed() if seed is None else seed)
    if len(legal) == 1:
        return legal[0], 0
    if level == "easy":
        return rng.choice(legal), 0
    view = game.remembered_view(seat)
    budget = _budget(time_budget_ms, spec.budget_ms or 0)  # the normal bot's cube decision needs none
    cube_samples = 0
    if cube_moment(view, legal):
        started = time.perf_counter()
        chosen, _, cube_samples = cube_decision(bot, view, legal, spec.searches, rng, budget, samples)
        if chosen is not None:
            return chosen, cube_samples
        legal = [a for a in legal if a["type"] not in CUBE_ACTIONS]  # no double: play on
        budget = max(1, budget - int(1000 * (time.perf_counter() - started)))  # the move gets what is left
    if not spec.searches:
        few = bot.normal_search_samples(view)
        if few:
            # every one of the few samples, with no clock, so a seed reproduces the move on any machine:
            # Arsène's 16 samples of its last four tricks took a median 12 ms of CPU in CPython, 29 ms at
            # the 99th percentile and 51 ms at most (3,721 searches of 60 seeded normal games, timed as
            # bench does, on a loaded 2-core machine): short enough to need no cap
            action, stats = search_action(bot, view, legal, seat, rng, None, few)
            return action, cube_samples + stats["samples"]
        return bot.policy_action(bot.sample_state(view, rng), rng), cube_samples
    action, stats = search_action(bot, view, legal, seat, rng, None if samples else budget,
                                  samples or max_samples(spec))
    return action, cube_samples + stats["samples"]


def hint(bot: AnyBot, game: Game, *, seed: int | None = None, time_budget_ms: int | None = None,
         samples: int | None = None, reproducible: bool = False) -> dict[str, Any]:
    """A suggested action for `game.current_player`, worked out from that player's view only (so it
    never reveals a hidden card): the game's own `Bot.hint` when it has one, else the hard bot's
    search. Returns {"action", "values", "samples", "reason"}:
    - "values": [{"action", "value"}], the mean outcome in [0, 1] of each action compared — every
      legal one, or the game's representatives where it has too many to try each — best first
      (value null when the action is forced, or when nothing the player sees tells the actions apart);
    - "samples": the deals (or deck orders) sampled from the player's view;
    - "reason", why, in one of four kinds:
      {"kind": "forced"} (the only legal action);
      {"kind": "blind", "text"} (every legal action is the same to the player, `Bot.blind_choice`:
      Arsène's face-down edge cards; the text says so, and the action is simply the first);
      {"kind": "search", "samples", "value", "runner_up", "outcome", "effect"}: the suggested action's
      mean play-out value; "effect" {"en", "ja"}, what it does at once where the game says (`Bot.effect`:
      who wins the trick its card completes); "outcome" {"text": {"en", "ja"}, "count", "of"}, what its
      play-outs most tellingly end in, in the game's terms (`Bot.outcome`: "you rob store 3" in `count`
      of `of` play-outs; absent for a game that names no outcomes); "runner_up" {"action", "value",
      "as_good", "outcome": {"count", "of"}} or null: the best other action, whether the search cannot
      tell the two apart (its paired test, `clearly_better`), and, where the outcome tells a clearly worse
      one apart (a different share), how many of its own play-outs ended so. A game whose search names a
      single action (e.g. Apples' bid from its policy) gets that action's play-outs and no runner-up;
      {"kind": "cube", "win_chance", "threshold", "decision"} (a doubling-cube decision: the estimated
      chance to win the game, the chance from which the bots take, or double, at this match score
      (cube.py's `decision_threshold`; 0 when the match score makes a double right at any chance), and
      "double", "take", "pass" or "play_on" (no double: the move itself is then hinted; as a "cube"
      reason only when that move is forced)).
      Any kind may carry "text": {"en", "ja"}, the reason in words (a game's own `Bot.hint`).
    At a doubling-cube decision the hint is the hard bot's cube choice: the values are then the
    estimated chance to win the game (0 for a pass, which gives it up), also given as "win_chance".
    Given `samples`, the search (and a cube estimate) draws exactly that many and ignores the clock, as
    `bot_action`'s does; `reproducible` as for `bot_action`, with HINT_SAMPLES for the sample budget."""
    _check_seed_and_budget(seed, time_budget_ms, samples, reproducible)
    if reproducible:
        seed, samples = _reproducible(game, seed, samples, HINT_SAMPLES)
    seat = game.current_player
    if seat is None:
        raise IllegalAction("the game is over: there is nothing to hint")
    legal = game.legal_actions()
    if len(legal) == 1:
        return _forced(legal[0])
    rng = Rng(fresh_seed() if seed is None else seed)
    budget = _budget(time_budget_ms, HINT_BUDGET_MS)
    view = game.remembered_view(seat)
    if cube_moment(view, legal):
        started = time.perf_counter()
        chosen, chance, drawn = cube_decision(bot, view, legal, True, rng, budget, samples)
        reason = {"kind": "cube", "win_chance": round(chance, 4),
                  "threshold": decision_threshold(bot, view, legal),
                  "decision": "play_on" if chosen is None else chosen["type"]}
        if chosen is not None:
            # a pass gives the game up; the other cube actions play on at the estimated chance
            values = [{"action": a, "value": 0.0 if a["type"] == "pass" else round(chance, 4)}
                      for a in legal if a["type"] in CUBE_ACTIONS]
            values.sort(key=lambda v: v["action"] != chosen)
            return {"action": chosen, "values": values, "samples": drawn, "win_chance": round(chance, 4),
                    "reason": reason}
        legal = [a for a in legal if a["type"] not in CUBE_ACTIONS]
        if len(legal) == 1:  # not worth a double, and the move itself is forced: the cube decided
            return {**_forced(legal[0]), "reason": reason}
        budget = max(1, budget - int(1000 * (time.perf_counter() - started)))  # the move gets what is left
    blind = bot.blind_choice(view, legal)
    if blind is not None:
        return {"action": legal[0], "values": [{"action": a, "value": None} for a in legal], "samples": 0,
                "reason": {"kind": "blind", "text": blind.to_json()}}
    own = bot.hint(view, legal, budget, rng)
    if own is not None:
        return own
    clock = None if samples else budget
    most = samples or max_samples(hint_level(budget, bot))
    action, stats = search_action(bot, view, legal, seat, rng, clock, most, describe=True)
    # the means are those of the actions the search compared: a game with many legal actions (a
    # snatch, a give of three cards) names representatives, so they need not be all of `legal`
    compared, played, outcomes, raced = stats["actions"], stats["values"], stats["outcomes"], stats["raced"]
    if not stats["means"]:  # the game named this one action: its play-outs still say how well it does
        outcomes = [[]]
        played, _, _ = playout_values(bot, view, compared, seat, rng, clock, most, outcomes=outcomes)
    means = [math.fsum(v) / len(v) for v in played]  # as search.py sums
    drawn = max(len(v) for v in played)
    # best first: those still in the search's race at its end, then those it dropped as clearly behind
    ranked = sorted(range(len(compared)), key=lambda i: (not raced[i], -means[i], i))
    values = [{"action": compared[i], "value": round(means[i], 4)} for i in ranked]
    chosen_index = compared.index(action)
    runner_index = next((i for i in ranked if i != chosen_index), None)
    reason = search_reason(chosen_index, runner_index, compared, played, outcomes, drawn)
    # what the move does at once (the trick it completes): the same in any state sampled from the view
    effect = bot.effect(bot.rules.apply(bot.sample_state(view, Rng(0)), action), seat)
    if effect is not None:
        reason["effect"] = effect.to_json()
    return {"action": action, "values": values, "samples": drawn, "reason": reason}


def search_reason(chosen: int, runner: int | None, compared: list[dict[str, Any]], played: list[list[float]],
                  outcomes: list[list[Words | None]], samples: int) -> dict[str, Any]:
    """The "search" reason of a hint (see `hint`) for the suggested action, `compared[chosen]`, and the
    best other, `compared[runner]`, from their paired play-out values and outcomes over `samples` samples."""
    reason: dict[str, Any] = {"kind": "search", "samples": samples, "value": _mean(played[chosen]), "runner_up": None}
    as_good = runner is not None and not clearly_better(played[chosen], played[runner])
    rival = None if runner is None or as_good else (outcomes[runner], played[runner])
    told = telling_outcome((outcomes[chosen], played[chosen]), rival)
    if told is not None:
        reason["outcome"] = {"text": told.to_json(), "count": outcomes[chosen].count(told), "of": len(outcomes[chosen])}
    if runner is not None:
        reason["runner_up"] = {"action": compared[runner], "value": _mean(played[runner]), "as_good": as_good}
        # how often the next best ends so too, where that tells the two apart
        theirs = {"count": outcomes[runner].count(told), "of": len(outcomes[runner])}
        if told is not None and rival is not None and \
                theirs["count"] * len(outcomes[chosen]) != reason["outcome"]["count"] * theirs["of"]:
            reason["runner_up"]["outcome"] = theirs
    return reason


def telling_outcome(mine: tuple[list[Words | None], list[float]],
                    theirs: tuple[list[Words | None], list[float]] | None) -> Words | None:
    """What tells the suggested action's play-outs (`mine`: their outcomes and values) from the
    runner-up's (`theirs`): the outcome whose share differs most between the two, weighted by how much
    better or worse than the average play-out it is (one the move reaches more often and that is worth
    more, or one it avoids and that is worth less: "you are caught in 0 of 43 deals, the K♥ in 12");
    the move's most common outcome when there is no runner-up to tell it from (or the search cannot tell
    them apart); None when the game names no outcomes."""
    counts = Counter(o for o in mine[0] if o is not None)
    if not counts:
        return None
    if theirs:
        rival = Counter(o for o in theirs[0] if o is not None)
        pooled = [(o, v) for outcomes, values in (mine, theirs) for o, v in zip(outcomes, values, strict=True)
                  if o is not None]
        average = math.fsum(v for _, v in pooled) / len(pooled)
        worth = {o: math.fsum(v for p, v in pooled if p == o) / (counts[o] + rival[o]) for o in counts | rival}
        score = {o: (counts[o] / len(mine[0]) - rival[o] / len(theirs[0])) * (worth[o] - average) for o in worth}
        best = max(score, key=lambda o: score[o])
        if score[best] > 0:
            return best
    return counts.most_common(1)[0][0]


def _mean(values: list[float]) -> float:
    return round(math.fsum(values) / len(values), 4)


def _forced(action: dict[str, Any]) -> dict[str, Any]:
    return {"action": action, "values": [{"action": action, "value": None}], "samples": 0,
            "reason": {"kind": "forced"}}


def analysis(bot: AnyBot, game: Game, *, time_budget_ms: int | None = None) -> dict[str, Any] | None:
    """After the game, what hindsight can tell (e.g. Chains solitaire: was the deal winnable, the best
    possible penalty); None when the game has nothing to add. Asked before the end it is refused,
    since hindsight reads hidden cards. When the budget ran out before the answer was final, the
    dict says "unfinished": True, and asking again for the same game goes on from there."""
    _check_seed_and_budget(None, time_budget_ms)
    if not game.is_over:
        raise IllegalAction("the game is not over: hindsight would reveal hidden cards")
    return bot.analysis(game, _budget(time_budget_ms, ANALYSIS_BUDGET_MS))


def _reproducible(game: Game, seed: int | None, samples: int | None,
                  level_samples: int | None) -> tuple[int, int | None]:
    """A reproducible decision's seed and sample budget: those given, else the game's decision seed at
    this move and the level's (or the hint's) sample budget (None for a level that does not search)."""
    return (decision_seed(game.seed, len(game.history)) if seed is None else seed,
            level_samples if samples is None else samples)


def _check_seed_and_budget(seed: int | None, time_budget_ms: int | float | None, samples: int | None = None,
                           reproducible: bool = False) -> None:
    if seed is not None and (type(seed) is not int or seed < 0):
        raise PygamesError(f"a bot seed is a whole number of at least 0, not {seed!r}")
    if type(reproducible) is not bool:  # the bridge's JSON could give 1 or "yes"
        raise PygamesError(f"reproducible is true or false, not {reproducible!r}")
    if time_budget_ms is not None and (type(time_budget_ms) not in (int, float) or not time_budget_ms >= 0
                                       or not math.isfinite(time_budget_ms)):
        raise PygamesError(f"time_budget_ms is a number of milliseconds, not {time_budget_ms!r}")
    if samples is not None and (type(samples) is not int or not 1 <= samples <= MAX_SAMPLE_BUDGET):
        raise PygamesError(f"samples is a whole number from 1 to {MAX_SAMPLE_BUDGET}, not {samples!r}")


def _budget(time_budget_ms: int | float | None, default: int) -> int:
    """A checked budget in whole milliseconds, at least 1 and at most MAX_BUDGET_MS: a page may ask
    for any number, but no search should hold the worker for longer than that."""
    return default if time_budget_ms is None else min(MAX_BUDGET_MS, max(1, int(time_budget_ms)))
