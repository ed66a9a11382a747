"""Every table drawn from the viewing seat's place: a reader playing seat 2 in an embed sits at the
bottom, is called You and holds seat 2's hand; a spectator's frame names nobody You and shows no
hand. Screenshots of a table played from seat 2, in English and Japanese."""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import PHONE
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg

GAMES = ["arsene", "dominuxen", "on_schedule", "apples", "roller_derby"]
SEED = 3
PLAYERS = 4
VIEWER = 2
SPECTATOR_MOVES = 12  # far enough into every game for cards or tiles to be on the table
TABLE = "#embed-stage [data-phase]"


def play_seat(page: Page, site_url: str, game: str) -> None:
    """Open `game` in an embed as seat 2 and wait until it is seat 2's turn (the bots before it moved)."""
    fragment = urllib.parse.urlencode({"game": game, "seat": VIEWER, "seed": SEED, "players": PLAYERS, "level": "easy"})
    page.goto(f"{site_url}embed.html?pace=0#{fragment}")
    page.click("#embed-play")
    expect(page.locator(TABLE)).to_have_attribute("data-my-turn", "true")


def shown_hand(page: Page, game: str) -> list[str]:
    selector = ".dx-hand [data-tile]" if game == "dominuxen" else ".hand [data-card]"
    attribute = "data-tile" if game == "dominuxen" else "data-card"
    return page.eval_on_selector_all(selector, f"items => items.map(item => item.getAttribute('{attribute}'))")


def aria_labels(page: Page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "items => items.map(item => item.getAttribute('aria-label'))")


def place(page: Page, n: int):
    return page.locator(f'#embed-stage [data-place="{n}"]')


@pytest.mark.parametrize("game", GAMES)
def test_seat_2_plays_from_the_bottom(page: Page, site_url: str, game: str) -> None:
    play_seat(page, site_url, game)
    expect(place(page, 0)).to_have_attribute("data-seat", str(VIEWER))
    expect(place(page, 0)).to_have_attribute("aria-label", re.compile(r"^You:"))
    expect(place(page, 0).locator(".seat-name")).to_contain_text("You")
    expect(place(page, 1)).to_have_attribute("data-seat", str((VIEWER + 1) % PLAYERS))
    expect(place(page, 1).locator(".seat-name")).to_contain_text("West")  # every four-seat table
    # the hand is seat 2's: no seat moves before its own first turn changes it
    assert shown_hand(page, game) == pg.new_game(game, seed=SEED, players=PLAYERS).view(VIEWER)["hand"]
    # only the viewer is You: every other seat's accessible name is someone else's
    labels = aria_labels(page, "#embed-stage [data-place]")
    assert sum(label.startswith("You:") for label in labels) == 1, labels


def spectator_scenario(game: str) -> str:
    """A scenario seen by a spectator: the first moves of an easy bots' game, as its steps."""
    played = pg.new_game(game, seed=SEED, players=PLAYERS)
    steps = []
    for move in range(SPECTATOR_MOVES):
        action = pg.bot_action(played, "easy", seed=move)
        played.apply(action)
        steps.append({"action": action})
    return json.dumps({"game": game, "players": PLAYERS, "seed": SEED, "seat": None, "steps": steps})


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_is_nobody(page: Page, site_url: str, game: str) -> None:
    fragment = urllib.parse.urlencode({"scenario": spectator_scenario(game)})
    page.goto(f"{site_url}embed.html?pace=0#{fragment}")
    page.click("#embed-show")
    for key in ("Home", "End"):  # the start and the last step
        page.keyboard.press(key)
        expect(page.locator(TABLE)).to_be_visible()
        expect(page.locator("#embed-error")).to_be_hidden()
        expect(place(page, 0)).to_have_attribute("data-seat", "0")
        expect(page.locator("#embed-stage .hand")).to_have_count(0)
        assert "You" not in page.inner_text("#embed-stage")
        labels = aria_labels(page, "#embed-stage [aria-label]")
        assert not [label for label in labels if "You" in label or "Your" in label], labels
        if game != "dominuxen":
            expect(place(page, 0).locator(".seat-name")).to_contain_text("South")
    page.select_option("#embed-language", "ja")
    expect(place(page, 0)).to_be_visible()
    assert "あなた" not in page.inner_text("#embed-stage")


def test_screenshots_as_seat_2(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path) -> None:
    for language, locale, you in (("en", "en-US", "You"), ("ja", "ja-JP", "あなた")):
        page = new_context(viewport=PHONE, locale=locale).new_page()
        play_seat(page, site_url, "on_schedule")
        expect(place(page, 0).locator(".seat-name")).to_contain_text(you)
        page.screenshot(path=str(artifacts / f"seats-phone-{language}-on_schedule-seat2.png"), full_page=True)
