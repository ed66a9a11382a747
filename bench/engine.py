"""Engine and bot speed in CPython: reported figures, never asserted.

    python bench/engine.py [--games 200] [--moves 60] [--budget 1000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import pygames_core as pg
from pygames_core.engine.rng import Rng


def random_games_per_second(game_id: str, games: int) -> float:
    """Whole games with uniformly random legal moves, through the public contract."""
    start = time.perf_counter()
    for seed in range(games):
        game = pg.new_game(game_id, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
    return games / (time.perf_counter() - start)


def bot_move_times(game_id: str, level: str, moves: int, budget_ms: int) -> dict:
    """Milliseconds per bot decision over positions reached in seeded normal-bot games
    (forced single-choice positions skipped: they cost nothing)."""
    times: list[float] = []
    seed = 0
    while len(times) < moves:
        game = pg.new_game(game_id, seed=1000 + seed)
        seed += 1
        while not game.is_over and len(times) < moves:
            if len(game.legal_actions()) > 1:
                start = time.perf_counter()
                pg.bot_action(game, level, seed=len(times), time_budget_ms=budget_ms)
                times.append((time.perf_counter() - start) * 1000)
            game.apply(pg.bot_action(game, "normal", seed=len(times)))
    ordered = sorted(times)
    return {"level": level, "moves": len(times), "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 2), "max_ms": round(ordered[-1], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--budget", type=int, default=1000, help="hard bot budget, ms")
    args = parser.parse_args()
    report = {}
    for game in pg.list_games():
        gid = game["id"]
        report[gid] = {
            "random_games_per_second": round(random_games_per_second(gid, args.games), 1),
            "bots": [bot_move_times(gid, level, args.moves if level != "hard" else max(10, args.moves // 4),
                                    args.budget) for level in pg.LEVELS],
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
