"""The doubling cube in the browser, through the embed (which draws live tables with LiveTable, as
the site does): in On Schedule the human doubles and a bot takes, then the bot redoubles and the
human passes; a Chains match for two with a double taken; no cube in the solitaire; a scenario's
frames show the cube without buttons; the match resumes after a reload. Every cube and score shown
is checked against the game the page saved, rebuilt in CPython. Screenshots of a double waiting
for the human's answer, at phone and desktop sizes, in English and Japanese."""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    DESKTOP,
    LAPTOP,
    PHONE,
    PHONE_IN_BROWSER,
    assert_play_in_view,
    play_out_of_view,
    resume_position,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg

BAR = "#embed-cube .cube-bar"
TABLE = "#embed-stage [data-phase]"
TABLE_ON_SITE = "#game > [data-phase]"
OS_CUBE = {"cube": True, "match_to": 7}
# Trick 12 of a deal, the human (seat 0) to lead with the cube in the middle. The bots' cube choices
# (level normal: ai/cube.py's thresholds on on_schedule.win_chance) are certain here and every bot card
# is forced (each must follow hearts): West (1) takes a double at p = 0.65 and does not redouble
# (below 0.70); East (3), holding both point cards left, redoubles at p = 0.73 before its card.
OS_HANDS = [["2H", "3C"], ["4H", "5C"], ["7H", "TC"], ["AH", "KS"]]
OS_ROW = ["AD", "5S", "8H", "JC", "2D", "6H", "9S", "QD", "3C", "7C", "TD", "KH", "4S"]
OS_SETUP = {"dealer": 0, "hands": OS_HANDS, "row": OS_ROW, "tricks": [3, 3, 3, 2], "leader": 0,
            "points": [1, 2, 1, 2], "victory_points": [1, 2]}
# The same trick with East to lead, having redoubled to 4: the human answers at once.
OS_ASKED = {**OS_SETUP, "leader": 3, "cube": {"value": 2, "owner": 1, "offered_by": 1}}
CHAINS_SEED = 2  # the human (seat 0) moves first; Bot 1's chance at the start is 0.5: it takes


def embed_url(site_url: str, **params: object) -> str:
    fragment = urllib.parse.urlencode({name: json.dumps(value) if isinstance(value, dict) else value
                                       for name, value in params.items()})
    return f"{site_url}embed.html?pace=0#{fragment}"


def play(page: Page, url: str) -> None:
    page.goto("about:blank")  # a new fragment alone would not reload the frame
    page.goto(url)
    page.click("#embed-play")
    expect(page.locator(TABLE)).to_be_visible()


def saved_game(page: Page) -> pg.Game:
    """The game the embed saved, under its own address, rebuilt in CPython."""
    text = page.evaluate("localStorage.getItem('pygames.embed.' + location.pathname + location.search + location.hash)")
    return pg.load_game(text)


def wait_for_human(page: Page) -> None:
    expect(page.locator(TABLE)).to_have_attribute("data-my-turn", "true")


def assert_bar_matches(page: Page, game: pg.Game) -> None:
    """The bar shows the cube and the match of the saved game, as seat 0 sees them, and offers
    exactly the cube actions CPython allows."""
    view = game.view(0)
    cube, match = view["cube"], view["match"]
    bar = page.locator(BAR)
    expect(bar).to_have_attribute("data-value", str(cube["value"]))
    expect(bar).to_have_attribute("data-owner", "" if cube["owner"] is None else str(cube["owner"]))
    expect(bar).to_have_attribute("data-offered-by", "" if cube["offered_by"] is None else str(cube["offered_by"]))
    expect(bar).to_have_attribute("data-scores", ",".join(map(str, match["scores"])))
    expect(bar).to_have_attribute("data-target", str(match["target"]))
    expect(bar).to_have_attribute("data-crawford", json.dumps(match["crawford"]))
    expect(page.locator("#cube")).to_have_text(str(cube["value"]))
    for side, score in enumerate(match["scores"]):
        expect(page.locator(f'{BAR} .cube-side[data-side="{side}"] .cube-score')).to_have_text(str(score))
    legal = {action["type"] for action in game.legal_actions()} if game.current_player == 0 else set()
    for kind in ("double", "take", "pass"):
        expect(page.locator(f"#cube-{kind}")).to_have_count(1 if kind in legal else 0)


def test_on_schedule_human_doubles_bot_takes_bot_redoubles_human_passes(page: Page, site_url: str) -> None:
    url = embed_url(site_url, game="on_schedule", seed=1, level="normal", options=OS_CUBE, setup=OS_SETUP)
    play(page, url)
    wait_for_human(page)
    assert_bar_matches(page, saved_game(page))
    expect(page.locator(f"{BAR} .cube-side.near")).to_contain_text("You & North")
    expect(page.locator("#cube")).to_have_attribute("aria-label", "The cube at 1, in the middle")
    expect(page.locator("#cube-double")).to_contain_text("Double to 2")

    # the human doubles; West answers for its team and takes; the human's turn goes on
    page.click("#cube-double")
    expect(page.locator(BAR)).to_have_attribute("data-owner", "1")
    wait_for_human(page)
    game = saved_game(page)
    assert game.view(0)["cube"] == {"value": 2, "owner": 1, "offered_by": None, "side": 0, "may_double": False}
    assert_bar_matches(page, game)
    expect(page.locator("#cube")).to_have_attribute("aria-label", "The cube at 2, West & East's")
    expect(page.locator("#cube-news")).to_have_text("West & East took: the stake is 2.")
    expect(page.locator(f"{BAR} .cube-track")).to_have_class("cube-track at-end")

    # the human leads; West and North follow; East redoubles and the human is asked
    page.click('.hand .card[data-card="2H"]')
    expect(page.locator("#cube-take")).to_be_visible()
    game = saved_game(page)
    assert game.legal_actions() == [{"type": "take"}, {"type": "pass"}]
    assert_bar_matches(page, game)
    expect(page.locator("#cube-question")).to_have_text(
        "West & East doubled to 4. Take (play on at 4, you own the cube) or pass (lose 2 victory points now)?")
    expect(page.locator("#status")).to_have_text("Answer the double above: take (T) or pass (P).")
    expect(page.locator(".hand .card.legal")).to_have_count(0)
    expect(page.locator("#cube-news")).to_have_text("West & East doubled to 4.")

    # the human passes by key: the deal ends, West & East score the stake before the redouble
    page.keyboard.press("p")
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#cube-news")).to_have_text(
        "You & North passed. +2 victory points to West & East (stake 2); match 1–4.")
    game = saved_game(page)
    assert game.view(0)["match"]["scores"] == [1, 4]
    assert game.view(0)["match"]["results"] == [{"game": 1, "side": 1, "points": 2, "stake": 2, "passed": True}]
    assert_bar_matches(page, game)
    page.click("#summary-continue")

    # a new deal, the cube back in the middle; after a reload the match resumes as it was
    page.reload()
    page.click("#embed-resume")
    expect(page.locator(BAR)).to_have_attribute("data-scores", "1,4")
    assert_bar_matches(page, saved_game(page))
    expect(page.locator(f"{BAR} .cube-track")).to_have_class("cube-track at-middle")


def test_chains_match_for_two_shows_the_cube_and_the_solitaire_does_not(page: Page, site_url: str) -> None:
    play(page, embed_url(site_url, game="chains", players=2, seed=CHAINS_SEED, level="normal", options={"cube": True}))
    wait_for_human(page)
    assert_bar_matches(page, saved_game(page))
    expect(page.locator(f"{BAR} .cube-side.near .cube-side-name")).to_have_text("You")
    expect(page.locator(f"{BAR} .cube-side.far .cube-side-name")).to_have_text("Bot 1")
    expect(page.locator(f"{BAR} .cube-meta")).to_contain_text("Match to 7")

    # X doubles (D still draws); Bot 1 takes and the human's turn goes on, with a draw to make
    page.keyboard.press("x")
    expect(page.locator(BAR)).to_have_attribute("data-owner", "1")
    wait_for_human(page)
    game = saved_game(page)
    assert game.view(0)["cube"]["value"] == 2 and {"type": "draw"} in game.legal_actions()
    assert_bar_matches(page, game)
    expect(page.locator("#cube-news")).to_have_text("Bot 1 took: the stake is 2.")
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.keyboard.press("d")
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "place")

    play(page, embed_url(site_url, game="chains", players=1, seed=CHAINS_SEED))
    wait_for_human(page)
    expect(page.locator("#embed-cube")).to_be_hidden()
    expect(page.locator(BAR)).to_have_count(0)


def test_a_scenario_frame_shows_the_cube_without_buttons(page: Page, site_url: str) -> None:
    steps = [{"type": "double"}, {"type": "take"}, {"type": "play", "card": "2H"}, {"type": "play", "card": "4H"},
             {"type": "play", "card": "7H"}, {"type": "double"}, {"type": "pass"}]
    scenario = {"game": "on_schedule", "seed": 1, "options": OS_CUBE, "setup": OS_SETUP,
                "steps": [{"action": action} for action in steps]}
    page.goto(embed_url(site_url, scenario=json.dumps(scenario)))
    page.click("#embed-show")
    expect(page.locator(BAR)).to_have_attribute("data-value", "1")
    expect(page.locator("#cube-double")).to_have_count(0)
    page.click("#embed-next")
    expect(page.locator("#cube-waiting")).to_have_text("You & North doubled to 2: waiting for West to take or pass…")
    page.keyboard.press("End")
    expect(page.locator(BAR)).to_have_attribute("data-scores", "1,4")
    expect(page.locator("#cube-take, #cube-pass, #cube-double")).to_have_count(0)


def test_the_crawford_game_is_marked_and_offers_no_double(page: Page, site_url: str) -> None:
    play(page, embed_url(site_url, game="on_schedule", seed=1, level="normal", options=OS_CUBE,
                         setup={"victory_points": [6, 2]}))
    wait_for_human(page)
    expect(page.locator(BAR)).to_have_attribute("data-crawford", "true")
    expect(page.locator(f"{BAR} .cube-crawford")).to_have_text("Crawford game: no doubling")
    assert_bar_matches(page, saved_game(page))


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_screenshots_of_a_double_to_answer(new_context: Callable[..., BrowserContext], site_url: str,
                                           artifacts: Path, size: str, viewport: dict, lang: str) -> None:
    page = new_context(viewport=viewport).new_page()
    play(page, embed_url(site_url, game="on_schedule", seed=1, level="normal", lang=lang, options=OS_CUBE,
                         setup=OS_ASKED))
    expect(page.locator("#cube-take")).to_be_visible()
    assert_bar_matches(page, saved_game(page))
    if lang == "ja":
        expect(page.locator("#cube-question")).to_have_text(
            "西・東が4倍にダブルしました。テイク（4倍で続行、キューブはあなたのもの）か、パス（いま勝利点2を失う）か？")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for kind in ("take", "pass"):
        box = page.locator(f"#cube-{kind}").bounding_box()
        assert box is not None and box["height"] >= 40 and box["width"] >= 40
    page.screenshot(path=str(artifacts / f"cube-on-schedule-{size}-{lang}.png"), full_page=True)
    if size == "phone":
        chains = embed_url(site_url, game="chains", players=2, level="normal", lang=lang, options={"cube": True},
                           setup={"tables": [{"end_cards": [5, 6, 7, 8, 9, 10]}, {"end_cards": [1, 2, 3, 4, 10]}],
                                  "current": 1, "cube": {"value": 2, "owner": 1, "offered_by": 1},
                                  "match": {"scores": [2, 3], "games": 3}})
        play(page, chains)
        expect(page.locator("#cube-take")).to_be_visible()
        assert_bar_matches(page, saved_game(page))
        page.screenshot(path=str(artifacts / f"cube-chains-{size}-{lang}.png"), full_page=True)


# --- the cube's buttons in view ---------------------------------------------------------------------------------

def on_schedule_cube_decision(answer: bool) -> pg.Game:
    """The first trick of an On Schedule match with the cube (full hands): the human (seat 0) to play,
    the double offered; or, with `answer`, East (seat 3) has doubled and the human answers."""
    game = pg.new_game("on_schedule", seed=3, options=OS_CUBE)
    to_move = 3 if answer else 0
    while not (game.view(None)["phase"] == "play" and game.current_player == to_move):
        game.apply(game.legal_actions()[0])  # a vote, a gift or a card: never a double (listed last)
    if answer:
        game.apply({"type": "double"})
    return game


def chains_cube_decision(answer: bool) -> pg.Game:
    """The start of a Chains match for two: the human (seat 0) to move with the double offered; or,
    with `answer`, Bot 1 has doubled at the start of its first turn and the human answers."""
    game = pg.new_game("chains", players=2, seed=CHAINS_SEED, options={"cube": True})
    if answer:
        while not (game.current_player == 1 and {"type": "double"} in game.legal_actions()):
            game.apply(next(a for a in game.legal_actions() if a["type"] not in ("double", "take", "pass")))
        game.apply({"type": "double"})
    return game


POSITIONS = {"on_schedule": on_schedule_cube_decision, "chains": chains_cube_decision}
# What a page does when a player goes to their cards (a tap, the keyboard): the hand (a table's marked
# hand region, or On Schedule's row of cards), with the suggestion and the newest caption under it while
# explaining, comes up to the bottom of the screen, or, without one, the page goes to its end.
SCROLL_TO_HAND = """() => {
  const hand = document.querySelector('#game [data-region="hand"], #game .hand');
  const said = [document.getElementById("hint-line"), document.querySelector("#explain-log .newest")]
    .filter((part) => part?.checkVisibility());
  const bottom = (element) => element.getBoundingClientRect().bottom;
  const last = hand && [hand, ...said].reduce((low, part) => (bottom(part) > bottom(low) ? part : low));
  if (last) last.scrollIntoView({ block: "end" });
  else window.scrollTo(0, document.documentElement.scrollHeight);
}"""


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)])
@pytest.mark.parametrize("game_id", list(POSITIONS))
def test_the_cube_buttons_are_in_view_when_offered(new_context: Callable[..., BrowserContext], site_url: str,
                                                     artifacts: Path, size: str, viewport: dict, game_id: str) -> None:
    """On the site, a double offered with the human's move and a double to answer: the cube's buttons
    are on the screen, uncovered, as the table opens and also once the page has scrolled to the hand,
    with the rest of the play (the table's marked regions); screenshots in e2e/artifacts/."""
    page = new_context(viewport).new_page()
    for answer, button, moment in ((False, "#cube-double", "double"), (True, "#cube-take", "answer")):
        game = POSITIONS[game_id](answer)
        resume_position(page, site_url, game, explain=True)
        expect(page.locator(button)).to_be_visible()
        expect(page.locator(TABLE_ON_SITE)).to_have_attribute("data-my-turn", "true")
        page.screenshot(path=str(artifacts / f"cube-in-view-{game_id}-{size}-{moment}.png"))
        # as the table opens, the buttons are on the screen (the hand may be below, on a phone; on a laptop
        # the whole play is, with the explanations: On Schedule's hand was below the fold there)
        if size == "laptop":
            assert_play_in_view(page, "cube", "hand")
        assert [problem for problem in play_out_of_view(page, "cube") if problem.startswith("cube")] == []
        # and once the page has scrolled to the hand, they are still there, and so is the rest of the
        # play: the hand, the trick, the table's buttons
        page.evaluate(SCROLL_TO_HAND)
        assert_play_in_view(page, "cube", screenshot=f"cube-in-view-{game_id}-{size}-{moment}-scrolled")


# --- the cube in "Explain as we play" ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_cubes_actions_are_in_the_explanations(new_context: Callable[..., BrowserContext], site_url: str,
                                                   lang: str) -> None:
    """On the site, explaining: the human's double and West's answer, a take of East's redouble, and a
    pass of it, each said in the captions under the table as in the cube bar's news (they once
    appeared only there)."""
    page = new_context(PHONE_IN_BROWSER, "ja-JP" if lang == "ja" else "en-US").new_page()
    said = {"en": ["You & North doubled to 2.", re.compile(r"^West & East (took: the stake is 2|passed)\."),
                   ["You & North took: the stake is 4."],
                   ["You & North passed.", "+2 victory points to West & East (stake 2); match 1–4."]],
            "ja": ["あなた・北が2倍にダブル。", re.compile(r"^西・東が(テイク：賭け点は2|パス)。"),
                   ["あなた・北がテイク：賭け点は4。"],
                   ["あなた・北がパス。", "西・東に勝利点+2（賭け点2）。マッチ 1対4。"]]}[lang]
    newest = page.locator("#explain-log li.newest")
    resume_position(page, site_url, pg.new_game("on_schedule", seed=1, options=OS_CUBE, setup=OS_SETUP), explain=True)
    page.click("#cube-double")
    expect(page.locator("#explain-log li").last).to_have_text(said[0])  # the oldest step said
    expect(newest).to_have_text(said[1])  # the answer (the bots' chance is sampled), said first in its step
    for key, sentences in (("t", said[2]), ("p", said[3])):
        resume_position(page, site_url, pg.new_game("on_schedule", seed=1, options=OS_CUBE, setup=OS_ASKED),
                        explain=True)
        expect(page.locator("#cube-take")).to_be_visible()
        page.keyboard.press(key)
        for sentence in sentences:  # (after a take, East plays on; a pass ends the deal: said between)
            expect(page.locator("#explain-log")).to_contain_text(sentence)
