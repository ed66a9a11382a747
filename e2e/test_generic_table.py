"""The generic table on a phone (390×664, a phone with its browser's toolbars shown), with six players:
Sevens (tests/games/sevens, a game of 3 to 6 players that is not trick-taking), built into a wheel as a
designer would and shipped with `build.py --game-wheel`, played to its end against five bots with
"Explain as we play" on, in English and in Japanese. At every turn of the player the hand, the piles
(each row folded to its ends and a count) and the choices (Pass, when no card fits) are in view with
the newest caption; each event of a step is said as a sentence on a line of its own, the player's own
in the game's words for them ("You played 7♦."); a folded row opens on a tap; the final summary ranks
the seats under the score's name and says which way it counts. Screenshots of each, and of the same
table at 1366×768, go to e2e/artifacts/generic-*.png."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator

import pytest
from conftest import ARTIFACTS, ROOT, _build_module
from driver import LAPTOP, PHONE_IN_BROWSER, TIMEOUT_MS, assert_play_in_view, open_site, start_game
from playwright.sync_api import Browser, Page, expect
from test_plugin import project_wheel, take_generic_turn, turn_or_summary

SEVENS = ROOT / "tests" / "games" / "sevens"
SEED = 11
PLAYERS = 6
# What the page says, in each language: the player's own move and the game's end, the summary's order
WORDS = {
    "en": {"own": re.compile(r"^You (played .+|passed)\.$"), "order": "Cards left: the fewer, the better",
           "score": "Cards left", "place": "1", "ends": re.compile(r"^\S.*\.$"), "open": "Show the"},
    "ja": {"own": re.compile(r"^あなた(が.+を出した|はパスした)。$"), "order": "残り札：少ないほど上位",
           "score": "残り札", "place": "1位", "ends": re.compile(r"。$"), "open": "間の"},
}


@pytest.fixture(scope="module")
def sevens_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built with Sevens' wheel, served on a free port: its address."""
    build = _build_module()
    wheel = project_wheel(SEVENS, tmp_path_factory.mktemp("wheels"))
    site = tmp_path_factory.mktemp("sevens-site")
    info = build.build(site, [wheel])
    assert info["game_wheels"] == [f"plugins/{wheel.name}"]
    # the catalog the page reads first describes the game's scoring, as list_games() does
    listed = next(game for game in json.loads((site / "catalog.json").read_text(encoding="utf-8"))
                  if game["id"] == "sevens")
    assert (listed["score_name"], listed["higher_score_wins"]) == ({"en": "Cards left", "ja": "残り札"}, False)
    server = build.make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def visit(browser: Browser, url: str, viewport: dict[str, int], language: str) -> Page:
    """The site in a new browser context of that size, its page in `language` (close with page.context.close())."""
    context = browser.new_context(viewport=viewport, locale="ja-JP" if language == "ja" else "en-US")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    open_site(page, url)
    page.select_option("#language", language)
    return page


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"generic-{name}.png"))


def newest_on_lines(page: Page) -> list[str]:
    """The newest caption's sentences, checked to stand each on a line of its own."""
    return page.evaluate("""() => {
      const said = [...document.querySelectorAll('#explain-log li.newest .said')];
      said.forEach((sentence, i) => {
        if (i > 0 && sentence.getBoundingClientRect().top < said[i - 1].getBoundingClientRect().bottom - 1) {
          throw new Error(`“${sentence.textContent}” is on the line of “${said[i - 1].textContent}”`);
        }
      });
      return said.map((sentence) => sentence.textContent);
    }""")


def check_folded_rows(page: Page, language: str) -> bool:
    """Each row of more than three cards shows its two ends and a button saying how many lie between;
    the first such row opens on a tap, all its cards then drawn, and folds again. True when there was one."""
    folds = page.locator("#game .gn-fold")
    if folds.count() == 0:
        return False
    pile = page.locator("#game .gn-pile").filter(has=page.locator(".gn-fold")).first
    heading = pile.locator("h3").inner_text()
    count = int(re.search(r"(\d+)", heading.split("·")[-1]).group(1))
    hidden = int(folds.first.inner_text().lstrip("+"))
    assert hidden == count - 2 and pile.locator(".card").count() == 2, heading
    expect(folds.first).to_have_attribute("aria-expanded", "false")
    expect(folds.first).to_have_attribute("aria-label", re.compile(WORDS[language]["open"]))
    folds.first.click()
    expect(pile.locator(".card")).to_have_count(count)
    expect(page.locator("#game .gn-fold[aria-expanded=true]")).to_be_focused()
    shot(page, f"row-opened-{language}-phone")
    page.locator("#game .gn-fold[aria-expanded=true]").click()
    expect(pile.locator(".card")).to_have_count(2)
    return True


@pytest.mark.parametrize("language", ["en", "ja"])
def test_six_players_of_sevens_on_a_phone(browser: Browser, sevens_site: str, language: str) -> None:
    page = visit(browser, sevens_site, PHONE_IN_BROWSER, language)
    expect(page.locator('.game-choice[data-game="sevens"]')).to_be_visible()
    start_game(page, game="sevens", seed=SEED, players=PLAYERS, explain=True)
    expect(page.locator("#game > .gn-table .gn-seat")).to_have_count(PLAYERS)
    words = WORDS[language]
    seen = {"pass": False, "folded": False}
    # the captions' sentences as they come (the bots move at once: a step's caption is soon replaced)
    page.evaluate("""() => {
      window.saidSentences = [];
      new MutationObserver(() => {
        const newest = document.querySelectorAll('#explain-log li.newest .said');
        window.saidSentences.push(...[...newest].map((sentence) => sentence.textContent));
      }).observe(document.getElementById('explain'), { childList: true, subtree: true });
    }""")
    while turn_or_summary(page) == "turn":
        passing = page.locator("#game .gn-action").count() > 0
        assert_play_in_view(page, "hand", "trick", "actions")
        if passing and not seen["pass"]:
            expect(page.locator("#game .gn-action")).to_have_text({"en": "Pass", "ja": "パス"}[language])
            shot(page, f"pass-{language}-phone")
            seen["pass"] = True
        if not seen["folded"]:
            seen["folded"] = check_folded_rows(page, language)
        take_generic_turn(page)
    assert seen == {"pass": True, "folded": True}, seen
    # every sentence said, one an event; the player's own moves in the game's words for them
    said = page.evaluate("() => window.saidSentences")
    assert said and all(words["ends"].search(sentence) for sentence in said), said
    assert any(words["own"].match(sentence) for sentence in said), said
    # the last move's two events (the last card played, and the game won) on two lines
    assert len(newest_on_lines(page)) == 2
    # the summary: who won in a sentence, then every seat by place under the score's name
    summary = page.locator("#summary")
    expect(summary.locator(".gn-winners")).to_be_visible()
    expect(summary.locator(".gn-final caption")).to_have_text(words["order"])
    expect(summary.locator(".gn-final thead th").last).to_have_text(words["score"])
    rows = summary.locator(".gn-final tbody tr")
    expect(rows).to_have_count(PLAYERS)
    places = [int(place) for place in rows.evaluate_all("rows => rows.map((row) => row.dataset.place)")]
    scores = [int(score) for score in rows.locator(".gn-final-score").all_inner_texts()]
    assert places == sorted(places) and places[0] == 1 and scores == sorted(scores) and scores[0] == 0
    expect(rows.first.locator(".gn-place")).to_have_text(words["place"])
    expect(rows.first).to_have_class(re.compile("gn-winner"))
    assert summary.evaluate("(box) => box.getBoundingClientRect().bottom <= innerHeight + 1")
    shot(page, f"summary-{language}-phone")
    page.context.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_six_players_of_sevens_on_a_laptop(browser: Browser, sevens_site: str, language: str) -> None:
    page = visit(browser, sevens_site, LAPTOP, language)
    start_game(page, game="sevens", seed=SEED, players=PLAYERS, explain=True)
    for _ in range(4):
        assert turn_or_summary(page) == "turn"
        take_generic_turn(page)
    assert turn_or_summary(page) == "turn"
    assert_play_in_view(page, "hand", "trick", "actions", screenshot=f"generic-table-{language}-laptop")
    page.context.close()


def test_the_how_to_play_cards_of_a_plugin_are_drawn(browser: Browser, sevens_site: str) -> None:
    page = visit(browser, sevens_site, PHONE_IN_BROWSER, "en")
    page.click('.how-to-play[data-rules="sevens"]')
    cards = page.locator('#help .rules-section[data-section="turn"] .rules-cards .card')
    expect(cards).to_have_count(3)  # 6♥ 7♥ 8♥, as the document lists them
    assert cards.evaluate_all("all => all.map((card) => card.getAttribute('aria-label'))") == [
        "6 of hearts", "7 of hearts", "8 of hearts"]
    cards.first.scroll_into_view_if_needed()
    shot(page, "how-to-play-cards-en-phone")
    page.context.close()


def test_a_replay_says_each_event_once(browser: Browser, sevens_site: str) -> None:
    """A finished game's replay (the summary's Share): each step's caption tells its events, each once and
    on a line of its own; while the game goes on, the table's status line says what Next shows, not whose
    turn it is."""
    page = visit(browser, sevens_site, PHONE_IN_BROWSER, "en")
    start_game(page, game="sevens", seed=SEED, players=3)
    while turn_or_summary(page) == "turn":
        take_generic_turn(page)
    page.click("#summary-share")
    page.goto(page.input_value("#share-replay").replace("embed.html#", "embed.html?pace=0#"))
    page.click("#embed-show")
    caption, status = page.locator("#embed-caption .said"), page.locator("#embed-stage #status")
    for step in range(1, 4):
        page.click("#embed-next")
        expect(page.locator("#embed-step")).to_have_attribute("data-step", str(step))
        expect(caption).to_have_count(1)  # one move, one event: said once
        expect(caption).to_have_text(re.compile(r"^(You|Bot \d) (played .+|passed)\.$"))
        expect(status).to_have_text(re.compile(r"^Next ▶ shows "))
    page.click("#embed-last")
    expect(caption).to_have_count(2)  # the last card and the game won
    expect(caption.last).to_have_text(re.compile(r"played (your|their) last card and wins?\.$"))
    # nothing else in the caption: its text is the two sentences
    said = " ".join(caption.all_text_contents())
    assert page.locator("#embed-caption").text_content() == said, said
    tops = caption.evaluate_all("all => all.map((sentence) => sentence.getBoundingClientRect().top)")
    assert tops[1] > tops[0], "the two events on one line"
    expect(status).to_contain_text("The game is over.")  # a finished game keeps the game's own line
    # its final summary, though Sevens sends no deal's end: the places, the winner first
    final = page.locator("#embed-deal-summary")
    expect(final).to_be_visible()
    expect(final.locator("h2")).to_have_text("Final result")
    expect(final.locator(".gn-winners")).to_have_text(re.compile(r"^(You win!|Won by .+\.)$"))
    shot(page, "replay-last-en-phone")
    page.context.close()
