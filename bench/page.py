"""The site's speed in a real Chromium: bot move times inside Pyodide, and the Chains solver's time
per deal inside Pyodide beside CPython's on the same deals. Reported figures, never asserted. (How
long the page takes to load, on a first visit and on a return, is bench/start.py's.)

    .venv/bin/python bench/page.py [--moves 30] [--budget 1000] [--solver-deals 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

import pygames_core as pg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import _build_module, launch_options  # noqa: E402  (the e2e tests' browser and build)

TIMEOUT_MS = 120_000
# where a game's hard bot searches only in one phase, its budget is timed there: Apples' bids and
# exchange take the normal policy's choice (its Bot.search_actions names one action), so its first
# decisions would time no search at all
SEARCHED_PHASE = {"apples": "play"}
BUILD = _build_module()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Chromium as the browser tests launch it."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """The address of `folder` served as the site is (build.py's server, on a free port)."""
    server = BUILD.make_server(folder, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def open_site(browser: Browser, url: str) -> Page:
    """A page of the site at `url` without the table's pauses, once its worker has started Python."""
    page = browser.new_page()
    page.goto(f"{url}?pace=0")
    page.wait_for_function("() => window.pygamesTimings !== undefined", timeout=TIMEOUT_MS)
    return page


def percentile(ordered: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie, between the two nearest (linearly)."""
    position = share * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def bot_times(page: Page, level: str, moves: int, budget_ms: int | None, game: str = "arsene") -> dict:
    """Milliseconds per decision of seat 0's bot in `game`, measured in the page through the worker
    bridge (the bot op: the search, then the move applied and the snapshot sent back), over positions
    with a real choice (the other seats play easy to get there quickly) in the phase the game searches
    (SEARCHED_PHASE); budget None: the level's own."""
    times = page.evaluate(
        """async ([level, moves, budget, game, phase]) => {
            const call = window.pygamesBridge;
            const times = [];
            while (times.length < moves) {
                let reply = await call({op: "new", game, seed: 100 + times.length, seat: 0});
                const sid = reply.sid;
                let snap = reply.snapshot, seed = 0;
                while (!snap.is_over && times.length < moves) {
                    const mine = snap.current_player === 0 && snap.legal.length > 1
                        && (phase === null || snap.view.phase === phase);
                    const t0 = performance.now();
                    const request = {op: "bot", sid, level: mine ? level : "easy", seed: seed++};
                    if (budget !== null) request.time_budget_ms = budget;
                    reply = await call(request);
                    if (!reply.ok) throw new Error(reply.error.message);
                    if (mine) times.push(performance.now() - t0);
                    snap = reply.snapshot;
                }
                await call({op: "close", sid});
            }
            return times;
        }""",
        [level, moves, budget_ms, game, SEARCHED_PHASE.get(game)],
    )
    ordered = sorted(times)
    return {"game": game, "level": level, "moves": len(ordered), "median_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(percentile(ordered, 0.95), 1), "max_ms": round(ordered[-1], 1)}


def solver_times(page: Page, deals: int, mode: str) -> dict:
    """Seconds per Chains solitaire deal for the after-game analysis (the exact solver from the
    deal's start) in Pyodide, and for the same call in this CPython, deals 0..deals-1."""
    import pygames_core as pg

    pyodide = page.evaluate(
        """async ([deals, mode]) => {
            const call = window.pygamesBridge;
            const out = [];
            for (let deal = 0; deal < deals; deal++) {
                let reply = await call({op: "new", game: "chains", seed: deal, options: {mode}, seat: 0});
                const sid = reply.sid;
                for (let step = 0; !reply.snapshot.is_over; step++) {
                    reply = await call({op: "bot", sid, level: "easy", seed: step});
                }
                const t0 = performance.now();
                reply = await call({op: "analysis", sid, time_budget_ms: 600000});
                if (!reply.ok) throw new Error(reply.error.message);
                out.push({seconds: (performance.now() - t0) / 1000, exact: reply.analysis.exact});
                await call({op: "close", sid});
            }
            return out;
        }""",
        [deals, mode],
    )
    cpython = []
    for deal in range(deals):
        game = pg.new_game("chains", seed=deal, options={"mode": mode})
        while not game.is_over:
            game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
        start = time.perf_counter()
        pg.analysis(game, time_budget_ms=600_000)
        cpython.append(time.perf_counter() - start)
    in_page = sorted(entry["seconds"] for entry in pyodide)
    ratios = sorted(p / c for p, c in zip((entry["seconds"] for entry in pyodide), cpython, strict=True))
    return {"mode": mode, "deals": deals, "all_exact": all(entry["exact"] for entry in pyodide),
            "pyodide_median_s": round(statistics.median(in_page), 3), "pyodide_worst_s": round(in_page[-1], 2),
            "cpython_median_s": round(statistics.median(cpython), 3), "cpython_worst_s": round(max(cpython), 2),
            "pyodide_over_cpython_median": round(statistics.median(ratios), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30, help="decisions timed per level (hard: a third)")
    parser.add_argument("--budget", type=int, default=1000, help="hard bot budget, ms")
    parser.add_argument("--solver-deals", type=int, default=20, help="Chains deals solved per mode (0: none)")
    parser.add_argument("--budget-games", default="",
                        help="games (comma-separated, or all) whose hard and expert bots are also timed at "
                             "their default budgets: a decision should end within its budget + 10%%")
    args = parser.parse_args()
    BUILD.build()
    report: dict = {}
    with serving(BUILD.DIST) as url, chromium() as browser:
        page = open_site(browser, url)
        report["pyodide_bots"] = [
            bot_times(page, level, args.moves if level != "hard" else max(5, args.moves // 3), args.budget)
            for level in ("easy", "normal", "hard")
        ]
        games = [g["id"] for g in pg.list_games()] if args.budget_games == "all" else \
            [g for g in args.budget_games.split(",") if g]
        report["pyodide_default_budgets"] = [bot_times(page, level, args.moves, None, game)
                                             for game in games for level in ("hard", "expert")]
        if args.solver_deals:
            report["pyodide_chains_solver"] = [solver_times(page, args.solver_deals, mode)
                                               for mode in ("beginner", "advanced")]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
