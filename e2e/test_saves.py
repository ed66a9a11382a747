"""Nothing a player keeps is lost, and nothing kept can lock them out (web/home.js, web/table.js, web/site/games.js):
a save this build cannot open (one made by a newer version of the site, or damaged) stays stored as
it was, is listed in the picker with its reason, to download or to discard, and each one is kept
whole when a new game of its game is started; an imported file is checked part by part and refused
with the part named; a stored record of another shape falls back instead of throwing; the loading
screen offers a way out when the table does not come; a save that fails is said, never an unhandled
rejection, and what is said is true when nothing can keep the game.

Records are made in CPython through the same bridge the worker runs (pygames_core.app.bridge), in
the shape web/table.js LiveTable.record writes them, and put straight into the page's home (IndexedDB)."""

from __future__ import annotations

import json
from pathlib import Path

from driver import (
    HUMAN,
    LAPTOP,
    PHONE_IN_BROWSER,
    SAVE_KEY,
    TIMEOUT_MS,
    open_site,
    start_game,
    use_language,
    wait_for_turn_or_summary,
)
from playwright.sync_api import Browser, Page, expect
from test_a11y import axe_findings
from test_home import CHAINS_END, finish, history_of, open_page

from pygames_core.app import bridge

# The home's entries put in place as another visit (another build) left them, the database created
# as web/storage.js creates it.
PUT_IN_HOME = """(entries) => new Promise((resolve, reject) => {
  const opening = indexedDB.open("pygames", 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore("home");
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const transaction = opening.result.transaction("home", "readwrite");
    for (const [key, value] of entries) transaction.objectStore("home").put(value, key);
    transaction.oncomplete = () => { opening.result.close(); resolve(); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""
# Everything the home holds, by key.
READ_HOME = """() => new Promise((resolve, reject) => {
  const opening = indexedDB.open("pygames");
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const store = opening.result.transaction("home", "readonly").objectStore("home");
    const keys = store.getAllKeys();
    const values = store.getAll();
    values.onsuccess = () => {
      opening.result.close();
      resolve(Object.fromEntries(keys.result.map((key, i) => [key, values.result[i]])));
    };
  };
})"""
WAY_OUT = "wayout=500"
# Where releases before this one kept the one save they could not open.
LEGACY_UNOPENED = "pygames.save.corrupt"  # the loading screen's way out after half a second (web/site/loading.js)


def call(request: dict) -> dict:
    reply = json.loads(bridge.call(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def opened(game: str, seed: int) -> dict:
    """A new game's snapshot, as the bridge gives it to the page."""
    reply = call({"op": "new", "game": game, "seat": HUMAN, "seed": str(seed)})
    call({"op": "close", "sid": reply["sid"]})
    return reply["snapshot"]


def record(snap: dict, text: str | None = None, saved_at: int = 1_700_000_000_000, **changes: object) -> dict:
    """The save record web/table.js LiveTable.record writes and web/home.js keeps (its `savedAt`); `text` replaces the
    game's text, `changes` the snapshot's fields (None: the field left out)."""
    stored = {key: value for key, value in snap.items() if key != "save"}
    for key, value in changes.items():
        if value is None:
            stored.pop(key)
        else:
            stored[key] = value
    return {"level": "easy", "undo": True, "challenge": False, "explain": False, "game": snap["game"],
            "text": snap["save"] if text is None else text, "seat": snap["seat"], "snap": stored, "savedAt": saved_at}


def newer(snap: dict) -> str:
    """The snapshot's save as a newer version of the site would write it: format version 2."""
    text = json.loads(snap["save"])
    return json.dumps({**text, "version": 2})


def put_in_home(page: Page, site_url: str, entries: dict[str, object], local: dict[str, str] | None = None) -> None:
    page.goto(f"{site_url}build.json")  # the site's origin, without starting a page's Python
    page.evaluate(PUT_IN_HOME, list(entries.items()))
    for key, value in (local or {}).items():
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, value])


def home(page: Page) -> dict:
    return page.evaluate(READ_HOME)


def set_aside(kept: dict) -> list[dict]:
    """The set-aside records of the home, oldest first."""
    return [kept[key] for key in sorted(kept) if key.startswith("aside:")]


def test_a_save_of_a_newer_version_survives_a_visit_and_is_listed(page: Page, site_url: str, artifacts: Path) -> None:
    snap = opened("arsene", 11)
    saved = record(snap, text=newer(snap))
    put_in_home(page, site_url, {"save:arsene": saved, "last": "arsene"})
    open_site(page, site_url)
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#message-text")).to_contain_text("newer version of the site")
    expect(page.locator("#message-text")).not_to_contain_text("set aside")
    listed = page.locator('.unopened-save[data-game="arsene"]')
    expect(listed).to_contain_text("newer version of the site")
    expect(page.locator('[data-resume="arsene"]')).to_have_count(0)  # no Resume that cannot work
    assert home(page) == {"save:arsene": saved, "last": "arsene"}  # untouched
    with page.expect_download() as download:
        listed.locator(".unopened-download").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == saved["text"]

    for size, viewport in (("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)
        for lang in ("en", "ja"):
            use_language(page, lang)
            page.locator("#unopened-saves").scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"saves-unreadable-{size}-{lang}.png"))
    use_language(page, "en")

    page.reload()  # still there, still untouched
    expect(listed).to_be_visible()
    # a new game of the same game: the unreadable save is set aside whole, under a key of its own
    start_game(page, game="arsene", seed=3)
    wait_for_turn_or_summary(page)
    page.click("#new-game")
    expect(listed).to_be_visible()
    expect(page.locator("#resume-arsene")).to_be_visible()  # the new game's
    expect(listed).to_contain_text("open it with “Load a game file”")  # set aside: no longer opened by a visit
    kept = home(page)
    assert kept["save:arsene"]["text"] != saved["text"]
    assert [entry["record"] for entry in set_aside(kept)] == [saved]
    # discarded, after asking
    listed.locator(".unopened-discard").click()
    page.click("#home-confirm-no")
    expect(listed).to_be_visible()
    listed.locator(".unopened-discard").click()
    page.click("#home-confirm-yes")
    expect(listed).to_have_count(0)
    assert set_aside(home(page)) == []


def test_unreadable_saves_are_each_kept_whole(page: Page, site_url: str) -> None:
    """A damaged copy left in localStorage (not JSON), the save an earlier release set aside there, a
    damaged save in the home and a newer version's save in the home: each is kept, none replaces
    another; the copies are moved into the home as their text. The newer version's save is listed once
    Python is up, before it is tried; a damaged one once it is tried (after a reload it is offered
    again: it is never deleted unasked)."""
    apples = opened("apples", 4)
    damaged = record(apples, text=apples["save"].replace('"seed":4', '"seed":5'))
    chains = opened("chains", 6)
    newer_chains = record(chains, text=newer(chains))
    put_in_home(page, site_url, {"save:apples": damaged, "save:chains": newer_chains},
                {SAVE_KEY: "{not json", LEGACY_UNOPENED: "an earlier release's unopened save"})
    open_site(page, site_url)
    expect(page.locator("#message-text")).to_contain_text("could not be opened")
    expect(page.locator('.unopened-save[data-game="chains"]')).to_contain_text("newer version of the site")
    expect(page.locator(".unopened-save")).to_have_count(3)
    page.click("#resume-apples")
    expect(page.locator("#message-text")).to_contain_text("it was changed after it was saved")
    expect(page.locator(".unopened-save")).to_have_count(4)
    expect(page.locator('.unopened-save[data-game="apples"]')).to_contain_text(
        "Damaged: it was changed after it was saved")
    kept = home(page)
    assert kept["save:apples"] == damaged and kept["save:chains"] == newer_chains
    assert sorted(entry["record"] for entry in set_aside(kept)) == ["an earlier release's unopened save", "{not json"]
    for key in (SAVE_KEY, LEGACY_UNOPENED):  # moved into the home, whole
        assert page.evaluate("(key) => localStorage.getItem(key)", key) is None
    page.reload()
    expect(page.locator(".unopened-save")).to_have_count(3)
    expect(page.locator("#resume-apples")).to_be_visible()
    assert home(page) == kept
    # Clear everything says that the saves set aside go too, and deletes them
    page.click("#open-stats")
    page.click("#home-clear")
    expect(page.locator("#home-confirm-text")).to_contain_text(
        "(2 games in progress, 0 finished games, 2 saved games this version cannot open)")
    page.click("#home-confirm-yes")
    expect(page.locator("#message-text")).to_contain_text("was deleted")
    assert home(page) == {"stats": {"version": 1, "games": {}}, "history": []}
    page.click("#home-back")
    expect(page.locator(".unopened-save")).to_have_count(0)


def test_a_stored_snapshot_of_another_shape_keeps_nothing_from_appearing(page: Page, site_url: str) -> None:
    """A save whose stored snapshot lacks its view: the game is loaded and shown, the picker's line
    says plainly that a game is in progress, and a reload shows the game again."""
    snap = opened("arsene", 11)
    put_in_home(page, site_url, {"save:arsene": record(snap, view=None), "last": "arsene"})
    open_site(page, site_url)
    expect(page.locator("#game > .arsene")).to_be_visible()
    page.click("#new-game")
    expect(page.locator('[data-resume="arsene"] .resume-state')).to_be_visible()
    page.reload()
    page.wait_for_selector("#picker:not([hidden]), #game:not([hidden])", timeout=TIMEOUT_MS)
    page.click("#new-game")
    expect(page.locator("#picker")).to_be_visible()


def test_the_loading_screen_offers_a_way_out(page: Page, site_url: str, artifacts: Path) -> None:
    """Python cannot start (its worker's script refused) and the saved game has no snapshot to draw:
    the loading screen offers the picker and the statistics."""
    snap = opened("arsene", 11)
    saved = record(snap)
    del saved["snap"]
    put_in_home(page, site_url, {"save:arsene": saved, "last": "arsene"})
    page.route("**/worker.js", lambda route: route.abort())
    page.goto(f"{site_url}?pace=0&{WAY_OUT}")
    expect(page.locator("#loading-way-out")).to_be_visible()
    # it failed, and says so: not "loading" with a bar, nor "taking longer than it should"
    expect(page.locator("#loading-text")).to_have_text("The game engine did not start.")
    expect(page.locator("#loading-progress")).to_be_hidden()
    expect(page.locator("#loading-slow")).to_be_hidden()
    expect(page.locator("#message-text")).to_contain_text("its files could not be downloaded")
    page.set_viewport_size(PHONE_IN_BROWSER)
    # the message is said again in the language chosen (site/page.js retranslateMessage)
    said = {"en": "its files could not be downloaded", "ja": "必要なファイルをダウンロードできませんでした"}
    for lang, words in said.items():
        use_language(page, lang)
        expect(page.locator("#message-text")).to_contain_text(words)
        page.screenshot(path=str(artifacts / f"saves-way-out-phone-{lang}.png"))
    use_language(page, "en")
    page.click("#loading-stats")
    expect(page.locator("#home-page")).to_have_attribute("data-page", "stats")
    expect(page.locator("#home-clear")).to_be_visible()
    page.click("#home-back")
    expect(page.locator("#picker")).to_be_visible()
    page.goto(f"{site_url}?pace=0&{WAY_OUT}")
    page.click("#loading-picker")
    expect(page.locator("#picker")).to_be_visible()
    assert home(page)["save:arsene"] == saved


def test_a_failed_save_is_said_without_an_unhandled_rejection(page: Page, site_url: str) -> None:
    """The home refuses every save (a full quota): the player is told, through the storage message, and
    no promise is left rejected unhandled (the `page` fixture fails on any uncaught error)."""
    page.add_init_script("""{
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (value, key) {
        const full = new DOMException("the quota is full, for the test", "QuotaExceededError");
        if (String(key).startsWith("save:")) throw full;
        return put.call(this, value, key);
      };
    }""")
    open_site(page, site_url)
    start_game(page, game="arsene", seed=3)
    wait_for_turn_or_summary(page)
    expect(page.locator("#message-text")).to_contain_text("the quota is full, for the test")
    page.wait_for_timeout(500)  # a rejection left unhandled is reported a moment after it


def test_when_nothing_can_keep_the_game_the_message_does_not_say_it_is_kept(page: Page, site_url: str) -> None:
    page.add_init_script("""Object.defineProperty(window, 'indexedDB', { value: undefined });
      Storage.prototype.setItem = function () { throw new DOMException("no room", "QuotaExceededError"); };""")
    open_site(page, site_url)
    start_game(page, game="arsene", seed=3)
    wait_for_turn_or_summary(page)
    expect(page.locator("#message-text")).to_contain_text("not kept")
    expect(page.locator("#message-text")).not_to_contain_text("is kept")


def finished_entry(snap: dict) -> dict:
    """A finished game's entry in the shape web/stats.js finishedEntry makes it."""
    return {"date": "2026-11-01T10:00:00.000Z", "game": snap["game"], "players": 4, "options": {}, "level": "easy",
            "seed": snap["seed"], "deal": None, "seat": HUMAN, "scores": [3, 1, 0, 0], "winners": [HUMAN], "won": True,
            "shared": False, "score": 3, "margin": 2, "penalty": None, "cube": False, "text": snap["save"]}


def import_file(page: Page, data: dict) -> None:
    page.set_input_files("#home-import", files=[{"name": "home.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(data).encode()}])


def test_an_import_is_checked_part_by_part_and_refused_naming_the_part(page: Page, site_url: str) -> None:
    snap = opened("arsene", 11)
    other = opened("apples", 4)
    good = {"format": "pygames/home", "version": 1, "exported": "2026-11-01T10:00:00.000Z", "last": "arsene",
            "saves": {"arsene": record(snap)}, "stats": {"version": 1, "games": {}}, "history": [finished_entry(snap)]}
    chains = {"levels": {}, "solitaire": {"deals": {"6": {"tried": 1, "won": 1}}, "bestPenalty": 0}}
    put_in_home(page, site_url, {"save:apples": record(other)})  # not the game last played: no table saves it
    open_site(page, site_url)
    page.click("#open-stats")
    expect(page.locator("#home-page")).to_have_attribute("data-page", "stats")
    before = home(page)
    bad_snapshots = [record(snap, view=None), record(snap, game="apples"), record(snap, text=other["save"]),
                     {**record(snap), "game": "apples"}]
    cases: list[tuple[dict, str]] = [
        *[({**good, "saves": {"arsene": saved}}, "saves.arsene") for saved in bad_snapshots],
        ({**good, "stats": {"version": 1, "games": {"chains": {**chains, "solitaire": 5}}}}, "stats.games.chains"),
        ({**good, "stats": {"version": 1, "games": {"chains": {**chains, "solitaire": {
            "deals": {"abc": {"tried": 1, "won": 0}}, "bestPenalty": 3}}}}}, "stats.games.chains"),
        ({**good, "history": [finished_entry(snap), finished_entry(snap)]}, "history[1]"),
        ({**good, "last": "constructor"}, "last"),
        ({**good, "last": "apples"}, "last"),
    ]
    for data, part in cases:
        import_file(page, data)
        expect(page.locator("#message-text")).to_contain_text(f"({part}) is not as this site writes it")
        expect(page.locator("#home-confirm")).to_have_count(0)
        assert home(page) == before, part
    import_file(page, {**good, "stats": {"version": 1, "games": {"chains": chains}}})  # a good file: asked first
    expect(page.locator("#home-confirm-text")).to_have_text("Replace everything kept here (1 game in progress, "
                                                            "0 finished games) with the file's (1 game in progress, "
                                                            "1 finished game)?")
    page.click("#home-confirm-no")
    use_language(page, "ja")
    import_file(page, {**good, "last": "constructor"})
    expect(page.locator("#message-text")).to_contain_text("最後に遊んだゲーム（last）")
    assert home(page) == before


def test_statistics_stored_in_another_shape_never_stop_a_save(page: Page, site_url: str) -> None:
    """Statistics an earlier release imported without checking (a Chains solitaire's `solitaire` a
    number): a finished Chains solitaire is still saved and listed, without a word against the
    browser, and the statistics page says they cannot be read instead of failing to draw."""
    put_in_home(page, site_url, {"stats": {"version": 1, "games": {"chains": {"levels": {}, "solitaire": 5}}}})
    finish(page, site_url, CHAINS_END)
    assert history_of(page) == [("chains", "true")]
    open_page(page, "stats")
    expect(page.locator("#stats-unreadable")).to_contain_text("stats.games.chains")
    expect(page.locator("#message")).to_be_hidden()


def test_axe_finds_nothing_serious_in_the_list_and_the_way_out(browser: Browser, site_url: str) -> None:
    """As test_a11y.py runs axe-core: in a context that bypasses the Content-Security-Policy (axe's file
    is injected as an inline script)."""
    context = browser.new_context(viewport=PHONE_IN_BROWSER, locale="en-US", bypass_csp=True, service_workers="block")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    snap = opened("arsene", 11)
    saved = record(snap, text=newer(snap))
    del saved["snap"]  # nothing to draw at once: the loading screen stays, whenever the worker fails
    put_in_home(page, site_url, {"save:arsene": saved, "last": "arsene"})
    # the worker refused before the page ever fetched it (a fetched one may come from the cache)
    page.route("**/worker.js", lambda route: route.abort())
    page.goto(f"{site_url}?pace=0&{WAY_OUT}")
    expect(page.locator("#loading-way-out")).to_be_visible()
    findings = axe_findings(page, "loading screen's way out")
    page.unroute("**/worker.js")
    open_site(page, site_url)
    # a fresh context compiles Pyodide from scratch: on a loaded machine that alone can take a minute
    expect(page.locator(".unopened-save")).to_have_count(1, timeout=3 * TIMEOUT_MS)
    findings += axe_findings(page, "picker with a save this version cannot open")
    context.close()
    assert findings == [], "\n" + "\n".join(findings)
