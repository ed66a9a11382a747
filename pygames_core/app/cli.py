"""The command line: list the games, play one in the terminal against bots, or simulate many.

    python -m pygames_core                      # list the games
    python -m pygames_core play arsene --level hard
    python -m pygames_core simulate arsene -n 200 --levels easy,normal,normal,normal
    python -m pygames_core new-game my_game            # write a new game package (app/scaffold.py)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pygames_core import LEVELS, bot_action, list_games, new_game, plugin_errors
from pygames_core.app.scaffold import new_game_package, next_steps
from pygames_core.engine.errors import PygamesError, broken_game_report
from pygames_core.engine.rng import Rng


def _options(pairs: list[str]) -> dict[str, Any]:
    """`--option advanced=true` -> {"advanced": True}; values are read as JSON when they parse."""
    out = {}
    for pair in pairs:
        name, _, raw = pair.partition("=")
        try:
            out[name] = json.loads(raw)
        except ValueError:
            out[name] = raw
    return out


def action_label(action: dict[str, Any]) -> str:
    """`{"type": "play", "card": "AS"}` -> `play card=AS`: readable for any game's actions."""
    rest = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action['type']} {rest}".strip()


def render_view(view: dict[str, Any]) -> str:
    """A compact text table of any game's view: short fields on one line each."""
    lines = []
    for key, value in view.items():
        if key in ("game", "players", "deals", "played"):
            continue
        text = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {key:>14}: {text if len(text) <= 100 else text[:97] + '...'}")
    return "\n".join(lines)


def cmd_list(_: argparse.Namespace) -> int:
    for game in list_games():
        low, high = game["players"]
        players = f"{low}" if low == high else f"{low}-{high}"
        options = ", ".join(o["name"] for o in game["options"]) or "none"
        print(f"{game['id']:<14} {game['title']['en']} / {game['title']['ja']}  "
              f"({players} players; options: {options})")
    for problem in plugin_errors():
        print(f"{problem['game']:<14} cannot be played: {problem['message']}", file=sys.stderr)
    return 0


def cmd_new_game(args: argparse.Namespace) -> int:
    folder = new_game_package(args.name, Path(args.into))
    what = ["install it (editable)", "run its tests", "play it in the terminal", "check its types",
            "build its wheel", "build a site with it and serve it"]
    steps = next_steps(folder, args.name)
    print(f"wrote the game {args.name!r} in {folder.resolve()}; next (each works from any folder):")
    for said, command in zip(what, steps, strict=False):
        print(f"  # {said}\n  {command}")
    return 0


def cmd_play(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    game = new_game(args.game, players=args.players, seed=args.seed, options=_options(args.option))
    print(f"{args.game}, seed {game.seed}; you are seat {args.seat}. Type an action's number, q to quit.")
    bot_rng = Rng(game.seed + 1)
    while not game.is_over:
        seat = game.current_player
        if seat != args.seat:
            action = bot_action(game, args.level, seed=bot_rng.below(1 << 31), time_budget_ms=args.budget)
            events = game.apply(action)
            print(f"seat {seat}: {action_label(action)}")
        else:
            print(render_view(game.view(args.seat)))
            legal = game.legal_actions()
            for number, action in enumerate(legal, 1):
                print(f"  {number:>2}) {action_label(action)}")
            answer = read("your move> ").strip()
            if answer in ("q", "quit"):
                print(f"saved game:\n{game.to_json()}")
                return 0
            if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
                print(f"  choose 1-{len(legal)}")
                continue
            events = game.apply(legal[int(answer) - 1])
        for event in events:
            if event["type"] not in ("played",):
                print(f"  * {json.dumps(event, ensure_ascii=False)}")
    print(f"game over: {json.dumps(game.result(), ensure_ascii=False)}")
    return 0


def simulate(game_id: str, games: int, levels: list[str], seed: int, players: int | None = None,
             options: dict[str, Any] | None = None, budget_ms: int | None = None) -> dict[str, Any]:
    """Play `games` bot games; seat i plays at levels[i % len(levels)]. Returns the summary."""
    wins: defaultdict[int, float] = defaultdict(float)  # a shared win counts a share
    level_wins: defaultdict[str, float] = defaultdict(float)
    level_seats: Counter[str] = Counter()
    moves = deals = 0
    start = time.perf_counter()
    rng = Rng(seed)
    seats = 0
    for number in range(games):
        game = new_game(game_id, players=players, seed=seed + number, options=options)
        seats = game.players
        seat_levels = [levels[s % len(levels)] for s in range(seats)]
        while (mover := game.current_player) is not None:
            level = seat_levels[mover]
            game.apply(bot_action(game, level, seed=rng.below(1 << 31), time_budget_ms=budget_ms))
        result = game.result()
        for s in result["winners"]:  # none when a solitaire is lost
            share = 1 / len(result["winners"])
            wins[s] += share
            level_wins[seat_levels[s]] += share
        for level in seat_levels:
            level_seats[level] += 1
        moves += len(game.history)
        deals += result.get("deals", 1)
    elapsed = time.perf_counter() - start
    return {
        "game": game_id, "games": games, "levels": levels,
        "win_rate_by_seat": [round(wins[s] / games, 3) for s in range(seats)],
        # per seat-game: with four equal seats each level would score 0.25
        "win_rate_by_level": {lv: round(level_wins[lv] / level_seats[lv], 3) for lv in level_seats},
        "mean_moves": round(moves / games, 1), "mean_deals": round(deals / games, 2),
        "games_per_second": round(games / elapsed, 2), "seconds": round(elapsed, 2),
    }


def cmd_simulate(args: argparse.Namespace) -> int:
    levels = args.levels.split(",")
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        raise PygamesError(f"unknown bot levels {bad}; levels are {', '.join(LEVELS)}")
    summary = simulate(args.game, args.n, levels, args.seed, args.players, _options(args.option), args.budget)
    if args.json:
        print(json.dumps(summary))
        return 0
    for key, value in summary.items():
        print(f"{key:>18}: {value}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pygames_core", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("list", help="list the games")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="a game id from `list`")
        p.add_argument("--players", type=int, default=None)
        p.add_argument("--seed", type=int, default=None)
        p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
        p.add_argument("--budget", type=int, default=None, metavar="MS", help="hard bots' time budget per move")

    play = sub.add_parser("play", help="play in the terminal against bots")
    common(play)
    play.add_argument("--seat", type=int, default=0)
    play.add_argument("--level", choices=LEVELS, default="normal")

    sim = sub.add_parser("simulate", help="play N bot games and summarise")
    common(sim)
    sim.add_argument("-n", type=int, default=100, help="number of games")
    sim.add_argument("--levels", default="normal", help="comma-separated levels, by seat in turn")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    scaffold = sub.add_parser("new-game", help="write a new game package to edit (docs/adding-a-game.md)")
    scaffold.add_argument("name", help="the game's id and package name, e.g. my_game")
    scaffold.add_argument("--into", default=".", metavar="DIR", help="the folder to write it in (default: here)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return cmd_play(args)
        if args.command == "new-game":
            return cmd_new_game(args)
        if args.command == "simulate":
            if args.seed is None:
                args.seed = 0
            return cmd_simulate(args)
        return cmd_list(args)
    except PygamesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        return 130
    except Exception as exc:  # a bug in a game's code (a designer's, playing it here): say where it is
        print(f"error: the game's code failed:\n{broken_game_report(exc)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
