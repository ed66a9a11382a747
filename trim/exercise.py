"""Everything the site's runtime does, in one short run: what decides which standard-library modules
the site ships (build.py keeps only those in trim/stdlib_modules.txt, see trim/discover.py).

`exercise(call, scenarios)` sends the page's kinds of request through the bridge (`call` takes a
request as a dict and gives the reply as a dict): every game new, with and without its options that
load other code (a cube, a solitaire mode), a hint, its bots at every level (hard and normal with a
small time budget), undo, save and load, a finished Chains solitaire deal's analysis (the exact
solver) and its replay, the scenarios given read and played, and the errors a page can cause. It raises
ExerciseFailed, naming the request and the reply, when a reply is not the one expected: on a runtime
that lacks a module, that reply is an InternalError naming it.

Three runners, one exercise:
- `python trim/exercise.py` (CPython) and trim/pyodide_modules.mjs (the pinned Pyodide in Node) run it
  on the library itself, plus `import_everything` and `raw_errors` (what only a direct caller can
  send), and print the modules then imported: trim/discover.py writes their union to the list;
- tests/test_trim.py runs it in CPython and fails naming any stdlib module outside the list;
- e2e/test_trimmed_runtime.py runs it through the page's own bridge on the built, trimmed site.

It imports only modules the runtime has loaded before it runs (json, os, sys, collections.abc), so that
it adds nothing to what it measures.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
from collections.abc import Callable

Call = Callable[[dict], dict]

# Each game once with its default options, and the options that run other code: the doubling cube
# (a match), Chains solitaire's advanced mode and its multiplayer game, Dominuxen's doubles.
SETUPS: tuple[tuple[str, int | None, dict], ...] = (
    ("arsene", None, {}),
    ("chains", 1, {"mode": "advanced"}),
    ("chains", 2, {"cube": True}),
    ("on_schedule", None, {"cube": True}),
    ("on_schedule", None, {}),
    ("dominuxen", 3, {"doubles": True}),
    ("apples", None, {}),
    ("roller_derby", None, {}),
)
BUDGET_MS = 20  # a hard or normal bot's and a hint's time: enough to run their search, not to wait
SOLVER_BUDGET_MS = 2_000  # the Chains solver on one finished deal (CPython needs a tenth of it)


class ExerciseFailed(Exception):
    """A reply that is not the one the exercise expected."""


def _ok(call: Call, request: dict) -> dict:
    reply = call(request)
    if not reply.get("ok"):
        raise ExerciseFailed(f"{json.dumps(request)[:200]} was refused: {reply.get('error')}")
    return reply


def _refused(call: Call, request: dict, error_type: str) -> None:
    reply = call(request)
    error = reply.get("error") or {}
    if reply.get("ok") or error.get("type") != error_type:
        raise ExerciseFailed(f"{json.dumps(request)[:200]} should be refused with {error_type}, got {reply}")


def play(call: Call, game: str, players: int | None, options: dict, seed: int) -> None:
    """A game played by easy bots to the person's turn, a hint, a bot's move at every level, an undo,
    and the game saved and loaded again."""
    opened = _ok(call, {"op": "new", "game": game, "players": players, "options": options,
                        "seed": str(seed), "seat": 0})
    sid, snapshot = opened["sid"], opened["snapshot"]
    for step in range(100):
        if snapshot["current_player"] == 0:
            break
        snapshot = _ok(call, {"op": "bot", "sid": sid, "level": "easy", "seed": step})["snapshot"]
    else:
        raise ExerciseFailed(f"{game}: seat 0 did not get a turn in 100 moves")
    _ok(call, {"op": "hint", "sid": sid, "seed": seed, "time_budget_ms": BUDGET_MS})
    levels = [level["name"] for level in _ok(call, {"op": "levels"})["levels"]]  # as the page reads them
    for step, level in enumerate(levels):
        snapshot = _ok(call, {"op": "bot", "sid": sid, "level": level, "seed": step,
                              "time_budget_ms": BUDGET_MS})["snapshot"]
    snapshot = _ok(call, {"op": "undo", "sid": sid})["snapshot"]
    _refused(call, {"op": "analysis", "sid": sid}, "IllegalAction")  # no hindsight while cards are hidden
    loaded = _ok(call, {"op": "load", "text": snapshot["save"], "seat": 0})
    if loaded["snapshot"]["moves"] != snapshot["moves"]:
        raise ExerciseFailed(f"{game}: the loaded save has {loaded['snapshot']['moves']} moves, "
                             f"not {snapshot['moves']}")
    _ok(call, {"op": "snapshot", "sid": loaded["sid"]})
    for opened_sid in (sid, loaded["sid"]):
        _ok(call, {"op": "close", "sid": opened_sid})


def solve_solitaire(call: Call, seed: int, finished: str | None) -> None:
    """A Chains solitaire deal played to its end by easy bots (or `finished`, such a deal's save,
    loaded), its analysis (the exact solver from the deal's start) and its replay."""
    new = {"op": "new", "game": "chains", "players": 1, "seed": str(seed), "seat": 0}
    opened = _ok(call, new if finished is None else {"op": "load", "text": finished, "seat": 0})
    sid, snapshot = opened["sid"], opened["snapshot"]
    for step in range(1_000):
        if snapshot["is_over"]:
            break
        snapshot = _ok(call, {"op": "bot", "sid": sid, "level": "easy", "seed": step})["snapshot"]
    else:
        raise ExerciseFailed(f"Chains solitaire deal {seed} did not end in 1000 moves")
    if snapshot["game"] != "chains" or len(snapshot["result"]["scores"]) != 1:
        raise ExerciseFailed(f"not a Chains solitaire deal: {snapshot['game']}")
    analysis = _ok(call, {"op": "analysis", "sid": sid, "time_budget_ms": SOLVER_BUDGET_MS})["analysis"]
    if not analysis:
        raise ExerciseFailed("a finished Chains solitaire deal has no analysis")
    _ok(call, {"op": "replay", "text": snapshot["save"]})
    _ok(call, {"op": "close", "sid": sid})


def scenarios_played(call: Call, scenarios: list[dict]) -> None:
    for scenario in scenarios:
        frames = _ok(call, {"op": "scenario", "scenario": scenario})["frames"]
        opened = _ok(call, {"op": "play_scenario", "scenario": scenario, "steps": len(frames) - 1})
        _ok(call, {"op": "close", "sid": opened["sid"]})


def page_errors(call: Call) -> None:
    """The refusals a page can cause (each a named error, with nothing changed)."""
    _refused(call, {"op": "nonsense"}, "BadRequest")
    _refused(call, {"op": "new", "game": "arsene"}, "BadRequest")
    _refused(call, {"op": "new", "game": "no such game", "seat": 0}, "UnknownGame")
    _refused(call, {"op": "new", "game": "arsene", "seed": "abc", "seat": 0}, "BadSetup")
    _refused(call, {"op": "load", "text": "not a save", "seat": 0}, "BadSave")
    _refused(call, {"op": "snapshot", "sid": 10**9}, "BridgeError")
    _refused(call, {"op": "scenario", "scenario": {"game": "arsene", "steps": [{"action": "nonsense"}]}}, "BadScenario")
    _refused(call, {"op": "how_to_play", "game": "no such game"}, "UnknownGame")
    opened = _ok(call, {"op": "new", "game": "chains", "players": 2, "seat": None})  # no seed: a fresh one
    sid = opened["sid"]
    _refused(call, {"op": "act", "sid": sid, "action": {"type": "nonsense"}}, "WrongSeat")
    _refused(call, {"op": "bot", "sid": sid, "level": "grandmaster"}, "PygamesError")
    _refused(call, {"op": "replay", "text": opened["snapshot"]["save"]}, "BridgeError")
    _ok(call, {"op": "close", "sid": sid})
    reply = _ok(call, {"op": "new", "game": "dominuxen", "players": 3, "seed": "5", "seat": 0})
    sid = reply["sid"]
    while reply["snapshot"]["current_player"] != 0:
        reply = _ok(call, {"op": "bot", "sid": sid, "level": "easy"})
    _refused(call, {"op": "act", "sid": sid, "action": {"type": "nonsense"}}, "IllegalAction")
    _ok(call, {"op": "close", "sid": sid})


def exercise(call: Call, scenarios: list[dict], finished_solitaire: str | None = None) -> None:
    """Everything (see the module's docstring); `finished_solitaire`: a finished Chains solitaire deal's
    save to analyse, so as not to play one here (a hundred requests: seconds through a browser)."""
    games = _ok(call, {"op": "games"})["games"]
    for game in games:
        _ok(call, {"op": "how_to_play", "game": game["id"]})
    for seed, (game, players, options) in enumerate(SETUPS):
        play(call, game, players, options, seed)
    covered = {game for game, _, _ in SETUPS}
    missed = [game["id"] for game in games if game["id"] not in covered]
    if missed:
        raise ExerciseFailed(f"the exercise does not play {', '.join(missed)}: add it to SETUPS")
    solve_solitaire(call, 0, finished_solitaire)
    scenarios_played(call, scenarios)
    page_errors(call)


# --- what only a direct caller of the library does (the discovery runners, not the page) ----------

# The terminal's command lines (`pygames`, `python -m pygames_core`, the scaffold `pygames new-game`
# writes a game with, and the page types' generator that development runs, `python -m
# pygames_core.app.page_types`), which no page runs: what they alone import (argparse and the gettext
# it brings, 40 KB of bytecode; shlex for the scaffold's printed commands) is not shipped to the browser.
COMMAND_LINE = ("app/cli.py", "app/scaffold.py", "app/page_types.py", "__main__.py")


def import_everything() -> None:
    """Every module of pygames_core but the command line (found on disk: pkgutil would add modules)."""
    import pygames_core

    package = pathlib.Path(pygames_core.__file__).parent
    for path in sorted(package.rglob("*.py")):
        inside = path.relative_to(package)
        if inside.as_posix() not in COMMAND_LINE:
            __import__(".".join(["pygames_core", *inside.with_suffix("").parts]).removesuffix(".__init__"))


def raw_errors(bridge_call: Callable[[str], str]) -> None:
    """The bridge's refusals of text that is not a request, and its InternalError (a bug's exception
    put into words), caused with a session whose game is not a game."""
    from pygames_core.app import bridge

    for text in ("{", "[1, NaN]", "\ud800", "[" * 10_000):
        if json.loads(bridge_call(text))["error"]["type"] != "BadRequest":
            raise ExerciseFailed(f"{text[:20]!r} should be a BadRequest")
    broken = max(bridge._sessions, default=0) + 1_000_000
    bridge._sessions[broken] = (None, 0)
    try:
        error = json.loads(bridge_call(json.dumps({"op": "bot", "sid": broken})))["error"]
    finally:
        del bridge._sessions[broken]
    if error["type"] != bridge.INTERNAL_ERROR or not error["message"].startswith("AttributeError"):
        raise ExerciseFailed(f"a broken session should give an InternalError, got {error}")


def run_all(scenarios: list[dict]) -> list[str]:
    """Everything, directly on the library; the names of the modules imported by then, sorted."""
    from pygames_core.app import bridge

    import_everything()
    exercise(lambda request: json.loads(bridge.call(json.dumps(request))), scenarios)
    raw_errors(bridge.call)
    return sorted(sys.modules)


def read_scenarios(folder: str) -> list[dict]:
    scenarios = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                scenarios.append(json.load(file))
    return scenarios


if __name__ == "__main__":  # CPython's runner: the modules, as a JSON list on stdout
    print(json.dumps(run_all(read_scenarios(sys.argv[1]))))
