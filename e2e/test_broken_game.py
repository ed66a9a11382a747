"""A broken added game fails loudly for its designer and gently for its player (issue 47 item 3): a bug
in a game's `apply` gives the table a way out in view (Undo, New game, Back to the games) instead of a
table frozen on "… to play", the same after a reload, and the traceback's last frames (file, line) in
the browser's console; a game that fails to load (a dependency missing in the page) is said when it is
started, then marked unavailable in the picker, with why, and cannot be started again. The games are
the scaffold's (`pygames new-game`), built into the site as they pass the build's checks, then replaced
on the server by a broken version (the build would refuse it: tests/test_broken_wheels.py)."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ARTIFACTS, _build_module, served
from driver import LAPTOP, PHONE_IN_BROWSER, TIMEOUT_MS, open_site, stored_save, wait_until
from playwright.sync_api import Browser, BrowserContext, Page, expect

import pygames_core as pg
from tests.test_broken_wheels import APPLY_LINE, game_wheel

BUGGY, NEEDY, ENDLESS = "buggy", "needy", "endless"
# seat 1 (the bot) answering a spade led: one past the end of its hand
BUG = ('        if seat == 1 and state.trick and state.trick[0][1][1] == "S":\n'
       "            state.hands[seat][len(state.hands[seat])]  # one past the end\n")
# the table's status line under the way out
STOPPED = {"en": "The game stopped: its rules failed with an error. Nobody can play on.",
           "ja": "ゲームが止まりました。ルールの処理がエラーになったため、誰も続けられません。"}
# why the needy game cannot be played, in the page's language (the module's name as Python has it)
UNAVAILABLE = {"en": "Unavailable: this game could not be loaded (it needs the Python module more_itertools",
               "ja": "利用できません：このゲームを読み込めませんでした（必要な Python モジュール more_itertools"}
IMPORTS = ("from __future__ import annotations\n", "from __future__ import annotations\n\nimport more_itertools\n")
# a module whose import never ends
ENDLESS_IMPORT = (IMPORTS[0], f"{IMPORTS[0]}\nwhile True:\n    pass\n")
# why the endless game cannot be played, with the page's address's ?watchdog=5000 (web/client.js: twice it)
NEVER_LOADED = {"en": "its code did not finish loading in 10 seconds: a loop that never ends?",
                "ja": "コードの読み込みが10秒たっても終わりませんでした。終わらないループがあるのかもしれません"}


class BrokenSite:
    def __init__(self, url: str, seed: int, bug_line: int) -> None:
        self.url, self.seed, self.bug_line = url, seed, bug_line


def seed_with_a_spade_and_another_suit(source: Path) -> int:
    """A deal in which the player (seat 0, who leads) holds a spade and a card of another suit."""
    sys.path.insert(0, str(source))
    try:
        rules = importlib.import_module(BUGGY).ENTRY.rules
    finally:
        sys.path.remove(str(source))
    for seed in range(1, 100):
        hand = pg.Game.create(rules, None, seed, None, None).view(0)["hand"]
        if {card[1] == "S" for card in hand} == {True, False}:
            return seed
    raise AssertionError("no such deal in 100 seeds")


@pytest.fixture(scope="module")
def broken_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokenSite]:
    build = _build_module()
    good, bad = tmp_path_factory.mktemp("good"), tmp_path_factory.mktemp("bad")
    wheels = [game_wheel(good / game, game=game) for game in (BUGGY, NEEDY, ENDLESS)]
    site = tmp_path_factory.mktemp("broken-site")
    build.build(site, wheels)
    # the same files on the server, broken: a bug in apply, an import the page cannot satisfy
    for wheel in (game_wheel(bad / BUGGY, game=BUGGY, replace={"rules.py": (APPLY_LINE, BUG + APPLY_LINE)}),
                  game_wheel(bad / NEEDY, game=NEEDY, replace={"state.py": IMPORTS}),
                  game_wheel(bad / ENDLESS, game=ENDLESS, replace={"state.py": ENDLESS_IMPORT})):
        (site / "plugins" / wheel.name).write_bytes(wheel.read_bytes())
    rules = (bad / BUGGY / "source" / BUGGY / BUGGY / "rules.py").read_text(encoding="utf-8").splitlines()
    bug_line = 1 + rules.index(BUG.splitlines()[1])
    seed = seed_with_a_spade_and_another_suit(good / BUGGY / "source" / BUGGY)
    with served(site) as url:
        yield BrokenSite(url, seed, bug_line)


def visit(browser: Browser, viewport: dict, language: str = "en") -> BrowserContext:
    context = browser.new_context(viewport=viewport, locale={"en": "en-US", "ja": "ja-JP"}[language])
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture
def visitor(browser: Browser) -> Iterator[BrowserContext]:
    context = visit(browser, PHONE_IN_BROWSER)
    yield context
    context.close()


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the window."""
    return bool(page.eval_on_selector(selector, """(element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
    }"""))


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def play_card(page: Page, spade: bool, table: str = "#game") -> None:
    """The player's first card of a spade, or of another suit, from the generic table's legal actions."""
    wait_until(page, "(table) => document.querySelector(`${table} > [data-my-turn=\"true\"]`)", table)
    choices = page.locator(f"{table} [data-hint-key]")
    actions = choices.evaluate_all("all => all.map((e) => JSON.parse(e.dataset.hintKey))")
    index = next(i for i, action in enumerate(actions) if action["card"].endswith("S") == spade)
    choices.nth(index).scroll_into_view_if_needed()
    choices.nth(index).click()


# a seat marked as the one to play: a built-in renderer's `turn` class, the generic renderer's aria-current
NOBODY_MARKED = "#game [data-seat].turn, #game [data-seat][aria-current]"


def start_buggy(page: Page, site: BrokenSite) -> None:
    expect(page.locator(f'.game-choice[data-game="{BUGGY}"]')).to_be_enabled()
    page.click(f'.game-choice[data-game="{BUGGY}"]')
    page.fill("#seed", str(site.seed))
    page.set_checked("#explain-choice", False)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden]) > [data-phase]")


def test_a_bug_in_apply_offers_a_way_out_and_names_its_file_and_line(visitor: BrowserContext,
                                                                    broken_site: BrokenSite) -> None:
    page = visitor.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    open_site(page, broken_site.url)
    start_buggy(page, broken_site)
    play_card(page, spade=True)  # the bot's answer to it fails
    expect(page.locator("#way-out")).to_be_visible()
    assert in_view(page, "#way-out")
    expect(page.locator("#way-out")).to_contain_text("IndexError: list index out of range")
    expect(page.locator("#way-out-undo")).to_be_focused()
    expect(page.locator("#message")).to_be_hidden()  # said once, by the way out
    # nobody is to play: the status line beneath says the game stopped, and no seat is marked to play
    expect(page.locator("#game #status")).to_have_text(STOPPED["en"])
    expect(page.locator(NOBODY_MARKED)).to_have_count(0)
    said = next(text for text in errors if "IndexError" in text)
    assert f"{BUGGY}/rules.py, line {broken_site.bug_line}, in apply: state.hands[seat][len(state.hands[seat])]" in said
    shoot(page, "broken-way-out-phone-en")
    page.set_viewport_size(LAPTOP)
    page.select_option("#language", "ja")
    expect(page.locator("#way-out-title")).to_have_text("このゲームは続けられません")
    expect(page.locator("#game #status")).to_have_text(STOPPED["ja"])
    assert in_view(page, "#way-out")
    shoot(page, "broken-way-out-laptop-ja")
    page.select_option("#language", "en")
    page.set_viewport_size(PHONE_IN_BROWSER)

    # a reload: the saved game fails again at the bot's move, and gets the same way out
    page.reload()
    expect(page.locator("#way-out")).to_be_visible()
    assert in_view(page, "#way-out")
    expect(page.locator("#game #status")).to_have_text(STOPPED["en"])
    expect(page.locator(NOBODY_MARKED)).to_have_count(0)

    # Undo: back to the player's decision, where another card plays on
    moves = stored_save(page)["snap"]["moves"]  # type: ignore[index]
    page.click("#way-out-undo")
    expect(page.locator("#way-out")).to_have_count(0)
    wait_until(page, "async (moves) => (await window.pygamesSaved()).snap.moves < moves", moves)
    expect(page.locator("#game #status")).not_to_have_text(STOPPED["en"])
    play_card(page, spade=False)
    wait_until(page, """() => document.querySelector('#game > [data-my-turn="true"]')
      || document.querySelector('#summary[open]')""")
    expect(page.locator("#way-out")).to_have_count(0)
    saved = stored_save(page)
    assert saved is not None and saved["snap"]["moves"] >= 2  # the player's card and the bot's answer


def test_new_game_and_back_to_the_games_from_the_way_out(visitor: BrowserContext, broken_site: BrokenSite) -> None:
    page = visitor.new_page()
    open_site(page, broken_site.url)
    start_buggy(page, broken_site)
    play_card(page, spade=True)
    expect(page.locator("#way-out-new")).to_be_visible()
    before = stored_save(page)
    page.click("#way-out-new")
    expect(page.locator("#way-out")).to_have_count(0)
    wait_until(page, "async (text) => (await window.pygamesSaved()).text !== text", before["text"])  # type: ignore[index]
    after = stored_save(page)
    assert after is not None and after["game"] == BUGGY and after["snap"]["moves"] == 0
    assert after["snap"]["seed"] != before["snap"]["seed"]  # type: ignore[index]
    expect(page.locator('#game > [data-my-turn="true"]')).to_be_visible()
    # a failure again, then back to the games
    hand = [json.loads(key) for key in page.locator("#game [data-hint-key]").evaluate_all(
        "all => all.map((e) => e.dataset.hintKey)")]
    if any(action["card"].endswith("S") for action in hand):
        play_card(page, spade=True)
        page.click("#way-out-back")
        expect(page.locator("#picker")).to_be_visible()
        expect(page.locator("#way-out")).to_have_count(0)


@pytest.mark.parametrize(("viewport", "language"), [(PHONE_IN_BROWSER, "en"), (LAPTOP, "ja")])
def test_a_game_that_fails_to_load_is_unavailable_in_the_picker(browser: Browser, broken_site: BrokenSite,
                                                                viewport: dict, language: str) -> None:
    context = visit(browser, viewport, language)
    page = context.new_page()
    open_site(page, broken_site.url)
    card = page.locator(f'.game-card:has(.game-choice[data-game="{NEEDY}"])')
    # its engine starts when it is first asked for (its own sandboxed engine: docs/plugins-security.md),
    # finds it cannot load the game, and says so: from then on the picker marks it unavailable
    page.click(f'.game-choice[data-game="{NEEDY}"]')
    page.click("#start")
    expect(card.locator(".game-choice")).to_be_disabled()
    expect(card.locator(".game-unavailable")).to_contain_text("more_itertools")
    expect(card.locator(".game-unavailable")).to_contain_text(UNAVAILABLE[language])
    expect(page.locator(f'.game-choice[data-game="{BUGGY}"]')).to_be_enabled()  # it loads: its bug is in play
    # the failure is said in view, wherever the page is scrolled
    expect(page.locator("#message")).to_have_attribute("data-error", "BadPlugin")  # the game raised on load
    expect(page.locator("#message-text")).to_contain_text(UNAVAILABLE[language])  # in the page's language
    card.locator(".game-unavailable").scroll_into_view_if_needed()
    assert in_view(page, "#message") and in_view(page, f'.game-card:has([data-game="{NEEDY}"]) .game-unavailable')
    size = "phone" if viewport == PHONE_IN_BROWSER else "laptop"
    shoot(page, f"broken-unavailable-{size}-{language}")
    page.locator("#start").scroll_into_view_if_needed()
    assert in_view(page, "#message")
    # it cannot be chosen, so Start starts another game
    assert page.get_attribute(f'.game-choice[data-game="{NEEDY}"]', "aria-pressed") == "false"
    context.close()


@pytest.mark.parametrize(("viewport", "language"), [(PHONE_IN_BROWSER, "en"), (LAPTOP, "ja")])
def test_a_game_whose_code_never_finishes_loading_is_said_and_unavailable(browser: Browser, broken_site: BrokenSite,
                                                                         viewport: dict, language: str) -> None:
    """A module of the game loops for ever as it is imported: its engine is let go after its time
    (web/client.js, ten seconds with this address's watchdog), the game started is said to be unavailable,
    with why, in view, and the picker marks it; the other games play on."""
    context = visit(browser, viewport, language)
    page = context.new_page()
    page.goto(f"{broken_site.url}?pace=0&watchdog=5000")
    page.click(f'.game-choice[data-game="{ENDLESS}"]')
    page.click("#start")
    card = page.locator(f'.game-card:has(.game-choice[data-game="{ENDLESS}"])')
    expect(page.locator("#message-text")).to_contain_text(NEVER_LOADED[language])
    expect(page.locator("#message-text")).to_contain_text(ENDLESS.title())  # by its title, not its id
    expect(card.locator(".game-choice")).to_be_disabled()
    expect(card.locator(".game-unavailable")).to_contain_text(NEVER_LOADED[language])
    assert in_view(page, "#message")
    card.locator(".game-unavailable").scroll_into_view_if_needed()
    size = "phone" if viewport == PHONE_IN_BROWSER else "laptop"
    shoot(page, f"broken-never-loaded-{size}-{language}")
    start_buggy(page, broken_site)  # another added game, in an engine of its own, plays
    expect(page.locator("#game [data-hint-key]").first).to_be_visible()
    context.close()


@pytest.mark.parametrize(("viewport", "language"), [(PHONE_IN_BROWSER, "en"), (LAPTOP, "ja")])
def test_an_embed_of_a_game_that_fails_to_load_says_so_on_its_cover(browser: Browser, broken_site: BrokenSite,
                                                                   viewport: dict, language: str) -> None:
    """Its engine starts when the reader plays, cannot load the game, and the cover says why, with the
    site's other games as the way out (no Play that would fail again)."""
    context = visit(browser, viewport, language)
    page = context.new_page()
    page.goto(f"{broken_site.url}embed.html?pace=0#game={NEEDY}&lang={language}")
    page.click("#embed-play")
    expect(page.locator("#embed-unavailable")).to_contain_text(UNAVAILABLE[language])
    expect(page.locator("#embed-play")).to_have_count(0)
    expect(page.locator("#embed-error")).to_be_hidden()  # said once, on the cover
    way_out = page.locator("#embed-other-games")
    expect(way_out).to_be_visible()
    assert (way_out.get_attribute("href") or "").startswith(f"{broken_site.url}index.html")
    assert in_view(page, "#embed-unavailable") and in_view(page, "#embed-other-games")
    size = "phone" if viewport == PHONE_IN_BROWSER else "laptop"
    shoot(page, f"broken-unavailable-embed-{size}-{language}")
    context.close()


def test_the_way_out_in_an_embed(browser: Browser, broken_site: BrokenSite) -> None:
    """The embed shares the table's life (table-life.js): the same way out, with its own new game and
    its cover to go back to."""
    context = visit(browser, PHONE_IN_BROWSER)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{broken_site.url}embed.html?pace=0#game={BUGGY}&seed={broken_site.seed}&lang=en")
    page.click("#embed-play")
    stage = "#embed-stage"
    play_card(page, spade=True, table=stage)
    expect(page.locator("#way-out")).to_be_visible()
    assert any(f"{BUGGY}/rules.py, line {broken_site.bug_line}, in apply" in text for text in errors), errors
    shoot(page, "broken-way-out-embed-phone-en")
    page.click("#way-out-undo")
    expect(page.locator("#way-out")).to_have_count(0)
    play_card(page, spade=False, table=stage)
    expect(page.locator("#way-out")).to_have_count(0)
    wait_until(page, "() => document.querySelector('#embed-stage > [data-my-turn=\"true\"], #summary[open]')")
    # a new game from the way out, then back to the cover
    page.click("#embed-restart")
    page.click("#embed-play")
    play_card(page, spade=True, table=stage)
    page.click("#way-out-new")
    expect(page.locator("#way-out")).to_have_count(0)
    expect(page.locator(f'{stage} > [data-my-turn="true"]')).to_be_visible()
    play_card(page, spade=True, table=stage)
    page.click("#way-out-back")
    expect(page.locator("#embed-play")).to_be_visible()
    expect(page.locator("#way-out")).to_have_count(0)
    context.close()
