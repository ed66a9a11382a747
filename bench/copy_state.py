"""copy_state speed (what the hard bot's play-outs copy), two checkouts compared in one run.

    python bench/copy_state.py [CHECKOUT ...] [--games 20] [--rounds 5]

Each checkout (default: this one) is timed in its own subprocess, the checkouts taking turns round
after round so that the machine's changing load falls on all of them alike; the report gives each
game's microseconds per copy (best round) and every checkout's ratio to the first. Reported, never
asserted."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

GAMES = ["arsene", "on_schedule", "apples", "roller_derby", "dominuxen"]

MEASURE = """
import json, sys, time
sys.path.insert(0, {root!r})
import pygames_core as pg
from pygames_core.engine.rng import Rng
report = {{}}
for game_id in {games!r}:
    states = []
    for seed in range({count}):  # every position of whole random games: early, late, later deals
        game = pg.new_game(game_id, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            states.append(game._state)
            game = game.copy()
            game.apply(rng.choice(game.legal_actions()))
    copy_state = game.rules.copy_state
    start = time.perf_counter()
    for state in states:
        copy_state(state)
    report[game_id] = (time.perf_counter() - start) / len(states) * 1e6
print(json.dumps(report))
"""


def measure(root: Path, games: int) -> dict[str, float]:
    """Microseconds per copy_state in each game, over every position of `games` seeded random games."""
    code = MEASURE.format(root=str(root), games=GAMES, count=games)
    return json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                     text=True, cwd=root).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", type=Path, default=[Path(__file__).resolve().parent.parent])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    best: list[dict[str, float]] = [{} for _ in args.checkouts]
    started = time.perf_counter()
    for _ in range(args.rounds):
        for i, root in enumerate(args.checkouts):
            for game_id, micros in measure(root.resolve(), args.games).items():
                best[i][game_id] = min(micros, best[i].get(game_id, micros))
    for game_id in GAMES:
        first = best[0][game_id]
        print(game_id, "  ".join(f"{root}: {b[game_id]:.1f} us (x{b[game_id] / first:.2f})"
                                 for root, b in zip(args.checkouts, best, strict=True)))
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
