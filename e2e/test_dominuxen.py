"""Dominuxen in Chromium: a whole game against easy bots through the UI, resume after a reload,
snatch prompts answered by the human (as attacker and as victim, draws tile by tile), the doubles
rule's "as two", and screenshots at phone and desktop sizes in English and Japanese."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    DESKTOP,
    HOLD_HINTS,
    HUMAN,
    LAPTOP,
    PHONE,
    PHONE_IN_BROWSER,
    assert_play_in_view,
    open_site,
    resume_position,
    saved_game,
    shipped_scenario,
    start_game,
    wait_for_saved_actions,
    wait_for_turn_or_summary,
    words_through_the_page,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg

TABLE = ".dominuxen"
PREFS_KEY = "pygames.prefs"


def choose_players(page: Page, site_url: str, players: int) -> None:
    """The picker remembers the last choice: store one for Dominuxen with this player count."""
    page.goto(site_url)
    prefs = {"game": "dominuxen", "players": players, "level": "easy", "options": {}}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [PREFS_KEY, json.dumps(prefs)])
    open_site(page, site_url)


def hand(page: Page) -> list[str]:
    return page.eval_on_selector_all(".dx-hand .domino", "tiles => tiles.map(t => t.dataset.tile)")


def picked(page: Page) -> list[str]:
    return page.eval_on_selector_all(".dx-hand .domino.picked", "tiles => tiles.map(t => t.dataset.tile)")


def offered_numbers(page: Page) -> set[int]:
    return set(page.eval_on_selector_all(".dx-num:not(:disabled)", "nums => nums.map(n => Number(n.dataset.number))"))


def table_state(page: Page) -> dict:
    """What the table shows of every seat, the middle and the phase."""
    return page.evaluate("""() => ({
        phase: document.querySelector('.dominuxen').dataset.phase,
        supply: document.querySelector('.dominuxen').dataset.supply,
        hand: [...document.querySelectorAll('.dx-hand .domino')].map(t => t.dataset.tile),
        display: [...document.querySelectorAll('.dx-display .domino')].map(t => t.dataset.tile),
        seats: [...document.querySelectorAll('.dx-player')].map(p => [p.dataset.seat, p.dataset.handSize,
            p.dataset.rowPoints, p.dataset.top, p.dataset.sets]),
    })""")


def play_biggest_set(page: Page) -> None:
    """Choose the number with the biggest listed set: the UI preselects that whole set; play it."""
    legal = saved_game(page).legal_actions()
    assert offered_numbers(page) == {a["number"] for a in legal}
    biggest = max(legal, key=lambda a: (len(a["tiles"]), a["number"]))
    page.click(f'.dx-num[data-number="{biggest["number"]}"]')
    assert picked(page) == biggest["tiles"]
    usable = page.eval_on_selector_all(".dx-hand .domino.legal", "tiles => tiles.map(t => t.dataset.tile)")
    assert set(usable) == {c for a in legal if a["number"] == biggest["number"] for c in a["tiles"]}
    page.click("#dx-play")


def take_human_turn(page: Page, phase: str) -> None:
    """One decision of the human: big sets, take every hit set, discard when left one, display draws."""
    if phase == "play":
        play_biggest_set(page)
    elif phase == "snatch":
        page.click(".action-take")
    elif phase == "answer":
        page.click(".action-discard")
    else:
        legal = saved_game(page).legal_actions()
        offered = page.eval_on_selector_all("[data-draw]", "items => items.map(i => i.dataset.draw)")
        assert sorted(offered) == sorted(a.get("tile", "supply") for a in legal)
        page.click("[data-draw] >> nth=0")


def test_whole_game_against_easy_bots(page: Page, site_url: str) -> None:
    choose_players(page, site_url, 3)
    start_game(page, game="dominuxen", seed=14)
    expect(page.locator(".dx-player")).to_have_count(3)
    phases = set()
    while (phase := wait_for_turn_or_summary(page)) != "summary":
        phases.add(phase)
        take_human_turn(page, phase)
    assert "play" in phases
    finished = saved_game(page)
    assert finished.is_over
    result = finished.result()
    shown = page.eval_on_selector_all("#summary .dx-scores tbody tr", "rows => rows.map(r => Number(r.dataset.score))")
    assert shown == result["scores"]
    summary = finished.view(HUMAN)["finished_games"][0]
    rows = page.eval_on_selector_all("#summary .dx-scores tbody tr", "rows => rows.map(r => Number(r.dataset.row))")
    assert rows == summary["rows"]
    best = result["scores"][result["winners"][0]]
    expect(page.locator("#summary .headline")).to_contain_text(f"with {best} point")  # the unit, 1 point or 17 points
    page.click("#summary-continue")
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "over")


def test_reload_mid_game_resumes_exactly(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, game="dominuxen", seed=5)
    for _ in range(3):
        phase = wait_for_turn_or_summary(page)
        assert phase != "summary"
        take_human_turn(page, phase)
    wait_for_turn_or_summary(page)
    before = (table_state(page), saved_game(page).history)
    open_site(page, site_url)
    wait_for_turn_or_summary(page)
    assert (table_state(page), saved_game(page).history) == before
    assert len(before[1]) > 3


def two_victims() -> pg.Game:
    """docs/games/dominuxen.md's example: the human's two 9s hit seat 1 (two 5s) and seat 3 (two 5s)."""
    return pg.new_game("dominuxen", players=4, seed=1, setup={
        "first_player": 0,
        "hands": [["1-2", "4-9", "9-10"], ["2-3"], ["2-4"], ["2-5"]],
        "rows": [[], [{"number": 5, "tiles": ["3-5", "5-6"]}], [{"number": 10, "tiles": ["0-10", "1-10"]}],
                 [{"number": 5, "tiles": ["5-7", "5-8"]}]],
        "display": ["0-0", "1-1", "2-2", "3-3", "4-4", "6-6"], "supply": ["7-7", "8-8", "10-10", "11-11"]})


def test_snatches_decided_by_the_human_with_keys(page: Page, site_url: str, artifacts: Path) -> None:
    resume_position(page, site_url, two_victims())
    assert wait_for_turn_or_summary(page) == "play"
    page.keyboard.press("9")
    assert picked(page) == ["4-9", "9-10"]
    expect(page.locator("#dx-play")).to_contain_text("two 9s")
    page.keyboard.press("p")
    assert wait_for_turn_or_summary(page) == "snatch"
    expect(page.locator("#status")).to_contain_text("Your set of two 9s hits West's set of two 5s")
    expect(page.locator('.dx-player[data-seat="1"]')).to_have_class(re.compile(r"\bvictim\b"))
    page.screenshot(path=str(artifacts / "desktop-en-dominuxen-snatch.png"))
    page.keyboard.press("t")
    # seat 1 draws two tiles (a bot), then the check reaches seat 3: the human decides again
    assert wait_for_turn_or_summary(page) == "snatch"
    assert sorted(hand(page)) == ["1-2", "3-5", "5-6"]
    expect(page.locator("#status")).to_contain_text("East's set of two 5s")
    page.keyboard.press("d")
    wait_for_turn_or_summary(page)
    history = saved_game(page).history
    assert history[:2] == [{"type": "play", "number": 9, "tiles": ["4-9", "9-10"]}, {"type": "take"}]
    assert {"type": "decline"} in history


def hit_human_left_to_answer() -> pg.Game:
    """East's two 9s hit the human's two 5s and East declined: the human takes back or discards."""
    game = pg.new_game("dominuxen", players=4, seed=1, setup={
        "first_player": 3,
        "hands": [["0-1", "2-4", "7-8"], ["2-3", "6-6"], ["2-5", "4-4"], ["1-9", "9-10", "11-12"]],
        "rows": [[{"number": 5, "tiles": ["3-5", "5-6"]}], [], [{"number": 7, "tiles": ["7-7"]}], []],
        "display": ["0-0", "1-1", "2-2", "3-3", "4-11", "6-12"], "supply": ["7-10", "8-8", "10-10", "11-11"]})
    game.apply({"type": "play", "number": 9, "tiles": ["1-9", "9-10"]})
    game.apply({"type": "decline"})
    return game


def test_human_victim_discards_and_draws_tile_by_tile(page: Page, site_url: str) -> None:
    resume_position(page, site_url, hit_human_left_to_answer())
    assert wait_for_turn_or_summary(page) == "answer"
    expect(page.locator("#status")).to_contain_text("East left your set of two 5s")
    expect(page.locator(".action-take_back")).to_be_visible()
    page.click(".action-discard")
    assert wait_for_turn_or_summary(page) == "draw"
    expect(page.locator("#status")).to_contain_text("Draw 2 more")
    expect(page.locator(".dx-display button.domino")).to_have_count(6)
    page.click('.dx-display [data-draw="4-11"]')
    expect(page.locator("#status")).to_contain_text("Draw 1 more")
    assert "4-11" in hand(page)
    supply = int(page.get_attribute(TABLE, "data-supply") or 0)
    page.keyboard.press("s")
    # the display is refilled, nobody else is hit, and the human plays next
    assert wait_for_turn_or_summary(page) == "play"
    assert len(hand(page)) == 5
    assert int(page.get_attribute(TABLE, "data-supply") or 0) == supply - 2  # one drawn, one refilled
    assert saved_game(page).history[-3:] == [
        {"type": "discard"}, {"type": "draw", "source": "display", "tile": "4-11"},
        {"type": "draw", "source": "supply"}]


def test_double_played_as_two(page: Page, site_url: str, artifacts: Path) -> None:
    game = pg.new_game("dominuxen", players=3, seed=2, options={"doubles": True}, setup={
        "first_player": 0, "hands": [["1-5", "5-5", "8-9"], ["2-3"], ["2-4"]]})
    resume_position(page, site_url, game)
    assert wait_for_turn_or_summary(page) == "play"
    page.click('.dx-num[data-number="5"]')
    expect(page.locator("#dx-play")).to_contain_text("two 5s")
    page.click(".dx-as-two")
    expect(page.locator(".dx-as-two")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dx-play")).to_contain_text("three 5s")
    page.click("#dx-play")
    expect(page.locator('.dx-player[data-seat="0"]')).to_have_attribute("data-top", "5x3")
    expect(page.locator('.dx-player[data-seat="0"] .domino.crosswise')).to_have_count(1)
    assert saved_game(page).history[0] == {"type": "play", "number": 5, "tiles": ["1-5", "5-5"], "doubled": ["5-5"]}
    page.screenshot(path=str(artifacts / "desktop-en-dominuxen-doubled.png"))


def last_tiles(games: int = 1) -> pg.Game:
    """The human plays their last two tiles and ends the game (the first of a match of `games`)."""
    return pg.new_game("dominuxen", players=4, seed=3, options={"games": games}, setup={
        "first_player": 0,
        "hands": [["4-9", "9-10"], ["2-3", "6-6", "1-7"], ["2-5", "4-4"], ["0-12", "3-8", "5-11", "10-12"]],
        "rows": [[{"number": 3, "tiles": ["3-3", "3-4", "3-12"]}, {"number": 11, "tiles": ["1-11"]}],
                 [{"number": 8, "tiles": ["0-8", "8-8"]}], [{"number": 6, "tiles": ["6-7", "6-9", "6-10"]}],
                 [{"number": 2, "tiles": ["2-2"]}]]})


def test_match_shows_each_game_then_goes_on(page: Page, site_url: str) -> None:
    resume_position(page, site_url, last_tiles(games=2))
    assert wait_for_turn_or_summary(page) == "play"
    page.keyboard.press("9")
    page.keyboard.press("p")
    expect(page.locator('#summary .deal-summary[data-game="1"]')).to_be_visible()
    expect(page.locator("#summary-title")).to_have_text("Game 1 is over")
    expect(page.locator("#summary")).to_contain_text("You played your last tiles.")
    summary = saved_game(page).view(HUMAN)["finished_games"][0]
    totals = page.eval_on_selector_all("#summary .dx-scores tbody tr", "rows => rows.map(r => Number(r.dataset.total))")
    assert totals == summary["totals"]
    page.click("#summary-continue")
    expect(page.locator(TABLE)).to_have_attribute("data-game-number", "2")
    expect(page.locator(".dx-player")).to_have_count(4)


def mid_game() -> pg.Game:
    """A 4-player game some thirty moves in (easy bots on every seat), the human to play."""
    game = pg.new_game("dominuxen", players=4, seed=21)
    while len(game.history) < 30 or game.current_player != HUMAN or game.view(HUMAN)["phase"] != "play":
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    return game


def screenshot_both_sizes(page: Page, path: Callable[[str], Path], full_page: bool = True) -> None:
    """The same moment at phone and desktop size: one page load serves both."""
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(path(name)), full_page=full_page)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                     language: str) -> None:
    # The language comes from navigator.language here, as for a first-time visitor.
    page = new_context(PHONE, "ja-JP" if language == "ja" else "en-US").new_page()
    resume_position(page, site_url, mid_game())
    assert wait_for_turn_or_summary(page) == "play"
    page.keyboard.press(str(min(offered_numbers(page))))
    screenshot_both_sizes(page, lambda size: artifacts / f"{size}-{language}-dominuxen-table.png")
    resume_position(page, site_url, hit_human_left_to_answer())
    assert wait_for_turn_or_summary(page) == "answer"
    screenshot_both_sizes(page, lambda size: artifacts / f"{size}-{language}-dominuxen-answer.png")
    resume_position(page, site_url, last_tiles())
    wait_for_turn_or_summary(page)
    page.keyboard.press("9")
    page.keyboard.press("p")
    expect(page.locator("#summary .dx-final")).to_be_visible()
    screenshot_both_sizes(page, lambda size: artifacts / f"{size}-{language}-dominuxen-summary.png", full_page=False)


# --- the play stays in view, every decision has a hint, events and actions in words -------------------

# What each of the human's decisions must show without scrolling (e2e/driver.py, assert_play_in_view).
REGIONS = {"play": ("hand", "trick", "actions"), "snatch": ("hand", "trick", "actions"),
           "answer": ("hand", "trick", "actions"), "draw": ("hand", "actions")}


def reached(phase: str, players: int) -> pg.Game:
    """The first game (seeds 0, 1, …) that normal bots on every seat, playing it, bring to a
    decision of this phase for the human (seat 0); for a set to play, some turns in (full rows)."""
    for seed in range(20):
        game = pg.new_game("dominuxen", players=players, seed=seed)
        while not game.is_over:
            if game.current_player == HUMAN and game.view(HUMAN)["phase"] == phase and (
                    phase != "play" or len(game.history) >= 8):
                return game
            game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    raise AssertionError(f"no {players}-player game of seeds 0-19 reaches a {phase} decision")


@pytest.mark.parametrize(("language", "cases"), [
    ("en", [("play", 4), ("snatch", 4), ("answer", 4), ("draw", 4), ("play", 3), ("play", 5), ("snatch", 5)]),
    ("ja", [("play", 4), ("answer", 4), ("draw", 5)]),
])
def test_every_decision_keeps_the_play_in_view(new_context: Callable[..., BrowserContext], site_url: str,
                                               language: str, cases: list[tuple[str, int]]) -> None:
    page = new_context(PHONE_IN_BROWSER, "ja-JP" if language == "ja" else "en-US").new_page()
    for phase, players in cases:
        resume_position(page, site_url, reached(phase, players), explain=True)
        assert wait_for_turn_or_summary(page) == phase
        if phase == "play":  # the number bar, the chosen tiles and the Play button: the builder at its tallest
            page.keyboard.press(str(min(offered_numbers(page))))
        for size, viewport in (("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)):
            page.set_viewport_size(viewport)
            assert_play_in_view(page, *REGIONS[phase], screenshot=f"dominuxen-{size}-{language}-{phase}-{players}p")


@pytest.mark.parametrize("phase", ["play", "snatch", "answer", "draw"])
def test_hint_marks_a_legal_action_of_each_decision(page: Page, site_url: str, phase: str) -> None:
    page.set_viewport_size(PHONE_IN_BROWSER)
    game = reached(phase, 4)
    resume_position(page, site_url, game)
    assert wait_for_turn_or_summary(page) == phase
    page.keyboard.press("h")
    expect(page.locator(".dx-hinted").first).to_be_visible()
    hinted = json.loads(page.get_attribute(TABLE, "data-hint") or "null")
    assert hinted in game.legal_actions()
    expect(page.locator("#status")).to_contain_text("Hint: ")
    focused = page.evaluate("document.activeElement.classList.contains('dx-hinted')")
    assert focused, "the suggested action takes the focus"
    assert_play_in_view(page, *REGIONS[phase], screenshot=f"dominuxen-phone-en-hint-{phase}")
    page.keyboard.press("Enter")  # Enter on the focused mark does the suggested action
    assert wait_for_saved_actions(page, len(game.history)).history[len(game.history)] == hinted




def test_the_explanations_hint_leaves_the_set_being_built(page: Page, site_url: str) -> None:
    """Explaining, the hint comes while the player builds a set (held back in the page until then, as on a
    slow phone): the number they chose stays chosen with the tiles they left picked (none here), the hint's
    tiles and number are marked and said on the status line, and the player's own play goes out."""
    page.add_init_script(HOLD_HINTS)
    game = reached("play", 4)
    resume_position(page, site_url, game, explain=True)
    assert wait_for_turn_or_summary(page) == "play"
    page.wait_for_function("() => window.heldHints() > 0")
    number = max(offered_numbers(page))
    page.click(f'.dx-num[data-number="{number}"]')
    for tile in picked(page):
        page.click(f'.dx-hand [data-tile="{tile}"]')
    assert picked(page) == []
    page.evaluate("window.releaseHints()")
    expect(page.locator(".dx-hinted").first).to_be_visible()
    hinted = json.loads(page.get_attribute(TABLE, "data-hint") or "null")
    assert hinted in game.legal_actions()
    expect(page.locator("#status")).to_contain_text("Hint: ")
    assert picked(page) == []
    expect(page.locator(f'.dx-num[data-number="{number}"]')).to_have_attribute("aria-pressed", "true")
    if hinted["type"] == "play":
        assert page.eval_on_selector_all(".dx-hand .domino.dx-hinted", "tiles => tiles.map(t => t.dataset.tile)") \
            == hinted["tiles"]
    play = next(a for a in game.legal_actions()
                if a["number"] == number and len(a["tiles"]) == 1 and not a.get("doubled"))
    page.click(f'.dx-hand [data-tile="{play["tiles"][0]}"]')
    page.click("#dx-play")
    assert wait_for_saved_actions(page, len(game.history)).history[len(game.history)] == play


@pytest.mark.parametrize("language", ["en", "ja"])
def test_narrate_and_describe_through_the_page(new_context: Callable[..., BrowserContext], site_url: str,
                                               language: str) -> None:
    """The snatch scenario's steps played through the page's own bridge: each action in words before
    it is done, each step's events in words after, in the page's language."""
    page = new_context(PHONE, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    scenario = shipped_scenario("dominuxen-snatch")
    create = {"op": "new", "game": "dominuxen", "players": 4, "seed": 0, "setup": scenario["setup"], "seat": 0}
    actions = [step["action"] for step in scenario["steps"]]
    words, said = words_through_the_page(page, "dominuxen", create, actions)
    if language == "en":
        assert words[1] == "play 4–9 and 9–10 as two 9s"
        assert words[2] == "take West's set of two 5s into your hand"
        assert words[3] == "draw the double 6 from the display"
        assert said[1][-1] == "Your set beats West's topmost set of two 5s: take it into your hand, or leave it?"
        assert said[2][0] == "You took West's 3–5 and 5–6 into your hand: West draws 2 to replace them."
        assert said[4][0] == "West drew a tile from the supply."
        assert said[-1] == ["East took 5–7 and 5–8 back into their hand, drawing nothing."]
    else:
        assert words[1] == "4–9と9–10を9として出す"
        assert words[2] == "西の5の2枚セットを手牌に取る"
        assert said[1][-1] == "あなたのセットが西の一番上の5の2枚セットにヒット。手牌に取りますか、取りませんか？"
        assert said[-1] == ["東は5–7と5–8を手牌に戻しました（補充なし）。"]
    assert all(said), "every step says something"
    drawn = page.evaluate("async (codes) => [...(await import('./src/games/dominuxen.js')).illustrate(codes)"
                          ".querySelectorAll('.domino')].map((shown) => shown.getAttribute('aria-label'))",
                          ["0-12", "5-5"])
    assert len(drawn) == 2 and all(drawn), "illustrate draws each code, named for a screen reader"
