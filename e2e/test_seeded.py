"""A seed reproduces a game, bots included, in CPython and in the page (issue 45): the same requests to
the bridge — in the page's worker (Pyodide) and in CPython — give the same actions, for the bots whose
budget is counted in samples: the normal bot (whose short search in Arsène's last tricks once stopped
on a 300 ms clock, so the page parted from CPython around action 235) and the hard bot given a sample
budget (with a 1 ms time budget, which would otherwise end its search after one sample). The page's own
players never pass a sample budget: the test asks the worker's bridge directly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from driver import open_site
from playwright.sync_api import Page

from pygames_core.app import bridge

# `moves` actions of a new game (all of them when null), each chosen by a bot at `level` seeded with the
# number of the move, through the worker's bridge: the action list
_PLAY_JS = """async ({ game, seed, level, moves, samples, budget }) => {
  let reply = await window.pygamesBridge({ op: "new", game, seed, seat: 0 });
  if (!reply.ok) throw new Error(reply.error.message);
  const sid = reply.sid;
  const actions = [];
  let snapshot = reply.snapshot;
  while (!snapshot.is_over && (moves === null || actions.length < moves)) {
    const request = { op: "bot", sid, level, seed: actions.length };
    if (samples !== null) Object.assign(request, { samples, time_budget_ms: budget });
    reply = await window.pygamesBridge(request);
    if (!reply.ok) throw new Error(reply.error.message);
    actions.push(reply.action);
    snapshot = reply.snapshot;
  }
  await window.pygamesBridge({ op: "close", sid });
  return actions;
}"""


def played_in_cpython(game: str, seed: int, level: str, moves: int | None, samples: int | None,
                      budget: int | None) -> list[dict[str, Any]]:
    """What _PLAY_JS does, through the same bridge in CPython."""
    def call(**request: Any) -> dict[str, Any]:
        reply = json.loads(bridge.call(json.dumps(request)))
        assert reply["ok"], reply
        return reply

    opened = call(op="new", game=game, seed=seed, seat=0)
    sid, snapshot, actions = opened["sid"], opened["snapshot"], []
    while not snapshot["is_over"] and (moves is None or len(actions) < moves):
        extra = {} if samples is None else {"samples": samples, "time_budget_ms": budget}
        reply = call(op="bot", sid=sid, level=level, seed=len(actions), **extra)
        actions.append(reply["action"])
        snapshot = reply["snapshot"]
    call(op="close", sid=sid)
    return actions


@pytest.mark.parametrize(("level", "moves", "samples", "budget"), [
    ("normal", None, None, None),  # a whole game: its last tricks of every deal searched
    ("hard", 8, 16, 1),  # the first moves of a game, each searched with 16 samples, the clock ignored
])
def test_a_seeded_game_is_the_same_in_cpython_and_in_the_page(page: Page, site_url: str, level: str,
                                                               moves: int | None, samples: int | None,
                                                               budget: int | None) -> None:
    request = {"game": "arsene", "seed": 11, "level": level, "moves": moves, "samples": samples, "budget": budget}
    expected = played_in_cpython(**request)
    open_site(page, site_url)
    played = page.evaluate(_PLAY_JS, request)
    first_difference = next((i for i, (a, b) in enumerate(zip(played, expected, strict=False)) if a != b), None)
    assert first_difference is None, f"the page parts from CPython at action {first_difference}"
    assert len(played) == len(expected)
    assert len(expected) > 235 if moves is None else len(expected) == moves  # past where normal parted
