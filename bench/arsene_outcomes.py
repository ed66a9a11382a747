"""Arsène: what becomes of one seat's deals against three bots of another level. Figures to report
(docs/benchmarks.md), never asserted.

    python bench/arsene_outcomes.py --levels normal,easy --games 60
    python bench/arsene_outcomes.py --levels hard,easy --games 20 --budget-ms 100

Seat 0 plays the first level, the other three seats the second; game N is new_game("arsene", seed=N).
Each of seat 0's deals ends one way: caught by the police, robbed a store, collided with another count,
or a count that names no store (0, or 6 and more). Also printed: the deals per game, how often another
seat was caught, seat 0's chips at the end and its win share against each other seat (a tie half).
This is not a duplicate tournament (bench/strength.py is): it says why a share is what it is.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from pathlib import Path
from typing import Any

# the bots of the checkout this script is in, as bench/strength.py does
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygames_core as pg

SEAT = 0


def outcome(deal: dict[str, Any]) -> str:
    """How seat 0's deal ended, from the deal's summary in the view."""
    tricks = deal["tricks"][SEAT]
    if SEAT in deal["caught"]:
        return "caught"
    if any(take["seat"] == SEAT for take in deal["takes"]):
        return "robbed a store"
    if any(SEAT in seats for seats in deal["collisions"]):
        return "collided"
    if tricks == 0 or tricks > 5:
        return "count names no store"
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="normal,easy", help="seat 0's level, then the others'")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--budget-ms", type=int, default=None, help="a searching level's budget (default: its own)")
    args = parser.parse_args()
    mine, theirs = args.levels.split(",")
    outcomes: collections.Counter[str] = collections.Counter()
    deals, others_caught, chips, shares = [], 0, [], []
    for seed in range(args.games):
        game = pg.new_game("arsene", seed=seed)
        while not game.is_over:
            level = mine if game.current_player == SEAT else theirs
            searches = level in ("hard", "expert")
            game.apply(pg.bot_action(game, level, seed=seed * 1000 + len(game.history),
                                     time_budget_ms=args.budget_ms if searches else None))
        summaries = game.view(None)["deals"]
        deals.append(len(summaries))
        for deal in summaries:
            outcomes[outcome(deal)] += 1
            others_caught += any(seat != SEAT for seat in deal["caught"])
        scores = game.result()["scores"]
        chips.append(scores[SEAT])
        shares.append(statistics.fmean(1.0 if scores[SEAT] > scores[other] else 0.5 if scores[SEAT] == scores[other]
                                       else 0.0 for other in range(1, 4)))
    total = sum(deals)
    print(f"seat 0 {mine} against {theirs}: {args.games} games, {statistics.fmean(deals):.2f} deals a game, "
          f"win share {statistics.fmean(shares):.3f}, chips at the end {statistics.fmean(chips):.2f}")
    for name, count in outcomes.most_common():
        print(f"  {name}: {count} of {total} deals ({count / total:.2f})")
    print(f"  deals where another seat was caught: {others_caught} ({others_caught / total:.2f})")


if __name__ == "__main__":
    main()
