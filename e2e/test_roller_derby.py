"""Roller Derby in Chromium: whole deals through the UI (the roll, trump, jokers for sale with the
human's joker declared, the exchange with the roller's privilege, All or Nothing, 13 tricks) checked
step by step and at the deal summary against the engine rebuilt in CPython from the page's save; the
d12; resume after a reload; screenshots."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    ARTIFACTS,
    DESKTOP,
    HUMAN,
    LAPTOP,
    PHONE,
    PHONE_IN_BROWSER,
    assert_play_in_view,
    attributes,
    close_summary,
    explain_last_step,
    hand,
    marked_cards,
    open_site,
    phase,
    saved_game,
    start_game,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, expect

from pygames_core.games.roller_derby.state import PASS_SIZE

GAME = "roller_derby"
HUMAN_ROLLS = 0  # seeds whose first dealer is East, so the human is the roller of deal 1
BOT_ROLLS = 6  # seeds whose first dealer is the human, so West rolls and the human defends


def start(page: Page, site_url: str, seed: int, *, explain: bool = False, **options: bool) -> None:
    open_site(page, site_url)
    start_game(page, game=GAME, seed=seed, options=options, explain=explain)


def check_contract(page: Page, view: dict) -> None:
    """The dice, target, the rolling team's tricks, trump and scores shown are the engine's."""
    table = page.locator(".roller-derby")
    expect(table).to_have_attribute("data-target", str(view["target"] if view["target"] is not None else ""))
    expect(table).to_have_attribute("data-rolling-tricks", str(view["rolling_tricks"]))
    assert [int(v) for (v,) in attributes(page, ".rd-contract .die", "data-value")] == view["dice"]
    expect(page.locator(".rd-contract .trump-badge")).to_have_attribute("data-trump", view["trump"] or "")
    assert [int(s) for (s,) in attributes(page, ".rd-team", "data-score")] == view["team_scores"]


def offered(page: Page, selector: str, attribute: str) -> list[str]:
    return [value for (value,) in attributes(page, selector, attribute)]


def take_turn(page: Page, *, jokers_to_buy: int = 1) -> str:
    """One decision of the human, what the page offers checked against what CPython allows; say what
    was done."""
    game = saved_game(page)
    view = game.view(HUMAN)
    legal = game.legal_actions()
    check_contract(page, view)
    current = phase(page)
    if current == "roll":
        assert legal == [{"type": "roll"}]
        page.click(".rd-roll button")
        expect(page.locator(".rd-contract .die")).to_have_count(1 if view["options"]["d12"] else 2)
    elif current == "trump":
        assert offered(page, ".rd-trump button", "data-suit") == [a["suit"] for a in legal]
        page.click('.rd-trump button[data-suit="S"]')
    elif current == "buy":
        assert offered(page, ".rd-buy button", "data-jokers") == [str(a["jokers"]) for a in legal]
        page.click(f'.rd-buy button[data-jokers="{jokers_to_buy}"]')
    elif current == "declare":
        assert offered(page, ".rd-declare button", "data-aon") == ["false", "true"]
        page.click('.rd-declare button[data-aon="false"]')
    elif current in ("exchange", "discard"):
        assert marked_cards(page) == [a["card"] for a in legal]
        if view["received"] is not None:  # the roller's privilege: the partner's cards are shown first
            expect(page.locator(".rd-exchange [data-received]")).to_have_attribute("data-received",
                                                                                  " ".join(view["received"]))
        natural = next(c for c in marked_cards(page) if not c.startswith("JK"))
        page.click(f'.hand .card[data-card="{natural}"]')
        gave = [*(view["gave"] or []), natural]
        if current == "exchange" and len(gave) < PASS_SIZE:  # the last card ends the exchange and its panel
            expect(page.locator(".rd-exchange [data-gave]")).to_have_attribute("data-gave", " ".join(gave))
    else:
        return play_card(page, legal)
    return current


def play_card(page: Page, legal: list[dict]) -> str:
    """Play a joker when the engine allows one (declared as the first declaration offered), else the
    first marked card."""
    assert sorted(marked_cards(page)) == sorted({a["card"] for a in legal})
    joker = next((a for a in legal if a["card"].startswith("JK")), None)
    if joker is None:
        page.click(f'.hand .card[data-card="{marked_cards(page)[0]}"]')
        return "play"
    page.click(f'.hand .card[data-card="{joker["card"]}"]')
    declarations = [a for a in legal if a["card"] == joker["card"]]
    assert attributes(page, ".rd-joker .joker-choice", "data-suit", "data-rank") == [
        (a["suit"], a["rank"]) for a in declarations]
    page.click(".rd-joker .joker-choice >> nth=0")
    expect(page.locator(f'.hand .card[data-card="{joker["card"]}"]')).to_have_count(0)
    return "joker"


def check_deal_summary(page: Page, summary: dict) -> None:
    shown = page.locator("#summary .rd-summary")
    for key in ("target", "tricks", "points", "joker_cost", "score", "rolling_team"):
        expect(shown).to_have_attribute(f"data-{key.replace('_', '-')}", str(summary[key]))
    totals = attributes(page, "#summary .team-results tbody tr", "data-total")
    assert [int(v) for (v,) in totals] == summary["team_scores"]


def play_deal(page: Page, **choices: int) -> list[str]:
    done = []
    while wait_for_turn_or_summary(page) != "summary":
        done.append(take_turn(page, **choices))
    return done


def test_whole_deal_with_jokers_and_privilege(page: Page, site_url: str) -> None:
    start(page, site_url, HUMAN_ROLLS, jokers=True, privilege=True)
    done = play_deal(page, jokers_to_buy=1)
    assert done[:4] == ["roll", "trump", "buy", "discard"]
    assert done.count("exchange") == 3 and "declare" in done and "joker" in done
    game = saved_game(page)
    summary = game.view(HUMAN)["deals"][0]
    assert summary["jokers"] == 1 and summary["joker_cost"] == 9 and summary["rolling_team"] == 0
    check_deal_summary(page, summary)
    close_summary(page)
    expect(page.locator(".roller-derby")).to_have_attribute("data-deal", "2")


def test_whole_deal_with_the_d12_rolled_by_a_bot(page: Page, site_url: str) -> None:
    start(page, site_url, BOT_ROLLS, d12=True)
    assert wait_for_turn_or_summary(page) == "exchange"  # West rolled and named nothing yet
    view = saved_game(page).view(HUMAN)
    assert view["roller"] == 1 and len(view["dice"]) == 1
    expect(page.locator(".rd-contract .die.d12")).to_have_attribute("data-value", str(view["dice"][0]))
    done = play_deal(page)
    assert done.count("exchange") == 3 and "roll" not in done
    check_deal_summary(page, saved_game(page).view(HUMAN)["deals"][0])


def test_reload_mid_deal_resumes_exactly(page: Page, site_url: str) -> None:
    start(page, site_url, HUMAN_ROLLS, jokers=True)
    for _ in range(12):
        wait_for_turn_or_summary(page)
        take_turn(page, jokers_to_buy=2)
    wait_for_turn_or_summary(page)
    before = (saved_game(page).to_json(), hand(page), phase(page))
    page.reload()
    page.wait_for_selector("#game:not([hidden]) .roller-derby", timeout=60_000)
    wait_for_turn_or_summary(page)
    assert (saved_game(page).to_json(), hand(page), phase(page)) == before
    check_contract(page, saved_game(page).view(HUMAN))


def test_keyboard_set_up(page: Page, site_url: str) -> None:
    start(page, site_url, HUMAN_ROLLS, jokers=True)
    for key, next_phase in (("r", "trump"), ("x", "buy"), ("0", "exchange")):
        assert wait_for_turn_or_summary(page) != "summary"
        page.keyboard.press(key)
        page.wait_for_selector(f'.roller-derby[data-phase="{next_phase}"]', timeout=60_000)
    view = saved_game(page).view(HUMAN)
    assert view["trump"] == "NT" and view["jokers_bought"] == 0


@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                     name: str, viewport: dict, language: str) -> None:
    page = new_context(viewport=viewport, locale="ja-JP" if language == "ja" else "en-US").new_page()

    def shot(what: str) -> None:
        page.screenshot(path=str(artifacts / f"roller_derby-{name}-{language}-{what}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    start(page, site_url, HUMAN_ROLLS, jokers=True, privilege=True)
    steps = 0
    joker_shown = False
    while (current := wait_for_turn_or_summary(page)) != "summary":
        if (current in ("roll", "buy", "exchange") and steps < 9) or (current == "play" and steps in (12, 20)):
            shot(f"{steps:02d}-{current}")
        if current == "play" and not joker_shown and any(c.startswith("JK") for c in marked_cards(page)):
            page.click('.hand .card[data-card^="JK"]')
            shot("joker-choice")
            page.keyboard.press("Escape")
            expect(page.locator(".rd-joker")).to_have_count(0)
            joker_shown = True
        take_turn(page)
        steps += 1
    shot("summary")


# --- learning to play: the play in view, the hint, the words ---------------------------------------------

IN_VIEW = {"roll": ("hand", "actions"), "trump": ("hand", "actions"), "buy": ("hand", "actions"),
           "discard": ("hand",), "exchange": ("hand",), "declare": ("hand", "actions"), "play": ("hand", "trick")}
PLAY_TURNS_CHECKED = 3


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)])
def test_play_in_view_in_every_phase(new_context: Callable[..., BrowserContext], site_url: str, language: str,
                                     name: str, viewport: dict) -> None:
    """The roll, trump, jokers and the discard, the exchange, All or Nothing, plays and a joker's
    declaration, each with the hand, the trick and the decision's buttons in view and uncovered."""
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    start(page, site_url, HUMAN_ROLLS, explain=True, jokers=True, privilege=True)
    shown: list[str] = []
    while shown.count("play") < PLAY_TURNS_CHECKED:
        current = wait_for_turn_or_summary(page)
        assert_play_in_view(page, *IN_VIEW[current],
                            screenshot=None if current in shown else f"roller_derby-inview-{name}-{language}-{current}")
        shown.append(current)
        # the explanations' suggestion (waited for above) may be a joker's declaration: the hint then
        # opens that joker's choice by itself, and no card of the hand is playable until it is closed
        opened_by_hint = current == "play" and page.locator(".rd-joker").count() > 0
        jokers = [c for c in marked_cards(page) if c.startswith("JK")] if current == "play" else []
        if (opened_by_hint or jokers) and "joker" not in shown:
            if not opened_by_hint:
                page.click(f'.hand .card[data-card="{jokers[0]}"]')
            assert_play_in_view(page, "hand", "trick", "actions",
                                screenshot=f"roller_derby-inview-{name}-{language}-joker")
            shown.append("joker")
        if page.locator(".rd-joker").count() > 0:
            page.keyboard.press("Escape")
            expect(page.locator(".rd-joker")).to_have_count(0)
        take_turn(page)
    assert {"roll", "trump", "buy", "discard", "exchange", "declare", "play"} <= set(shown)


def test_hint_marks_a_legal_action_in_each_kind_of_decision(page: Page, site_url: str) -> None:
    """H (the Hint button when naming trump, where H is hearts) on every decision of the roller's deal, up
    to the second card played: the hint is legal, marked and focused, and Enter does it (except the
    jokers, where one is bought to reach the discard)."""
    start(page, site_url, HUMAN_ROLLS, jokers=True, privilege=True)
    kinds: list[str] = []
    while kinds.count("play") < 2:
        current = wait_for_turn_or_summary(page)
        legal = saved_game(page).legal_actions()
        moves = saved_game(page).view(HUMAN)
        if current == "trump":  # H names hearts trump there: the Hint button
            page.click("#hint")
        else:
            page.keyboard.press("h")
        page.wait_for_selector(".roller-derby[data-hint]")
        action = json.loads(page.get_attribute(".roller-derby", "data-hint") or "null")
        assert action in legal and action["type"] == {"exchange": "give"}.get(current, current)
        assert page.evaluate("document.activeElement.classList.contains('hinted')")
        if action["type"] not in kinds:
            page.screenshot(path=str(ARTIFACTS / f"roller_derby-hint-{action['type']}.png"))
        kinds.append(action["type"])
        if current == "buy":
            page.click('.rd-buy button[data-jokers="1"]')
        else:
            page.keyboard.press("Enter")
        page.wait_for_function("([phase, hand]) => { const table = document.querySelector('.roller-derby');"
                               " return !table.dataset.hint || table.dataset.phase !== phase"
                               " || table.dataset.handSize !== hand; }",
                               arg=[current, str(len(moves["hand"]))])
    assert {"roll", "trump", "buy", "discard", "give", "declare", "play"} <= set(kinds)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_narrate_and_describe_through_the_page(new_context: Callable[..., BrowserContext], site_url: str,
                                               language: str) -> None:
    """The last card of the exact-target example: East takes trick 13, the rolling team made 7 of 7."""
    page = new_context(DESKTOP, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    said = explain_last_step(page, GAME, "roller-derby-exact-target", language, [
        {"type": "give", "card": "AS"}, {"type": "trump", "suit": "NT"}, {"type": "buy", "jokers": 1},
        {"type": "declare", "all_or_nothing": False}, {"type": "play", "card": "JK1", "suit": "H", "rank": "high"}])
    expected = {
        "en": (["play the King of spades", "give North the Ace of spades", "play with no trump", "buy 1 joker",
                "play for exactly 7 tricks", "play Joker 1 as the highest hearts"],
               ["You played the King of spades.",
                "East took trick 13: You & North have 7 of the 7 tricks they need.",
                "Deal over: You & North rolled 7: exactly 7 tricks — 100 points.",
                "Deal 2: dealer you, roller West."]),
        "ja": (["スペードのキングを出す", "北にスペードのエースを渡す", "ノートランプにする", "ジョーカーを1枚買う",
                "目標ちょうど7トリックを狙う", "ジョーカー1をハートの最強として出す"],
               ["あなたがスペードのキングを出しました。",
                "東が第13トリックを獲得：あなた・北は目標7トリックのうち7トリック。",
                "ディール終了：あなた・北の目標7：ちょうど7トリック — 100点。",
                "第2ディール：ディーラーはあなた、ローラーは西。"]),
    }[language]
    assert said == expected
