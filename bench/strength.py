"""Bot strength by duplicate tournaments: reported figures, never asserted.

    python bench/strength.py --game arsene --levels hard,normal --pairs 20
    python bench/strength.py --game chains --players 3 --levels normal,easy --pairs 40 --json
    python bench/strength.py --all --levels normal,easy --pairs 40 --budget-ms 200

Each duplicate group is one seed (one deal, or run of deals) played once per seating of the two levels,
so the luck of the cards falls on both sides alike: two seats swapped; three or more seats, the stronger
level (the first of --levels) in one seat rotated through every seat, the weaker in the others; a team
game (result "team_scores", teams are seats 0 and 2 against 1 and 3), the stronger level on each team in
turn; a solitaire, the same deal played by each level. The bots' seeds are fixed by the group's seed and
the move number, so a run is reproducible but for the search's wall-clock budget (under load the hard
bot samples less: the report gives the load average and the samples per move beside the figures).

The groups are the independent units: each group's mean win share of the stronger side (against each
weaker seat or team, a tie counting half) and mean margin, and the 95% confidence intervals (Student's
t) over the groups' means. Where the game is played in deals (result "deals"), the same is reported per
deal, from the scores' change over each deal (in a team game, each team's change against its own in the
other game of the group, where the other level played the same cards). A run stopped with Ctrl-C
(SIGINT, also when it was started in the background) reports the groups it has finished.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# the bots of the checkout this script is in, not of whichever checkout the environment installed (a
# worktree tuning a game's bot measures its own)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygames_core as pg
from pygames_core.ai.levels import bot_decision
from pygames_core.games import find_entry

# Student's t, two-sided 95%, by degrees of freedom 1..30; beyond, the normal quantile's 1.96 is near
# enough (2.00 from 31 to 60 degrees keeps the interval on the safe side)
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
SHARE = (0.0, 1.0)
BOT_SEED_STRIDE = 100_000  # bot seeds: the group's seed times this, plus the move number


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
         budgets: dict[str, int | None]) -> Played:
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
        action, samples = bot_decision(bot, game, level, seed=seed * BOT_SEED_STRIDE + len(game.history),
                                       time_budget_ms=budgets[level])
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


def level_budgets(levels: tuple[str, str], budget_ms: int | None, budget_scale: float | None) -> dict[str, int | None]:
    """Each searching level's budget: `budget_ms`, or its default times `budget_scale`, or its default
    (None for a level that does not search)."""
    defaults = {level["name"]: level["budget_ms"] for level in pg.list_levels()}
    if budget_ms is not None:
        return {name: None if defaults[name] is None else budget_ms for name in levels}
    return {name: defaults[name] if budget_scale is None or defaults[name] is None
            else max(1, round(defaults[name] * budget_scale)) for name in levels}


def tournament(game_id: str, players: int | None, options: dict[str, Any], strong: str, weak: str, pairs: int,
               budget_ms: int | None, first_seed: int, budget_scale: float | None = None) -> dict[str, Any]:
    """A duplicate tournament of `pairs` groups (seeds first_seed, first_seed + 1, ...); the searching
    levels' budgets as `level_budgets` says."""
    probe = pg.new_game(game_id, players=players, seed=first_seed, options=options)
    players = probe.players
    team_game = "team_scores" in probe.result()
    plan = seatings(players, team_game, strong, weak)
    budgets = level_budgets((strong, weak), budget_ms, budget_scale)
    load_before = os.getloadavg()
    started = time.perf_counter()
    groups: list[dict[str, Any]] = []
    times: dict[str, list[float]] = {strong: [], weak: []}
    samples: dict[str, list[int]] = {strong: [], weak: []}
    try:
        for seed in range(first_seed, first_seed + pairs):
            games = [play(game_id, players, probe.options, seed, levels, budgets) for levels, _ in plan]
            for one in games:
                for level in one.times:
                    times[level] += one.times[level]
                    samples[level] += one.samples[level]
            groups.append(group_figures(games, [units for _, units in plan], team_game))
            print(f"{game_id}: group {len(groups)}/{pairs} win {groups[-1]['win']:.2f}", file=sys.stderr)
    except KeyboardInterrupt:  # a long run stopped (Ctrl-C, or SIGINT): the report of the groups played
        if not groups:
            raise
        pairs = len(groups)
    has_deals = groups[0]["deal_win"] is not None
    return {
        "game": game_id, "players": players, "options": probe.options, "levels": [strong, weak],
        "budget_ms": budgets, "pairs": pairs, "first_seed": first_seed, "games": pairs * len(plan),
        "win_share": interval([g["win"] for g in groups], SHARE),
        "margin": interval([g["margin"] for g in groups]),
        "deal_win_share": interval([g["deal_win"] for g in groups if g["deal_win"] is not None], SHARE)
        if has_deals else None,
        "deal_margin": interval([g["deal_margin"] for g in groups if g["deal_margin"] is not None]) if has_deals
        else None,
        "timing": {level: timing(times[level], samples[level]) for level in (strong, weak)},
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
        strong, weak = (f"{level} ({budget} ms)" if budget else level for level, budget in r["budget_ms"].items())
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", help="a game id")
    which.add_argument("--all", action="store_true", help="every game (a solitaire also at 3 players)")
    parser.add_argument("--players", type=int, help="with --game: the table's size (default: the game's smallest)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="with --game: a game option (VALUE read as JSON when it is), repeatable")
    parser.add_argument("--levels", default="hard,normal", help="STRONGER,WEAKER (default hard,normal)")
    parser.add_argument("--pairs", type=int, default=20, help="duplicate groups (seeds) per game")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--budget-ms", type=int, help="both levels' search budget (default: each level's own)")
    budget.add_argument("--budget-scale", type=float,
                        help="each searching level's default budget times this (0.1: a tenth of each)")
    parser.add_argument("--seed", type=int, default=1, help="the first group's seed")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the markdown table")
    args = parser.parse_args()
    # a run started in the background by a script inherits SIGINT ignored, so `kill -INT` would do
    # nothing; a long run must still stop and report the groups it has played
    signal.signal(signal.SIGINT, signal.default_int_handler)
    strong, _, weak = args.levels.partition(",")
    for level in (strong, weak):
        if level not in pg.LEVELS:
            parser.error(f"levels are two of {', '.join(pg.LEVELS)}, not {args.levels!r}")
    tables = every_table() if args.all else [(args.game, args.players)]
    options = dict(option_value(text) for text in args.option)
    reports = [tournament(game_id, players, options if args.game else {}, strong, weak, args.pairs,
                          args.budget_ms, args.seed, args.budget_scale) for game_id, players in tables]
    print(json.dumps(reports, indent=2) if args.json else markdown(reports))


if __name__ == "__main__":
    main()
