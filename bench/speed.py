"""The engine's speed against OpenSpiel's Hearts, and the hard bot's samples per second against a
baseline commit, measured side by side in one run (issue 48). Reported figures, never asserted.

Random play: whole deals from seeded starts, through each game's `Rules` as the search drives it
(`legal_actions`, then `apply` of one of them chosen at random: one player decision), for every
variant of bench/digest.py; OpenSpiel's C++ Hearts driven from Python the same way (pyspiel:
`legal_actions` and `apply_action`, its chance nodes sampled) is the yardstick. Decisions per second
count the time from a deal's first decision to its end (setting up a deal is not a decision); deals
per second count everything, set-up included (a game of several deals counts each).

The hard bot: `bot_decision(..., "hard", samples=N)` at a fixed set of seeded positions per variant
(reached by the seeded normal bot), on this checkout's code and on the baseline commit's (`--baseline
REF`, exported with `git archive` to a temporary folder), each in a worker process of its own with its
code first on `sys.path`. Two figures: as it plays, the sample budgets settled per second of decision
(a search that drops its twins ends early with the choice its whole budget would make: that is what a
time budget buys); and the engine alone, the samples drawn per second by this checkout's search with
its dropping of twins off, so that only the engine differs from the baseline. The workers are handed
the same positions and seeds: whether the engine alone chose the baseline's actions is printed too
(play must not change).

Every measurement is cut into rounds, and within a round the workers take turns (Hearts, this
checkout, the baseline, variant by variant), so that the machine's noise falls on all of them alike;
the load average is printed before and after. Before the rounds, each worker plays each variant at
random for `--warmup` seconds, not counted: a game's caches filled once per process (Dominuxen's plays
per number group) then serve the rounds, as they serve a search in a worker that has been playing.
Durations are each worker's CPU time (`time.process_time`), not the wall clock's, so that other work on
the machine hardly moves them.

    python bench/speed.py [--only dominuxen] [--rounds 3] [--seconds 0.3] [--warmup 0.5]
                          [--samples 16] [--positions 4] [--baseline 26a1bbc | --no-baseline]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
Variant = tuple[str, str, int, dict[str, Any]]  # bench/digest.py's: label, game id, players, options

# Every duration is the worker's own CPU time: on a machine shared with other work (two cores, several
# processes) the wall clock counts their turns too, and the figures would follow the machine's load.
clock = time.process_time
BASELINE = "26a1bbc"  # main when issue 48 was taken up: "today's" engine
MAX_ACTIONS = 20_000  # a guard: a random game that has not ended by then is cut short


# --- the worker: one process per checkout, answering one JSON line per request ----------------

def random_play(variant: Variant, seconds: float, seed: int) -> dict[str, Any]:
    """Whole random deals of one variant through its Rules, from `seed` on, for about `seconds`."""
    from pygames_core.engine.rng import Rng
    from pygames_core.games import find_entry

    _, game_id, players, options = variant
    rules = find_entry(game_id).rules
    checked = rules.check_options(options)
    deals = decisions = 0
    deciding = 0.0
    started = clock()
    while deals == 0 or clock() - started < seconds:
        state = rules.new_state(players, checked, Rng(seed), None)
        chooser = random.Random(seed)
        seed += 1
        first = clock()
        for _ in range(MAX_ACTIONS):
            if rules.current_player(state) is None:
                break
            legal = rules.legal_actions(state)
            rules.apply(state, legal[chooser.randrange(len(legal))])
            decisions += 1
        deciding += clock() - first
        deals += rules.result(state).get("deals", 1)
    return {"deals": deals, "decisions": decisions, "deciding": deciding,
            "seconds": clock() - started, "seed": seed}


def hearts_play(seconds: float, seed: int) -> dict[str, Any]:
    """Whole random deals of OpenSpiel's Hearts, as random_play plays ours."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    deals = decisions = 0
    deciding = 0.0
    started = clock()
    while deals == 0 or clock() - started < seconds:
        state = game.new_initial_state()
        chooser = random.Random(seed)
        seed += 1
        first: float | None = None
        while not state.is_terminal():
            if state.is_chance_node():  # the deal: OpenSpiel deals a card as a chance outcome
                outcomes = state.chance_outcomes()
                state.apply_action(chooser.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            if first is None:
                first = clock()
            legal = state.legal_actions()
            state.apply_action(legal[chooser.randrange(len(legal))])
            decisions += 1
        deciding += clock() - (first or clock())
        deals += 1
    return {"deals": deals, "decisions": decisions, "deciding": deciding,
            "seconds": clock() - started, "seed": seed}


POSITIONS: dict[tuple[str, int], list[Any]] = {}  # (label, count) -> the worker's games at those positions


def positions(variant: Variant, count: int) -> list[Any]:
    """`count` seeded positions of one variant where the hard bot's search has actions to compare
    (`Bot.search_actions`), spread over the game: the seeded normal bot plays every seat until then."""
    import pygames_core as pg
    from pygames_core.games import find_entry

    label, game_id, players, options = variant
    key = (label, count)
    if key not in POSITIONS:
        found = []
        for index in range(count):
            seed = 100 + index
            game = pg.new_game(game_id, players=players, seed=seed, options=options)
            bot = find_entry(game_id).bot
            choices: list[int] = []  # how many actions had been taken at each position the search compares
            taken = 0
            while not game.is_over and taken < MAX_ACTIONS:
                seat = game.current_player
                if len(bot.search_actions(game.remembered_view(seat), game.legal_actions())) > 1:
                    choices.append(taken)
                game.apply(pg.bot_action(game, "normal", seed=seed * 1000 + taken))
                taken += 1
            at = choices[(3 + 11 * index) % len(choices)]
            replay = pg.new_game(game_id, players=players, seed=seed, options=options)
            for action in game.history[:at]:
                replay.apply(action)
            found.append(replay)
        POSITIONS[key] = found
    return POSITIONS[key]


def hard_samples(variant: Variant, count: int, samples: int, twins: bool = True) -> dict[str, Any]:
    """The hard bot at each position with a budget of `samples`: the samples it drew, the sample budgets
    it settled (a search that drops twins ends once one candidate is left, with the choice its whole
    budget would make, so each decision settles its budget however few samples it drew: what a time
    budget buys), the seconds it took, and its choices. `twins=False`: with the search's dropping of
    twins (`search.without_twins`, where the code has it) turned off, so that only the engine's speed
    differs from a baseline without it, and the choices must be the baseline's."""
    from pygames_core.ai import search
    from pygames_core.ai.levels import bot_decision
    from pygames_core.games import find_entry

    games = positions(variant, count)
    bot = find_entry(variant[1]).bot
    drawn = 0
    choices = []
    dropping = getattr(search, "without_twins", None)
    if dropping is not None and not twins:
        search.without_twins = lambda racing, values, default: racing
    try:
        started = clock()
        for index, game in enumerate(games):
            action, used = bot_decision(bot, game, "hard", seed=index, samples=samples)
            drawn += used
            choices.append(action)
        seconds = clock() - started
    finally:
        if dropping is not None:
            search.without_twins = dropping
    return {"samples": drawn, "settled": len(choices) * samples, "seconds": seconds, "choices": choices}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """A worker's answer to one request (here, and in Pyodide: bench/page_speed.py)."""
    request = dict(request)
    op = request.pop("op")
    if op == "where":
        import pygames_core

        return {"package": str(Path(pygames_core.__file__).parent)}
    if op == "random":
        return random_play(**request)
    if op == "hearts":
        return hearts_play(**request)
    return hard_samples(**request)


def serve(code: str) -> None:
    """A worker: `code` (a folder holding pygames_core) first on the path, one request a line. (It
    imports nothing of pygames_core before: bench/digest.py, which does, is the main process's.)"""
    sys.path.insert(0, code)
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line))), flush=True)


class Worker:
    """A worker process on one checkout's code."""

    def __init__(self, name: str, code: Path) -> None:
        self.name = name
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(code)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, cwd=ROOT)

    def ask(self, **request: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} worker stopped (its error is above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


@contextmanager
def checkout(ref: str, *paths: str) -> Iterator[Path]:
    """A temporary folder holding the package as it was at `ref` (git archive: no worktree to clean up),
    and the other `paths` of the repository named (what its wheel is built from: bench/page_speed.py)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "pygames_core", *paths], check=True,
                             capture_output=True).stdout
    with tempfile.TemporaryDirectory(prefix="pygames-baseline-") as folder:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def rate(parts: list[dict[str, Any]], count: str, seconds: str) -> float:
    return sum(p[count] for p in parts) / sum(p[seconds] for p in parts)


def has_pyspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def chosen_variants(variants: list[Variant], only: str) -> list[Variant]:
    """The variants --only names: its text in a variant's label ("roller derby") or game id
    ("roller_derby"); none found is an error that lists them, not a run that measures nothing."""
    chosen = [variant for variant in variants if only in variant[0] or only in variant[1]]
    if not chosen:
        labels = ", ".join(f"{label!r} ({game_id})" for label, game_id, _, _ in variants)
        raise SystemExit(f"--only {only!r} names no variant; the variants: {labels}")
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="only the variants whose label or game id contains this")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of alternating measurements")
    parser.add_argument("--seconds", type=float, default=0.3, help="random play per variant and worker a round")
    parser.add_argument("--warmup", type=float, default=0.5,
                        help="random play per variant and worker before the rounds, not counted (%(default)s s)")
    parser.add_argument("--samples", type=int, default=16, help="the hard bot's sample budget a decision")
    parser.add_argument("--positions", type=int, default=4, help="seeded positions per variant for the hard bot")
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with (default: %(default)s)")
    parser.add_argument("--no-baseline", action="store_true", help="measure this checkout only")
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # internal: serve requests on this code
    args = parser.parse_args()
    if args.worker:
        serve(args.worker)
        return
    sys.path.insert(0, str(ROOT / "bench"))
    from digest import VARIANTS  # the variants every benchmark of play covers

    chosen = chosen_variants(VARIANTS, args.only)
    hearts = has_pyspiel()
    print(f"load average before: {load()}  (CPython {sys.version.split()[0]}, {os.cpu_count()} cores)")
    if not hearts:
        print("OpenSpiel's Hearts: skipped (pyspiel is not installed: pip install -r requirements-bench.txt)")
    with checkout(args.baseline) if not args.no_baseline else tempfile.TemporaryDirectory() as folder:
        workers = [Worker("this checkout", ROOT)]
        if not args.no_baseline:
            workers.append(Worker(f"baseline {args.baseline}", Path(folder)))
        try:
            measure(workers, chosen, hearts, args)
        finally:
            for worker in workers:
                worker.close()
    print(f"load average after: {load()}")


def measure(workers: list[Worker], variants: list[Variant], hearts: bool, args: argparse.Namespace) -> None:
    names = ["this"] + (["baseline"] if len(workers) > 1 else [])
    for worker in workers:
        print(f"{worker.name}: {worker.ask(op='where')['package']}")
    chosen = [variant[0] for variant in variants]
    by_label = {variant[0]: variant for variant in variants}
    played: dict[tuple[str, str], list[dict[str, Any]]] = {(v, n): [] for v in chosen for n in [*names, "hearts"]}
    searched: dict[tuple[str, str], list[dict[str, Any]]] = {(v, n): [] for v in chosen for n in [*names, "engine"]}
    seeds = {key: 0 for key in played}
    # A warm-up, not counted: imports, the positions, and the caches a game fills once per process (a
    # Dominuxen worker builds each number group's plays once, about 10,000 of them, in its first half-second
    # of play), so that the rounds measure the rate a search sees in a worker that has been playing.
    for v in chosen:
        for worker in workers:
            worker.ask(op="random", variant=by_label[v], seconds=args.warmup, seed=10**6)
            worker.ask(op="samples", variant=by_label[v], count=args.positions, samples=1)
        if hearts:
            workers[0].ask(op="hearts", seconds=args.warmup, seed=10**6)
    for _ in range(args.rounds):
        for v in chosen:
            if hearts:
                part = workers[0].ask(op="hearts", seconds=args.seconds, seed=seeds[v, "hearts"])
                seeds[v, "hearts"] = part["seed"]
                played[v, "hearts"].append(part)
            for name, worker in zip(names, workers, strict=True):
                part = worker.ask(op="random", variant=by_label[v], seconds=args.seconds, seed=seeds[v, name])
                seeds[v, name] = part["seed"]
                played[v, name].append(part)
            for name, worker in zip(names, workers, strict=True):
                searched[v, name].append(worker.ask(op="samples", variant=by_label[v], count=args.positions,
                                                    samples=args.samples, twins=name == "this"))
            if len(names) > 1:  # this checkout's engine alone: the search as the baseline's
                searched[v, "engine"].append(workers[0].ask(op="samples", variant=by_label[v],
                                                            count=args.positions, samples=args.samples, twins=False))

    print(f"\nrandom play through the Rules ({args.rounds} rounds of {args.seconds} s per variant and code): "
          "decisions/s and deals/s" + (", each over OpenSpiel's Hearts' in the same rounds" if hearts else ""))
    over = f" {'× Hearts':>9}" if hearts else ""
    head = f"{'variant':34} {'decisions/s':>12}{over} {'deals/s':>9}{over}"
    if len(names) > 1:
        head += f" {'baseline d/s':>12}{over} {'deals/s':>9}{over}"
    print(head)
    if hearts:
        every = [p for v in chosen for p in played[v, "hearts"]]
        print(f"{'OpenSpiel hearts':34} {rate(every, 'decisions', 'deciding'):12,.0f} {'':9} "
              f"{rate(every, 'deals', 'seconds'):9,.0f}")
    for v in chosen:
        line = f"{v:34}"
        for name in names:
            decisions = rate(played[v, name], "decisions", "deciding")
            deals = rate(played[v, name], "deals", "seconds")
            line += f" {decisions:12,.0f}{ratio(decisions, played[v, 'hearts'], 'decisions', 'deciding')}"
            line += f" {deals:9,.1f}{ratio(deals, played[v, 'hearts'], 'deals', 'seconds')}"
        print(line)

    print(f"\nthe hard bot: {args.samples} samples a decision at {args.positions} seeded positions per variant, "
          f"{args.rounds} rounds; as it plays: the sample budgets it settled per second of decision (dropping "
          "its twins, as a time budget buys them)"
          + ("; engine alone: the samples drawn per second by this checkout's search with its dropping of twins "
             "off, as the baseline's search, whose choices it must make, against the baseline's"
             if len(names) > 1 else ""))
    head = f"{'variant':34} {'as it plays':>11}"
    if len(names) > 1:
        head += (f" {'baseline':>10} {'× baseline':>11} {'engine alone':>13} {'baseline':>10} {'× baseline':>11}"
                 "  same choices")
    print(head)
    for v in chosen:
        this = rate(searched[v, "this"], "settled", "seconds")
        line = f"{v:34} {this:11,.1f}"
        if len(names) > 1:
            base = rate(searched[v, "baseline"], "settled", "seconds")
            engine = rate(searched[v, "engine"], "samples", "seconds")
            drawn = rate(searched[v, "baseline"], "samples", "seconds")
            same = all(a["choices"] == b["choices"] and a["samples"] == b["samples"]
                       for a, b in zip(searched[v, "engine"], searched[v, "baseline"], strict=True))
            line += f" {base:10,.1f} {times(this, base)} {engine:13,.1f} {drawn:10,.1f} {times(engine, drawn)}"
            line += f"  {'yes' if same else 'NO: play changed'}"
        print(line)


def times(value: float, base: float) -> str:
    """` 2.50×`, `value` over `base`, 11 wide; `-` without a base."""
    return f"{value / base:10.2f}×" if base else f"{'-':>11}"


def ratio(value: float, hearts: list[dict[str, Any]], count: str, seconds: str) -> str:
    """` 0.123×`, the value over Hearts' rate in the same rounds; nothing without Hearts."""
    return f" {value / rate(hearts, count, seconds):8.3f}×" if hearts else ""


if __name__ == "__main__":
    main()
