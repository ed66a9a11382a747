"""bench/speed.py's two figures in the page, beside CPython's, and how long a round of three hard bots
takes in the page (issue 48). Reported figures, never asserted.

1. Random-play decisions per second and the hard bot's samples per second, per variant of
   bench/digest.py, measured by bench/speed.py's own code (`speed.answer`: the same loops, the same
   seeded positions and sample budget) in Pyodide in Chromium: a Web Worker of a page
   (bench/page_speed_worker.mjs) running the pinned runtime the site ships (node_modules/pyodide) with a
   wheel of pygames_core installed as the site's worker installs its own (loadPackage). Two wheels: this
   checkout's and the baseline commit's (`--baseline REF`, exported with `git archive` and built with
   build.py's build_wheel), each in a worker of its own; and, unless `--no-cpython`, bench/speed.py's
   CPython workers on the same two codes. Within a round the four take turns, variant by variant, so
   that the machine's noise falls on all of them alike. The ratios: this checkout over the baseline
   (in the page and in CPython), and the page over CPython (this checkout). Whether the hard bot chose
   the same actions in the page as in CPython, and as the baseline, is printed too: the engine's speed
   alone, with the search's dropping of twins (search.without_twins) off in this checkout, so that its
   search is the baseline's; a third table gives the sample budgets settled per second by this
   checkout's search as the bots play it, dropping twins (a search ends once one candidate is left, with
   the choice its whole budget would make), against the baseline's: what a time budget buys (issue 48
   item 5's budgets). Before the rounds,
   each worker plays each variant at random for `--warmup` seconds, not counted (as bench/speed.py). In the page the
   clock is the worker's (Pyodide's `time.process_time` is Emscripten's clock(): the wall clock), so
   each of the page's rates is divided by the share of a core Chromium's processes had while it was
   measured (their CPU time over the wall clock's over its requests, from /proc): per second of CPU
   time, as CPython's workers count theirs, so that the machine's load hardly moves the page over
   CPython either. Those shares are printed, with the load average.

2. A round of three hard bots in the real page: the site built and served as the browser tests do,
   four-seat games through the page's worker bridge (window.pygamesBridge, as bench/page.py), seat 0
   playing easy in the person's place, seats 1 to 3 hard, each bot request as the table sends it: at the
   level's default time budget in a game dealt at random, and reproducible (the level's sample budget,
   levels.py) in a seeded game (web/levels.js, searchFields). A round is the wait between two of the
   person's moves: the bot moves' bridge calls (the search, the move applied, the snapshot sent back; not
   the table's drawing), counted when each of the three bots had a real choice in it (more than one
   legal action, in the phase the game searches: bench/page.py's SEARCHED_PHASE; a bot may move more
   than once, as in Chains' turns); per game, its median and 90th percentile, beside what the time
   budget allows: the game's hard time budget (list_levels: its own, Bot.hard_budget_ms, or the level's
   second) for each move with a real choice. Issue 48 item 5 asks for a round of at most a second.

    .venv/bin/python bench/page_speed.py [--only dominuxen] [--rounds 2] [--seconds 0.5] [--warmup 0.5] [--samples 16]
        [--positions 2] [--baseline 26a1bbc | --no-baseline] [--no-cpython]
        [--bot-rounds 5] [--seeded-rounds 2] [--games arsene,chains]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import page as site  # noqa: E402  (bench/page.py: Chromium, the site's server and page)
import speed  # noqa: E402  (bench/speed.py: the measurements themselves and CPython's workers)
from digest import VARIANTS  # noqa: E402  (the variants every benchmark of play covers)

import pygames_core as pg  # noqa: E402

WORKER_SCRIPT = "page_speed_worker.mjs"
# what a baseline's wheel is built from (pyproject.toml names its readme and license files)
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE")
ROUND_SEATS = 4  # the person's seat and three bots
HUMAN_SEAT = 0


class Asking(Protocol):
    """A worker of either kind: bench/speed.py's CPython one, or a Pyodide one in the page."""

    name: str

    def ask(self, **request: Any) -> dict[str, Any]: ...


class PageWorker:
    """A Web Worker of the harness page, with one wheel of pygames_core in Pyodide."""

    def __init__(self, page: Page, name: str, wheel: str) -> None:
        self.name = name
        self.page = page
        page.evaluate(
            """([name, script]) => {
                window.benchWorkers ??= {};
                window.benchWorkers[name] = new Worker(script, {type: "module"});
            }""",
            [name, f"{WORKER_SCRIPT}?wheel={wheel}"],
        )

    def ask(self, **request: Any) -> dict[str, Any]:
        """The worker's answer, with the CPU seconds Chromium's processes used meanwhile ("cpu", None
        without /proc) and the wall clock's ("wall")."""
        cpu, wall = started_cpu(), time.perf_counter()
        text = self.page.evaluate(
            """([name, text]) => new Promise((resolve, reject) => {
                const worker = window.benchWorkers[name];
                worker.onmessage = ({data}) => data.ok ? resolve(data.text) : reject(new Error(data.error));
                worker.onerror = (event) => reject(new Error(event.message || "the worker failed to start"));
                worker.postMessage(text);
            })""",
            [self.name, json.dumps(request)],
        )
        answer: dict[str, Any] = json.loads(text)
        used = started_cpu()
        answer["cpu"] = None if cpu is None or used is None else used - cpu
        answer["wall"] = time.perf_counter() - wall
        return answer


def core_share(parts: list[dict[str, Any]]) -> float:
    """The share of a core Chromium had over a page worker's answers; 1 where /proc could not tell, or
    where they were too short for its clock ticks (10 ms) to show any."""
    cpu = sum(part["cpu"] or 0.0 for part in parts)
    if cpu == 0 or any(part["cpu"] is None for part in parts):
        return 1.0
    return min(1.0, cpu / sum(part["wall"] for part in parts))


def cpu_rate(parts: list[dict[str, Any]], count: str, seconds: str) -> float:
    """speed.rate over a worker's answers, per second of CPU time: a page worker's (measured by the wall
    clock) divided by the share of a core Chromium had meanwhile."""
    return speed.rate(parts, count, seconds) / (core_share(parts) if "cpu" in parts[0] else 1.0)


def started_cpu() -> float | None:
    """The CPU seconds used so far by the processes this one started and theirs (Chromium's among them:
    the others wait meanwhile), from Linux's /proc; None elsewhere (the page's figures then stay in wall
    clock time)."""
    stats: dict[int, tuple[int, int]] = {}  # pid: (its parent's pid, its CPU time in clock ticks)
    try:
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):  # a process that ended meanwhile
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    stats[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))  # ppid, utime + stime
    except OSError:
        return None
    mine, ticks = {os.getpid()}, 0
    for _ in range(len(stats)):  # down the tree, a generation at a time
        children = {pid for pid, (parent, _) in stats.items() if parent in mine} - mine
        if not children:
            break
        mine |= children
        ticks += sum(stats[pid][1] for pid in children)
    return ticks / os.sysconf("SC_CLK_TCK")


@contextmanager
def harness(wheels: dict[str, Path]) -> Iterator[Path]:
    """A folder for the harness page's server: the runtime, bench/speed.py, the worker's script, an
    empty page and each wheel in a folder of its name (a wheel's file name says what it is)."""
    with tempfile.TemporaryDirectory(prefix="pygames-page-speed-") as name:
        folder = Path(name)
        (folder / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide")
        (folder / "speed.py").symlink_to(ROOT / "bench" / "speed.py")
        (folder / WORKER_SCRIPT).symlink_to(ROOT / "bench" / WORKER_SCRIPT)
        (folder / "index.html").write_text("<!doctype html><title>pygames: the engine's speed in the page</title>\n")
        for code, wheel in wheels.items():
            (folder / code).mkdir()
            (folder / code / wheel.name).symlink_to(wheel)
        yield folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="only the variants whose label or game id contains this")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of alternating measurements")
    parser.add_argument("--seconds", type=float, default=0.5, help="random play per variant and worker a round")
    parser.add_argument("--warmup", type=float, default=0.5,
                        help="random play per variant and worker before the rounds, not counted (%(default)s s)")
    parser.add_argument("--samples", type=int, default=16, help="the hard bot's sample budget a decision")
    parser.add_argument("--positions", type=int, default=2, help="seeded positions per variant for the hard bot")
    parser.add_argument("--baseline", default=speed.BASELINE, help="the commit to compare with (default: %(default)s)")
    parser.add_argument("--no-baseline", action="store_true", help="measure this checkout only")
    parser.add_argument("--no-cpython", action="store_true", help="the page's figures only")
    parser.add_argument("--bot-rounds", type=int, default=5, help="rounds of three hard bots timed per game (0: none)")
    parser.add_argument("--seeded-rounds", type=int, default=2,
                        help="rounds of three seeded hard bots (sample budget) timed per game (0: none)")
    parser.add_argument("--games", default="", help="the games whose rounds are timed (comma-separated; default all)")
    args = parser.parse_args()
    chosen = speed.chosen_variants(VARIANTS, args.only)
    print(f"load average before: {speed.load()}  ({os.cpu_count()} cores)")
    with ExitStack() as stack, site.chromium() as browser:
        codes = {"this": ROOT}
        if not args.no_baseline:
            codes["baseline"] = stack.enter_context(speed.checkout(args.baseline, *WHEEL_SOURCES))
        built = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pygames-wheels-")))
        wheels = {code: site.BUILD.build_wheel(built / code, source) for code, source in codes.items()}
        if chosen:
            url = stack.enter_context(site.serving(stack.enter_context(harness(wheels))))
            page = browser.new_page()
            page.goto(url)
            workers: dict[tuple[str, str], Asking] = {
                ("page", code): PageWorker(page, f"page {code}", f"{code}/{wheel.name}")
                for code, wheel in wheels.items()}
            if not args.no_cpython:
                for code, source in codes.items():
                    worker = speed.Worker(f"CPython {code}", source)
                    stack.callback(worker.close)
                    workers["cpython", code] = worker
            print(f"baseline: {args.baseline}" if not args.no_baseline else "no baseline")
            measure(workers, chosen, args)
            page.close()
        games = [game for game in args.games.split(",") if game] or [game["id"] for game in pg.list_games()]
        if args.bot_rounds or args.seeded_rounds:
            # a site of its own: dist/ may be served to browser tests meanwhile
            built_site = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pygames-site-")))
            site.BUILD.build(built_site)
            url = stack.enter_context(site.serving(built_site))
            time_rounds(site.open_site(browser, url), games, args.bot_rounds, args.seeded_rounds)
    print(f"\nload average after: {speed.load()}")


def measure(workers: dict[tuple[str, str], Asking], variants: list[speed.Variant], args: argparse.Namespace) -> None:
    """Random play and the hard bot's samples, every worker in turn within each round and variant."""
    played: dict[tuple[str, tuple[str, str]], list[dict[str, Any]]] = {
        (v[0], key): [] for v in variants for key in workers}
    searched: dict[tuple[str, tuple[str, str]], list[dict[str, Any]]] = {
        (v[0], key): [] for v in variants for key in workers}
    playing: dict[tuple[str, tuple[str, str]], list[dict[str, Any]]] = {
        (v[0], key): [] for v in variants for key in workers if key[1] == "this"}
    seeds = dict.fromkeys(played, 0)
    for variant in variants:  # a warm-up, not counted: imports, the positions, caches (as bench/speed.py's)
        for worker in workers.values():
            worker.ask(op="random", variant=variant, seconds=args.warmup, seed=10**6)
            worker.ask(op="samples", variant=variant, count=args.positions, samples=1, twins=False)
    for _ in range(args.rounds):
        for variant in variants:
            for key, worker in workers.items():
                part = worker.ask(op="random", variant=variant, seconds=args.seconds, seed=seeds[variant[0], key])
                seeds[variant[0], key] = part["seed"]
                played[variant[0], key].append(part)
            for key, worker in workers.items():
                searched[variant[0], key].append(
                    worker.ask(op="samples", variant=variant, count=args.positions, samples=args.samples,
                               twins=False))
            for key, worker in workers.items():
                if key[1] == "this":  # the search as the bots play it (the baseline's has no twins to drop)
                    playing[variant[0], key].append(
                        worker.ask(op="samples", variant=variant, count=args.positions, samples=args.samples,
                                   twins=True))
    print(f"\nrandom play through the Rules: decisions/s ({args.rounds} rounds of {args.seconds} s per variant "
          "and worker)")
    table(workers, variants, {cell: cpu_rate(parts, "decisions", "deciding") for cell, parts in played.items()},
          "{:10,.0f}")
    print(f"\nthe hard bot: samples/s ({args.samples} samples a decision at {args.positions} seeded positions per "
          f"variant, {args.rounds} rounds; the engine alone: the search's dropping of twins off, as the "
          "baseline's search); same: the same actions as in CPython (this checkout) and as the baseline")
    same: dict[str, list[str]] = {}
    for label, *_ in variants:
        ours = searched[label, ("page", "this")]
        for other, key in (("CPython", ("cpython", "this")), ("baseline", ("page", "baseline"))):
            if key in workers:
                alike = all(a["choices"] == b["choices"] for a, b in zip(ours, searched[label, key], strict=True))
                same.setdefault(label, []).append(f"same as {other}: {'yes' if alike else 'NO'}")
    table(workers, variants, {cell: cpu_rate(parts, "samples", "seconds") for cell, parts in searched.items()},
          "{:10,.1f}", same)
    # a search that drops twins is worth the sample budgets it settled, not the samples it drew (speed.py)
    print(f"\nthe hard bot as it plays: sample budgets settled per second ({args.samples} samples a decision, "
          "what a time budget buys), this checkout's search dropping its twins, the baseline's as it was (twins "
          "are dropped only as a search runs on: give 100, the hard bot's sample budget, for its figure)")
    table(workers, variants, {cell: cpu_rate(playing.get(cell) or parts, "settled", "seconds")
                              for cell, parts in searched.items()}, "{:10,.1f}")
    for key, worker in workers.items():
        if key[0] == "page":
            shares = [core_share(cells[label, key]) for cells in (played, searched) for label, *_ in variants]
            print(f"{worker.name}: Chromium had {min(shares):.0%} to {max(shares):.0%} of a core while measured "
                  "(its rates are per second of CPU time: each figure's own share)")


Rates = dict[tuple[str, tuple[str, str]], float]  # by variant's label and worker (its kind, its code)


def table(workers: dict[tuple[str, str], Asking], variants: list[speed.Variant], rates: Rates, number: str,
          notes: dict[str, list[str]] | None = None) -> None:
    """One line per variant: each worker's rate, this checkout over the baseline (in the page and in
    CPython) and the page over CPython (this checkout), with `notes` at the end."""
    heads = [f"{kind} {code}" for kind, code in workers]
    ratios = [(f"{kind} ×base", (kind, "this"), (kind, "baseline")) for kind in ("page", "cpython")
              if (kind, "baseline") in workers]
    if ("cpython", "this") in workers:
        ratios.append(("page/CPython", ("page", "this"), ("cpython", "this")))
    print(f"{'variant':34}" + "".join(f" {head:>16}" for head in heads)
          + "".join(f" {head:>13}" for head, _, _ in ratios))
    for label, *_ in variants:
        line = f"{label:34}" + "".join(f" {number.format(rates[label, key]):>16}" for key in workers)
        for _, top, bottom in ratios:
            line += f" {rates[label, top] / rates[label, bottom]:12.2f}×"
        print(line + "".join(f"  {note}" for note in (notes or {}).get(label, [])))


# the deals a game's rounds are looked for in, at most (a guard: a deal has tens of rounds)
MAX_DEALS = 5
# A round: every bot move between two of the person's moves, counted when each of the other seats made
# at least one with a real choice (a seat may make several: Chains' turns are a move and a draw, say).
ROUND_SCRIPT = """async ([game, players, human, rounds, fields, phase, deals]) => {
    const call = async (request) => {
        const reply = await window.pygamesBridge(request);
        if (!reply.ok) throw new Error(reply.error.message);
        return reply;
    };
    const people = [...Array(players).keys()];  // every seat's legal actions can be read (hand_over)
    const counted = [];
    for (let deal = 0; counted.length < rounds && deal < deals; deal++) {
        let {sid, snapshot} = await call({op: "new", game, players, seed: String(200 + deal), seat: human, people});
        let round = null;
        for (let step = 0; !snapshot.is_over && counted.length < rounds; step++) {
            const mover = snapshot.current_player;
            if (mover === human) {
                const choosing = new Set((round ?? []).filter((move) => move.real).map((move) => move.seat));
                if (choosing.size === players - 1) {
                    counted.push({ms: round.reduce((sum, move) => sum + move.ms, 0),
                                  choices: round.filter((move) => move.real).length});
                }
                round = [];
                snapshot = (await call({op: "bot", sid, level: "easy", seed: step})).snapshot;
                continue;
            }
            const seen = (await call({op: "hand_over", sid, seat: mover})).snapshot;
            const real = seen.legal.length > 1 && (phase === null || seen.view.phase === phase);
            const started = performance.now();
            snapshot = (await call({op: "bot", sid, level: "hard", ...fields})).snapshot;
            round?.push({seat: mover, ms: performance.now() - started, real});
        }
        await call({op: "close", sid});
    }
    return counted;
}"""
# a seeded game's bot requests, as the table sends them (web/levels.js, searchFields: its watchdog's wait)
SEEDED_FIELDS = {"reproducible": True, "time_budget_ms": 300_000}


def time_rounds(page: Page, games: list[str], rounds: int, seeded_rounds: int) -> None:
    """The rounds of three hard bots in the page, per game: at the default time budget, and seeded."""
    print(f"\na round of three hard bots in the page (Chromium, the site's worker bridge), per game: the ms of the "
          f"bot moves between two of the person's moves,\neach of the {ROUND_SEATS - 1} bots with a real choice; "
          "choices: the moves with one a round (median); hard's default time budget a move in the game "
          "(list_levels), and what it allows a round's choices;\nseeded: its sample budget a choice, however long "
          "they take")
    print(f"{'game':14} {'rounds':>6} {'choices':>7} {'hard ms':>7} {'budget ms':>9} {'median ms':>9} {'p90 ms':>8}   "
          f"{'seeded':>6} {'samples':>7} {'median ms':>9} {'p90 ms':>8}")
    for game in games:
        hard = next(level for level in pg.list_levels(game, ROUND_SEATS) if level["name"] == "hard")
        budgeted, seeded = (page.evaluate(ROUND_SCRIPT, [game, ROUND_SEATS, HUMAN_SEAT, count, fields,
                                                         site.SEARCHED_PHASE.get(game), MAX_DEALS]) if count else []
                            for count, fields in ((rounds, {}), (seeded_rounds, SEEDED_FIELDS)))
        choices = statistics.median(found["choices"] for found in budgeted) if budgeted else 0
        print(f"{game:14} {len(budgeted):6} {choices:7g} {hard['budget_ms']:7,} {choices * hard['budget_ms']:9,.0f} "
              f"{spread(budgeted)}   {len(seeded):6} {hard['samples']:7} {spread(seeded)}", flush=True)


def spread(rounds: list[dict[str, Any]]) -> str:
    """The rounds' median and 90th percentile, in ms."""
    if not rounds:
        return f"{'-':>9} {'-':>8}"
    times = sorted(found["ms"] for found in rounds)
    return f"{statistics.median(times):9,.0f} {site.percentile(times, 0.9):8,.0f}"


if __name__ == "__main__":
    main()
