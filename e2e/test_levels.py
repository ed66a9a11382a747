"""The bot levels in the web come from Python (levels.json, which the build writes, else the bridge's
`levels` op): the picker offers every level of pygames_core.LEVELS, each explained in a line (in
English and Japanese), and the embed takes `level=expert` and names the levels when given another."""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import LAPTOP, PHONE, open_site
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg


def level_lines(page: Page) -> dict[str, str]:
    """Each level the picker offers, with the line that explains it once it is chosen."""
    page.click('.game-choice[data-game="arsene"]')
    lines = {}
    for value in page.locator("#level option").evaluate_all("(options) => options.map((o) => o.value)"):
        page.select_option("#level", value)
        lines[value] = page.inner_text("#level-help")
    return lines


def test_the_picker_offers_every_level_and_explains_each(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    lines = level_lines(page)
    assert list(lines) == list(pg.LEVELS)
    assert all(lines.values()) and len(set(lines.values())) == len(lines)
    assert "3 s a move" in lines["expert"] and "1 s a move" in lines["hard"]  # the budgets Python gives
    # each says what the level does (pygames_core/ai/levels.py), claiming no more than docs/benchmarks.md
    assert "at random" in lines["easy"] and "rules of thumb" in lines["normal"]
    assert "guesses at the cards it cannot see" in lines["hard"] and "the one that did best" in lines["hard"]
    assert "only slightly" in lines["expert"] and "strongest" not in lines["expert"]


def test_without_levels_json_the_levels_come_from_python(page: Page, site_url: str) -> None:
    page.route("**/levels.json", lambda route: route.abort())
    open_site(page, site_url)
    page.click('.game-choice[data-game="arsene"]')
    expect(page.locator("#level option")).to_have_count(len(pg.LEVELS))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("laptop", LAPTOP)])
def test_level_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                           language: str, name: str, viewport: dict) -> None:
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    lines = level_lines(page)
    if language == "ja":
        assert all(any("\u3040" <= char <= "\u30ff" for char in line) for line in lines.values()), lines
    page.select_option("#level", "expert")
    page.locator("#level-help").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"{name}-{language}-levels.png"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def embed(site_url: str, **params: str) -> str:
    return f"{site_url}embed.html?pace=0#{urllib.parse.urlencode(params)}"


def test_the_embed_takes_the_expert_and_names_the_levels_otherwise(page: Page, site_url: str) -> None:
    page.goto(embed(site_url, game="arsene", level="expert"))
    expect(page.locator("#embed-play")).to_be_visible()
    expect(page.locator("#embed-error")).to_be_hidden()
    page.goto("about:blank")
    page.goto(embed(site_url, game="arsene", level="grandmaster"))
    expect(page.locator("#embed-error")).to_contain_text(
        f"level is {', '.join(pg.LEVELS)}, not grandmaster")
