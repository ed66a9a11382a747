"""A fingerprint of many seeded games, event for event, through the public functions only: run it
before and after a change that must not change play (a refactor) and compare the lines.

Each line is one game and variant: the number of games, actions and events, and two SHA-256 digests:
"play", over every action, every event list and the final result, and "views", over every seat's view
after each action; the normal bot (seeded, so deterministic) chooses for every seat, and the easy bot
takes turns with it on odd seeds so that unusual moves are covered too. A change that only adds to
the views (a new key) keeps "play" and changes "views".

    python bench/digest.py --games 50 > before.txt   # then, after the change:
    python bench/digest.py --games 50 | diff before.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

# the checkout this script is in, before any installed copy of the package (an editable install
# points at one checkout only: another worktree would otherwise measure that one)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygames_core as pg

# (label, game id, players, options): every game, player counts and the options that change play
VARIANTS: list[tuple[str, str, int, dict[str, object]]] = [
    ("arsene", "arsene", 4, {}),
    ("arsene advanced", "arsene", 4, {"advanced": True}),
    ("chains solitaire beginner", "chains", 1, {"mode": "beginner"}),
    ("chains solitaire advanced", "chains", 1, {"mode": "advanced"}),
    ("chains 3 players", "chains", 3, {}),
    ("chains 2 players with the cube", "chains", 2, {"cube": True, "match_to": 3}),
    ("dominuxen 3 players", "dominuxen", 3, {}),
    ("dominuxen 4 players with doubles", "dominuxen", 4, {"doubles": True}),
    ("on schedule", "on_schedule", 4, {}),
    ("on schedule with the cube", "on_schedule", 4, {"cube": True, "match_to": 3}),
    ("apples", "apples", 4, {}),
    ("roller derby", "roller_derby", 4, {}),
    ("roller derby with jokers", "roller_derby", 4, {"jokers": True}),
]
MAX_ACTIONS = 5000  # a guard: a game that does not end within this many actions is reported as such


def digest(game_id: str, players: int, options: dict[str, object], seeds: range) -> tuple[int, int, str, str]:
    play, views = hashlib.sha256(), hashlib.sha256()
    actions = events = 0
    for seed in seeds:
        game = pg.new_game(game_id, players=players, seed=seed, options=options)
        for step in range(MAX_ACTIONS):
            seat = game.current_player
            if seat is None:
                break
            level = "easy" if seed % 2 and step % 3 == 0 else "normal"
            action = pg.bot_action(game, level, seed=seed * 10_007 + step)
            caused = game.apply(action)
            actions += 1
            events += len(caused)
            play.update(json.dumps([action, caused], sort_keys=True).encode())
            views.update(json.dumps([game.view(s) for s in range(players)], sort_keys=True).encode())
        else:
            play.update(b"unfinished")
        play.update(json.dumps(game.result(), sort_keys=True).encode())
    return actions, events, play.hexdigest()[:16], views.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per variant (seeds 0..N-1)")
    parser.add_argument("--only", default="", help="only the variants whose label contains this")
    args = parser.parse_args()
    for label, game_id, players, options in VARIANTS:
        if args.only in label:
            actions, events, play, views = digest(game_id, players, options, range(args.games))
            print(f"{label:34} games {args.games:4}  actions {actions:7}  events {events:7}  play {play}  "
                  f"views {views}", flush=True)


if __name__ == "__main__":
    main()
