"""Undo against bots (and not in shared deals), share links to a deal and to a finished game's
replay, and game files downloaded and loaded back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    HUMAN,
    PHONE_IN_BROWSER,
    STORED_SAVE,
    assert_play_in_view,
    hand,
    open_site,
    resume_position,
    saved_game,
    start_game,
    stored_save,
    take_human_turn,
    use_language,
    wait_for_turn_or_summary,
    wait_until,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg


def test_undo_takes_back_the_players_move_and_the_bots_after_it(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, seed=5)
    assert wait_for_turn_or_summary(page) != "summary"
    before = (hand(page), saved_game(page).history)
    take_human_turn(page)
    wait_for_turn_or_summary(page)
    assert len(saved_game(page).history) > len(before[1])
    page.keyboard.press("u")
    expect(page.locator(".hand .card")).to_have_count(len(before[0]))
    wait_for_turn_or_summary(page)
    assert (hand(page), saved_game(page).history) == before


def test_no_undo_when_the_player_turns_it_off(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.click(".game-choice[data-game='arsene']")
    page.uncheck("#allow-undo")
    page.click("#start")
    wait_for_turn_or_summary(page)
    expect(page.locator("#undo")).to_be_hidden()
    open_site(page, site_url)  # the choice is kept with the save
    wait_for_turn_or_summary(page)
    expect(page.locator("#undo")).to_be_hidden()


def share_links(page: Page) -> dict[str, str]:
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    links = {name: page.input_value(f"#share-{name}") for name in ("deal", "embed")
             if page.locator(f"#share-{name}").count()}
    if page.locator("#share-replay").count():
        links["replay"] = page.input_value("#share-replay")
    page.keyboard.press("Escape")
    return links


def test_a_shared_deal_deals_the_same_cards_and_allows_no_undo(page: Page, site_url: str,
                                                               new_context: Callable[..., BrowserContext]) -> None:
    open_site(page, site_url)
    start_game(page, seed=21)
    wait_for_turn_or_summary(page)
    links = share_links(page)
    assert "replay" not in links  # a game still being played is shared as its deal only
    assert "seed=21" in links["deal"] and "embed.html#" in links["embed"]
    friend = new_context(PHONE_IN_BROWSER).new_page()
    friend.goto(links["deal"].replace("index.html#", "index.html?pace=0#"))
    friend.wait_for_selector("#game:not([hidden]) > [data-phase]")
    wait_for_turn_or_summary(friend)
    assert sorted(hand(friend)) == sorted(pg.new_game("arsene", seed=21).view(HUMAN)["hand"])
    # its bots seeded as the deal is (docs/api.md, "Seeded bots"): the same game as the sharer's
    wait_until(friend, f"async () => (await ({STORED_SAVE})())?.seeded === true")
    expect(friend.locator("#undo")).to_be_hidden()
    # why there is no undo is said under the table (explaining, as a first game does, under the
    # explanations): no banner above it pushes the hand down on a phone in its browser
    expect(friend.locator("#shared-note")).to_be_visible()
    expect(friend.locator("#message")).to_be_hidden()
    assert friend.evaluate("""() => document.getElementById("shared-note").getBoundingClientRect().top
      >= document.getElementById("game").getBoundingClientRect().bottom""")
    assert_play_in_view(friend, "hand", "trick", screenshot="share-friend-phone-en")
    assert "#" not in friend.url  # a reload resumes the game instead of dealing it again

    # a player in the middle of a game is asked before a shared deal replaces it
    take_human_turn(page)
    wait_for_turn_or_summary(page)
    playing = saved_game(page).history
    page.goto(links["deal"].replace("seed=21", "seed=22").replace("index.html#", "index.html?pace=0#"))
    expect(page.locator("#message-action")).to_be_visible()
    assert saved_game(page).history == playing
    # the offer and its button are said again in the language the player switches to
    offers = {"ja": ("共有されたディールがあります", "遊ぶ"), "en": ("A shared deal is waiting", "Play it")}
    for lang, (said, button) in offers.items():
        use_language(page, lang)
        expect(page.locator("#message-text")).to_contain_text(said)
        expect(page.locator("#message-action")).to_have_text(button)
    page.click("#message-action")
    wait_until(page, f"async () => (await ({STORED_SAVE})()).text.includes('\"seed\":22')")
    assert saved_game(page).seed == 22


def test_a_finished_game_shares_its_replay_and_downloads_its_file(page: Page, site_url: str) -> None:
    game = pg.new_game("chains", seed=5)
    while not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    resume_position(page, site_url, game)
    expect(page.locator("#summary")).to_be_visible()
    page.click("#summary-share")
    expect(page.locator("#share-replay")).to_be_visible()
    replay = page.input_value("#share-replay")
    with page.expect_download() as download:
        page.click("#share-download")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert pg.load_game(text).history == game.history
    page.keyboard.press("Escape")

    page.goto(replay.replace("embed.html#", "embed.html?pace=0#"))
    page.click("#embed-show")
    expect(page.locator("#embed-step")).to_have_attribute("data-step", "0")  # it opens at the deal as dealt
    page.click("#embed-last")
    expect(page.locator("#embed-step")).to_have_attribute("data-step", str(len(game.history)))

    # the file loads back on the site, as it was (from the picker: the finished game is back on the table)
    open_site(page, site_url)
    expect(page.locator("#summary")).to_be_visible()
    page.keyboard.press("Escape")
    page.click("#new-game")
    page.set_input_files("#load-file", files=[{"name": "game.json", "mimeType": "application/json",
                                              "buffer": text.encode()}])
    expect(page.locator("#summary")).to_be_visible()
    assert stored_save(page)["text"] == text


def test_a_file_that_is_not_a_game_is_refused(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.set_input_files("#load-file", files=[{"name": "x.json", "mimeType": "application/json",
                                              "buffer": b'{"format": "pygames/save", "game": "arsene"}'}])
    expect(page.locator("#message-text")).to_contain_text(
        "That file could not be opened: it is not a pygames saved game.")
    expect(page.locator("#picker")).to_be_visible()


def test_a_changed_file_is_refused_in_the_readers_language(
        new_context: Callable[..., BrowserContext], site_url: str) -> None:
    """The engine names the save's problem (BadSave.reason) and the page says it in Japanese, without
    the engine's English."""
    page = new_context(PHONE_IN_BROWSER, "ja-JP").new_page()
    open_site(page, site_url)
    changed = pg.new_game("arsene", seed=1).to_json().replace('"seed":1', '"seed":2')
    page.set_input_files("#load-file", files=[{"name": "x.json", "mimeType": "application/json",
                                              "buffer": changed.encode()}])
    expect(page.locator("#message-text")).to_have_text("このファイルを開けませんでした：保存後に書き換えられています。")
    expect(page.locator("#picker")).to_be_visible()


BIG_SEED = 2**64 - 59  # above 2^53: a JavaScript number would round it to another deal


def open_link(page: Page, site_url: str, fragment: str) -> None:
    page.goto(f"{site_url}index.html?pace=0#{fragment}")


def test_a_64_bit_seed_deals_the_same_cards_from_the_picker_and_from_its_link(
        page: Page, site_url: str, new_context: Callable[..., BrowserContext]) -> None:
    open_site(page, site_url)
    start_game(page, seed=BIG_SEED)
    wait_for_turn_or_summary(page)
    assert saved_game(page).seed == BIG_SEED  # exactly: the page never made a number of it
    dealt = sorted(pg.new_game("arsene", seed=BIG_SEED).view(HUMAN)["hand"])
    assert sorted(hand(page)) == dealt
    link = share_links(page)["deal"]
    assert f"seed={BIG_SEED}" in link
    for _ in range(2):  # the link deals the same cards every time it is opened
        friend = new_context().new_page()
        friend.goto(link.replace("index.html#", "index.html?pace=0#"))
        friend.wait_for_selector("#game:not([hidden]) > [data-phase]")
        wait_for_turn_or_summary(friend)
        assert sorted(hand(friend)) == dealt and saved_game(friend).seed == BIG_SEED
        friend.close()


def test_an_old_link_with_a_numeric_seed_opens_the_same_deal_as_before(page: Page, site_url: str) -> None:
    # seat 0's cards for this link, as the page dealt them before seeds grew to 64 bits (commit 37fa602)
    open_link(page, site_url, "game=arsene&players=4&seed=21")
    page.wait_for_selector("#game:not([hidden]) > [data-phase]")
    wait_for_turn_or_summary(page)
    assert sorted(hand(page)) == sorted(["AS", "8S", "AH", "KH", "8H", "6H", "2H", "KC", "6C", "4C", "KD"])
    assert saved_game(page).seed == 21


@pytest.mark.parametrize("seed", ["abc", "9" * 400, "-1", "1.5"])
def test_a_link_with_a_bad_seed_says_so_instead_of_dealing_a_random_game(page: Page, site_url: str,
                                                                          seed: str) -> None:
    open_link(page, site_url, f"game=arsene&seed={seed}")
    expect(page.locator("#message-text")).to_contain_text("a seed is a whole number from 0 to 18446744073709551615")
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    assert stored_save(page) is None  # no game was dealt


@pytest.mark.parametrize(("fragment", "message"), [
    ("players=abc", "This shared link is damaged (players must be a whole number, not “abc”)"),
    ("players=3.0", "This shared link is damaged (players must be a whole number, not “3.0”)"),
    ("players=4&humans=0,two", "This shared link is damaged (humans must be a whole number, not “two”)"),
    ("players=9", "dominuxen is for 3-5 players, not 9"),
])
def test_a_link_with_a_bad_player_count_says_so_instead_of_dealing_the_default(page: Page, site_url: str,
                                                                               fragment: str, message: str) -> None:
    open_link(page, site_url, f"game=dominuxen&seed=3&{fragment}")
    expect(page.locator("#message-text")).to_contain_text(message)
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    assert stored_save(page) is None  # no game was dealt


def test_a_damaged_link_is_said_in_the_readers_language(
        new_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = new_context(PHONE_IN_BROWSER, "ja-JP").new_page()
    open_link(page, site_url, "game=dominuxen&seed=3&players=abc")
    expect(page.locator("#message-text")).to_contain_text(
        "この共有リンクは壊れています（players が整数ではありません：「abc」）")
    expect(page.locator("#message-text")).to_contain_text("下からゲームを始めてください")
    expect(page.locator("#picker")).to_be_visible()
    assert stored_save(page) is None


def test_the_pickers_seed_field_takes_a_64_bit_seed_and_refuses_a_bad_one(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.click(".game-choice[data-game='arsene']")
    page.fill("#seed", "12abc")
    page.click("#start")
    expect(page.locator("#message-text")).to_contain_text("a seed is a whole number")
    expect(page.locator("#picker")).to_be_visible()
