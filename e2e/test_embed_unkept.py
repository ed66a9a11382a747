"""An embed whose browser refuses it storage (a frame on another site: Chromium's third-party storage
blocking, Safari's, a private mode) says once, in view, that the page cannot keep the game, and offers
"Continue on the site ↗": the site, in a tab of its own, opens the same game at the same position
(its save carried in the link, as share links carry one)."""

from __future__ import annotations

import base64
import urllib.parse
import zlib
from pathlib import Path

from driver import HUMAN, PHONE_IN_BROWSER, TIMEOUT_MS, hand, poll, stored_save
from playwright.sync_api import Page, expect
from test_embed import embed, inner, post  # noqa: F401 (post: the fixture)

import pygames_core as pg

# A frame's storage refused as a browser refuses it: every touch of localStorage or IndexedDB throws.
REFUSE_FRAME_STORAGE = """
if (window.top !== window.self) {
  for (const name of ["localStorage", "indexedDB"]) {
    Object.defineProperty(window, name, { get() { throw new DOMException("storage is blocked", "SecurityError"); } });
  }
}"""
SAID = {"en": ("This page cannot keep your game", "Continue on the site ↗"),
        "ja": ("このページではゲームを保存できません", "サイトで続きを遊ぶ ↗")}


def carried_game(link: str) -> pg.Game:
    """The game a "Continue on the site" link carries (share.js packText: deflated, base64url)."""
    params = urllib.parse.parse_qs(urllib.parse.urlsplit(link).fragment)
    code = params["save"][0]
    return pg.load_game(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)), -15).decode())


def test_an_embed_that_cannot_keep_its_game_says_so_and_continues_on_the_site(page: Page, site_url: str, post,  # noqa: F811
                                                                             artifacts: Path) -> None:
    page.add_init_script(REFUSE_FRAME_STORAGE)
    page.set_viewport_size(PHONE_IN_BROWSER)
    post(page, "unkept.html", {"live": embed(site_url, "live", game="arsene", seed="3", level="easy")})
    live = inner(page, "live")
    live.locator("#embed-play").click()
    card = live.locator(".hand .card.legal").first
    card.wait_for(timeout=TIMEOUT_MS)
    note = live.locator("#embed-unkept")
    expect(note).to_be_visible()
    expect(note).to_contain_text(SAID["en"][0])
    assert live.locator("#embed-unkept").count() == 1  # said once
    card.click()
    live.locator("[data-my-turn='true']").first.wait_for(timeout=TIMEOUT_MS)
    link = live.locator("#embed-continue")
    expect(link).to_have_text(SAID["en"][1])
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener")
    # the link follows the game: it carries the position on the table, the player's move in it
    def carried_now() -> pg.Game | None:
        carried = carried_game(link.get_attribute("href") or "")
        return carried if carried.history and carried.current_player == HUMAN else None
    game = poll(page, carried_now, "the link on the position shown")
    assert link.get_attribute("href", timeout=TIMEOUT_MS).startswith(f"{site_url}index.html#")
    page.evaluate("() => scrollTo(0, document.getElementById('live').offsetTop)")
    for lang in ("en", "ja"):
        page.evaluate("(lang) => document.getElementById('live').contentWindow.postMessage("
                      "{type: 'pygames:set-language', lang}, '*')", lang)
        expect(note).to_contain_text(SAID[lang][0])
        expect(link).to_have_text(SAID[lang][1])
        page.screenshot(path=str(artifacts / f"embed-unkept-phone-{lang}.png"))
    shown = live.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    with page.expect_popup() as opened:
        link.click()
    site = opened.value
    site.wait_for_selector("#game:not([hidden]) > [data-phase]", timeout=TIMEOUT_MS)
    def kept() -> bool | None:
        saved = stored_save(site)
        return (saved is not None and pg.load_game(saved["text"]).history == game.history) or None
    poll(site, kept, "the same game kept by the site")
    site.wait_for_function("() => document.querySelector('#game > [data-my-turn=\"true\"]')", timeout=TIMEOUT_MS)
    assert hand(site) == shown
    site.close()


def test_the_link_to_the_site_names_the_level_the_embed_plays(page: Page, site_url: str, post) -> None:  # noqa: F811
    """An embed that names the expert where the game does not offer it plays at the game's strongest
    (hard): its link to the site names that level, the one the table plays, not the address's."""
    page.add_init_script(REFUSE_FRAME_STORAGE)
    post(page, "unkept.html", {"live": embed(site_url, "live", game="arsene", seed="3", level="expert")})
    live = inner(page, "live")
    live.locator("#embed-play").click()
    link = live.locator("#embed-continue")
    expect(link).to_be_visible(timeout=TIMEOUT_MS)
    params = urllib.parse.parse_qs(urllib.parse.urlsplit(link.get_attribute("href") or "").fragment)
    assert params["level"] == ["hard"]
