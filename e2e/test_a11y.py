"""The pages' Content-Security-Policy holds while people use the site (nothing it refuses is ever
asked for), and axe-core finds no serious or critical accessibility problem on the picker, every
game's table on the player's turn, the final summary, the rules dialog with its example, the embeds
and the Japanese picker, at phone and laptop sizes. Moderate and minor findings are printed."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from driver import (
    LAPTOP,
    PHONE,
    TIMEOUT_MS,
    open_site,
    play_last_card,
    resume_position,
    start_game,
    take_human_turn,
    use_language,
    wait_for_turn_or_summary,
)
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect
from test_apples import last_trick

import pygames_core as pg

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
GAMES = [game["id"] for game in pg.list_games()]
EXAMPLE_SCENARIO = "arsene-stores"

# Every frame reports what the policy refused to the test, through a binding the context exposes.
REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (event) => window.cspViolation(
  `${event.violatedDirective} refused ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`));"""


def open_embed(page: Page, site_url: str, **params: str) -> None:
    page.goto("about:blank")  # a new document: the embed reads its hash once, and a new hash alone loads nothing
    page.goto(f"{site_url}embed.html?pace=0#" + "&".join(f"{key}={value}" for key, value in params.items()))


def open_rules_example(page: Page) -> Frame:
    """Open the "?" dialog of the game on the table at its first example; step it once; return its frame."""
    page.click("#help-button")
    example = page.locator("#help iframe[data-example]").first
    example.scroll_into_view_if_needed()
    frame = example.element_handle().content_frame()
    assert frame is not None
    expect(frame.locator("#embed-step")).to_have_attribute("data-step", "0")
    frame.locator("#embed-next").click()
    expect(frame.locator("#embed-step")).to_have_attribute("data-step", "1")
    return frame


def play_live_embed(page: Page, site_url: str) -> None:
    open_embed(page, site_url, game="arsene", seed="3", level="easy")
    page.click("#embed-play")
    card = page.locator(".hand .card.legal").first
    card.wait_for(timeout=TIMEOUT_MS)
    card.click()
    page.wait_for_function("() => document.querySelector('#embed-stage [data-my-turn=\"true\"]')", timeout=TIMEOUT_MS)


def step_scenario_embed(page: Page, site_url: str) -> None:
    open_embed(page, site_url, scenario=EXAMPLE_SCENARIO)
    expect(page.locator("#embed-step")).to_have_attribute("data-step", "0")
    page.click("#embed-next")
    expect(page.locator("#embed-step")).to_have_attribute("data-step", "1")


# --- the Content-Security-Policy ------------------------------------------------------------------

def test_nothing_breaks_the_content_security_policy(persistent_context: BrowserContext, site_url: str) -> None:
    # a visitor's own profile, not the test run's shared one (which blocks service workers): the
    # service worker must register and fetch under the policy too
    context = persistent_context
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    violations: list[str] = []
    context.expose_binding("cspViolation", lambda source, text: violations.append(f"{source['frame'].url}: {text}"))
    context.add_init_script(REPORT_VIOLATIONS)
    refused: list[str] = []  # Chromium also logs each refusal on the console of the frame that asked
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text else None)

    open_site(page, site_url)
    assert page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # registered and in control
    start_game(page, game="arsene", seed=3)
    for _ in range(3):  # Pyodide runs in its worker; a few moves against the bots
        assert wait_for_turn_or_summary(page) != "summary"
        take_human_turn(page)
    assert wait_for_turn_or_summary(page) != "summary"
    page.click("#share")  # the share dialog: its links, its embed code and the game file (a blob: link)
    assert (page.get_attribute("#share-download", "href") or "").startswith("blob:")
    with page.expect_download():
        page.click("#share-download")
    page.keyboard.press("Escape")
    open_rules_example(page)  # the rules dialog and an example framed in it
    page.click("#help form[method=dialog] button")  # its Close (the focus is in the example's frame)
    expect(page.locator("#help")).to_be_hidden()
    for game in GAMES:  # every table (their renderers set styles from scripts)
        start_game(page, game=game, seed=3, level="normal")
        assert wait_for_turn_or_summary(page) != "summary"
    resume_position(page, site_url, last_trick(5, [249, 249, 249, 249]))  # a final summary
    play_last_card(page)

    step_scenario_embed(page, site_url)
    play_live_embed(page, site_url)
    page.goto(f"{site_url}embedding.html")  # the bloggers' page: snippets and framed embeds
    first = page.frame_locator(".gallery-frame").first
    expect(first.locator("#embed-show, #embed-play, #embed-next").first).to_be_visible()

    assert violations == []
    assert refused == []
    assert errors == []


# --- axe-core ---------------------------------------------------------------------------------------

@pytest.fixture
def axe_page(browser: Browser) -> Iterator[Callable[[dict], Page]]:
    """Pages in contexts that bypass the Content-Security-Policy: Playwright injects axe-core's file as an
    inline script, which the policy (rightly) refuses; the policy itself is the test above's concern."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_page(viewport: dict) -> Page:
        context = browser.new_context(viewport=viewport, locale="en-US", bypass_csp=True)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == []


def axe_findings(target: Page | Frame, scene: str) -> list[str]:
    """Run axe-core on a page or a frame; print moderate and minor findings, return the blocking ones."""
    if not target.evaluate("typeof axe !== 'undefined'"):
        target.add_script_tag(path=str(AXE))
    violations = target.evaluate("""async () => (await axe.run(document, { resultTypes: ["violations"] }))
      .violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                                nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`) }))""")
    blocking = []
    for violation in violations:
        lines = [f"{scene}: {violation['impact']} {violation['id']} ({violation['help']})",
                 *(f"    {node}" for node in violation["nodes"])]
        if violation["impact"] in BLOCKING:
            blocking.extend(lines)
        else:
            print("\n".join(lines))
    return blocking


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_axe_finds_nothing_serious_on_the_site(axe_page: Callable[[dict], Page], site_url: str, size: str) -> None:
    page = axe_page(PHONE if size == "phone" else LAPTOP)
    open_site(page, site_url)
    findings = axe_findings(page, f"{size} picker")
    use_language(page, "ja")
    findings += axe_findings(page, f"{size} Japanese picker")
    use_language(page, "en")
    for game in GAMES:
        start_game(page, game=game, seed=3, level="normal")
        assert wait_for_turn_or_summary(page) != "summary"
        findings += axe_findings(page, f"{size} {game}")
    frame = open_rules_example(page)
    findings += axe_findings(page, f"{size} rules dialog") + axe_findings(frame, f"{size} rules example")
    resume_position(page, site_url, last_trick(5, [249, 249, 249, 249]))
    play_last_card(page)
    findings += axe_findings(page, f"{size} final summary")
    assert findings == [], "\n" + "\n".join(findings)


def test_axe_finds_nothing_serious_in_the_embeds(axe_page: Callable[[dict], Page], site_url: str) -> None:
    page = axe_page(PHONE)
    step_scenario_embed(page, site_url)
    findings = axe_findings(page, "scenario embed")
    play_live_embed(page, site_url)
    findings += axe_findings(page, "live embed")
    assert findings == [], "\n" + "\n".join(findings)


def test_every_page_carries_the_same_policy() -> None:
    policies = {page.name: re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">',
                                      page.read_text(encoding="utf-8")) for page in (ROOT / "web").glob("*.html")}
    assert len(policies) == 3 and all(len(found) == 1 for found in policies.values()), policies
    assert len({found[0] for found in policies.values()}) == 1, policies
