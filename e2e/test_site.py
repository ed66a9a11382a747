"""The site in Chromium: a whole Arsène deal through the UI, resume, corrupt saves, offline, a new deploy,
Japanese, keyboard play, screenshots, and CPython/Pyodide parity through the worker bridge."""

from __future__ import annotations

import functools
import json
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import _build_module
from driver import (
    DESKTOP,
    HUMAN,
    PHONE,
    PHONE_IN_BROWSER,
    SAVE_KEY,
    TIMEOUT_MS,
    TRICKS_PER_DEAL,
    close_summary,
    hand,
    open_site,
    play_until_summary,
    resume_position,
    saved_game,
    shown_summary_tricks,
    start_game,
    take_human_turn,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg


def test_whole_deal_through_the_ui(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, seed=11)
    play_until_summary(page)
    shown = shown_summary_tricks(page)
    assert sum(shown) == TRICKS_PER_DEAL
    engine = saved_game(page).view(HUMAN)["deals"][0]
    assert shown == engine["tricks"]
    chips = page.eval_on_selector_all("#summary tbody tr", "rows => rows.map(r => Number(r.dataset.chips))")
    assert chips == engine["chips_after"]
    close_summary(page)
    expect(page.locator(".arsene")).to_have_attribute("data-deal", "2")


def test_the_picker_comes_before_python_and_start_waits_for_it(page: Page, site_url: str) -> None:
    held = []  # the worker's script, held back: Python cannot start until it is let through
    page.route("**/worker.js", lambda route: held.append(route))
    page.goto(f"{site_url}?pace=0")
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#picker-status")).to_have_text("Loading the Python runtime…")
    # the picker's parts only: no stray text (a "null" where no save is listed as unreadable)
    assert page.evaluate("[...document.querySelector('#picker').childNodes].map((node) => node.nodeType)") == [1] * 5
    page.click('.game-choice[data-game="arsene"]')
    page.fill("#seed", "11")
    page.click("#start")
    expect(page.locator("#start")).to_be_disabled()  # the game waits for Python, and says so
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector(".arsene", timeout=TIMEOUT_MS)
    expect(page.locator("#picker-status")).to_have_count(0)
    assert saved_game(page).seed == 11


def test_without_the_catalog_the_picker_waits_for_python(page: Page, site_url: str) -> None:
    page.route("**/catalog.json", lambda route: route.abort())
    held = []  # Python held back as in the test above: the loading screen stays until it is let through
    page.route("**/worker.js", lambda route: held.append(route))
    page.goto(f"{site_url}?pace=0")
    expect(page.locator("#loading")).to_be_visible()
    page.wait_for_timeout(500)
    expect(page.locator("#picker")).to_be_hidden()
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".game-choice")).to_have_count(len(pg.list_games()))  # from Python's own list
    expect(page.locator("#picker-status")).to_have_count(0)
    start_game(page, seed=3)
    assert saved_game(page).seed == 3


def test_an_engine_whose_runtime_cannot_be_downloaded_says_why_in_the_readers_language(
        new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path) -> None:
    """The runtime's WebAssembly refused (the connection lost as the page opened): the reader is told
    why in Japanese, with nothing of the browser's English, and the picker stays; the loading screen,
    once the picker is left for it, says the engine did not start instead of "loading"."""
    page = new_context(PHONE_IN_BROWSER, "ja-JP").new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(f"{site_url}?pace=0")
    expect(page.locator("#message-text")).to_have_text(
        "ゲームエンジンを起動できませんでした：必要なファイルをダウンロードできませんでした"
        "（インターネット接続を確認してください）。ページを再読み込みしてください。")
    expect(page.locator("#picker")).to_be_visible()
    # nothing says it is still loading (a picker drawn after the failure says, beside Start, that it failed)
    expect(page.locator("#picker")).not_to_contain_text(re.compile("読み込み中|起動中"))
    page.screenshot(path=str(artifacts / "site-engine-not-downloaded-phone-ja.png"))
    page.evaluate("document.getElementById('loading').hidden = false")
    expect(page.locator("#loading-text")).to_have_text("ゲームエンジンが起動しませんでした。")
    expect(page.locator("#loading-progress")).to_be_hidden()
    expect(page.locator("#loading-way-out")).to_have_count(1)
    expect(page.locator("#loading-slow")).to_be_hidden()


def test_reload_mid_deal_resumes_exactly(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, seed=5)
    for _ in range(4):
        assert wait_for_turn_or_summary(page) != "summary"
        take_human_turn(page)
    wait_for_turn_or_summary(page)
    before = (hand(page), page.get_attribute(".arsene", "data-phase"), trick_counts(page), saved_game(page).history)
    open_site(page, site_url)
    wait_for_turn_or_summary(page)
    after = (hand(page), page.get_attribute(".arsene", "data-phase"), trick_counts(page), saved_game(page).history)
    assert after == before
    assert len(before[0]) < TRICKS_PER_DEAL


def trick_counts(page: Page) -> list[str]:
    return page.eval_on_selector_all(".felt .seat .tricks", "spans => spans.map(s => s.dataset.tricks)")


def tampered_save() -> str:
    game = pg.new_game("arsene", seed=1)
    text = game.to_json().replace('"seed":1', '"seed":2')
    return json.dumps({"game": "arsene", "text": text, "seat": HUMAN, "level": "easy"})


@pytest.mark.parametrize(("stored", "problem"), [(tampered_save(), "it was changed after it was saved"),
                                                 ("{not json", "it is cut short, or it is not a saved game's text")],
                         ids=["tampered", "garbled"])
def test_corrupt_save_is_reported_and_kept(page: Page, site_url: str, stored: str, problem: str) -> None:
    page.goto(site_url)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, stored])
    open_site(page, site_url)
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#message-text")).to_contain_text(f"could not be opened ({problem})")
    expect(page.locator(".unopened-save")).to_have_count(1)  # listed, to download or discard
    expect(page.locator(".unopened-why")).to_have_text(f"Damaged: {problem}")
    start_game(page, seed=2)
    expect(page.locator(".arsene")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem({SAVE_KEY!r})") is None  # moved into the home
    saved_game(page)  # the home's save is the new game's, which loads (the corrupt one would not)
    page.click("#new-game")
    expect(page.locator(".unopened-save")).to_have_count(1)  # set aside whole, beside the new game


class Deployment:
    """A copy of the run's site on a server of its own, which a test can redeploy or take down."""

    def __init__(self, built: Path, folder: Path) -> None:
        self.site = folder / "site"
        shutil.copytree(built, self.site)
        self.build = _build_module()
        self.server = self.build.make_server(self.site, 0, quiet=True)
        self.hanging = threading.Event()  # the runtime's requests are taken but never answered
        self.released = threading.Event()
        self.server.RequestHandlerClass = functools.partial(self._handler(), directory=str(self.site))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def _handler(self) -> type:
        deployment = self

        class Handler(self.server.RequestHandlerClass.func):  # type: ignore[name-defined]
            def do_GET(self) -> None:
                if deployment.hanging.is_set() and self.path.startswith(f"/{deployment.runtime()}"):
                    deployment.released.wait()
                    return
                super().do_GET()

        return Handler

    def hang_runtime(self) -> None:
        """From now on the server takes the runtime's requests and never answers them, as a train's
        Wi-Fi between stations does."""
        self.hanging.set()

    def cache_name(self) -> str:
        lines = (self.site / "sw.js").read_text().splitlines()
        line = next(line for line in lines if line.startswith("const CACHE_NAME = "))
        return json.loads(line.removeprefix("const CACHE_NAME = ").rstrip(";"))

    def urls(self) -> set[str]:
        """The address of every file of the site but the service worker, the modules as written and
        the source maps (build.precached), and the site's own."""
        return {self.url, *(self.url + path.relative_to(self.site).as_posix()
                            for path in self.build.precached(self.site) if path.name != "sw.js")}

    def runtime(self) -> str:
        return json.loads((self.site / "build.json").read_text())["runtime"]

    def redeploy(self) -> None:
        """A new build replaces the site, as a deploy does: a changed page, and a changed runtime
        (so in a folder of a new name; the old one is gone)."""
        index = self.site / "index.html"
        index.write_text(index.read_text().replace("<title>", '<meta name="deploy" content="2">\n  <title>'))
        old = self.site / self.runtime()
        with (old / "pyodide.mjs").open("a") as script:
            script.write("// the next deploy\n")
        new = old.with_name(self.build.content_hash(old))
        old.rename(new)
        (self.site / "sw.js").unlink()  # it is written last, from everything else
        info = {**json.loads((self.site / "build.json").read_text()), "runtime": f"pyodide/{new.name}/"}
        (self.site / "build.json").write_text(json.dumps(info))
        self.build.write_workers(self.site, info)

    def take_down(self) -> None:
        self.released.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def deployment(site_dir: Path, tmp_path: Path) -> Iterator[Deployment]:
    deployed = Deployment(site_dir, tmp_path)
    yield deployed
    deployed.take_down()


CACHED_URLS = """async () => {
    const urls = {};
    for (const name of await caches.keys()) {
        urls[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return urls;
}"""


def wait_for_caches(page: Page, names: list[str]) -> None:
    """Until the site's caches are those named (wait_for_function polls a synchronous predicate: each
    poll asks for the names, and looks at the answer to the poll before)."""
    page.wait_for_function("""(names) => {
        caches.keys().then((found) => { window.cacheNames = found.join(); });
        return window.cacheNames === names.join();
    }""", arg=names, timeout=TIMEOUT_MS)


def visit_until_controlled(page: Page, url: str) -> None:
    open_site(page, url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)


def clear_http_cache(context: BrowserContext, page: Page) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()


def play_a_card(page: Page) -> None:
    """The resumed Arsène game goes on: the player's next card is played (the engine is up)."""
    phase = wait_for_turn_or_summary(page)
    while phase != "play":
        take_human_turn(page)
        phase = wait_for_turn_or_summary(page)
    cards = len(hand(page))
    take_human_turn(page)
    expect(page.locator(".hand .card")).to_have_count(cards - 1)


def test_offline_after_one_visit_with_the_runtime(
        persistent_context: BrowserContext, deployment: Deployment) -> None:
    page = persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    visit_until_controlled(page, deployment.url)
    start_game(page, seed=8)
    cached = page.evaluate(CACHED_URLS)
    assert list(cached) == [deployment.cache_name()]
    assert set(cached[deployment.cache_name()]) == deployment.urls()  # the runtime's folder too
    assert f"{deployment.url}{deployment.runtime()}pyodide.asm.wasm" in deployment.urls()
    # the server gone and the HTTP cache emptied: only the service worker's cache can answer
    deployment.take_down()
    persistent_context.set_offline(True)
    clear_http_cache(persistent_context, page)
    open_site(page, deployment.url)  # the game goes on where it was
    play_a_card(page)


def test_a_network_that_hangs_does_not_hold_the_runtime(
        persistent_context: BrowserContext, deployment: Deployment) -> None:
    page = persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    visit_until_controlled(page, deployment.url)
    start_game(page, seed=8)
    # the HTTP cache emptied and the network hanging: the service worker stops waiting for it and
    # serves the runtime from Cache Storage
    deployment.hang_runtime()
    clear_http_cache(persistent_context, page)
    open_site(page, deployment.url)
    expect(page.locator("#game")).not_to_have_attribute("data-starting", "")
    play_a_card(page)


def test_a_new_deploy_replaces_the_old_files(persistent_context: BrowserContext, deployment: Deployment) -> None:
    page = persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    visit_until_controlled(page, deployment.url)
    old_cache, old_runtime = deployment.cache_name(), deployment.runtime()
    deployment.redeploy()
    assert (deployment.cache_name(), deployment.runtime()) != (old_cache, old_runtime)
    # The next visit is served by the old worker from the old cache (its runtime too: the server has
    # no longer got it), which finds the new worker once the game engine is up.
    open_site(page, deployment.url)
    wait_for_caches(page, [deployment.cache_name()])
    cached = page.evaluate(CACHED_URLS)
    assert set(cached[deployment.cache_name()]) == deployment.urls()
    assert not [url for url in cached[deployment.cache_name()] if old_runtime in url]
    # the visit after it: the new page, on the new runtime (the old one is in no cache and on no server)
    open_site(page, deployment.url)
    expect(page.locator('meta[name="deploy"]')).to_have_count(1)
    start_game(page, seed=8)
    expect(page.locator(".arsene")).to_be_visible()


def test_japanese_labels(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, seed=4)
    page.select_option("#language", "ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#new-game")).to_have_text("新しいゲーム")
    expect(page.locator(".felt .seat-0 .seat-name")).to_have_text("あなた")
    expect(page.locator(".hand")).to_have_attribute("aria-label", "あなたの手札")
    open_site(page, site_url)  # the choice is remembered
    expect(page.locator("#help-button")).to_have_attribute("aria-label", "ヘルプ")
    page.click("#new-game")
    page.click('.game-choice[data-game="chains"]')  # a choice option's values are named too
    expect(page.locator("#option-mode option")).to_have_text(["初級（5スロット）", "上級（4スロット）"])


def test_the_pickers_choices_stay_when_it_is_drawn_again_in_another_language(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.click('.game-choice[data-game="chains"]')
    page.fill("#option-players", "2")
    page.set_checked("#option-cube", True)
    page.fill("#option-match_to", "11")
    page.set_checked("#option-crawford", False)
    page.select_option("#level", "hard")
    page.fill("#seed", "77")
    page.set_checked("#explain-choice", False)
    page.set_checked("#allow-undo", False)
    page.select_option("#language", "ja")  # the picker is drawn again, in Japanese
    expect(page.locator("#start")).to_have_text("はじめる")
    expect(page.locator('.game-choice[data-game="chains"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#option-players")).to_have_value("2")
    expect(page.locator("#option-cube")).to_be_checked()
    expect(page.locator("#option-match_to")).to_have_value("11")
    expect(page.locator("#option-crawford")).not_to_be_checked()
    expect(page.locator("#level")).to_have_value("hard")
    expect(page.locator("#seed")).to_have_value("77")
    expect(page.locator("#explain-choice")).not_to_be_checked()
    expect(page.locator("#allow-undo")).not_to_be_checked()
    page.click('.game-choice[data-game="on_schedule"]')  # another game starts from its own (remembered) choices
    expect(page.locator("#option-match_to")).to_have_value("3")
    expect(page.locator("#option-cube")).not_to_be_checked()


def test_card_played_with_keyboard_only(page: Page, site_url: str, artifacts: Path) -> None:
    open_site(page, site_url)
    start_game(page, seed=9)
    phase = wait_for_turn_or_summary(page)
    while phase != "play":
        page.keyboard.press("1" if phase == "choose" else "k")
        phase = wait_for_turn_or_summary(page)
    cards = len(hand(page))
    page.keyboard.press("ArrowRight")  # from outside the hand, arrows land on the first legal card
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused in {a["card"] for a in saved_game(page).legal_actions()}
    page.screenshot(path=str(artifacts / "desktop-en-keyboard-focus.png"))
    page.keyboard.press("Enter")
    expect(page.locator(".hand .card")).to_have_count(cards - 1)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                     language: str, name: str, viewport: dict) -> None:
    # The language comes from navigator.language here, as for a first-time visitor.
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    page.screenshot(path=str(artifacts / f"{name}-{language}-picker.png"))
    start_game(page, seed=21)
    for _ in range(3):
        wait_for_turn_or_summary(page)
        take_human_turn(page)
    wait_for_turn_or_summary(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / f"{name}-{language}-table.png"), full_page=True)
    play_until_summary(page)
    page.screenshot(path=str(artifacts / f"{name}-{language}-summary.png"))


def test_push_offered_and_chosen_with_the_p_key(page: Page, site_url: str, artifacts: Path) -> None:
    # The human leads the ace in the last trick with 2 tricks; West also has 2, so a push is possible.
    game = pg.new_game("arsene", seed=3, setup={
        "dealer": 3, "leader": 0, "hands": [["AS"], ["3S"], ["4S"], ["5S"]], "table": ["KH", "QH", "JH"],
        "chosen": 0, "tricks": [2, 2, 3, 3]})
    resume_position(page, site_url, game)
    assert wait_for_turn_or_summary(page) == "play"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert wait_for_turn_or_summary(page) == "push"
    expect(page.locator(".action-push")).to_contain_text("West")
    page.screenshot(path=str(artifacts / "desktop-en-push.png"))
    page.keyboard.press("p")
    expect(page.locator("#summary")).to_be_visible()
    assert shown_summary_tricks(page) == [2, 3, 3, 3]


def last_trick_before_the_police() -> pg.Game:
    """Trick 11 of a deal in which the human (one trick, store 1 empty) will be caught."""
    return pg.new_game("arsene", seed=3, setup={
        "dealer": 3, "leader": 0, "hands": [["2S"], ["3S"], ["4S"], ["AS"]], "table": ["KH", "QH", "JH"],
        "chosen": 0, "tricks": [1, 3, 2, 4], "chips": [2, 1, 0, 0],
        "stores": [[], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]],
    })


def test_final_summary_when_the_police_catch_the_human(page: Page, site_url: str, artifacts: Path) -> None:
    game = last_trick_before_the_police()
    page.set_viewport_size(PHONE)
    resume_position(page, site_url, game)
    assert wait_for_turn_or_summary(page) == "play"
    take_human_turn(page)
    expect(page.locator("#summary .final-summary")).to_be_visible()
    finished = saved_game(page)
    assert finished.is_over and finished.result()["caught"] == [HUMAN]
    expect(page.locator('#summary .deal-summary tr[data-seat="0"]')).to_contain_text("Caught by the police")
    expect(page.locator("#summary .final-summary .headline")).to_contain_text("wins")
    page.screenshot(path=str(artifacts / "phone-en-final.png"))
    page.click("#summary-new-game")
    expect(page.locator("#picker")).to_be_visible()


def cpython_actions(seed: int, deals: int) -> pg.Game:
    game = pg.new_game("arsene", seed=seed)
    step = 0
    while not game.is_over and len(game.view(None)["deals"]) < deals:
        game.apply(pg.bot_action(game, "easy", seed=step))
        step += 1
    return game


def test_parity_with_cpython(page: Page, site_url: str) -> None:
    seed = 2024
    game = cpython_actions(seed, deals=2)
    open_site(page, site_url)
    # every seat's actions, replayed by Pyodide from the seed (a session acts for its own seat only)
    snapshot = page.evaluate(
        """async (text) => {
            const opened = await window.pygamesBridge({op: "load", text, seat: 0});
            return opened.ok ? opened.snapshot : opened;
        }""",
        game.to_json(),
    )
    assert snapshot["save"] == game.to_json()
    assert snapshot["view"] == json.loads(json.dumps(game.view(HUMAN)))
    assert snapshot["result"] == json.loads(json.dumps(game.result()))
