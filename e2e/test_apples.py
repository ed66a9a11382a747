"""Apples in Chromium: a whole deal through the UI (bidding, the exchange, the target card, 12 tricks)
checked step by step and at the deal summary against the engine rebuilt in CPython from the page's
save; resume after a reload; bidding by keyboard; the final summary; screenshots; for learning to play,
every phase keeps the play in view at phone and laptop sizes, the hint (H) marks a legal action in each
kind of decision, and narrate and describeAction put real events from the page's bridge in words."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    DESKTOP,
    HUMAN,
    LAPTOP,
    PHONE,
    PHONE_IN_BROWSER,
    SMALL_PHONE,
    assert_play_in_view,
    attributes,
    close_summary,
    follow_hint,
    hand,
    marked_cards,
    open_site,
    phase,
    play_last_card,
    resume_position,
    saved_game,
    shipped_scenario,
    start_game,
    stored_save,
    use_language,
    wait_for_new_save,
    wait_for_turn_or_summary,
    words_through_the_page,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg

GAME = "apples"
TRICKS = 12


def start(page: Page, site_url: str, seed: int, level: str = "easy", *, explain: bool = False) -> None:
    open_site(page, site_url)
    start_game(page, game=GAME, seed=seed, level=level, explain=explain)


def act_and_wait(page: Page, selector: str) -> None:
    """Click a control that sends an action, and wait until the page has saved the game after it."""
    saved = stored_save(page)
    page.click(selector)
    wait_for_new_save(page, saved)


def call_code(call: dict) -> str:
    return f"{call['count']}{call['suit']}" if call["type"] == "bid" else "pass"


def shown_calls(page: Page) -> list[tuple[str | None, ...]]:
    return attributes(page, ".call-list .call", "data-seat", "data-call")


def shown_tricks(page: Page) -> list[tuple[str | None, ...]]:
    return attributes(page, ".trick-table tr.finished", "data-trick", "data-winner", "data-plays")


def engine_tricks(view: dict) -> list[tuple[str | None, ...]]:
    return [(str(t["trick"]), str(t["winner"]), " ".join(f"{p['seat']}:{p['card']}" for p in t["plays"]))
            for t in view["played"]]


def shown_sets(page: Page) -> list[dict[str, int]]:
    return [dict(page.eval_on_selector_all(
        f'.captured-row[data-seat="{seat}"] .set',
        "sets => sets.map(s => [s.dataset.rank, Number(s.dataset.count)])")) for seat in range(4)]


def engine_sets(view: dict) -> list[dict[str, int]]:
    return [dict(Counter(code[:-1] for code in captured)) for captured in view["captured"]]


def check_common(page: Page, view: dict) -> None:
    """What every phase shows: totals toward 250, who has set a target aside, the contract."""
    assert attributes(page, ".total-list li", "data-total") == [(str(s),) for s in view["scores"]]
    assert attributes(page, ".ap-felt .seat", "data-seat", "data-target-set") == [
        (str(seat), str(view["targets_set"][seat]).lower()) for seat in (1, 2, 3, 0)]
    if view["trump"] is not None:
        expect(page.locator(".ap-info .contract")).to_have_attribute("data-contract", f"{view['count']}{view['trump']}")


def bid_turn(page: Page, game: pg.Game, first: bool) -> None:
    """Every call so far is listed; the box offers exactly the engine's bids. The human bids the
    strongest bid offered at its first call (to hold the contract and exchange trumps), then passes."""
    view = game.view(HUMAN)
    assert shown_calls(page) == [(str(c["seat"]), call_code(c)) for c in view["bids"]]
    legal = game.legal_actions()
    offered = page.eval_on_selector_all(".bid-box .bid:not(:disabled)", "bids => bids.map(b => b.dataset.bid)")
    assert offered == [call_code(a) for a in legal if a["type"] == "bid"]
    expect(page.locator("#pass")).to_be_enabled()
    act_and_wait(page, f'.bid[data-bid="{offered[-1]}"]' if first and offered else "#pass")


def card_turn(page: Page, game: pg.Game) -> None:
    """A discard, a target card or a play: the cards marked are exactly the engine's."""
    view = game.view(HUMAN)
    legal = sorted(a["card"] for a in game.legal_actions())
    assert sorted(marked_cards(page)) == legal
    current = phase(page)
    if current == "discard":
        assert attributes(page, ".pile-list li", "data-discarded") == [(str(n),) for n in view["discarded"]]
        if view["declarer"] == HUMAN:
            assert {code[-1] for code in legal} == {view["trump"]}
    elif current in ("target", "play"):
        expect(page.locator(".exchange [data-received]")).to_have_attribute("data-received", " ".join(view["received"]))
        expect(page.locator(".exchange [data-discards]")).to_have_attribute("data-discards", " ".join(view["discards"]))
    if current == "play":
        expect(page.locator(".ap-felt .trump-badge")).to_have_attribute("data-trump", view["trump"])
        assert shown_tricks(page) == engine_tricks(view)
        assert shown_sets(page) == engine_sets(view)
        expect(page.locator(".own-target .card")).to_have_attribute("data-target", view["target"])
    act_and_wait(page, f'.hand .card[data-card="{marked_cards(page)[0]}"]')


def play_deal_through_the_ui(page: Page) -> None:
    """Plays the human's seat to the deal summary, checking each decision against the engine."""
    first_call = True
    while (current := wait_for_turn_or_summary(page)) != "summary":
        game = saved_game(page)
        check_common(page, game.view(HUMAN))
        if current == "bid":
            bid_turn(page, game, first_call)
            first_call = False
        else:
            card_turn(page, game)


def check_deal_summary(page: Page, summary: dict) -> None:
    rows = attributes(page, "#summary .seat-results tbody tr", "data-points", "data-total", "data-target")
    assert rows == [(str(summary["points"][s]), str(summary["scores"][s]), summary["targets"][s]) for s in range(4)]
    for seat in range(4):
        sets = attributes(page, f'#summary .seat-results tr[data-seat="{seat}"] .set',
                          "data-rank", "data-count", "data-points", "data-target")
        assert sets == [(x["rank"], str(x["count"]), str(x["points"]), "" if x["target"] else None)
                        for x in summary["sets"][seat]]
    expect(page.locator("#summary .ap-summary .headline")).to_have_attribute(
        "data-bid", f"{summary['bid']['count']}{summary['bid']['suit']}")


def test_whole_deal_through_the_ui(page: Page, site_url: str) -> None:
    # normal bots bid from their own hands alone (easy ones pick at random, and may outbid the human)
    start(page, site_url, seed=30, level="normal")
    play_deal_through_the_ui(page)
    finished = saved_game(page)
    summary = finished.view(HUMAN)["deals"][0]
    assert summary["declarer"] == HUMAN  # the strongest bid at the first call held: trumps went into the pile
    assert sum(len(c) for c in summary["captured"]) == 4 * TRICKS
    check_deal_summary(page, summary)
    close_summary(page)
    table = page.locator(".apples")
    expect(table).to_have_attribute("data-deal", "2")
    expect(table).to_have_attribute("data-phase", "bid")
    assert attributes(page, ".total-list li", "data-total") == [(str(s),) for s in summary["scores"]]


def table_state(page: Page) -> tuple:
    return (hand(page), phase(page), shown_calls(page), shown_tricks(page), shown_sets(page),
            page.get_attribute(".own-target .card", "data-target"),
            page.get_attribute(".exchange [data-received]", "data-received"), saved_game(page).history)


def test_reload_mid_deal_resumes_exactly(page: Page, site_url: str) -> None:
    start(page, site_url, seed=12)
    while True:
        assert wait_for_turn_or_summary(page) != "summary"
        if phase(page) == "play" and len(hand(page)) <= TRICKS - 3:
            break
        act_and_wait(page, "#pass" if phase(page) == "bid" else f'.hand .card[data-card="{marked_cards(page)[0]}"]')
    before = table_state(page)
    open_site(page, site_url)
    wait_for_turn_or_summary(page)
    assert table_state(page) == before


def test_bidding_by_keyboard(page: Page, site_url: str) -> None:
    start(page, site_url, seed=7)
    assert wait_for_turn_or_summary(page) == "bid"
    legal = [a for a in saved_game(page).legal_actions() if a["type"] == "bid"]
    wanted = next(a for a in legal if a["count"] == 2)
    calls = page.locator(".call-list .call").count()
    page.keyboard.press("2")
    expect(page.locator('.bid-row[data-count="2"]')).to_have_class(re.compile(r"\bpending\b"))
    page.keyboard.press(wanted["suit"].lower())
    expect(page.locator(".call-list .call")).not_to_have_count(calls)
    own = [c for c in saved_game(page).view(HUMAN)["bids"] if c["seat"] == HUMAN]
    assert own[0] == {"seat": HUMAN, "type": "bid", "count": 2, "suit": wanted["suit"]}
    while wait_for_turn_or_summary(page) == "bid":
        calls = page.locator(".call-list .call").count()
        page.keyboard.press("p")
        expect(page.locator(".call-list .call")).not_to_have_count(calls)
    page.keyboard.press("ArrowRight")  # the arrows move among the cards offered (after keys, the first has the focus)
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused in {a["card"] for a in saved_game(page).legal_actions()}
    cards = len(hand(page))
    page.keyboard.press("Enter")
    expect(page.locator(".hand .card")).to_have_count(cards - 1)


def last_trick(seed: int, scores: list[int]) -> pg.Game:
    """A deal played by easy bots in CPython up to the human's card in trick 12."""
    game = pg.new_game(GAME, seed=seed, setup={"scores": scores})
    step = 0
    while not (game.view(HUMAN)["phase"] == "play" and game.view(HUMAN)["trick_number"] == TRICKS
               and game.current_player == HUMAN):
        game.apply(pg.bot_action(game, "easy", seed=step))
        step += 1
    return game


def test_final_summary(page: Page, site_url: str, artifacts: Path) -> None:
    page.set_viewport_size(PHONE_IN_BROWSER)
    resume_position(page, site_url, last_trick(5, [249, 249, 249, 249]))
    play_last_card(page)
    finished = saved_game(page)
    assert finished.is_over
    result = finished.result()
    final = page.locator("#summary .final-summary")
    # the summary opens on the result: who won, above the last deal's table (it was below the fold)
    expect(final.locator(".headline")).to_be_in_viewport(ratio=1)
    check_deal_summary(page, finished.view(HUMAN)["deals"][-1])
    expect(final).to_have_attribute("data-winners", " ".join(map(str, result["winners"])))
    assert attributes(page, "#summary .final-summary .scores li", "data-total") == [(str(s),) for s in result["scores"]]
    page.screenshot(path=str(artifacts / "apples-phone-en-final.png"))
    page.set_viewport_size(SMALL_PHONE)  # the summary is taller than the screen: it scrolls, its buttons stay in view
    for button in page.locator("#summary .form-actions button").all():
        expect(button).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(artifacts / "apples-small-phone-en-final.png"))
    page.click("#summary-new-game")
    expect(page.locator("#picker")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                     language: str, name: str, viewport: dict) -> None:
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()

    def shot(what: str) -> None:
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(artifacts / f"apples-{name}-{language}-{what}.png"), full_page=True)

    start(page, site_url, seed=7)
    assert wait_for_turn_or_summary(page) == "bid"
    shot("bid")
    act_and_wait(page, ".bid-box .bid >> nth=-1")
    while (current := wait_for_turn_or_summary(page)) != "play":
        if current == "target":
            shot("target")
        act_and_wait(page, "#pass" if current == "bid" else f'.hand .card[data-card="{marked_cards(page)[0]}"]')
    for _ in range(4):
        act_and_wait(page, f'.hand .card[data-card="{marked_cards(page)[0]}"]')
        assert wait_for_turn_or_summary(page) == "play"
    page.locator(".ap-rules summary").click()
    shot("play")
    resume_position(page, site_url, last_trick(4, [120, 60, 30, -15]))
    play_last_card(page)
    shot("summary")


# --- learning to play: the play in view, the hint, words --------------------------------------------------------

SIZES = {"phone": PHONE_IN_BROWSER, "laptop": LAPTOP}
# What each decision must show without scrolling: the hand, what the move is about (the calls, the pile,
# the target cards, the trick) and the bidding box's buttons.
REGIONS = {"bid": ("hand", "trick", "actions"), "discard": ("hand", "trick"), "target": ("hand", "trick"),
           "play": ("hand", "trick")}


def take_turn(page: Page, first_call: bool) -> None:
    """The human's decision: the strongest bid at its first call (normal bots then let it declare), else a
    pass; a card decision takes the first card offered."""
    if phase(page) == "bid":
        act_and_wait(page, ".bid-box .bid >> nth=-1" if first_call else "#pass")
    else:
        act_and_wait(page, f'.hand .card[data-card="{marked_cards(page)[0]}"]')


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_every_phase_keeps_the_play_in_view(new_context: Callable[..., BrowserContext], site_url: str,
                                            size: str, language: str) -> None:
    """Seed 7 against normal bots: the human bids 4 spades and declares, so it meets every phase; the play
    is checked up to trick 3 (after the first trick the page once stayed scrolled off the trick)."""
    page = new_context(SIZES[size], "ja-JP" if language == "ja" else "en-US").new_page()
    start(page, site_url, seed=7, level="normal", explain=True)
    seen = []
    while (current := wait_for_turn_or_summary(page)) != "play" or saved_game(page).view(HUMAN)["trick_number"] <= 3:
        assert_play_in_view(page, *REGIONS[current], screenshot=f"apples-{size}-{language}-{current}")
        seen.append(current)
        take_turn(page, first_call=len(seen) == 1)
    assert set(seen) == set(REGIONS)


@pytest.mark.parametrize("size", SIZES)
def test_the_bidding_keeps_the_hand_in_view_while_explaining(new_context: Callable[..., BrowserContext],
                                                            site_url: str, size: str) -> None:
    """Seed 777, explaining: the bidding box, the calls and the hand with the suggestion under it, on a
    laptop's screen (the hand was wholly below the fold) and on a phone in its browser."""
    page = new_context(SIZES[size]).new_page()
    start(page, site_url, seed=777, level="normal", explain=True)
    assert wait_for_turn_or_summary(page) == "bid"
    assert_play_in_view(page, *REGIONS["bid"], screenshot=f"apples-{size}-en-bid-explained")


def hint_key(action: dict) -> str:
    """The table's name for an action (data-hint-key in apples.js)."""
    if "card" in action:
        return f"{action['type']}:{action['card']}"
    return f"{action['type']}:{action.get('count', '')}{action.get('suit', '')}"


def test_the_hint_marks_a_legal_action_in_each_kind_of_decision(page: Page, site_url: str) -> None:
    start(page, site_url, seed=7, level="normal")
    hinted_kinds: set[str] = set()
    while hinted_kinds != set(REGIONS):
        current = wait_for_turn_or_summary(page)
        assert current != "summary"
        if current in hinted_kinds:
            take_turn(page, first_call=False)
            continue
        follow_hint(page, hint_key)
        hinted_kinds.add(current)


def test_events_and_actions_in_words(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.wait_for_function("() => window.pygamesBridge !== undefined")
    exchange = shipped_scenario("apples-exchange")
    scoring = shipped_scenario("apples-scoring")

    def in_words(opening: dict, action: dict, language: str) -> dict:
        use_language(page, language)
        words, said = words_through_the_page(page, GAME, opening, [action])
        return {"described": words[0], "said": said[0]}

    def scenario_step(scenario: dict, steps: int, language: str) -> dict:
        opening = {"op": "play_scenario", "scenario": scenario, "steps": steps}
        return in_words(opening, scenario["steps"][steps]["action"], language)

    def bid(count: int, suit: str, language: str) -> dict:
        opening = {"op": "new", "game": GAME, "seed": 1, "seat": HUMAN,
                   "setup": {"dealer": 3, "hands": exchange["setup"]["hands"]}}
        return in_words(opening, {"type": "bid", "count": count, "suit": suit}, language)

    assert bid(2, "H", "en") == {"described": "bid 2 hearts", "said": ["You bid 2 hearts."]}
    assert bid(1, "S", "en") == {"described": "bid 1 spade", "said": ["You bid 1 spade."]}
    assert bid(2, "H", "ja") == {"described": "♥2でビッドする", "said": ["あなたが♥2でビッドしました。"]}
    assert scenario_step(exchange, 0, "en") == {"described": "put the 3 of hearts into the pile",
                                                "said": ["You put a card into the pile, face down."]}
    assert scenario_step(exchange, 7, "en")["said"] == [
        "East put a card into the pile, face down.", "The pile was shuffled and dealt back, 2 cards to each.",
        "You got back: 2 of hearts, Ace of diamonds."]
    assert scenario_step(exchange, 8, "ja") == {"described": "スペードのエースをターゲットカードとして伏せる",
                                                "said": ["あなたがターゲットカードを伏せました。"]}
    assert scenario_step(scoring, 7, "en")["said"] == [
        "East played the 6 of spades.", "West won trick 12 and captured its four cards.", "Deal 4 is over.",
        "You: 75 points this deal, 170 in all.", "West: -20 points this deal, 100 in all.",
        "North: 35 points this deal, 95 in all.", "East: -20 points this deal, 120 in all.",
        "Deal 5: the dealer is you."]
    assert scenario_step(scoring, 7, "ja")["said"][-2:] == [
        "東：今回-20点、合計120点。", "第5ディール：ディーラーはあなたです。"]
