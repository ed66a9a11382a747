"""What reaches the page from outside its own code is read for what it is: an embed's `lang` and a
parent's message name a language or a message only by the page's own names (never one every object
inherits, like toString or __proto__); the picker's stored choices of another shape never stop it;
with several people at one device the game file (which holds the seed, hence every hand) is offered
only once the game is over; and the site itself (index.html) does not run inside another site's
frame, where it offers a tab of its own (embed.html is the page made to be framed)."""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import LAPTOP, PHONE_IN_BROWSER, TIMEOUT_MS, open_site, start_game, wait_for_turn_or_summary
from playwright.sync_api import BrowserContext, Page, expect
from test_embed import embed, inner, post  # noqa: F401 (post: the fixture)

INHERITED = ["toString", "constructor", "__proto__", "hasOwnProperty"]


@pytest.mark.parametrize("lang", ["toString", "constructor"])
def test_an_embed_takes_no_inherited_name_for_a_language(page: Page, site_url: str, post, lang: str) -> None:  # noqa: F811
    post(page, f"lang-{lang}.html", {"example": embed(site_url, "example", scenario="arsene-push", lang=lang)})
    example = inner(page, "example")
    expect(example.locator("#embed-step")).to_be_visible()
    example.locator("#embed-next").click()
    expect(example.locator("#embed-caption")).not_to_be_empty()
    for part in ("#embed-title", "#embed-caption", "#embed-stage"):
        assert "function" not in example.locator(part).inner_text(), part
    assert example.locator("html").get_attribute("lang") == "en"


def test_a_parents_messages_of_inherited_names_are_ignored(page: Page, site_url: str, post) -> None:  # noqa: F811
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    post(page, "inherited.html", {"example": embed(site_url, "example", scenario="arsene-push")})
    expect(inner(page, "example").locator("#embed-step")).to_be_visible()
    page.evaluate("""(names) => {
        const frame = document.getElementById('example').contentWindow;
        for (const name of names) {
            frame.postMessage({type: name}, '*');
            frame.postMessage({type: 'pygames:set-language', lang: name}, '*');
        }
        frame.postMessage({type: 'pygames:set-language', lang: 'ja'}, '*');
    }""", INHERITED)
    expect(inner(page, "example").locator("#embed-step")).to_contain_text("開始")
    assert errors == []


def test_stored_choices_of_another_shape_never_stop_the_picker(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}build.json")  # the site's storage, without starting the page
    page.evaluate("""() => {
        localStorage.setItem('pygames.lang', 'toString');
        localStorage.setItem('pygames.prefs', JSON.stringify({started: 5, explain: 'on', roles: 3, options: [],
                                                                game: 7, level: null, players: 'four'}));
    }""")
    open_site(page, site_url)
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    start_game(page, game="arsene", seed=3, explain=None)
    wait_for_turn_or_summary(page)


@pytest.mark.parametrize(("language", "size", "viewport"),
                         [("en", "phone", PHONE_IN_BROWSER), ("ja", "laptop", LAPTOP)])
def test_with_several_people_nothing_that_carries_the_seed_is_shared_before_the_end(
        new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path, language: str, size: str,
        viewport: dict) -> None:
    """The deal's link, its embed and the game file each carry the seed, from which anyone deals every
    hand again: with several people at this device none is offered until the game is over."""
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    deal = urllib.parse.urlencode({"game": "arsene", "seed": "3", "humans": "0,2"})
    page.goto(f"{site_url}index.html?pace=0#{deal}")
    page.wait_for_selector("#game:not([hidden]) > *", timeout=TIMEOUT_MS)  # the hand-over screen, or a table
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    for carrying_the_seed in ("#share-deal", "#share-embed", "#share-download"):
        expect(page.locator(carrying_the_seed)).to_have_count(0)
    expect(page.locator("#share-dialog")).not_to_contain_text("seed=3")
    later = "ゲーム終了後" if language == "ja" else "once the game is over"
    expect(page.locator("#share-later")).to_contain_text(later)
    page.screenshot(path=str(artifacts / f"share-{size}-{language}-pass-and-play.png"))
    page.keyboard.press("Escape")


def test_the_site_does_not_run_in_another_sites_frame(page: Page, site_url: str, post) -> None:  # noqa: F811
    post(page, "framed.html", {"site": f"{site_url}index.html?pace=0"})
    site = inner(page, "site")
    link = site.locator("#framed-open")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener")
    assert link.get_attribute("href") == f"{site_url}index.html?pace=0"
    expect(site.locator("#picker")).to_be_hidden()
    expect(site.locator("#game")).to_be_hidden()
