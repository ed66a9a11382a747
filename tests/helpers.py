"""Shared helpers for the test suite: building Arsène set-ups, playing cards, comparing states."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pygames_core as pg
from pygames_core.games.arsene.state import PLAY_DECK, STORE_GROUPS
from pygames_core.kit.cards import codes

ALL_PLAY_CODES = codes(PLAY_DECK)  # the 47 cards in play
FULL_STORES = [list(g) for g in STORE_GROUPS]
# the card each seat holds for a one-card last trick: the winner leads the ace and others follow low
LAST_TRICK_LOSERS = ["2S", "3S", "4S"]
RED_TABLE = ["2H", "3H", "4H"]  # chosen 0 -> no trump
BLACK_TABLE = ["2C", "3H", "4H"]  # chosen 0 -> diamonds are trump


def arsene(setup: dict | None = None, *, seed: int = 0, advanced: bool = False) -> pg.Game:
    return pg.new_game("arsene", seed=seed, options={"advanced": advanced}, setup=setup)


def full_deal_setup(table: list[str], dealer: int = 0, **extra: Any) -> dict:
    """A fresh deal (11 cards each, nothing chosen yet) with the given three edge cards."""
    rest = [c for c in ALL_PLAY_CODES if c not in table]
    hands = [rest[i * 11:(i + 1) * 11] for i in range(4)]
    return {"dealer": dealer, "hands": hands, "table": list(table), **extra}


def last_trick_setup(before: list[int], winner: int, **extra: Any) -> dict:
    """One card each, `before` tricks already taken (summing to 10); `winner` leads the ace of
    spades and the others follow with low spades, so `winner` wins the 11th trick."""
    assert sum(before) == 10
    losers = iter(LAST_TRICK_LOSERS)
    hands = [["AS"] if seat == winner else [next(losers)] for seat in range(4)]
    setup = {"dealer": (winner - 1) % 4, "hands": hands, "table": RED_TABLE, "chosen": 0,
             "tricks": list(before), "leader": winner}
    setup.update(extra)
    return setup


def finish_deal(final: list[int], *, winner: int | None = None, advanced: bool = False,
                seed: int = 0, **extra: Any) -> tuple[pg.Game, list[dict]]:
    """A game whose deal ends with the trick counts `final`: one trick is left, won by `winner`
    (by default the first seat with at least one trick), who keeps it."""
    if winner is None:
        winner = next(seat for seat, t in enumerate(final) if t >= 1)
    before = list(final)
    before[winner] -= 1
    game = arsene(last_trick_setup(before, winner, **extra), seed=seed, advanced=advanced)
    events = play_last_trick(game)
    if game.view(None)["phase"] == "push":
        events += game.apply({"type": "keep"})
    return game, events


def play_last_trick(game: pg.Game) -> list[dict]:
    """Each of the four plays the one card in hand."""
    events: list[dict] = []
    for _ in range(4):
        events += play(game, game.view(game.current_player)["hand"][0])
    return events


def play(game: pg.Game, *cards: str) -> list[dict]:
    """Play these cards in turn order, checking each is in the mover's hand; returns the events."""
    events: list[dict] = []
    for code in cards:
        seat = game.current_player
        assert seat is not None, f"game over before {code}"
        assert code in game.view(seat)["hand"], f"{code} is not in seat {seat}'s hand"
        events += game.apply({"type": "play", "card": code})
    return events


def deal_summary(events: list[dict]) -> dict:
    [summary] = [e["summary"] for e in events if e["type"] == "deal_over"]
    return summary


def fingerprint(game: pg.Game) -> tuple:
    """Everything observable about a game, to check that nothing changed."""
    views = [json.dumps(game.view(seat), sort_keys=True) for seat in [None, *range(game.players)]]
    return (game.to_json(), tuple(views), json.dumps(game.legal_actions(), sort_keys=True), game.current_player,
            json.dumps(game.result(), sort_keys=True), json.dumps(game.history, sort_keys=True))


def play_out(game: pg.Game, level: str = "easy", seed: int = 0, max_steps: int = 20000,
             on_step: Any = None) -> int:
    """Play bots until the game ends; returns the number of actions. `on_step(game)` after each."""
    steps = 0
    while not game.is_over:
        game.apply(pg.bot_action(game, level, seed=seed * 100003 + steps))
        steps += 1
        if on_step is not None:
            on_step(game)
        assert steps < max_steps, "game did not end"
    return steps


def hidden_codes(game: pg.Game, seat: int | None) -> set[str]:
    """The card codes `seat` must not see: other hands and the unchosen edge cards."""
    state = game._state
    hidden = {c.code for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= {c.code for i, c in enumerate(state.table) if i != state.chosen}
    return hidden


def json_strings(data: Any) -> set[str]:
    """Every string anywhere in a JSON-like structure (keys and values)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def import_cycles(graph: dict[str, set[str]]) -> list[str]:
    """The import cycles of `graph` (each module's set of modules it imports), each as
    "a -> b -> a", found by a depth-first walk from every module in name order."""
    visiting: list[str] = []
    done: set[str] = set()
    cycles: list[str] = []

    def visit(module: str) -> None:
        if module in done:
            return
        if module in visiting:
            cycles.append(" -> ".join([*visiting[visiting.index(module):], module]))
            return
        visiting.append(module)
        for imported in sorted(graph[module]):
            visit(imported)
        visiting.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
    return cycles


def fake_distribution(folder: Path, name: str, entry_points: dict[str, str]) -> None:
    """An installed distribution as importlib.metadata finds it on sys.path: its dist-info folder
    with its metadata and its `pygames.games` entry points (no pip, no download)."""
    info = folder / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    lines = "".join(f"{game} = {target}\n" for game, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[pygames.games]\n{lines}", encoding="utf-8")


def run_command(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    """A packaging command's output, failing the test with its output when it fails. Without `env`, the
    test's environment less PYTHONPATH: a checkout on the path (as in a worktree's runs) would shadow the
    `build` package with the repository's build.py, and make pip take pygames_core as installed already."""
    if env is None:
        env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    result = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, check=False,
                            env=env)
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}{result.stderr}"
    return result.stdout


def last_card_played_both_ways(rules: Any, bot: Any, options: dict[str, Any]) -> tuple[Any, Any, Any]:
    """A trick-taking game's state (4 seats) before the last card of its first deal, and two copies of it
    after that card, played by the bot's `playout_step` (a play-out's move) and by `apply` of the policy's
    action."""
    from pygames_core.engine.rng import Rng

    state = rules.new_state(4, options, Rng(5), None)
    rng = Rng(5)
    while state.phase != "play" or sum(map(len, state.hands)) > 1:
        rules.apply(state, bot.policy_action(state, rng))
    start = rules.copy_state(state)
    stepped, applied = rules.copy_state(state), rules.copy_state(state)
    bot.playout_step(stepped, Rng(1))
    rules.apply(applied, bot.policy_action(applied, Rng(1)))
    return start, stepped, applied


def last_card_stepped_and_applied(rules: Any, bot: Any, options: dict[str, Any]) -> tuple[Any, Any]:
    """Two copies of a trick-taking game's state (4 seats) after the last card of its first deal, that
    card played by the bot's `playout_step` (a play-out's move) and by `apply` of the policy's action.
    Checks what both agree on: the deal's summary and its value; and that the play-out's step ends its
    play-out without dealing the next deal (apply deals it)."""
    start, stepped, applied = last_card_played_both_ways(rules, bot, options)
    assert [s.thaw() for s in stepped.summaries] == [s.thaw() for s in applied.summaries]
    assert len(stepped.summaries) == len(start.summaries) + 1
    assert applied.deal == start.deal + 1 and stepped.deal == start.deal  # the next deal is not dealt
    assert bot.playout_done(start, stepped) and bot.evaluate(stepped, 0) == bot.evaluate(applied, 0)
    return stepped, applied
