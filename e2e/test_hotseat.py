"""Pass-and-play in Chromium: two people at one device with bots at the other seats. A Roller Derby
deal played through by both people, where every hand-over screen has no card of any hand on the page
and every table shows only its own seat's hand (checked in the DOM against the engine rebuilt in
CPython); a reload opens on the hand-over screen and keeps the people; a shared deal link, offered once
a short Dominuxen game is played to its end, keeps them too; Arsène and On Schedule with two people;
screenshots of the picker's seat choice and of the hand-over screen."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    LAPTOP,
    PHONE,
    PHONE_IN_BROWSER,
    SAVE_KEY,
    TIMEOUT_MS,
    close_summary,
    open_site,
    phase,
    saved_game,
    stored_save,
)
from playwright.sync_api import BrowserContext, Page, expect
from test_a11y import axe_findings, axe_page  # noqa: F401 (axe_page: its fixture, asked for by name below)
from test_dominuxen import take_human_turn

import pygames_core as pg

HAND_OVER = "#game > #hand-over"
NAMES = {"en": ("You", "Human", "Bot"), "ja": ("あなた", "人間", "ボット")}


def start_with_people(page: Page, game: str, seed: int, humans: list[int], players: int | None = None) -> None:
    """From the picker: `game` (with `players` where given) with normal bots, seat 0 "You" and the other
    seats of `humans` "Human" (tapped in the seat choice), no explanations."""
    page.click(f'.game-choice[data-game="{game}"]')
    if players is not None:  # first: the seat choice has a row for each player
        page.fill("#option-players", str(players))
    page.select_option("#level", "normal")
    page.fill("#seed", str(seed))
    page.set_checked("#explain-choice", False)
    for seat in humans:
        if seat != 0:
            page.click(f'label[for="seat-role-{seat}-human"]')
    expect(page.locator("#allow-undo")).to_be_disabled()  # two people: undo is off, and the picker says why
    expect(page.locator("#allow-undo")).not_to_be_checked()
    expect(page.locator("#allow-undo-help")).to_contain_text(
        "2人以上" if page.get_attribute("html", "lang") == "ja" else "two or more people")
    page.click("#start")


def saved(page: Page) -> dict:
    record = stored_save(page)
    assert record is not None
    return record


def cards_on_page(page: Page) -> set[str]:
    """Every card the page has drawn anywhere (hands, tricks, panels, the summary), by its code."""
    return set(page.eval_on_selector_all("[data-card]", "cards => cards.map(c => c.dataset.card)"))


def next_moment(page: Page) -> str:
    """Wait until the table shows a person's decision, the hand-over screen or a summary; say which."""
    page.wait_for_function(
        """() => document.querySelector('#summary[open]') || document.querySelector('#game > #hand-over')
          || document.querySelector('#game > [data-my-turn="true"]')""", timeout=TIMEOUT_MS)
    if page.is_visible("#summary"):
        return "summary"
    return "hand-over" if page.locator(HAND_OVER).count() else "turn"


def take_device(page: Page, how: str = "click") -> None:
    """The next person says they have the device: by a click (a tap) on the hand-over's button, or by
    Enter or Space; then their table replaces the hand-over screen."""
    if how == "click":
        page.click("#hand-over-ready")
    else:
        page.keyboard.press(how)
    expect(page.locator(HAND_OVER)).to_have_count(0)


def check_hand_over(page: Page, game: pg.Game, humans: list[int]) -> None:
    """The hand-over screen: no card at all on the table, none of any person's hand anywhere on the
    page, no hint to ask for, and the screen names the seat that is to move."""
    expect(page.locator("#game [data-card]")).to_have_count(0)
    hidden = {card for seat in humans for card in game.view(seat)["hand"] or []}
    assert not cards_on_page(page) & hidden
    expect(page.locator("#hint")).to_be_hidden()
    assert int(page.get_attribute(HAND_OVER, "data-seat")) == game.current_player


def strings_in(data: object) -> set[str]:
    """Every string in a JSON-like structure: the card codes a view holds, among others."""
    if isinstance(data, str):
        return {data}
    items = data.values() if isinstance(data, dict) else data if isinstance(data, list) else []
    return set().union(*map(strings_in, items))


def check_own_table(page: Page, game: pg.Game, seat: int, humans: list[int]) -> None:
    """A person's table: their own hand as the engine has it, and no card of another person's hand
    but one their own seat's view shows them (a card voted face up in On Schedule, since taken up)."""
    assert saved(page)["seat"] == seat and game.current_player == seat
    shown = page.eval_on_selector_all(".hand .card", "cards => cards.map(c => c.dataset.card)")
    view = game.view(seat)
    assert sorted(shown) == sorted(view["hand"])
    others = {card for other in humans if other != seat for card in game.view(other)["hand"]}
    assert not cards_on_page(page) & (others - strings_in(view))


def take_roller_derby_turn(page: Page, game: pg.Game) -> None:
    """One decision of the person to move: the first legal choice the table offers."""
    current = phase(page)
    legal = game.legal_actions()
    if current == "roll":
        page.click(".rd-roll button")
    elif current == "trump":
        page.click(f'.rd-trump button[data-suit="{legal[0]["suit"]}"]')
    elif current == "buy":
        page.click('.rd-buy button[data-jokers="0"]')
    elif current == "declare":
        page.click('.rd-declare button[data-aon="false"]')
    else:  # exchange, discard, play: a marked card, a natural one first (a joker asks for its declaration)
        marked = page.eval_on_selector_all(".hand .card.legal", "cards => cards.map(c => c.dataset.card)")
        card = next((c for c in marked if not c.startswith("JK")), marked[0])
        page.click(f'.hand .card[data-card="{card}"]')
        if card.startswith("JK"):
            page.click(".rd-joker .joker-choice >> nth=0")


def test_a_roller_derby_deal_with_two_people_hides_each_hand_from_the_other(page: Page, site_url: str) -> None:
    humans = [0, 1]  # South and West: opponents, so every trick passes the device
    open_site(page, site_url)
    start_with_people(page, "roller_derby", 3, humans)
    hand_overs = turns = 0
    while (moment := next_moment(page)) != "summary":
        game = saved_game(page)
        if moment == "hand-over":
            hand_overs += 1
            check_hand_over(page, game, humans)
            take_device(page, ("click", "Enter", " ")[hand_overs % 3])  # a tap, Enter or Space, in turn
            continue
        seat = saved(page)["seat"]
        assert seat in humans
        check_own_table(page, game, seat, humans)
        take_roller_derby_turn(page, game)
        turns += 1
    assert hand_overs >= 10 and turns >= 26  # 13 tricks' cards at the least for the two of them
    expect(page.locator("#summary .rd-summary")).to_be_visible()  # the deal's end, as every seat sees it
    assert saved(page)["humans"] == humans and saved(page)["undo"] is False
    expect(page.locator("#undo")).to_be_hidden()
    close_summary(page)


def test_a_reload_opens_on_the_hand_over_screen_and_keeps_the_people(page: Page, site_url: str) -> None:
    humans = [0, 1]  # opponents: no card passes between them (partners exchange cards)
    open_site(page, site_url)
    start_with_people(page, "roller_derby", 4, humans)
    for _ in range(6):  # a few decisions, hand-overs included
        if next_moment(page) == "hand-over":
            take_device(page)
        else:
            take_roller_derby_turn(page, saved_game(page))
    next_moment(page)
    before = saved(page)
    page.reload()
    expect(page.locator(HAND_OVER)).to_be_visible()
    game = saved_game(page)
    if game.current_player in humans:
        check_hand_over(page, game, humans)
    expect(page.locator("#game [data-card]")).to_have_count(0)
    assert saved(page)["humans"] == humans and saved(page)["text"] == before["text"]
    take_device(page, "Enter")
    assert next_moment(page) in ("turn", "hand-over")
    if page.locator(HAND_OVER).count() == 0:
        seat = saved(page)["seat"]
        check_own_table(page, saved_game(page), seat, humans)


def play_with_people(page: Page, site_url: str, game_id: str, seed: int, humans: list[int], moves: int,
                     take_turn: Callable[[], None]) -> None:
    """Up to `moves` moments of `game_id` with people at `humans`: every hand-over checked and taken,
    every person's turn checked to show their own table only, then played by `take_turn`; each
    person must have had a turn."""
    open_site(page, site_url)
    start_with_people(page, game_id, seed, humans)
    seats_played = set()
    for _ in range(moves):
        moment = next_moment(page)
        if moment == "summary":
            break
        game = saved_game(page)
        if moment == "hand-over":
            check_hand_over(page, game, humans)
            take_device(page)
            continue
        seat = saved(page)["seat"]
        seats_played.add(seat)
        check_own_table(page, game, seat, humans)
        take_turn()
    assert seats_played == set(humans)


def test_arsene_with_two_people_and_two_bots(page: Page, site_url: str) -> None:
    def take_turn() -> None:
        if phase(page) == "choose":
            page.click(".choices .card >> nth=0")
        elif phase(page) == "push":
            page.click(".action-keep")
        else:
            page.click(".hand .card.legal >> nth=0")

    play_with_people(page, site_url, "arsene", 7, [0, 2], 40, take_turn)


def test_on_schedule_with_two_people_and_two_bots(page: Page, site_url: str) -> None:
    """The vote, the pass to partners and the first tricks with two opponents at one device."""
    def take_turn() -> None:
        if phase(page) == "vote":
            page.click(".vote-suit >> nth=0")
        elif phase(page) == "give":
            for card in page.eval_on_selector_all(".hand .card", "cards => cards.map(c => c.dataset.card)")[:2]:
                page.click(f'.hand .card[data-card="{card}"]')
            page.click("#give")
        else:
            page.click(".hand .card.legal >> nth=0")

    play_with_people(page, site_url, "on_schedule", 5, [0, 1], 50, take_turn)  # opponents: each gives to a bot partner


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                     language: str, size: str) -> None:
    page = new_context(PHONE if size == "phone" else LAPTOP, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    page.click('.game-choice[data-game="roller_derby"]')
    page.click('label[for="seat-role-2-human"]')
    for name in NAMES[language]:
        expect(page.locator("#seat-role-0")).to_contain_text(name)
    # the seat choice by keyboard: arrow keys move within a seat's row (here West: Bot -> Human)
    page.focus("#seat-role-1-bot")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#seat-role-1-human")).to_be_checked()
    page.click('label[for="seat-role-1-bot"]')
    # choosing "You" elsewhere makes the old seat a human: one seat is always "You"
    page.click('label[for="seat-role-2-you"]')
    expect(page.locator("#seat-role-0-human")).to_be_checked()
    page.click('label[for="seat-role-0-you"]')
    expect(page.locator("#seat-role-2-human")).to_be_checked()
    page.screenshot(path=str(artifacts / f"hotseat-picker-{language}-{size}.png"), full_page=True)
    page.fill("#seed", "3")
    page.click("#start")
    # seat 0 moves until the device goes to North (seat 2) for the first time
    while next_moment(page) != "hand-over":
        take_roller_derby_turn(page, saved_game(page))
    expect(page.locator("#hand-over-title")).to_contain_text("North" if language == "en" else "北")
    # a first game explains as it goes (the picker's default); the explanations wait while the device
    # is passed on, and come back for North once they tap
    expect(page.locator("#explain")).to_be_hidden()
    page.screenshot(path=str(artifacts / f"hotseat-handover-{language}-{size}.png"))
    page.click("#hand-over-ready")
    expect(page.locator("#explain")).to_be_visible()


# Dominuxen with three players, South and West people, North a normal bot: from this seed the game ends
# after ten moves (the people's seven and the bot's three), each person playing their biggest set
SHORT_GAME_SEED = 187


def test_a_shared_deal_link_seats_the_same_people(page: Page, new_context: Callable[..., BrowserContext],
                                                 site_url: str) -> None:
    """The site's deal link of a pass-and-play game carries its people (humans=0,1), offered once the
    game is over (before, it would show any of them the others' hands): a friend who opens it plays the
    same deal with the same seats played by people; the embed's link has one person."""
    open_site(page, site_url)
    start_with_people(page, "dominuxen", SHORT_GAME_SEED, [0, 1], players=3)
    while (moment := next_moment(page)) != "summary":
        if moment == "hand-over":
            take_device(page)
        else:
            take_dominuxen_turn(page)
    finished = saved_game(page)
    assert finished.is_over and len(finished.history) == 10  # the short game the seed was chosen for
    close_summary(page)
    page.click("#share")
    link = page.input_value("#share-deal")
    assert "humans=0%2C1" in link
    assert "humans" not in page.input_value("#share-embed")
    friend = new_context().new_page()
    friend.goto(link.replace("index.html#", "index.html?pace=0#"))
    assert next_moment(friend) in ("turn", "hand-over")
    assert saved(friend)["humans"] == [0, 1] and saved(friend)["challenge"] is True
    dealt = saved_game(friend)
    assert (dealt.game_id, dealt.players, dealt.seed) == ("dominuxen", 3, SHORT_GAME_SEED)


def test_axe_finds_nothing_serious_in_the_seat_choice_and_the_hand_over(request: pytest.FixtureRequest,
                                                                         site_url: str) -> None:
    page = request.getfixturevalue("axe_page")(PHONE)
    open_site(page, site_url)
    page.click('.game-choice[data-game="roller_derby"]')
    page.click('label[for="seat-role-2-human"]')
    findings = axe_findings(page, "seat choice")
    page.fill("#seed", "3")
    page.click("#start")
    while next_moment(page) != "hand-over":
        take_roller_derby_turn(page, saved_game(page))
    findings += axe_findings(page, "hand-over")
    assert findings == [], "\n" + "\n".join(findings)


# --- Dominuxen, four seats: South the device's owner, West a friend, North and East bots --------------

DOMINUXEN_SEED = 4242  # East (a bot) moves first: then South, West, and two bots before South again
HAND_OVER_WORDS = {
    "en": {"South": "South", "West": "West", "title": "Pass the device to {name}",
           "ready": "I am {name}: show my tiles"},
    "ja": {"South": "南", "West": "西", "title": "{name}に端末を渡してください",
           "ready": "{name}です：自分の手牌を見る"},
}


def expect_hand_over_to(page: Page, seat_name: str, language: str = "en") -> None:
    """The hand-over screen asks for the device to be passed to the seat the picker named `seat_name`."""
    words = HAND_OVER_WORDS[language]
    name = words[seat_name]
    expect(page.locator(HAND_OVER)).to_be_visible()
    expect(page.locator("#hand-over-title")).to_have_text(words["title"].format(name=name))
    expect(page.locator("#hand-over-ready")).to_have_text(words["ready"].format(name=name))


def take_dominuxen_turn(page: Page) -> None:
    """The person to move takes the first legal action their table offers (test_dominuxen's choice)."""
    take_human_turn(page, phase(page))


def seat_names_shown(page: Page) -> dict[int, str]:
    """The name each Dominuxen seat panel shows, by seat number."""
    return {int(seat): name for seat, name in page.eval_on_selector_all(
        ".dx-player", "panels => panels.map(p => [p.dataset.seat, p.querySelector('.seat-name').textContent])")}


def test_the_device_goes_to_the_next_person_by_the_name_the_picker_gave(page: Page, site_url: str) -> None:
    """After West plays, the bots North and East move and the device goes back to South, named South
    (West's table used to name the seats from West's place: "Pass the device to East"); each person's
    table names every seat as the picker did, and a domino game's hand is tiles."""
    open_site(page, site_url)
    start_with_people(page, "dominuxen", DOMINUXEN_SEED, [0, 1])
    assert next_moment(page) == "turn" and saved(page)["seat"] == 0
    south_sees = seat_names_shown(page)
    take_dominuxen_turn(page)  # South plays: West is next
    assert next_moment(page) == "hand-over"
    expect_hand_over_to(page, "West")
    take_device(page)
    assert next_moment(page) == "turn" and saved(page)["seat"] == 1
    assert seat_names_shown(page) == south_sees == {0: "South", 1: "West", 2: "North", 3: "East"}
    take_dominuxen_turn(page)  # West plays; North and East are bots: South is the next person to move
    assert next_moment(page) == "hand-over"
    expect_hand_over_to(page, "South")
    assert saved_game(page).current_player == 0


def test_a_reload_hands_over_to_the_next_person_by_name(page: Page, site_url: str) -> None:
    """A reload on West's turn hands over to West (it used to say "Pass the device to You — I am You");
    a reload while bots are to move after West lets them move, then hands over to South."""
    open_site(page, site_url)
    start_with_people(page, "dominuxen", DOMINUXEN_SEED, [0, 1])
    next_moment(page)
    take_dominuxen_turn(page)
    next_moment(page)
    take_device(page)
    next_moment(page)
    page.reload()
    expect_hand_over_to(page, "West")
    take_device(page)
    assert next_moment(page) == "turn" and saved(page)["seat"] == 1
    # West's move made in CPython, saved as the page saves it: North (a bot) is to move on West's table
    game = saved_game(page)
    game.apply(game.legal_actions()[0])
    assert game.current_player == 2
    record = {key: value for key, value in saved(page).items() if key not in ("snap", "savedAt")}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",  # moved into the home by the visit
                  [SAVE_KEY, json.dumps({**record, "text": game.to_json()})])
    page.reload()
    expect_hand_over_to(page, "South")
    assert saved_game(page).current_player == 0
    take_device(page)
    assert next_moment(page) == "turn" and saved(page)["seat"] == 0


@pytest.mark.parametrize("language", ["en", "ja"])
def test_hand_over_screenshots_on_a_phone(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                                          language: str) -> None:
    page = new_context(PHONE_IN_BROWSER, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    start_with_people(page, "dominuxen", DOMINUXEN_SEED, [0, 1])
    next_moment(page)
    take_dominuxen_turn(page)
    next_moment(page)
    expect_hand_over_to(page, "West", language)
    page.screenshot(path=str(artifacts / f"hotseat-dominuxen-handover-{language}.png"))
