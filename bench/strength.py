"""Bot strength by duplicate tournaments: reported figures, never asserted.

    python bench/strength.py --game arsene --levels hard,normal --pairs 20
    python bench/strength.py --game chains --players 3 --levels normal,easy --pairs 40 --json
    python bench/strength.py --all --levels expert,hard --pairs 40 --samples hard=100,expert=300
    python bench/strength.py --game apples --levels hard,normal --pairs 40 --ray head:6379
    python bench/strength.py --game arsene --levels hard@40,hard@100 --pairs 40

A side of --levels is a level, or a searching level with its own budget: `hard@40` (40 samples a move)
or `hard@300ms` (a time budget), so that one level can meet itself at another budget (a shorter default
budget against today's).

Each duplicate group is one seed (one deal, or run of deals) played once per seating of the two levels,
so the luck of the cards falls on both sides alike: two seats swapped; three or more seats, the stronger
level (the first of --levels) in one seat rotated through every seat, the weaker in the others; a team
game (result "team_scores", teams are seats 0 and 2 against 1 and 3), the stronger level on each team in
turn; a solitaire, the same deal played by each level. The bots' seeds are fixed by the group's seed and
the move number (levels.decision_seed, as the page's in a game started from a chosen seed), and the
searching levels are given sample budgets (each level's own, `samples` in pygames_core.list_levels(), or
--samples): a search that draws a fixed number of samples never reads the clock, so the same seeds give
the same table on any machine, under any load, however the groups were spread. --time-budgets (or
--budget-ms) gives them their wall-clock budgets instead, as the page does: such a table depends on the
machine and its load (under load the hard bot samples less: the report gives the load average and the
samples per move beside the figures).

The groups run in parallel: on a pool of local processes (--jobs, by default one per core; --jobs 1
plays them in this process), or as tasks on a Ray cluster (--ray ADDRESS, an existing cluster's address;
--ray local starts a Ray instance on this machine). The order of the results is the groups' order
whichever way they ran.

The groups are the independent units: each group's mean win share of the stronger side (against each
weaker seat or team, a tie counting half) and mean margin, and the 95% confidence intervals (Student's
t) over the groups' means. Where the game is played in deals (result "deals"), the same is reported per
deal, from the scores' change over each deal (in a team game, each team's change against its own in the
other game of the group, where the other level played the same cards). A run stopped with Ctrl-C
(SIGINT, also when it was started in the background) reports the groups it has finished.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# the bots of the checkout this script is in, not of whichever checkout the environment installed (a
# worktree tuning a game's bot measures its own)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygames_core as pg
from pygames_core.ai.levels import MAX_BUDGET_MS, MAX_SAMPLE_BUDGET, bot_decision, decision_seed
from pygames_core.games import find_entry

ROOT = Path(__file__).resolve().parents[1]

# Student's t, two-sided 95%, by degrees of freedom 1..30; beyond, the normal quantile's 1.96 is near
# enough (2.00 from 31 to 60 degrees keeps the interval on the safe side)
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
SHARE = (0.0, 1.0)


@dataclass(frozen=True)
class Budgets:
    """The levels' search budgets in a tournament: a sample budget (the same moves on any machine) or a
    time budget in milliseconds (what the page gives them: the moves depend on the machine), None for a
    level that does not search and for the kind of budget not used."""

    samples: dict[str, int | None]
    ms: dict[str, int | None]

    def shown(self, side: str) -> str:
        level = level_of(side)
        if self.samples[side] is not None:
            count = self.samples[side]
            return f"{level} ({count} sample{'' if count == 1 else 's'})"
        return f"{level} ({self.ms[side]} ms)" if self.ms[side] is not None else level


def level_of(side: str) -> str:
    """The bot level of a side of --levels: `hard` of `hard@40`."""
    return side.partition("@")[0]


@dataclass
class Played:
    """One game of a duplicate group: each side's standing at the end, each deal's score changes,
    and each level's decisions (milliseconds, samples) where it had a choice."""

    winners: list[int]
    scores: list[float]  # per unit: a seat, or a team in a team game
    deal_gains: list[list[float]] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    samples: dict[str, list[int]] = field(default_factory=dict)


def units_scores(result: dict[str, Any]) -> list[float]:
    """The scores of the sides that compete: the teams' in a team game, else the seats'."""
    return [float(s) for s in result.get("team_scores", result["scores"])]


def play(game_id: str, players: int, options: dict[str, Any], seed: int, seat_levels: list[str],
         budgets: Budgets) -> Played:
    game = pg.new_game(game_id, players=players, seed=seed, options=options)
    bot = find_entry(game_id).bot
    played = Played([], [], times={level: [] for level in seat_levels}, samples={level: [] for level in seat_levels})
    deal = game.result().get("deals")
    at_deal_start = units_scores(game.result())
    while not game.is_over:
        mover = game.current_player
        assert mover is not None
        level = seat_levels[mover]
        choice = len(game.legal_actions()) > 1
        started = time.perf_counter()
        action, samples = bot_decision(bot, game, level_of(level), seed=decision_seed(seed, len(game.history)),
                                       time_budget_ms=budgets.ms[level], samples=budgets.samples[level])
        if choice:
            played.times[level].append((time.perf_counter() - started) * 1000)
            played.samples[level].append(samples)
        game.apply(action)
        result = game.result()
        if deal is not None and (result.get("deals") != deal or game.is_over):
            now = units_scores(result)
            played.deal_gains.append([b - a for a, b in zip(at_deal_start, now, strict=True)])
            deal, at_deal_start = result.get("deals"), now
    result = game.result()
    played.winners, played.scores = result["winners"], units_scores(result)
    return played


def seatings(players: int, team_game: bool, strong: str, weak: str) -> list[tuple[list[str], list[int]]]:
    """Each game of a duplicate group: the level of every seat, and the units (seats, or teams) that the
    stronger level plays."""
    if players == 1:
        return [([strong], [0]), ([weak], [])]
    if team_game:
        return [([strong if seat % 2 == team else weak for seat in range(players)], [team]) for team in (0, 1)]
    return [([strong if seat == mine else weak for seat in range(players)], [mine]) for mine in range(players)]


def compare(a: float, b: float) -> float:
    return 1.0 if a > b else 0.0 if a < b else 0.5


def standing(played: Played, unit: int, team_game: bool) -> tuple[bool, float]:
    """A unit's place at the end: whether it is among the winners, then its score."""
    won = any(seat % 2 == unit for seat in played.winners) if team_game else unit in played.winners
    return won, played.scores[unit]


def duplicate_deal_wins(games: list[Played], strong_units: list[list[int]]) -> list[float]:
    """A team game's deals as duplicate boards: a team's result in a deal (its score's change less the
    other team's) with the stronger level at its seats, against the same team's result in the other game
    of the group, where the weaker level held the same cards (a deal is dealt alike in both games: the
    shuffles come from the group's seed, not from the play). Compared within one game instead, where only
    one team scores in a deal (Roller Derby's rolling team), the team that held the cards would win the
    deal at either level, and the share would be 0.50 by construction."""
    def result(gains: list[float], team: int) -> float:
        return gains[team] - gains[1 - team]
    return [compare(result(mine, team), result(theirs, team))
            for strong_game, units in zip(games, strong_units, strict=True) for team in units
            for weak_game, weak_units in zip(games, strong_units, strict=True) if team not in weak_units
            for mine, theirs in zip(strong_game.deal_gains, weak_game.deal_gains, strict=False)]


def group_figures(games: list[Played], strong_units: list[list[int]], team_game: bool) -> dict[str, Any]:
    """A duplicate group's means: the stronger side's win share and margin over each pairing of a
    stronger unit with a weaker one, per game and (where the game has deals) per deal."""
    wins, margins, deal_wins, deal_margins = [], [], [], []
    if len(games) == 2 and strong_units[1] == []:  # a solitaire: the stronger level's game against the weaker's
        pairings = [(games[0], 0, games[1], 0)]
    else:
        pairings = [(g, s, g, w) for g, mine in zip(games, strong_units, strict=True) for s in mine
                    for w in range(len(g.scores)) if w not in mine]
    for strong_game, s, weak_game, w in pairings:
        (s_won, s_score), (w_won, w_score) = standing(strong_game, s, team_game), standing(weak_game, w, team_game)
        wins.append(compare(s_won, w_won) if s_won != w_won else compare(s_score, w_score))
        margins.append(s_score - w_score)
        for s_gains, w_gains in zip(strong_game.deal_gains, weak_game.deal_gains, strict=False):
            if not team_game:  # a team game's deals are compared as duplicate boards, below
                deal_wins.append(compare(s_gains[s], w_gains[w]))
            deal_margins.append(s_gains[s] - w_gains[w])  # a team game's mean: the duplicate's too (margins add)
    if team_game:
        deal_wins = duplicate_deal_wins(games, strong_units)
    return {"win": statistics.fmean(wins), "margin": statistics.fmean(margins),
            "deal_win": statistics.fmean(deal_wins) if deal_wins else None,
            "deal_margin": statistics.fmean(deal_margins) if deal_margins else None}


def interval(values: list[float], within: tuple[float, float] | None = None) -> dict[str, Any] | None:
    """The mean and its 95% confidence interval over independent values (None when there are none),
    kept `within` the values' possible range (a share's interval ends at 0 and 1)."""
    if not values:
        return None
    mean = statistics.fmean(values)
    if len(values) < 2:
        return {"mean": round(mean, 3), "low": None, "high": None}
    df = len(values) - 1
    t = T95[df - 1] if df <= len(T95) else 2.00 if df <= 60 else 1.96
    half = t * statistics.stdev(values) / math.sqrt(len(values))
    low, high = within or (-math.inf, math.inf)
    return {"mean": round(mean, 3), "low": round(max(low, mean - half), 3), "high": round(min(high, mean + half), 3)}


def timing(times: list[float], samples: list[int]) -> dict[str, Any]:
    if not times:
        return {"moves": 0}
    ordered = sorted(times)
    return {"moves": len(times), "median_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(ordered[math.ceil(0.95 * len(ordered)) - 1], 1), "max_ms": round(ordered[-1], 1),
            "samples_median": statistics.median(samples), "samples_min": min(samples)}


def level_budgets(levels: tuple[str, str], *, samples: dict[str, int] | None = None, budget_ms: int | None = None,
                  time_budgets: bool = False, budget_scale: float | None = None) -> Budgets:
    """Each searching side's budget: the one its name gives (`hard@40`, `hard@300ms`), else sample budgets
    unless `budget_ms` or `time_budgets` asks for time: `samples[level]`, else its own (list_levels); with
    time, `budget_ms`, else its default time budget. `budget_scale` multiplies the defaults (not a number
    given)."""
    defaults = {level["name"]: level["budget_ms"] for level in pg.list_levels()}
    sample_defaults = {level["name"]: level["samples"] for level in pg.list_levels()}
    searching = [name for name in levels if defaults[level_of(name)] is not None]

    def scaled(default: int) -> int:
        return default if budget_scale is None else max(1, round(default * budget_scale))

    by_samples: dict[str, int | None] = dict.fromkeys(levels)
    by_ms: dict[str, int | None] = dict.fromkeys(levels)
    for name in searching:
        _, _, own = name.partition("@")
        if own.endswith("ms"):
            by_ms[name] = int(own.removesuffix("ms"))
        elif own:
            by_samples[name] = int(own)
        elif budget_ms is not None or time_budgets:
            by_ms[name] = budget_ms if budget_ms is not None else scaled(defaults[name])
        else:
            by_samples[name] = (samples or {}).get(name) or scaled(sample_defaults[name])
    return Budgets(by_samples, by_ms)


@dataclass(frozen=True)
class Setup:
    """What every duplicate group of a tournament shares."""

    game_id: str
    players: int
    options: dict[str, Any]
    plan: list[tuple[list[str], list[int]]]  # seatings()
    team_game: bool
    budgets: Budgets


def play_group(setup: Setup, seed: int) -> dict[str, Any]:
    """One duplicate group: its figures (group_figures), and each level's decision times and samples.
    Plain data, so that it comes back alike from this process, a worker process or a Ray node."""
    games = [play(setup.game_id, setup.players, setup.options, seed, levels, setup.budgets)
             for levels, _ in setup.plan]
    figures = group_figures(games, [units for _, units in setup.plan], setup.team_game)
    levels = {level for seat_levels, _ in setup.plan for level in seat_levels}
    return {**figures,
            "times": {level: [t for one in games for t in one.times.get(level, [])] for level in levels},
            "samples": {level: [n for one in games for n in one.samples.get(level, [])] for level in levels}}


# How a run plays its groups: given the tournament's Setup and the seeds, each seed's play_group, in the
# seeds' order (a run stopped early keeps the groups of its first seeds, so --seed and --pairs say
# which they were).
GroupRunner = Callable[[Setup, Iterable[int]], Iterator[dict[str, Any]]]


def in_process(setup: Setup, seeds: Iterable[int]) -> Iterator[dict[str, Any]]:
    return (play_group(setup, seed) for seed in seeds)


def _ignore_sigint() -> None:
    # Ctrl-C reaches the whole process group: the main process reports and ends the workers itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def on_pool(jobs: int) -> Iterator[GroupRunner]:
    """The groups on a pool of `jobs` local processes (multiprocessing's), one group a task."""
    pool = multiprocessing.Pool(jobs, initializer=_ignore_sigint)
    try:
        yield lambda setup, seeds: pool.imap(functools.partial(play_group, setup), seeds, chunksize=1)
    finally:
        pool.terminate()  # a run stopped early does not wait for the groups still being played
        pool.join()


def package_wheel(folder: Path) -> Path:
    """This checkout's pygames_core as a wheel in `folder` (an sdist first, and the wheel from it, so the
    checkout is left as it was), the way the package reaches a Ray cluster's workers: installed there
    with its metadata, whose entry points name the games."""
    # the repository's build.py must not shadow the `build` package: -P, and no PYTHONPATH (which names
    # the checkout when its tests run); no isolation: the development environment's pinned setuptools
    # builds it, without a download
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    built = subprocess.run([sys.executable, "-P", "-m", "build", "--no-isolation", "--outdir", str(folder), str(ROOT)],
                           capture_output=True, text=True, cwd=folder, env=environment, check=False)
    if built.returncode:
        raise RuntimeError(f"building the package for the Ray workers failed:\n{built.stdout}{built.stderr}")
    (wheel,) = folder.glob("pygames_core-*.whl")
    return wheel


@contextmanager
def on_ray(address: str) -> Iterator[GroupRunner]:
    """The groups as tasks on the Ray cluster at `address` ("local": a Ray instance started on this
    machine for the run), Ray's scheduler placing them. Its workers get this checkout's pygames_core (a
    wheel, in the job's runtime environment) and this script's functions (pickled by value), so the
    cluster needs only Ray and the same Python version as this machine."""
    import ray  # a bench-only dependency (requirements-bench.txt): only a run on Ray needs it

    module = sys.modules[play_group.__module__]
    if module.__name__ != "__main__":  # imported (a test): its workers cannot import it by name
        ray.cloudpickle.register_pickle_by_value(module)
    with tempfile.TemporaryDirectory() as folder:
        wheel = package_wheel(Path(folder))
        # a Ray instance started for the run needs no dashboard; an existing cluster keeps what it has
        started_here = {"include_dashboard": False} if address == "local" else {}
        ray.init(address=address, runtime_env={"py_modules": [str(wheel)]}, log_to_driver=False,
                 logging_level="warning", **started_here)
    task = ray.remote(play_group)
    try:
        def run(setup: Setup, seeds: Iterable[int]) -> Iterator[dict[str, Any]]:
            shared = ray.put(setup)
            return (ray.get(ref) for ref in [task.remote(shared, seed) for seed in seeds])
        yield run
    finally:
        ray.shutdown()


def tournament(game_id: str, players: int | None, options: dict[str, Any], strong: str, weak: str, pairs: int,
               budgets: Budgets, first_seed: int, run_groups: GroupRunner = in_process,
               ran: str = "1 process") -> dict[str, Any]:
    """A duplicate tournament of `pairs` groups (seeds first_seed, first_seed + 1, ...) at `budgets`
    (level_budgets), its groups played by `run_groups` (`ran` says how, for the report)."""
    probe = pg.new_game(game_id, players=players, seed=first_seed, options=options)
    team_game = "team_scores" in probe.result()
    setup = Setup(game_id, probe.players, probe.options, seatings(probe.players, team_game, strong, weak), team_game,
                  budgets)
    load_before = os.getloadavg()
    started = time.perf_counter()
    groups: list[dict[str, Any]] = []
    try:
        for group in run_groups(setup, range(first_seed, first_seed + pairs)):
            groups.append(group)
            print(f"{game_id}: group {len(groups)}/{pairs} win {group['win']:.2f}", file=sys.stderr)
    except KeyboardInterrupt:  # a long run stopped (Ctrl-C, or SIGINT): the report of the groups played
        if not groups:
            raise
        pairs = len(groups)
    has_deals = groups[0]["deal_win"] is not None
    return {
        "game": game_id, "players": probe.players, "options": probe.options, "levels": [strong, weak],
        "samples": budgets.samples, "budget_ms": budgets.ms, "pairs": pairs, "first_seed": first_seed,
        "games": pairs * len(setup.plan),
        "win_share": interval([g["win"] for g in groups], SHARE),
        "margin": interval([g["margin"] for g in groups]),
        "deal_win_share": interval([g["deal_win"] for g in groups if g["deal_win"] is not None], SHARE)
        if has_deals else None,
        "deal_margin": interval([g["deal_margin"] for g in groups if g["deal_margin"] is not None]) if has_deals
        else None,
        "timing": {level: timing([t for g in groups for t in g["times"][level]],
                                 [n for g in groups for n in g["samples"][level]]) for level in (strong, weak)},
        "ran": ran,
        "load_average": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "seconds": round(time.perf_counter() - started, 1),
    }


def shown(figure: dict[str, Any] | None, sign: bool = False) -> str:
    if figure is None:
        return "–"
    fmt = "{:+.2f}" if sign else "{:.2f}"
    if figure["low"] is None:
        return fmt.format(figure["mean"])
    return f"{fmt.format(figure['mean'])} [{fmt.format(figure['low'])}, {fmt.format(figure['high'])}]"


def markdown(reports: list[dict[str, Any]]) -> str:
    lines = ["| game | levels | pairs | win share (game) | win share (deal) | margin per deal (per game) "
             "| ms per move: median / p95 / max | samples per move (median) | load (1 min, start–end) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in reports:
        budgets = Budgets(r["samples"], r["budget_ms"])
        strong, weak = (budgets.shown(level) for level in r["levels"])
        name = f"{r['game']} ({r['players']}p)"
        margin = shown(r["deal_margin"], True) if r["deal_margin"] else f"({shown(r['margin'], True)})"
        ms = "; ".join(f"{level} {t['median_ms']} / {t['p95_ms']} / {t['max_ms']}" for level, t in r["timing"].items()
                       if t["moves"])
        samples = "; ".join(f"{level} {t['samples_median']}" for level, t in r["timing"].items()
                            if t["moves"] and t["samples_median"])
        lines.append(f"| {name} | {strong} vs {weak} | {r['pairs']} | {shown(r['win_share'])} "
                     f"| {shown(r['deal_win_share'])} | {margin} | {ms} | {samples or '–'} "
                     f"| {r['load_average'][0]}–{r['load_average_after'][0]} |")
    return "\n".join(lines)


def option_value(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def every_table() -> list[tuple[str, int | None]]:
    """Each game at its default table, and a solitaire also at three players (its multiplayer game)."""
    tables: list[tuple[str, int | None]] = []
    for described in pg.list_games():
        low, high = described["players"]
        tables.append((described["id"], low))
        if low == 1 and high >= 3:
            tables.append((described["id"], 3))
    return tables


def sides(text: str) -> tuple[str, str]:
    """--levels: STRONGER,WEAKER, each a level or a searching level with its own budget (LEVEL@N samples,
    LEVEL@Nms)."""
    searching = [level["name"] for level in pg.list_levels() if level["budget_ms"] is not None]
    strong, comma, weak = text.partition(",")
    for side in (strong, weak):
        level, at, own = side.partition("@")
        count = own.removesuffix("ms")
        if level not in pg.LEVELS or (at and (level not in searching or not count.isdecimal()
                                              or not 1 <= int(count) <= (MAX_BUDGET_MS if own.endswith("ms")
                                                                         else MAX_SAMPLE_BUDGET))):
            raise argparse.ArgumentTypeError(
                f"each side is one of {', '.join(pg.LEVELS)}, or a searching level ({', '.join(searching)}) "
                f"with its budget (hard@40: samples, hard@300ms: time), not {side!r}")
    if not comma or strong == weak:
        raise argparse.ArgumentTypeError(f"--levels names two different sides, STRONGER,WEAKER, not {text!r}")
    return strong, weak


def sample_budgets(text: str) -> dict[str, int]:
    """--samples: N for every searching level, or LEVEL=N,LEVEL=N for some of them."""
    searching = [level["name"] for level in pg.list_levels() if level["budget_ms"] is not None]
    pairs = [item.partition("=") for item in text.split(",")]
    given = {level: count for level, _, count in pairs} if all(eq for _, eq, _ in pairs) else dict.fromkeys(
        searching, text)
    if not set(given) <= set(searching):
        raise argparse.ArgumentTypeError(f"sample budgets are for the searching levels ({', '.join(searching)}), "
                                         f"not {text!r}")
    if not all(count.isdecimal() and 1 <= int(count) <= MAX_SAMPLE_BUDGET for count in given.values()):
        raise argparse.ArgumentTypeError(f"a sample budget is a number from 1 to {MAX_SAMPLE_BUDGET}, not {text!r}")
    return {level: int(count) for level, count in given.items()}


@contextmanager
def group_runner(jobs: int, ray_address: str | None) -> Iterator[tuple[GroupRunner, str]]:
    """The way this run plays its groups, and its words for the report."""
    if ray_address is not None:
        with on_ray(ray_address) as run:
            yield run, f"Ray ({ray_address})"
    elif jobs > 1:
        with on_pool(jobs) as run:
            yield run, f"{jobs} processes"
    else:
        yield in_process, "1 process"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", help="a game id")
    which.add_argument("--all", action="store_true", help="every game (a solitaire also at 3 players)")
    parser.add_argument("--players", type=int, help="with --game: the table's size (default: the game's smallest)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="with --game: a game option (VALUE read as JSON when it is), repeatable")
    parser.add_argument("--levels", type=sides, default=("hard", "normal"), metavar="STRONGER,WEAKER",
                        help="two levels (default hard,normal); a searching one may carry its own budget: "
                        "hard@40 (samples), hard@300ms (time)")
    parser.add_argument("--pairs", type=int, default=20, help="duplicate groups (seeds) per game")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--samples", type=sample_budgets, metavar="N|LEVEL=N,...",
                        help="the searching levels' sample budgets: N for each, or LEVEL=N for some (default: "
                        + ", ".join(f"{level['name']} {level['samples']}" for level in pg.list_levels()
                                    if level["samples"]) + ")")
    budget.add_argument("--time-budgets", action="store_true",
                        help="each searching level's default time budget instead of samples (machine-dependent)")
    budget.add_argument("--budget-ms", type=int,
                        help="both levels' time budget instead of samples (machine-dependent)")
    parser.add_argument("--budget-scale", type=float,
                        help="each searching level's default budget (samples, or time) times this (0.1: a tenth)")
    parser.add_argument("--seed", type=int, default=1, help="the first group's seed")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    parser.add_argument("--jobs", type=int, default=cores,
                        help=f"local processes playing groups at once (default: the cores, {cores}); 1: this one")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="play the groups on the Ray cluster at ADDRESS (ray.init's address; 'local': start "
                        "a Ray instance here) instead of local processes")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the markdown table")
    args = parser.parse_args()
    # a run started in the background by a script inherits SIGINT ignored, so `kill -INT` would do
    # nothing; a long run must still stop and report the groups it has played
    signal.signal(signal.SIGINT, signal.default_int_handler)
    strong, weak = args.levels
    if args.budget_scale is not None and args.budget_ms is not None:
        parser.error("--budget-scale scales the levels' default budgets: not with --budget-ms")
    if args.jobs < 1:
        parser.error("--jobs is at least 1")
    budgets = level_budgets((strong, weak), samples=args.samples, budget_ms=args.budget_ms,
                            time_budgets=args.time_budgets, budget_scale=args.budget_scale)
    tables = every_table() if args.all else [(args.game, args.players)]
    options = dict(option_value(text) for text in args.option)
    with group_runner(args.jobs, args.ray) as (run, ran):
        reports = [tournament(game_id, players, options if args.game else {}, strong, weak, args.pairs, budgets,
                              args.seed, run, ran) for game_id, players in tables]
    print(json.dumps(reports, indent=2) if args.json else markdown(reports))


if __name__ == "__main__":
    main()
