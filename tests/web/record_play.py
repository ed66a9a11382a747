"""Whole games of the built-in games played through the bridge, as the page plays them, recorded for
the page's unit tests (tests/web/*.test.js, through tests/web/recorded.js): each step's snapshot before
it (seat 0's), the action taken, the events it caused and the snapshot after. Bots at level easy play
every seat, with fixed seeds: the same games every run. Prints JSON: {"<table>": {"steps": [step, ...],
"finished": [the finished game's snapshot as each seat sees it, by seat]}, ...}.

    .venv/bin/python tests/web/record_play.py TABLE...

A table is `game/players`, then any of the game's yes-or-no options to switch on: `on_schedule/4/cube`.
Besides the built-in games, two third-party games drawn by the generic table are installed for the run,
as test_plugins.py installs them: the example (examples/german_whist), `german_whist/2`, and the generic
table's test game (tests/games/sevens), `sevens/6`. Run with the
project's root and tests/ on PYTHONPATH (tests/web/recorded.js does).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from helpers import fake_distribution

from pygames_core.app.bridge import call
from pygames_core.games import discover

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = {"german_whist": ROOT / "examples" / "german_whist", "sevens": ROOT / "tests" / "games" / "sevens"}

SEED = "2028"
MOST_STEPS = 2000  # far more than any game takes with easy bots: a game that never ends fails


def request(**fields: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(call(json.dumps(fields)))
    if not reply["ok"]:
        raise RuntimeError(f"{fields['op']}: {reply['error']}")
    return reply


def played(table: str) -> list[dict[str, Any]]:
    game, players, *switched_on = table.split("/")
    opened = request(op="new", game=game, players=int(players), seed=SEED, seat=0,
                     options={option: True for option in switched_on})
    sid, before = opened["sid"], opened["snapshot"]
    steps = []
    while not before["is_over"]:
        if len(steps) == MOST_STEPS:
            raise RuntimeError(f"{game}: not over after {MOST_STEPS} steps")
        reply = request(op="bot", sid=sid, level="easy", seed=len(steps))
        steps.append({"before": before, "action": reply["action"], "events": reply["events"],
                      "after": reply["snapshot"]})
        before = reply["snapshot"]
    request(op="close", sid=sid)
    return steps


def seen_by_each(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The finished game's snapshot as each seat sees it (its save loaded for that seat)."""
    save, players = steps[-1]["after"]["save"], steps[-1]["after"]["view"]["players"]
    snapshots = []
    for seat in range(players):
        opened = request(op="load", text=save, seat=seat)
        request(op="close", sid=opened["sid"])
        snapshots.append(opened["snapshot"])
    return snapshots


def main() -> None:
    with tempfile.TemporaryDirectory() as installed:
        for name, project in PLUGINS.items():
            shutil.copytree(project / name, Path(installed) / name)
            fake_distribution(Path(installed), f"pygames-{name.replace('_', '-')}", {name: f"{name}:ENTRY"})
        sys.path.insert(0, installed)
        discover()  # the catalog read again, the example in it
        record(sys.argv[1:])


def record(tables: list[str]) -> None:
    recorded = {}
    for table in tables:
        steps = played(table)
        recorded[table] = {"steps": steps, "finished": seen_by_each(steps)}
    print(json.dumps(recorded))


if __name__ == "__main__":
    main()
