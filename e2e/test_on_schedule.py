"""On Schedule in Chromium: a whole deal through the UI (votes, the card pass, 13 tricks) checked
step by step and at the deal summary against the engine rebuilt in CPython from the page's save;
resume after a reload; keyboard play; the final summary; screenshots."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

import pytest
from driver import (
    ARTIFACTS,
    DESKTOP,
    HOLD_HINTS,
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
    play_last_card,
    resume_position,
    saved_game,
    start_game,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg

GAME = "on_schedule"
TRICKS = 13
PARTNER = 2


def start(page: Page, site_url: str, seed: int, *, explain: bool = False) -> None:
    open_site(page, site_url)
    start_game(page, game=GAME, seed=seed, explain=explain)


def shown_row(page: Page) -> list[tuple[str | None, ...]]:
    return attributes(page, ".os-main .schedule-row .slot", "data-trick", "data-suit", "data-owner", "data-special-of")


def engine_row(view: dict) -> list[tuple[str | None, ...]]:
    """The row as the view gives it: a card turned face down has no suit or owner; a special trick's star stays."""
    special = {trick: str(seat) for seat, trick in enumerate(view["special"])}
    return [(str(r["trick"]), r.get("suit"), str(r["seat"]) if "seat" in r else None, special.get(r["trick"]))
            for r in view["row"]]


def shown_finished_tricks(page: Page) -> list[tuple[str | None, ...]]:
    return attributes(page, ".trick-table tr.finished", "data-trick", "data-trump", "data-winner", "data-points",
                      "data-doubled")


def engine_finished_tricks(view: dict) -> list[tuple[str | None, ...]]:
    return [(str(t["trick"]), view["row"][t["trick"] - 1].get("suit"), str(t["winner"]), str(t["points"]),
             str(t["doubled"]).lower()) for t in view["played"]]


def check_vote_turn(page: Page, game: pg.Game) -> None:
    """Every vote cast so far is on the stack, face up, and the next slot is the human's."""
    view = game.view(HUMAN)
    votes = attributes(page, ".vote-stack .slot[data-card]", "data-seat", "data-card")
    assert votes == [(str(v["seat"]), v["card"]) for v in view["votes"]]
    expect(page.locator('.vote-stack .slot[aria-current="step"]')).to_have_attribute("data-seat", str(HUMAN))
    offered = page.eval_on_selector_all(".vote-suit:not(:disabled)", "buttons => buttons.map(b => b.dataset.suit)")
    assert offered == [a["suit"] for a in game.legal_actions()]


def check_play_turn(page: Page, game: pg.Game) -> None:
    view = game.view(HUMAN)
    assert sorted(marked_cards(page)) == sorted(a["card"] for a in game.legal_actions())
    current = page.locator('.os-main .schedule-row .slot[aria-current="step"]')
    expect(current).to_have_attribute("data-trick", str(view["trick_number"]))
    expect(page.locator(".os-felt .trump-badge")).to_have_class(f"trump-badge suit-{view['trump']}")
    assert shown_finished_tricks(page) == engine_finished_tricks(view)
    teams = attributes(page, ".os-teams .team", "data-points", "data-vp")
    points = view["points"]
    assert teams == [(str(points[0] + points[2]), str(view["victory_points"][0])),
                     (str(points[1] + points[3]), str(view["victory_points"][1]))]


def give_two(page: Page, cards: list[str]) -> None:
    """Give the first two of `cards`, after a detour through the third (a third pick lets the
    first one go, picking again lets go)."""
    give = page.locator("#give")

    def pick(code: str) -> None:
        page.click(f'.hand .card[data-card="{code}"]')

    expect(page.locator(".hand .card.picked")).to_have_count(0)  # the explanations' hint picks nothing
    pick(cards[0])
    expect(give).to_be_disabled()
    pick(cards[1])
    pick(cards[2])  # lets cards[0] go
    expect(page.locator(".hand .card.picked")).to_have_count(2)
    pick(cards[2])  # and back: cards[1] and cards[0] are picked
    pick(cards[0])
    expect(page.locator(".picked-count")).to_have_attribute("data-picked", "2")
    give.click()


def take_turn(page: Page, turn: int) -> None:
    """One decision of the human, each checked against what CPython allows and shows."""
    game = saved_game(page)
    view = game.view(HUMAN)
    current = phase(page)
    if current == "vote":
        check_vote_turn(page, game)
        suit = "SHDC"[turn % 4]
        page.click(f'.vote-suit[data-suit="{suit}"]')
        expect(page.locator(".vote-stack .slot[data-card]")).not_to_have_count(len(view["votes"]))
    elif current == "give":
        assert shown_row(page) == engine_row(view)
        cards = hand(page)
        give_two(page, [cards[0], cards[-1], cards[5]])
        expect(page.locator(".passing .gift-line, .pass-record [data-gave]")).to_have_attribute(
            "data-gave", f"{cards[0]} {cards[-1]}")
    else:
        check_play_turn(page, game)
        page.click(f'.hand .card[data-card="{marked_cards(page)[0]}"]')


def play_deal_through_the_ui(page: Page) -> None:
    turn = 0
    while wait_for_turn_or_summary(page) != "summary":
        if turn > 0 and phase(page) == "play" and len(hand(page)) == TRICKS:
            received = saved_game(page).view(HUMAN)["received"]
            expect(page.locator(".pass-record [data-received]")).to_have_attribute("data-received", " ".join(received))
            expect(page.locator(".hand .card[data-received]")).to_have_count(2)
        take_turn(page, turn)
        turn += 1


def check_deal_summary(page: Page, summary: dict) -> None:
    rows = attributes(page, "#summary .seat-results tbody tr", "data-tricks", "data-points", "data-special")
    assert rows == [(str(summary["tricks"][s]), str(summary["points"][s]), str(summary["special"][s]))
                    for s in range(4)]
    teams = attributes(page, "#summary .team-results tbody tr", "data-team-points", "data-vp")
    assert teams == [(str(summary["team_points"][t]), str(summary["victory_points"][t])) for t in (0, 1)]
    winner = summary["winner_team"]
    expect(page.locator("#summary .deal-summary .headline")).to_have_attribute(
        "data-winner-team", "none" if winner is None else str(winner))
    row = attributes(page, "#summary .schedule-row .slot", "data-suit", "data-owner")
    assert row == [(r["suit"], str(r["seat"])) for r in summary["row"]]


def test_whole_deal_through_the_ui(page: Page, site_url: str) -> None:
    start(page, site_url, seed=7)
    play_deal_through_the_ui(page)
    finished = saved_game(page)
    summary = finished.view(HUMAN)["deals"][0]
    assert sum(summary["tricks"]) == TRICKS
    check_deal_summary(page, summary)
    close_summary(page)
    expect(page.locator(".on-schedule")).to_have_attribute("data-deal", "2")
    expect(page.locator(".on-schedule")).to_have_attribute("data-phase", "vote")


def table_state(page: Page) -> tuple:
    return (hand(page), phase(page), shown_row(page), shown_finished_tricks(page),
            page.get_attribute(".pass-record [data-received]", "data-received"), saved_game(page).history)


def test_reload_mid_deal_resumes_exactly(page: Page, site_url: str) -> None:
    start(page, site_url, seed=12)
    turn = 0
    while True:
        assert wait_for_turn_or_summary(page) != "summary"
        if phase(page) == "play" and len(hand(page)) <= TRICKS - 2:
            break
        take_turn(page, turn)
        turn += 1
    before = table_state(page)
    open_site(page, site_url)
    wait_for_turn_or_summary(page)
    assert table_state(page) == before


def test_keyboard_only(page: Page, site_url: str) -> None:
    start(page, site_url, seed=3)
    while wait_for_turn_or_summary(page) == "vote":
        votes = page.locator(".vote-stack .slot[data-card]").count()
        page.keyboard.press("h")
        expect(page.locator(".vote-stack .slot[data-card]")).not_to_have_count(votes)
    votes = saved_game(page).view(HUMAN)["votes"]
    assert {v["suit"] for v in votes if v["seat"] == HUMAN} == {"H"}
    page.keyboard.press("ArrowRight")  # from outside, the arrows land on the first card
    first = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Space")
    expect(page.locator(".hand .card.picked")).to_have_count(2)
    page.keyboard.press("g")
    assert wait_for_turn_or_summary(page) == "play"
    assert saved_game(page).view(HUMAN)["gave"] == [first, second]
    cards = len(hand(page))
    legal = {a["card"] for a in saved_game(page).legal_actions()}
    for _ in range(cards):  # the arrows walk the hand (from the last card picked) to a playable card
        page.keyboard.press("ArrowRight")
        if page.evaluate("document.activeElement.dataset.card") in legal:
            break
    assert page.evaluate("document.activeElement.dataset.card") in legal
    page.keyboard.press("Enter")
    expect(page.locator(".hand .card")).to_have_count(cards - 1)


def last_trick(seed: int, victory_points: list[int]) -> pg.Game:
    """A deal played by easy bots in CPython up to the human's card in trick 13."""
    game = pg.new_game(GAME, seed=seed, setup={"victory_points": victory_points})
    step = 0
    while not (game.view(HUMAN)["trick_number"] == TRICKS and game.current_player == HUMAN):
        game.apply(pg.bot_action(game, "easy", seed=step))
        step += 1
    return game


@pytest.mark.parametrize(("seed", "we_win"), [(5, True), (1, False)])
def test_final_summary(page: Page, site_url: str, artifacts: Path, seed: int, we_win: bool) -> None:
    page.set_viewport_size(PHONE_IN_BROWSER)
    resume_position(page, site_url, last_trick(seed, [2, 2]))
    play_last_card(page)
    finished = saved_game(page)
    assert finished.is_over
    final = page.locator("#summary .final-summary")
    expect(final).to_have_attribute("data-winning-team", str(finished.result()["winning_team"]))
    expect(final.locator(".headline")).to_contain_text("Your team wins" if we_win else "West & East win")
    # the summary opens on the result, above the last deal's table (it was below the fold)
    expect(final.locator(".headline")).to_be_in_viewport(ratio=1)
    check_deal_summary(page, finished.view(HUMAN)["deals"][-1])
    page.screenshot(path=str(artifacts / f"on_schedule-phone-en-final-{'won' if we_win else 'lost'}.png"))
    page.click("#summary-new-game")
    expect(page.locator("#picker")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                     language: str, name: str, viewport: dict) -> None:
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()

    def shot(what: str) -> None:
        page.screenshot(path=str(artifacts / f"on_schedule-{name}-{language}-{what}.png"), full_page=True)

    start(page, site_url, seed=21)
    turn = 0
    while wait_for_turn_or_summary(page) == "vote":
        if turn == 1:
            shot("vote")
        take_turn(page, turn)
        turn += 1
    cards = hand(page)
    page.click(f'.hand .card[data-card="{cards[1]}"]')
    page.click(f'.hand .card[data-card="{cards[7]}"]')
    shot("pass")
    page.click("#give")
    for _ in range(3):
        assert wait_for_turn_or_summary(page) == "play"
        take_turn(page, turn)
    wait_for_turn_or_summary(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot("play")
    resume_position(page, site_url, last_trick(4, [1, 0]))
    play_last_card(page)
    shot("summary")


# --- learning to play: the play in view, the hint, the words ---------------------------------------------

IN_VIEW = {"vote": ("hand", "actions"), "give": ("hand", "actions"), "play": ("hand", "trick")}


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)])
def test_play_in_view_in_every_phase(new_context: Callable[..., BrowserContext], site_url: str, language: str,
                                     name: str, viewport: dict) -> None:
    """The votes, the card pass, a lead and a follow, each with the hand, the trick and the buttons of
    the decision in view and uncovered (screenshots in e2e/artifacts/)."""
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    start(page, site_url, seed=21, explain=True)
    shown: set[str] = set()
    turn = 0
    while "play" not in shown or turn < 6:
        current = wait_for_turn_or_summary(page)
        assert_play_in_view(page, *IN_VIEW[current],
                            screenshot=None if current in shown else f"on_schedule-inview-{name}-{language}-{current}")
        shown.add(current)
        take_turn(page, turn)
        turn += 1
    assert shown == {"vote", "give", "play"}


def hint_marks_a_legal_action(page: Page) -> dict:
    """Press H (in the votes H votes hearts: there the Hint button): the table marks the hint and
    focuses it; the hint is one of CPython's legal actions."""
    legal = saved_game(page).legal_actions()
    if phase(page) == "vote":
        page.click("#hint")
    else:
        page.keyboard.press("h")
    page.wait_for_selector(".on-schedule[data-hint]")
    action = json.loads(page.get_attribute(".on-schedule", "data-hint") or "null")
    assert action in legal
    assert page.evaluate("document.activeElement.classList.contains('hinted')")
    page.screenshot(path=str(ARTIFACTS / f"on_schedule-hint-{action['type']}.png"))
    return action


def test_hint_marks_a_legal_vote_gift_and_card(page: Page, site_url: str) -> None:
    start(page, site_url, seed=21)
    hinted = set()
    while {"vote", "give", "play"} - hinted:
        current = wait_for_turn_or_summary(page)
        action = hint_marks_a_legal_action(page)
        assert action["type"] == current
        suit, card = action.get("suit"), action.get("card")
        if current == "vote":
            expect(page.locator(f'.vote-suit.hinted[data-suit="{suit}"]')).to_be_visible()
        elif current == "give":  # the two cards are picked for the player: G gives them
            expect(page.locator(".hand .card.picked")).to_have_count(2)
            assert page.eval_on_selector_all(".hand .card.hinted", "cards => cards.map(c => c.dataset.card)") == \
                action["cards"]
            page.keyboard.press("g")
            page.wait_for_function("() => document.querySelector('.on-schedule').dataset.phase !== 'give' || "
                                   "document.querySelector('.on-schedule').dataset.myTurn === 'false'")
            hinted.add(current)
            continue
        else:
            expect(page.locator(f'.hand .card.hinted[data-card="{card}"]')).to_be_visible()
        hinted.add(current)
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('.on-schedule[data-hint]')")


def test_the_explanations_hint_leaves_the_players_picks(page: Page, site_url: str) -> None:
    """Explaining, the hint of a gift comes after the player has picked a card (held back in the page
    until then, as on a slow phone): it marks its two cards and the Give button, picks nothing, and the
    player goes on to give the two cards they chose."""
    page.add_init_script(HOLD_HINTS)
    start(page, site_url, seed=21, explain=True)
    turn = 0
    while wait_for_turn_or_summary(page) != "give":
        page.wait_for_function("() => window.heldHints() > 0")
        page.evaluate("window.releaseHints()")
        take_turn(page, turn)
        turn += 1
    page.wait_for_function("() => window.heldHints() > 0")
    cards = hand(page)
    page.click(f'.hand .card[data-card="{cards[0]}"]')
    page.evaluate("window.releaseHints()")
    page.wait_for_selector(".on-schedule[data-hint]")
    hinted = json.loads(page.get_attribute(".on-schedule", "data-hint") or "null")
    assert hinted["type"] == "give"
    assert page.eval_on_selector_all(".hand .card.hinted", "cards => cards.map(c => c.dataset.card)") == \
        hinted["cards"]
    expect(page.locator("#give.hinted")).to_be_visible()
    assert page.eval_on_selector_all(".hand .card.picked", "cards => cards.map(c => c.dataset.card)") == [cards[0]]
    page.click(f'.hand .card[data-card="{cards[-1]}"]')
    page.keyboard.press("g")
    expect(page.locator(".passing .gift-line, .pass-record [data-gave]")).to_have_attribute(
        "data-gave", f"{cards[0]} {cards[-1]}")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_narrate_and_describe_through_the_page(new_context: Callable[..., BrowserContext], site_url: str,
                                               language: str) -> None:
    """The last trick of the scenario: East's card, North's doubled trick 13, the deal's victory point."""
    page = new_context(DESKTOP, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    said = explain_last_step(page, GAME, "on-schedule-last-trick", language, [{"type": "give", "cards": ["AS", "7H"]}])
    expected = {
        "en": (["play the Queen of spades", "give West the Ace of spades and the 7 of hearts"],
               ["East played the Queen of spades.",
                "North won trick 13: 6 points (doubled in the last trick). You & North have 17, West & East 13.",
                "Deal over, 17 to 13 points. You & North take the victory point. Victory points: You & North 1, "
                "West & East 0.",
                "Deal 2: the dealer, West, votes first."]),
        "ja": (["スペードのクイーンを出す", "西にスペードのエースとハートの7を渡す"],
               ["東がスペードのクイーンを出しました。",
                "北が第13トリックに勝利：6点（最終トリックなので2倍）。あなた・北は17点、西・東は13点。",
                "ディール終了、17点対13点。あなた・北が勝利点を獲得。勝利点はあなた・北1、西・東0。",
                "第2ディール：ディーラーの西が最初に投票します。"]),
    }[language]
    assert said == expected


# --- finished tricks are turned over (the original's rule) unless the assist shows them -------------------------

def mid_deal(options: dict | None = None) -> pg.Game:
    """Seed 21 played by easy bots in CPython to the human's card in trick 5: tricks 1-4 are finished."""
    game = pg.new_game(GAME, seed=21, options=options)
    step = 0
    while not (game.view(HUMAN)["trick_number"] == 5 and game.current_player == HUMAN):
        game.apply(pg.bot_action(game, "easy", seed=step))
        step += 1
    return game


def card_text(code: str) -> str:
    """A card as the trick table writes it: its rank (10 for T) and suit symbol."""
    return ("10" if code[0] == "T" else code[0]) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[1]]


def shown_trick_cells(page: Page, trick: int) -> list[str]:
    return page.eval_on_selector_all(f'.trick-table tr[data-trick="{trick}"] .play',
                                     "cells => cells.map(c => c.textContent).filter(Boolean)")


@pytest.mark.parametrize(("name", "viewport", "language"), [("phone", PHONE, "ja"), ("desktop", LAPTOP, "en")])
def test_past_tricks_are_turned_over_unless_the_assist_shows_them(
        new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path, name: str, viewport: dict,
        language: str) -> None:
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    # the picker offers the assist, off; a game started with it keeps it in its save and its share link
    open_site(page, site_url)
    page.click(f'.game-choice[data-game="{GAME}"]')
    expect(page.locator("#option-show_played")).not_to_be_checked()
    start_game(page, game=GAME, seed=21, options={"show_played": True})
    assert saved_game(page).options["show_played"] is True
    page.click("#share")
    assert '"show_played":true' in unquote(page.input_value("#share-deal"))

    plain = mid_deal()
    resume_position(page, site_url, plain)
    assert wait_for_turn_or_summary(page) == "play"
    view = plain.view(HUMAN)
    *earlier, last = view["played"]
    faces = attributes(page, ".trick-table tr.finished .face-down-trick", "data-point-cards", "data-face-down")
    assert faces == [(" ".join(t["point_cards"]), str(t["face_down"])) for t in earlier] and len(faces) == 3
    for trick in (1, 2, 3):
        assert shown_trick_cells(page, trick) == [card_text(c) for c in earlier[trick - 1]["point_cards"]]
    assert sorted(shown_trick_cells(page, 4)) == sorted(card_text(p["card"]) for p in last["plays"])
    expect(page.locator(".trick-table-box .turned-over")).to_be_visible()
    assert shown_finished_tricks(page) == engine_finished_tricks(view)
    # their cards of the schedule row are face down too, the last finished trick's still up; the special
    # tricks' stars stay
    face_down = [str(t["trick"]) for t in earlier]
    assert [trick for (trick,) in attributes(page, ".schedule-row .slot.face-down", "data-trick")] == face_down
    assert [trick for (trick,) in attributes(page, ".trick-table tr:has(.trump.face-down)", "data-trick")] == face_down
    expect(page.locator(".schedule-row .slot.face-down .slot-card")).to_have_text([""] * 3)
    stars = {str(trick) for trick in view["special"]}
    assert {trick for (trick,) in attributes(page, ".schedule-row .slot:has(.mark-special)", "data-trick")} == stars
    page.screenshot(path=str(artifacts / f"on_schedule-turned-over-{name}-{language}.png"), full_page=True)

    assisted = mid_deal({"show_played": True})
    resume_position(page, site_url, assisted)
    assert wait_for_turn_or_summary(page) == "play"
    expect(page.locator(".trick-table .face-down-trick")).to_have_count(0)
    expect(page.locator(".trick-table-box .turned-over")).to_have_count(0)
    expect(page.locator(".schedule-row .slot.face-down, .trick-table .trump.face-down")).to_have_count(0)
    for done in assisted.view(HUMAN)["played"]:
        assert sorted(shown_trick_cells(page, done["trick"])) == sorted(card_text(p["card"]) for p in done["plays"])
    page.screenshot(path=str(artifacts / f"on_schedule-assist-{name}-{language}.png"), full_page=True)
