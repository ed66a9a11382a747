"""Chains solitaire: how often each level, the hint and the solver win numbered deals, and how long a
decision takes. Figures to report (docs/games/chains.md), never asserted.

    python bench/chains_solitaire.py [--levels normal,hard,hint,solver] [--deals 200] [--first 0]
                                     [--mode beginner] [--jobs 1]

Deal N is new_game("chains", seed=N). Each level plays the deal from its own view through the public
calls (`bot_decision`, which is `bot_action` with the samples it took, at the level's default budget;
`hint`, whose suggestion is played, at the hint's);
`solver` is the exact solver with the deck order known, a clairvoyant ceiling. Only decisions with
more than one legal move are timed (a forced move costs nothing). Wins come with a 95 % Wilson
interval; the load average is printed before and after, since the budgets are wall-clock. A line is
printed as each deal ends; a run stopped with Ctrl-C (SIGINT) still reports the deals it finished.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

# the bots of the checkout this script is in, as bench/strength.py does
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygames_core as pg
from pygames_core.ai.levels import bot_decision
from pygames_core.games.chains.bot import BOT
from pygames_core.games.chains.solver import deal_deck, solve
from pygames_core.games.chains.state import ADVANCED_SLOTS, BEGINNER_SLOTS


def play(level: str, deal: int, mode: str) -> dict[str, Any]:
    """One deal played by `level`: won or not, its penalty, and each decision's seconds and deck
    orders sampled (none for the easy and the normal bot)."""
    if level == "solver":
        started = time.perf_counter()
        solution = solve(deal_deck(deal), ADVANCED_SLOTS if mode == "advanced" else BEGINNER_SLOTS)
        return {"deal": deal, "won": solution.penalty == 0, "penalty": solution.penalty,
                "seconds": [time.perf_counter() - started], "samples": []}
    game = pg.new_game("chains", seed=deal, options={"mode": mode})
    seconds: list[float] = []
    samples: list[int] = []
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        seed = deal * 1000 + len(seconds)
        started = time.perf_counter()
        if level == "hint":
            answer = pg.hint(game, seed=seed)
            action = answer["action"]
            samples.append(answer["samples"])
        else:
            action, sampled = bot_decision(BOT, game, level, seed=seed)
            samples.append(sampled)
        seconds.append(time.perf_counter() - started)
        game.apply(action)
    result = game.result()
    return {"deal": deal, "won": result["won"], "penalty": result["penalty"], "seconds": seconds, "samples": samples}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share."""
    share = wins / n
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def summary(level: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    wins = sum(g["won"] for g in games)
    low, high = wilson(wins, len(games))
    seconds = sorted(s for g in games for s in g["seconds"])
    samples = sorted(n for g in games for n in g["samples"])
    out = {"level": level, "deals": len(games), "wins": wins, "win_share": round(wins / len(games), 3),
           "interval95": [round(low, 3), round(high, 3)],
           "mean_penalty": round(statistics.fmean(g["penalty"] for g in games), 2),
           "decisions": len(seconds), "median_s": round(statistics.median(seconds), 3),
           "p95_s": round(seconds[int(0.95 * (len(seconds) - 1))], 3), "max_s": round(seconds[-1], 3)}
    if any(samples):
        out["median_samples"] = statistics.median(samples)
        out["p5_samples"] = samples[int(0.05 * (len(samples) - 1))]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="normal,hard,hint,solver")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--mode", choices=("beginner", "advanced"), default="beginner")
    parser.add_argument("--jobs", type=int, default=1, help="deals played at once (each a process)")
    args = parser.parse_args()
    print(json.dumps({"load_before": os.getloadavg()}), flush=True)
    deals = range(args.first, args.first + args.deals)
    for level in args.levels.split(","):
        games: list[dict[str, Any]] = []
        try:
            with ProcessPoolExecutor(args.jobs) as pool:
                for game in pool.map(play, [level] * len(deals), deals, [args.mode] * len(deals)):
                    print(json.dumps({"level": level, "deal": game["deal"], "won": game["won"],
                                      "seconds": round(sum(game["seconds"]), 1)}), flush=True)
                    games.append(game)
        except KeyboardInterrupt:  # a long run stopped (Ctrl-C, or SIGINT): the report of the deals played
            if games:
                print(json.dumps({**summary(level, games), "stopped": True}), flush=True)
            print(json.dumps({"load_after": os.getloadavg()}), flush=True)
            sys.exit(130)
        print(json.dumps(summary(level, games)), flush=True)
    print(json.dumps({"load_after": os.getloadavg()}), flush=True)


if __name__ == "__main__":
    main()
