"""Arsène in Chromium, for learning to play: every phase (choose, play, keep/push, the deal summary) keeps
the trick, the hand and the buttons in view at phone and laptop sizes; the hint (H) marks a legal action
in each kind of decision; narrate and describeAction put real events from the page's bridge in words.
(Arsène's older browser tests are in test_site.py.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    ARTIFACTS,
    HUMAN,
    LAPTOP,
    PHONE_IN_BROWSER,
    assert_play_in_view,
    follow_hint,
    open_site,
    resume_position,
    shipped_scenario,
    use_language,
    wait_for_turn_or_summary,
    words_through_the_page,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg
from pygames_core.app.scenario import parse_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "web" / "scenarios"
SIZES = {"phone": PHONE_IN_BROWSER, "laptop": LAPTOP}


def scenario_position(name: str, steps: int) -> pg.Game:
    """A shipped example's game after its first `steps` steps."""
    return parse_scenario((SCENARIOS / f"{name}.json").read_text(encoding="utf-8")).start(steps)


def choosing_position() -> pg.Game:
    """A fresh deal where the human sits left of the dealer: the human turns up an edge card."""
    game = pg.new_game("arsene", seed=11, setup={"dealer": 3})
    assert game.current_player == HUMAN and game.view(HUMAN)["phase"] == "choose"
    return game


KEEP_OR_PUSH = ("arsene-stores", 4)  # the human won trick 10 and may push it onto West; two tricks to go


def hint_key(action: dict) -> str:
    """The table's name for an action (data-hint-key in arsene.js)."""
    return f"{action['type']}:{action.get('card', action.get('index', action.get('to', '')))}"


def summary_in_view(page: Page) -> None:
    """The deal summary's dialog and its button lie inside the viewport."""
    expect(page.locator("#summary")).to_be_visible()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for selector in ("#summary", "#summary-continue"):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["y"] >= 0, selector
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, selector


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_every_phase_keeps_the_play_in_view(new_context: Callable[..., BrowserContext], site_url: str,
                                            size: str, language: str) -> None:
    page = new_context(SIZES[size], "ja-JP" if language == "ja" else "en-US").new_page()
    shot = f"arsene-{size}-{language}"
    resume_position(page, site_url, choosing_position(), explain=True)
    assert wait_for_turn_or_summary(page) == "choose"
    assert_play_in_view(page, "hand", "trick", "actions", screenshot=f"{shot}-choose")
    page.click(".choices .choice >> nth=1")
    assert wait_for_turn_or_summary(page) == "play"
    assert_play_in_view(page, "hand", "trick", screenshot=f"{shot}-play")

    resume_position(page, site_url, scenario_position(*KEEP_OR_PUSH), explain=True)
    assert wait_for_turn_or_summary(page) == "push"
    assert_play_in_view(page, "hand", "trick", "actions", screenshot=f"{shot}-push")
    page.click(".action-keep")
    page.wait_for_function("() => document.querySelector('#game > .arsene')?.dataset.handSize === '1'")
    assert wait_for_turn_or_summary(page) == "play"
    assert_play_in_view(page, "hand", "trick", screenshot=f"{shot}-last-trick")
    page.click(".hand .card.legal")
    assert wait_for_turn_or_summary(page) == "summary"
    page.screenshot(path=str(ARTIFACTS / f"{shot}-summary.png"))
    summary_in_view(page)


def test_the_hint_marks_a_legal_action_in_each_kind_of_decision(page: Page, site_url: str) -> None:
    positions = {"choose": choosing_position(), "push": scenario_position(*KEEP_OR_PUSH),
                 "play": scenario_position("arsene-push", 5)}
    for kind, game in positions.items():
        resume_position(page, site_url, game)
        assert wait_for_turn_or_summary(page) == kind
        follow_hint(page, hint_key)


# Real events through the page's bridge, in words: (scenario, steps before the action, language) -> words.
WORDS = {
    ("arsene-push", 7, "en"): {
        "described": "play the 9 of spades",
        "said": ["North played the 9 of spades.", "You won trick 6 and may keep it or push it onto North."]},
    ("arsene-push", 8, "en"): {
        "described": "push the trick onto North",
        "said": ["You pushed the trick onto North.", "North now has 2 tricks, the same as West."]},
    ("arsene-push", 8, "ja"): {
        "described": "北にトリックを押しつける",
        "said": ["あなたがトリックを北に押しつけました。", "北は2トリックで、西と同じです。"]},
    ("arsene-stores", 8, "en"): {
        "described": "play the 2 of clubs",
        "said": ["East played the 2 of clubs: no hearts left.", "North won trick 11, with nobody to push it onto.",
                 "North now has 2 tricks, the same as West.", "Deal 3 is over.", "You took 3 chips from store 3.",
                 "East took 1 chip from store 4.", "West and North collided at store 2 and took nothing.",
                 "Deal 4: the dealer is East."]},
    ("arsene-stores", 8, "ja"): {
        "described": "クラブの2を出す",
        "said": ["東はハートがなく、クラブの2を出しました。",
                 "北がトリック11に勝ち、自分で取ります（同じトリック数の人がいません）。",
                 "北は2トリックで、西と同じです。", "第3ディール終了。", "あなたが店3からチップ3枚を獲得。",
                 "東が店4からチップ1枚を獲得。", "西と北は店2でバッティングし、何も取れません。",
                 "第4ディール：ディーラーは東です。"]},
}


def test_events_and_actions_in_words(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.wait_for_function("() => window.pygamesBridge !== undefined")
    for (name, steps, language), expected in WORDS.items():
        scenario = shipped_scenario(name)
        use_language(page, language)
        words, said = words_through_the_page(page, "arsene", {"op": "play_scenario", "scenario": scenario,
                                                              "steps": steps}, [scenario["steps"][steps]["action"]])
        assert {"described": words[0], "said": said[0]} == expected, (name, steps, language)


def test_illustrate_draws_cards_as_the_table_does(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    drawn = page.evaluate("""async (codes) => {
      const arsene = await import("./src/games/arsene.js");
      const cards = arsene.illustrate(codes).querySelectorAll(".card.face");
      return [...cards].map((card) => card.getAttribute("aria-label"));
    }""", ["QS", "7H"])
    assert drawn == ["Queen of spades", "7 of hearts"]
