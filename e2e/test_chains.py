"""Chains in Chromium: a solitaire deal won through the UI by playing the solver's line (taps, keys
and drags, what the page offers checked against CPython at every step), the after-game analysis (and
a long one, asked for in slices) and "play this deal again"; a 3-player game played to the end; the
hint; resume after a reload; the deal number in the picker; screenshots of the solitaire and a
6-player table."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from chains_driver import (
    TABLE,
    check_offered,
    moves,
    one_move_from_the_end,
    perform,
    start_chains,
    wait_for_my_turn_or_summary,
)
from driver import (
    DESKTOP,
    LAPTOP,
    PHONE,
    PHONE_IN_BROWSER,
    assert_play_in_view,
    open_site,
    resume_position,
    saved_game,
    shipped_scenario,
    words_through_the_page,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg
from pygames_core.games.chains.solver import deal_deck, solve
from pygames_core.games.chains.state import ADVANCED_SLOTS

WIN_DEAL = 1  # won by the solver's search (86 nodes), where the normal policy's own line falls short
SLOW_DEAL = 8  # an advanced deal the page's analysis decides only after several slices
SLOTS = 5


def solver_line(deal: int) -> list[dict]:
    solution = solve(deal_deck(deal), SLOTS)
    assert solution.penalty == 0 and solution.exact
    return solution.line


def ways_to_play(line: list[dict]) -> list[str]:
    """How each action of the line is done: the first few by keys, one placement, one move and one
    close by dragging the card, the rest by tapping."""
    ways = ["key"] * 8 + ["click"] * (len(line) - 8)
    for kind in ("place", "move", "close"):
        first = next(i for i, action in enumerate(line) if i >= 8 and action["type"] == kind)
        ways[first] = "drag"
    return ways


def test_win_a_deal_with_the_solver_line(page: Page, site_url: str, artifacts: Path) -> None:
    line = solver_line(WIN_DEAL)
    page.set_viewport_size(PHONE)
    start_chains(page, site_url, deal=WIN_DEAL)
    expect(page.locator(TABLE)).to_have_attribute("data-deal", str(WIN_DEAL))
    expect(page.locator(".ch-deal")).to_have_text(f"Deal {WIN_DEAL}")
    for step, (action, how) in enumerate(zip(line, ways_to_play(line), strict=True)):
        check_offered(page)
        perform(page, action, how)
        if step == 60:
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            page.screenshot(path=str(artifacts / "chains-phone-en-solitaire.png"), full_page=True)
    expect(page.locator("#summary .ch-final")).to_have_attribute("data-won", "true")
    assert saved_game(page).result()["won"]
    analysis = page.locator("#summary .ch-analysis")
    expect(analysis).to_have_attribute("data-winnable", "true")
    expect(analysis).to_contain_text("winnable — best possible penalty 0 (yours: 0)")
    page.screenshot(path=str(artifacts / "chains-phone-en-won.png"))
    page.click("#summary-replay")
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator(TABLE)).to_have_attribute("data-moves", "0")
    expect(page.locator(TABLE)).to_have_attribute("data-deal", str(WIN_DEAL))
    assert saved_game(page).seed == WIN_DEAL


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_summarys_buttons_fit_a_phone(new_context: Callable[..., BrowserContext], site_url: str,
                                          artifacts: Path, language: str) -> None:
    """A deal of the longest number (20 digits): its "Play deal … again" fits the summary on a phone in its
    browser, every button wholly on the screen (the label once ran off its left edge)."""
    deal = 12345678901234567890
    game, action = one_move_from_the_end(deal)
    page = new_context(PHONE_IN_BROWSER, "ja-JP" if language == "ja" else "en-US").new_page()
    resume_position(page, site_url, game)
    assert wait_for_my_turn_or_summary(page)
    perform(page, action)
    expect(page.locator("#summary-replay")).to_contain_text(str(deal))
    page.screenshot(path=str(artifacts / f"chains-phone-{language}-replay.png"))
    for button in page.locator("#summary .form-actions button").all():
        expect(button).to_be_in_viewport(ratio=1)
        assert button.evaluate("(button) => button.scrollWidth <= button.clientWidth")  # its label inside it
    assert page.evaluate("() => { const summary = document.getElementById('summary');"
                         " return summary.scrollWidth <= summary.clientWidth; }")


def test_three_player_game_to_the_end(page: Page, site_url: str, artifacts: Path) -> None:
    start_chains(page, site_url, players=3, deal=4)
    expect(page.locator(".ch-opponent")).to_have_count(2)
    step = 0
    while wait_for_my_turn_or_summary(page):
        check_offered(page)
        game = saved_game(page)
        action = pg.bot_action(game, "normal", seed=step)
        perform(page, action, "click")
        step += 1
        if step == 40:
            page.screenshot(path=str(artifacts / "chains-desktop-en-three.png"), full_page=True)
    finished = saved_game(page)
    assert finished.is_over
    result = finished.result()
    rows = "#summary .ch-final tbody tr"
    shown = [int(s) for s in page.eval_on_selector_all(rows, "rows => rows.map(r => r.dataset.score)")]
    assert shown == result["scores"]
    expect(page.locator("#summary .ch-final .headline")).to_contain_text("win")
    expect(page.locator("#summary .ch-analysis")).to_have_count(0)  # nothing to add for the expansion
    expect(page.locator("#summary .analysis-pending")).to_have_count(0)
    expect(page.locator("#summary-replay")).to_have_count(0)
    page.screenshot(path=str(artifacts / "chains-desktop-en-three-final.png"))


def test_hint_shows_a_legal_move_and_enter_plays_it(page: Page, site_url: str) -> None:
    start_chains(page, site_url, deal=WIN_DEAL)
    perform(page, {"type": "close", "end": 10})
    perform(page, {"type": "draw"})
    page.evaluate("""() => {
        window.hintStates = [];
        new MutationObserver(() => window.hintStates.push(document.querySelector('#hint').getAttribute('aria-busy')))
            .observe(document.querySelector('#hint'), {attributes: true});
    }""")
    before = moves(page)
    page.keyboard.press("h")
    page.wait_for_selector(f"{TABLE}[data-hint]")
    hinted = json.loads(page.get_attribute(TABLE, "data-hint") or "null")
    assert hinted in saved_game(page).legal_actions()
    assert page.locator(".ch-hinted").count() == 2  # the card turned up and where it goes
    expect(page.locator("#ch-hint")).to_contain_text("Hint:")
    assert "true" in page.evaluate("window.hintStates")
    expect(page.locator("#hint")).to_have_attribute("aria-busy", "false")
    page.keyboard.press("Enter")  # the hinted target has the focus
    page.wait_for_function(f"() => Number(document.querySelector('{TABLE}').dataset.moves) > {before}")
    assert saved_game(page).history[-1] == hinted
    expect(page.locator(".ch-hinted")).to_have_count(0)


def test_reload_resumes_the_table(page: Page, site_url: str) -> None:
    line = solver_line(WIN_DEAL)
    start_chains(page, site_url, deal=WIN_DEAL)
    for action in line[:25]:
        perform(page, action)
    before = table_state(page)
    open_site(page, site_url)
    expect(page.locator(TABLE)).to_have_attribute("data-moves", "25")
    assert table_state(page) == before
    for action in line[25:30]:
        check_offered(page)
        perform(page, action)
    assert saved_game(page).history == line[:30]


def table_state(page: Page) -> tuple:
    slots = page.eval_on_selector_all(f"{TABLE} .ch-slot", "els => els.map(e => e.dataset.cards)")
    return (slots, page.get_attribute(f"{TABLE} .ch-work", "data-work"),
            page.get_attribute(f"{TABLE} .ch-deck", "data-deck"), page.get_attribute(TABLE, "data-deal"))


def test_picker_names_the_deal_number(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.click('.game-choice[data-game="chains"]')
    expect(page.locator("#seed-label")).to_have_text("Deal number (optional)")
    page.click('.game-choice[data-game="arsene"]')
    expect(page.locator("#seed-label")).to_have_text("Seed (optional)")
    page.click('.game-choice[data-game="chains"]')
    page.select_option("#option-mode", json.dumps("advanced"))
    page.fill("#seed", "17")
    page.click("#start")
    expect(page.locator(TABLE)).to_have_attribute("data-slots", "4")
    expect(page.locator(".ch-deal")).to_have_text("Deal 17")
    assert saved_game(page).seed == 17


def test_the_picker_shows_an_option_only_when_it_matters(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.click('.game-choice[data-game="chains"]')

    def shown() -> list[str]:
        return [name for name in ("mode", "cube", "match_to", "crawford")
                if page.locator(f'.options [data-option="{name}"]').is_visible()]

    page.fill("#option-players", "1")
    assert shown() == ["mode"]
    page.select_option("#option-mode", json.dumps("advanced"))
    page.fill("#option-players", "2")
    assert shown() == ["cube"]  # the solitaire's mode is gone; the cube is for two
    page.check("#option-cube")
    assert shown() == ["cube", "match_to", "crawford"]
    page.fill("#option-match_to", "5")
    page.fill("#option-players", "3")
    assert shown() == []  # no cube for three, and so nothing of a match either
    page.click("#start")
    expect(page.locator(TABLE)).to_have_attribute("data-players", "3")
    game = saved_game(page)
    assert game.players == 3 and game.options == {"mode": "beginner", "cube": False, "match_to": 7, "crawford": True}
    page.click("#new-game")
    page.fill("#option-players", "2")
    page.check("#option-cube")
    page.fill("#option-match_to", "5")
    page.click("#start")
    expect(page.locator(".cube-bar")).to_be_visible()
    assert saved_game(page).options == {"mode": "beginner", "cube": True, "match_to": 5, "crawford": True}


def play_some(page: Page, count: int) -> None:
    """The human's moves by the normal bot's choice, through the page, until `count` are made."""
    for step in range(count):
        if not wait_for_my_turn_or_summary(page):
            return
        perform(page, pg.bot_action(saved_game(page), "normal", seed=step))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                     language: str, name: str, viewport: dict) -> None:
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    start_chains(page, site_url, deal=2)
    for action in solve(deal_deck(2), SLOTS, node_limit=5000).line[:70]:
        perform(page, action)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / f"chains-{name}-{language}-solitaire.png"), full_page=True)
    start_chains(page, site_url, players=6, deal=3)
    play_some(page, 25)
    wait_for_my_turn_or_summary(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / f"chains-{name}-{language}-six.png"), full_page=True)
    page.click("#help-button")
    page.screenshot(path=str(artifacts / f"chains-{name}-{language}-help.png"))


def test_lost_deal_summary_in_japanese(new_context: Callable[..., BrowserContext], site_url: str,
                                       artifacts: Path) -> None:
    # Deal 1 played at random until one move is left: the analysis compares the penalty with the best.
    game = pg.new_game("chains", seed=1)
    step = 0
    while True:
        last = pg.bot_action(game, "easy", seed=step)
        trial = game.copy()
        trial.apply(last)
        if trial.is_over:
            break
        game = trial
        step += 1
    page = new_context(PHONE, "ja-JP").new_page()
    resume_position(page, site_url, game)
    wait_for_my_turn_or_summary(page)
    perform(page, last)
    penalty = saved_game(page).result()["penalty"]
    assert penalty > 0
    expect(page.locator("#summary .ch-final")).to_have_attribute("data-penalty", str(penalty))
    expect(page.locator("#summary .ch-analysis")).to_have_attribute("data-winnable", "true")
    expect(page.locator("#summary .ch-analysis")).to_contain_text(f"あなた：{penalty}")
    page.screenshot(path=str(artifacts / "chains-phone-ja-lost.png"))


def test_a_long_analysis_goes_on_in_slices_until_it_decides(page: Page, site_url: str) -> None:
    # advanced deal 8 takes the solver 8,057 nodes, sliced or not (5 s in CPython, 9 s in Pyodide on a
    # 2-core machine): six slices of 1.5 s, so "still working out" stays up for seconds
    assert not solve(deal_deck(SLOW_DEAL), ADVANCED_SLOTS, node_limit=3000).exact
    game = pg.new_game("chains", seed=SLOW_DEAL, options={"mode": "advanced"})
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    resume_position(page, site_url, game)
    analysis = page.locator("#summary .ch-analysis")
    expect(analysis).to_have_attribute("data-searching", "true", timeout=60_000)
    expect(analysis).to_contain_text("Still working out whether this deal was winnable")
    expect(analysis).to_have_attribute("data-best-penalty", str(game.result()["penalty"]))
    focused = page.evaluate("document.activeElement.id")
    assert focused.startswith("summary-")
    expect(analysis).to_have_attribute("data-searching", "false", timeout=120_000)
    expect(analysis).to_have_attribute("data-winnable", "true")
    expect(analysis).to_contain_text(f"winnable — best possible penalty 0 (yours: {game.result()['penalty']})")
    expect(page.locator("#analysis-further")).to_have_count(0)
    assert page.evaluate("document.activeElement.id") == focused  # redrawn in its own box: the focus stayed


def test_a_cube_match_game_ends_with_its_own_summary_and_the_next_game_is_dealt(page: Page, site_url: str) -> None:
    # seat 0 closes its last open end card: the 1 sells out, Bot 1 has nothing left to take
    setup = {"tables": [{"deck": [2], "work": [10, 9, 8, 7, 6, 5, 4, 3], "end_cards": [1]}, {}], "current": 0}
    game = pg.new_game("chains", players=2, seed=1, options={"cube": True}, setup=setup)
    resume_position(page, site_url, game)
    for action in ({"type": "draw"}, {"type": "place", "to": "work"}, {"type": "close", "end": 1}):
        assert wait_for_my_turn_or_summary(page)
        perform(page, action)
    summary = page.locator("#summary .ch-game-summary")
    expect(summary).to_have_attribute("data-side", "0")
    expect(summary).to_contain_text("Game 1 of the match")
    expect(summary).to_contain_text("You win the game: +1 in match points (stake 1).")
    expect(summary).to_contain_text("Match points (match to 7): You 1 – Bot 1 0.")  # not the game points
    expect(page.locator("#summary .final-summary")).to_have_count(0)  # the match goes on
    page.click("#summary-continue")
    assert saved_game(page).view(0)["match"]["scores"] == [1, 0]
    expect(page.locator("#cube-bar")).to_be_visible()


# --- the play stays in view; events and actions in words ----------------------------------------------

def reached(players: int, turned_up: bool, moves: int) -> pg.Game:
    """A game dealt from seed 5 and played by the normal bot on every seat for at least `moves`
    moves (piles grown, end cards taken), until the human (seat 0) has a card to place or not."""
    game = pg.new_game("chains", players=players, seed=5)
    while not (len(game.history) >= moves and game.current_player == 0
               and (game.view(0)["tables"][0]["drawn"] is not None) == turned_up):
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    return game


@pytest.mark.parametrize(("language", "cases"), [
    ("en", [(1, False, 40), (1, True, 60), (2, True, 30), (3, False, 40), (6, True, 60), (6, False, 90)]),
    ("ja", [(1, True, 40), (6, True, 60)]),
])
def test_every_decision_keeps_the_play_in_view(new_context: Callable[..., BrowserContext], site_url: str,
                                               language: str, cases: list[tuple[int, bool, int]]) -> None:
    page = new_context(PHONE_IN_BROWSER, "ja-JP" if language == "ja" else "en-US").new_page()
    for players, turned_up, count in cases:
        resume_position(page, site_url, reached(players, turned_up, count), explain=True)
        assert wait_for_my_turn_or_summary(page)
        phase = "place" if turned_up else "move"
        expect(page.locator(TABLE)).to_have_attribute("data-phase", phase)
        for size, viewport in (("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)):
            page.set_viewport_size(viewport)
            assert_play_in_view(page, "hand", "trick", "actions",
                                screenshot=f"chains-{size}-{language}-{phase}-{players}p")




@pytest.mark.parametrize("language", ["en", "ja"])
def test_narrate_and_describe_through_the_page(new_context: Callable[..., BrowserContext], site_url: str,
                                               language: str) -> None:
    """The sold-out scenario's steps played through the page's own bridge, from the human's seat: each
    action in words before it is done, each step's events in words after."""
    page = new_context(PHONE, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    scenario = shipped_scenario("chains-sold-out")
    create = {"op": "new", "game": "chains", "players": 3, "seed": 0, "setup": scenario["setup"], "seat": 0}
    words, said = words_through_the_page(page, "chains", create, [step["action"] for step in scenario["steps"]])
    if language == "en":
        assert words[3] == "turn up the top card of the deck"
        assert words[4] == "put the 6 on the work pile"
        assert words[5] == "move the 5 from slot 1 to the work pile"
        assert words[6] == "close the run with end card 4"
        assert said[0] == ["Bot 1 closed a run with end card 4: +3 points.", "Bot 2's turn."]
        assert said[4] == ["You put the 6 on your work pile (10…6): your turn goes on."]
        assert said[6][:2] == ["Your run reached 5: the end card 4 is yours, +3 points.",
                               "The 4s are sold out: the last 4 is locked for Bot 2."]
    else:
        assert words[6] == "終端カード4で組を締める"
        assert said[6][0] == "組が5まで繋がりました：終端カード4はあなたのもの、+3点。"
        assert said[6][1] == "4が打ち止めに：最後の4は裏向きになり、ボット2は取れなくなりました。"
    assert all(said), "every step says something"
    drawn = page.evaluate("async (codes) => [...(await import('./src/games/chains.js')).illustrate(codes)"
                          ".querySelectorAll('.ch-card')].map((shown) => shown.getAttribute('aria-label'))",
                          ["10", "9", "1"])
    assert len(drawn) == 3 and all(drawn), "illustrate draws each code, named for a screen reader"
