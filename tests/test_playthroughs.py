"""Committed playthroughs (after OpenSpiel's): play locked independently of the bots.

For every variant of tests/variants.py and a Chains table of 6, `tests/playthroughs/<variant>.txt`
holds a few seeded games written out step by step; this test plays them again and compares the text
line by line, so any change of play (a rule, a score, an event, a view) fails here with the first line
that differs. When the change is meant, rewrite the files and commit them with it:

    PYGAMES_UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest -q tests/test_playthroughs.py

The actions are chosen by `random.Random(seed)` among the legal ones, never by a bot (the bots' play
changes on purpose, and is fingerprinted by bench/digest.py). Each game is written as:
- `start`: the seat to move, the legal actions and that seat's view;
- the first FULL_STEPS steps and the last one in full, one block each: the mover, the legal actions (in full when their
  JSON is short, else their count and a digest), the action taken, the events, the mover's view after
  the step, and a digest of every view after it (each seat's and a spectator's);
- every other step on one line: the step, the mover, the number of legal actions, the action taken, the
  events' types, and a digest of the legal actions, the events and every view after the step;
- `result`: the result.
JSON is on single lines; a digest is the first 12 hex digits of the SHA-256 of the canonical JSON.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from variants import VARIANTS, Variant

import pygames_core as pg

FOLDER = Path(__file__).resolve().parent / "playthroughs"
UPDATE = os.environ.get("PYGAMES_UPDATE_PLAYTHROUGHS") == "1"
UPDATE_COMMAND = "PYGAMES_UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest -q tests/test_playthroughs.py"
SEEDS = (1, 2, 3)
FULL_STEPS = 12  # the first steps written in full (and the last); each other one is a line with a digest
LEGAL_IN_FULL = 600  # the longest JSON of the legal actions written out (longer: a count and a digest)
PLAYED = [*VARIANTS, Variant("chains", 6, {})]
MAX_STEPS = 5000  # far beyond any game's length: a game that does not end fails rather than hangs


def line(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


def legal_line(legal: list[dict[str, Any]]) -> str:
    text = line(legal)
    return f"{len(legal)} {text}" if len(text) <= LEGAL_IN_FULL else f"{len(legal)}, digest {digest(legal)}"


def every_view(game: pg.Game) -> list[dict[str, Any]]:
    return [game.view(seat) for seat in [*range(game.players), None]]


def playthrough(variant: Variant, seed: int) -> list[str]:
    """One game of the variant, chosen by random.Random(seed), as the lines of its playthrough."""
    game = pg.new_game(variant.game_id, players=variant.players, seed=seed, options=variant.options)
    chooser = random.Random(seed)
    mover = game.current_player
    assert mover is not None
    lines = [f"== seed {seed}", "start", f"  mover: {mover}", f"  legal: {legal_line(game.legal_actions())}",
             f"  view {mover}: {line(game.view(mover))}", ""]
    for step in range(1, MAX_STEPS + 1):
        if game.is_over:
            lines += [f"result: {line(game.result())}", ""]
            return lines
        mover = game.current_player
        legal = game.legal_actions()
        action = chooser.choice(legal)
        events = game.apply(action)
        views = every_view(game)
        if step <= FULL_STEPS or game.is_over:
            lines += [f"step {step}", f"  mover: {mover}", f"  legal: {legal_line(legal)}", f"  action: {line(action)}",
                      f"  events: {line(events)}", f"  view {mover}: {line(game.view(mover))}",
                      f"  views: {digest(views)}", ""]
        else:
            kinds = ",".join(event["type"] for event in events)
            lines.append(f"step {step} | mover {mover} | legal {len(legal)} | {line(action)} | events {kinds} | "
                         f"{digest([legal, events, views])}")
    raise AssertionError(f"{variant.name} seed {seed}: no end after {MAX_STEPS} steps")


def playthrough_text(variant: Variant) -> str:
    header = [f"# {variant.game_id}, {variant.players} players, options {line(variant.options)}: games chosen by "
              f"random.Random(seed) among the legal actions, the first {FULL_STEPS} steps and the last in full",
              f"# written by tests/test_playthroughs.py; update: {UPDATE_COMMAND}", ""]
    return "\n".join([*header, *(text for seed in SEEDS for text in playthrough(variant, seed))])


def first_difference(committed: str, now: str) -> str:
    """The first line where the two texts differ, both versions, cut to the place where they part."""
    old_lines, new_lines = committed.splitlines(), now.splitlines()
    for number, (old, new) in enumerate(zip(old_lines, new_lines, strict=False), start=1):
        if old != new:
            start = max(0, next(i for i, (a, b) in enumerate(zip(old + "\0", new + "\1", strict=False)) if a != b) - 80)
            return (f"line {number} differs (from column {start + 1}):\n  committed: {old[start:start + 300]}\n"
                    f"  now:       {new[start:start + 300]}")
    shorter = "committed file" if len(old_lines) < len(new_lines) else "new playthrough"
    return f"the {shorter} ends at line {min(len(old_lines), len(new_lines))}; the other goes on"


@pytest.mark.parametrize("variant", PLAYED, ids=[variant.name for variant in PLAYED])
def test_play_is_as_committed(variant: Variant) -> None:
    path = FOLDER / f"{variant.name}.txt"
    now = playthrough_text(variant)
    if UPDATE:
        path.write_text(now, encoding="utf-8")
        return
    assert path.exists(), f"no playthrough {path.name}; write it with {UPDATE_COMMAND}"
    committed = path.read_text(encoding="utf-8")
    if committed != now:
        pytest.fail(f"{path.name}: the play changed. {first_difference(committed, now)}\n"
                    f"If the change is meant, rewrite the playthroughs and commit them: {UPDATE_COMMAND}")


def test_every_playthrough_is_of_a_variant() -> None:
    assert {variant.game_id for variant in PLAYED} == {info["id"] for info in pg.list_games()}
    assert sorted(path.name for path in FOLDER.glob("*.txt")) == sorted(f"{v.name}.txt" for v in PLAYED)


def test_first_difference_names_the_line_and_where_it_parts() -> None:
    assert first_difference("a\nstep 2 | x\nc", "a\nstep 2 | y\nc") == (
        "line 2 differs (from column 1):\n  committed: step 2 | x\n  now:       step 2 | y")
    assert first_difference("a\nb", "a\nb\nc") == "the committed file ends at line 2; the other goes on"
