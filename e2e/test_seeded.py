"""A seed reproduces a game, bots included, in CPython and in the page (issues 45 and 48): the same
requests to the bridge — in the page's worker (Pyodide) and in CPython — give the same actions, for the
bots whose budget is counted in samples: the normal bot (whose short search in Arsène's last tricks once
stopped on a 300 ms clock, so the page parted from CPython around action 235) and the hard bot given a
sample budget (with a 1 ms time budget, which would otherwise end its search after one sample). And a
game started in the page from a chosen seed plays its bots and hints reproducibly at every level, as
CPython's `reproducible` bots and hints play it, only its searches (a hint, a hard or expert bot) allowed
the long wait of one; a game dealt at random, or saved before there was the setting, keeps the time
budgets."""

from __future__ import annotations

import json
import os
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from chains_driver import one_move_from_the_end, perform, wait_for_my_turn_or_summary
from driver import (
    HUMAN,
    LAPTOP,
    PHONE_IN_BROWSER,
    RECORD_REQUESTS,
    STORED_SAVE,
    close_summary,
    follow_hint,
    open_site,
    poll,
    resume_position,
    saved_game,
    start_game,
    stored_save,
    use_language,
    wait_until,
)
from playwright.sync_api import BrowserContext, Page, expect
from test_arsene import hint_key
from test_levels import level_lines, seconds

import pygames_core as pg
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


def searches_asked(page: Page) -> list[dict[str, Any]]:
    """The `bot` and `hint` requests the page has sent its worker."""
    return [r for r in page.evaluate("window.sentRequests") if r["op"] in ("bot", "hint")]


def bot_moves_as_in_cpython(text: str, level: str, *, hinted: bool = True) -> int:
    """The page's game (its save `text`) replayed in CPython from its seed: each bot move must be the
    `reproducible` bot's at `level`, and, when the human followed the hint (`hinted`), each of the
    human's the reproducible hint's. The number of bot moves compared."""
    played = pg.load_game(text)
    game = pg.new_game(played.game_id, players=played.players, seed=played.seed, options=played.options)
    bot_moves = 0
    for index, action in enumerate(played.history):
        human = game.current_player == HUMAN
        if human and not hinted:
            game.apply(action)
            continue
        expected = pg.hint(game, reproducible=True)["action"] if human else \
            pg.bot_action(game, level, reproducible=True)
        assert action == expected, f"the page parts from CPython at action {index} ({'hint' if human else 'bot'})"
        bot_moves += not human
        game.apply(action)
    return bot_moves


def players_turn(page: Page) -> pg.Game:
    """Wait until the stored game is at the player's decision (the bots before it have moved), a deal's
    summary closed on the way; return it."""
    def at_turn() -> pg.Game | None:
        if page.is_visible("#summary"):
            close_summary(page)
            return None
        game = saved_game(page)
        return game if game.current_player == HUMAN else None
    return poll(page, at_turn, "the player's turn")


def bot_moves(played: pg.Game) -> int:
    game = pg.new_game(played.game_id, players=played.players, seed=played.seed, options=played.options)
    moves = 0
    for action in played.history:
        moves += game.current_player != HUMAN
        game.apply(action)
    return moves


def play_until_bots_moved(page: Page, wanted: int) -> None:
    """The player follows the hint until the bots have made `wanted` moves of the game and it is the
    player's turn again."""
    while bot_moves(players_turn(page)) < wanted:
        expect(page.locator("#hint")).to_be_enabled()  # a resumed game's table is live (not starting)
        follow_hint(page, hint_key)


# The bot moves compared at each level, the player's between them made by following the hint: a few in
# every run (the searching levels' moves take their whole sample budgets), more in the nightly run.
BOT_MOVES = {"easy": 12, "normal": 12, "hard": 6}
FULL_BOT_MOVES = 40


@pytest.mark.parametrize("level", [level["name"] for level in pg.list_levels("arsene")])
def test_a_game_started_from_a_seed_plays_as_in_cpython_at_every_level(page: Page, site_url: str,
                                                                       level: str) -> None:
    page.add_init_script(RECORD_REQUESTS)
    open_site(page, site_url)
    start_game(page, seed=48, level=level)
    wanted = FULL_BOT_MOVES if os.environ.get("PYGAMES_E2E") == "full" else BOT_MOVES[level]
    play_until_bots_moved(page, wanted)
    saved = stored_save(page)
    assert saved is not None and saved["seeded"] is True  # kept with the save: a resumed game goes on so
    assert bot_moves_as_in_cpython(saved["text"], level) >= wanted
    asked = searches_asked(page)
    # no seed nor sample budget of the page's own: Python derives both
    assert asked and all(r["reproducible"] is True and "seed" not in r and "samples" not in r for r in asked)
    # only a search may keep the engine for long (levels.js REPRODUCIBLE_WAIT_MS): a hint, and a level
    # Python gives a budget; the others' requests allow nothing beyond the watchdog's ordinary margin
    searching = next(entry for entry in pg.list_levels() if entry["name"] == level)["budget_ms"] is not None
    assert {r.get("time_budget_ms") for r in asked if r["op"] == "bot"} == {300_000 if searching else None}
    assert {r["time_budget_ms"] for r in asked if r["op"] == "hint"} == {300_000}


def test_a_game_started_from_a_seed_plays_as_in_cpython_at_the_expert_level(page: Page, site_url: str) -> None:
    """The expert, offered in Chains from 3 players only (Arsène's levels above stop at hard), plays a
    seeded game reproducibly too: each of its moves the reproducible expert's in CPython, its sample
    budget (three times hard's) Python's. The player makes the normal bot's moves (Chains' table marks
    no hinted control to follow)."""
    page.add_init_script(RECORD_REQUESTS)
    open_site(page, site_url)
    # deal 6: the bots' second move is the expert's own (neither hard's nor normal's)
    start_game(page, game="chains", players=3, seed=6, level="expert")
    wanted = FULL_BOT_MOVES if os.environ.get("PYGAMES_E2E") == "full" else 4
    while True:
        assert wait_for_my_turn_or_summary(page), "the deal ended before the bots made their moves"
        game = saved_game(page)
        if bot_moves(game) >= wanted:
            break
        perform(page, pg.bot_action(game, "normal", seed=len(game.history)))
    saved = stored_save(page)
    assert saved is not None and saved["seeded"] is True
    assert bot_moves_as_in_cpython(saved["text"], "expert", hinted=False) >= wanted
    asked = [r for r in searches_asked(page) if r["op"] == "bot"]
    assert asked and all(r["reproducible"] is True and r["level"] == "expert" and "samples" not in r for r in asked)


def test_a_game_dealt_at_random_and_one_saved_before_keep_the_time_budgets(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_REQUESTS)
    open_site(page, site_url)
    start_game(page, level="hard")
    play_until_bots_moved(page, 2)
    assert (stored_save(page) or {})["seeded"] is False
    asked = searches_asked(page)
    # a save from before there was the setting: its seed is the game's, but it was not chosen
    resume_position(page, site_url, pg.new_game("arsene", seed=48))
    play_until_bots_moved(page, 2)
    asked += searches_asked(page)
    assert {r["op"] for r in asked} == {"bot", "hint"}
    assert not any("reproducible" in r for r in asked)


def test_a_seeded_game_resumed_goes_on_as_in_cpython(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_REQUESTS)
    open_site(page, site_url)
    start_game(page, seed=49, level="hard")
    play_until_bots_moved(page, 2)
    before = bot_moves(saved_game(page))
    open_site(page, site_url)  # a new visit: the game resumed from its save, with its settings
    play_until_bots_moved(page, before + 2)
    saved = stored_save(page)
    assert saved is not None and bot_moves_as_in_cpython(saved["text"], "hard") >= before + 2
    asked = searches_asked(page)
    assert asked and all(r.get("reproducible") is True for r in asked)


def test_a_deal_played_again_is_seeded(page: Page, site_url: str) -> None:
    """"Play deal … again" deals a chosen seed: its bots and hints reproducible, as the picker's seed's."""
    game, action = one_move_from_the_end(7)
    resume_position(page, site_url, game)  # a save from before there was the setting
    assert wait_for_my_turn_or_summary(page)
    assert stored_save(page).get("seeded") is None
    perform(page, action)
    page.click("#summary-replay")
    wait_until(page, f"async () => (await ({STORED_SAVE})())?.seeded === true")
    assert saved_game(page).history == [] and saved_game(page).seed == 7


def test_an_embedded_deal_from_a_seed_plays_its_bots_reproducibly(page: Page, site_url: str) -> None:
    """An embed's deal from its address's seed (a Share dialog's embed code) plays its bots reproducibly."""
    page.add_init_script(RECORD_REQUESTS)
    deal = {"game": "dominuxen", "level": "hard", "seed": "1"}  # deal 1: a bot leads
    page.goto(f"{site_url}embed.html?pace=0#{urllib.parse.urlencode(deal)}")
    page.click("#embed-play")
    wait_until(page, "() => window.sentRequests.some((request) => request.op === 'bot')")
    asked = searches_asked(page)
    assert asked and all(r.get("reproducible") is True for r in asked), asked


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)])
def test_the_level_line_of_a_game_from_a_seed_says_it_counts_guesses(new_context: Callable[..., BrowserContext],
                                                                     site_url: str, artifacts: Path, size: str,
                                                                     viewport: dict) -> None:
    """A searching level plays a game from a seed by its sample budget, not by the clock: once a seed is
    typed, the picker's line of that level says how many guesses (Python's list_levels) and that its move
    is the same on any device, in English and, the language changed with the seed typed, in Japanese;
    the other levels' lines are as they were."""
    page = new_context(viewport).new_page()
    open_site(page, site_url)
    timed = level_lines(page)
    page.fill("#seed", "7")
    seeded = level_lines(page)
    samples = {entry["name"]: entry["samples"] for entry in pg.list_levels()}
    assert [level for level in pg.LEVELS if samples[level] is not None] == ["hard", "expert"]
    for level, line in seeded.items():
        if samples[level] is None:
            assert line == timed[level]
        else:
            assert line.startswith(timed[level]) and f"exactly {samples[level]} guesses a move" in line
            assert "the same move on any device" in line
    page.select_option("#level", "hard")
    page.locator("#level-help").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"seeded-level-help-en-{size}.png"))
    use_language(page, "ja")
    expect(page.locator("#seed")).to_have_value("7")
    expect(page.locator("#level-help")).to_contain_text(f"毎手ちょうど{samples['hard']}通りを想定")
    page.locator("#level-help").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"seeded-level-help-ja-{size}.png"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.fill("#seed", " ")  # no seed: the line of a game dealt at random again
    expect(page.locator("#level-help")).not_to_contain_text("ちょうど")
    expect(page.locator("#level-help")).to_contain_text(f"1手約{seconds('arsene').removesuffix(' s a move')}秒")
