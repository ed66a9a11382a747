"""The players' home (web/home.js, web/stats.js, web/storage.js): a game in progress per game, resumed
from the picker with its state in words; finished games counted in the statistics and listed with
their replay and share, kept in IndexedDB through a reload and offline; everything exported, cleared
and imported back; a damaged file refused with nothing changed; the localStorage save of the release
before the home moved into it. Screenshots of the picker, the statistics and the finished games at
phone and laptop sizes, in English and Japanese.

Finished games are made short and certain: a whole game is played in CPython with seeded bots, and
the page is given the position before the player's last decision of it, from which every move is
forced (the only legal card or move), so the game ends the same way in the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

from driver import (
    HUMAN,
    LAPTOP,
    PHONE,
    SAVE_KEY,
    TIMEOUT_MS,
    open_site,
    phase,
    play_last_card,
    poll,
    resume_position,
    saved_game,
    start_game,
    stored_save,
    take_human_turn,
    use_language,
    wait_for_new_save,
    wait_for_saved_actions,
    wait_for_stored,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg
from pygames_core.app import bridge

# (game, seed, players): whole games whose last decision of the player's is followed by forced moves
# only, with the bots seeded as in before_the_forced_end (found by trying seeds in CPython).
ARSENE_END = ("arsene", 2, None)
APPLES_END = ("apples", 1, None)
CHAINS_END = ("chains", 6, 1)  # the solitaire's deal 6, won: its last eight moves are forced
CHAINS_LOST = ("chains", 120, 1)  # deal 120, lost with a penalty of 4 (its last move forced)
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def before_the_forced_end(game_id: str, seed: int, players: int | None) -> pg.Game:
    """The game at the player's turn from which every move to the end is the only legal one."""
    game = pg.new_game(game_id, seed=seed, players=players)
    choices = []
    while not game.is_over:
        choices.append((game.current_player, len(game.legal_actions())))
        game.apply(pg.bot_action(game, "normal" if players == 1 else "easy", seed=len(game.history)))
    start = len(choices)
    while start > 0 and choices[start - 1][1] == 1:
        start -= 1
    start = next(i for i in range(start, len(choices)) if choices[i][0] == HUMAN)  # the player's first
    position = pg.new_game(game_id, seed=seed, players=players)
    for action in game.history[:start]:
        position.apply(action)
    return position


def finish_forced(page: Page) -> None:
    """Play the Chains table's forced moves to the end: each its one control of a legal action."""
    while wait_for_turn_or_summary(page) != "summary":
        saved = stored_save(page)
        expect(page.locator("#game [data-action]")).to_have_count(1)
        page.click("#game [data-action]")
        wait_for_new_save(page, saved)


# How many finished games the home lists (its IndexedDB record), -1 where it cannot be read.
FINISHED_LISTED = """() => new Promise((resolve) => {
  const opening = indexedDB.open("pygames");
  opening.onerror = () => resolve(-1);
  opening.onsuccess = () => {
    try {
      const reading = opening.result.transaction("home").objectStore("home").get("history");
      reading.onerror = () => resolve(-1);
      reading.onsuccess = () => resolve(Array.isArray(reading.result) ? reading.result.length : 0);
    } catch {
      resolve(-1); // no home yet
    }
  };
})"""


def finish(page: Page, site_url: str, end: tuple[str, int, int | None]) -> None:
    resume_position(page, site_url, before_the_forced_end(*end))
    listed = page.evaluate(FINISHED_LISTED)
    if end[0] == "chains":
        finish_forced(page)
    else:
        play_last_card(page)
    expect(page.locator("#summary")).to_be_visible()
    # the finished game's write (read, checked, then written in one transaction) is on its way: the
    # next position must not be opened before it is in, as a player's next game would follow it
    poll(page, lambda: page.evaluate(FINISHED_LISTED) > listed or None, "the finished game listed")
    page.keyboard.press("Escape")


def open_page(page: Page, name: str) -> None:
    """The statistics or the finished games, from the table, the picker or the other of the two."""
    if page.is_visible("#home-page"):
        page.click(f"#home-tab-{name}")
    else:
        if page.is_visible("#new-game"):
            page.click("#new-game")
        page.click("#open-stats" if name == "stats" else "#open-history")
    expect(page.locator("#home-page")).to_have_attribute("data-page", name)


def stats_of(page: Page) -> dict[str, dict[str, list[str]]]:
    """The statistics page's tables: game → level → its column's figures (played, won, shared, ...)."""
    open_page(page, "stats")
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.stats-game')].map((section) => [
      section.dataset.game, Object.fromEntries([...section.querySelectorAll('th[data-level]')].map((column, i) => [
        column.dataset.level,
        [...section.querySelectorAll('tr[data-figure]')].map((row) => row.cells[i + 1].textContent)]))]))""")


def history_of(page: Page) -> list[tuple[str, str]]:
    """The finished games listed, newest first: (game, won)."""
    open_page(page, "history")
    return [(entry.get_attribute("data-game") or "", entry.get_attribute("data-won") or "")
            for entry in page.locator(".history-entry").all()]


def export_all(page: Page) -> dict:
    open_page(page, "stats")
    with page.expect_download() as download:
        page.click("#home-export")
    return json.loads(Path(download.value.path()).read_text(encoding="utf-8"))


def import_file(page: Page, content: bytes) -> None:
    page.set_input_files("#home-import", files=[{"name": "home.json", "mimeType": "application/json",
                                                 "buffer": content}])


def without_date(exported: dict) -> dict:
    return {key: value for key, value in exported.items() if key != "exported"}


def test_a_game_in_progress_per_game_and_back_to_both(page: Page, site_url: str, artifacts: Path) -> None:
    open_site(page, site_url)
    start_game(page, game="arsene", seed=3)
    wait_for_turn_or_summary(page)  # the bots before the player may still be moving
    take_human_turn(page)
    wait_for_turn_or_summary(page)
    arsene = saved_game(page).to_json()
    start_game(page, game="apples", seed=4)  # Arsène's game stays
    wait_for_turn_or_summary(page)
    apples = saved_game(page).to_json()
    page.click("#new-game")
    for game in ("arsene", "apples"):
        expect(page.locator(f'[data-resume="{game}"] .resume-state')).to_have_text(re.compile(r"^Deal 1, "))
    expect(page.locator('[data-resume="arsene"] .resume-state')).to_have_text("Deal 1, your turn")
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)
        for lang in ("en", "ja"):
            use_language(page, lang)
            page.click("#open-stats")  # the picker drawn again, in that language
            page.click("#home-back")
            page.locator('[data-resume="arsene"]').scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"home-picker-{size}-{lang}.png"))
    use_language(page, "en")
    page.click("#resume-arsene")
    expect(page.locator("#game > .arsene")).to_be_visible()
    wait_for_turn_or_summary(page)
    wait_for_stored(page, arsene)
    page.click("#new-game")
    page.click('[data-resume="apples"] .resume-new')  # New game: Apples chosen, its save still there
    expect(page.locator('.game-choice[data-game="apples"]')).to_have_attribute("aria-pressed", "true")
    page.click("#resume-apples")
    expect(page.locator("#game > .apples")).to_be_visible()
    wait_for_turn_or_summary(page)
    wait_for_stored(page, apples)
    page.reload()  # the game last played opens; the other is still offered
    expect(page.locator("#game > .apples")).to_be_visible()
    wait_for_turn_or_summary(page)
    wait_for_stored(page, apples)
    page.click("#new-game")
    expect(page.locator("#resume-arsene")).to_be_visible()


def test_finished_games_are_counted_kept_offline_exported_and_imported(persistent_context: BrowserContext,
                                                                       site_url: str, artifacts: Path) -> None:
    page = persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_site(page, site_url)
    page.wait_for_function(CONTROLLED, timeout=TIMEOUT_MS)
    assert stats_of(page) == {}
    expect(page.locator(".home-empty")).to_be_visible()

    finish(page, site_url, ARSENE_END)
    arsene = stats_of(page)["arsene"]["easy"]
    assert arsene[:3] in (["1", "1", "0"], ["1", "0", "0"])  # played, won, shared
    finish(page, site_url, APPLES_END)
    finish(page, site_url, CHAINS_END)
    finish(page, site_url, CHAINS_LOST)
    stats = stats_of(page)
    assert set(stats) == {"arsene", "apples", "chains"}
    assert stats["chains"]["solitaire"] == ["2", "1", "0", "50%", "-2.0", "–", "0", "1"]
    expect(page.locator('.stats-game[data-game="chains"] .stats-solitaire')).to_have_text(
        ["Deals won: 6", "Deals tried: 6, 120", "Best penalty: 0"])
    expect(page.locator('.stats-game[data-game="chains"] .rate-chart')).to_be_visible()
    history = history_of(page)
    assert history == [("chains", "false"), ("chains", "true"), ("apples", history[2][1]), ("arsene", history[3][1])]

    # kept through a reload, and offline
    page.reload()
    expect(page.locator("#summary")).to_be_visible()  # the game last played, over
    page.keyboard.press("Escape")
    assert stats_of(page) == stats
    persistent_context.set_offline(True)
    open_site(page, site_url)
    expect(page.locator("#summary")).to_be_visible()
    page.keyboard.press("Escape")
    assert stats_of(page) == stats
    assert history_of(page) == history
    persistent_context.set_offline(False)

    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)
        for lang in ("en", "ja"):
            use_language(page, lang)
            for name in ("stats", "history"):
                page.click(f"#home-tab-{name}")  # drawn again, in that language
                expect(page.locator("#home-page")).to_have_attribute("data-page", name)
                page.screenshot(path=str(artifacts / f"home-{name}-{size}-{lang}.png"), full_page=True)
    use_language(page, "en")
    page.set_viewport_size(PHONE)

    # export, clear, import: everything back
    exported = export_all(page)
    assert exported["format"] == "pygames/home" and len(exported["history"]) == 4
    assert set(exported["saves"]) == {"arsene", "apples", "chains"}
    page.click("#home-clear")
    page.click("#home-confirm-yes")
    expect(page.locator(".home-empty")).to_be_visible()
    assert stats_of(page) == {}
    assert history_of(page) == []
    page.click("#home-back")
    expect(page.locator(".resume-line")).to_have_count(0)
    open_page(page, "stats")
    import_file(page, json.dumps(exported).encode())
    expect(page.locator("#home-confirm-text")).to_contain_text("0 games in progress, 0 finished games")
    page.click("#home-confirm-yes")
    expect(page.locator("#message-text")).to_have_text("Imported: 3 games in progress, 4 finished games.")
    assert stats_of(page) == stats
    assert history_of(page) == history
    assert without_date(export_all(page)) == without_date(exported)

    # a file declined, or one that is not an export of this site: nothing changes
    import_file(page, json.dumps({**exported, "history": []}).encode())
    page.click("#home-confirm-no")
    deep: object = []
    for _ in range(40):
        deep = [deep]
    for content, said in [
        (b"{not json", "not JSON"),
        (json.dumps({**exported, "version": 2}).encode(), "version 2"),
        (json.dumps({**exported, "history": {"a": 1}}).encode(), "a finished game (history) is not"),
        (json.dumps({**exported, "history": [{"game": "arsene"}]}).encode(), "(history[0]) is not"),
        (json.dumps({**exported, "saves": {"arsene": {"game": "apples", "text": "{}"}}}).encode(),
         "(saves.arsene) is not"),
        (json.dumps({**exported, "stats": deep}).encode(), "nested more than"),
        (json.dumps({"format": "something else"}).encode(), "not a pygames export"),
    ]:
        import_file(page, content)
        expect(page.locator("#message-text")).to_contain_text(said)
        expect(page.locator("#home-confirm")).to_have_count(0)
    assert without_date(export_all(page)) == without_date(exported)

    # a finished game shares its replay, which opens in the replay viewer
    open_page(page, "history")
    page.click(".history-entry >> nth=0 >> .history-share")
    expect(page.locator("#share-replay")).to_be_visible()
    page.keyboard.press("Escape")
    page.click(".history-entry >> nth=0 >> .history-replay")
    page.wait_for_url(re.compile(r"embed\.html#save="))
    expect(page.locator("#embed-show")).to_be_visible()
    assert errors == []


def test_the_save_of_the_release_before_is_moved_into_the_home(page: Page, site_url: str) -> None:
    """The record the site (web/app.js) wrote to localStorage before the home, in its exact format: the game, its
    text, seat and settings, and the snapshot last drawn without its text."""
    opened = json.loads(bridge.call(json.dumps({"op": "new", "game": "arsene", "seat": HUMAN, "seed": "11"})))
    snap = opened["snapshot"]
    drawn = {key: value for key, value in snap.items() if key != "save"}
    record = {"game": "arsene", "text": snap["save"], "seat": HUMAN, "level": "hard", "undo": False,
              "challenge": False, "explain": False, "snap": drawn}
    page.goto(f"{site_url}build.json")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(record)])
    # Python held back: the home holds the record as moved, before the table saves it in its own words
    held = []
    page.route("**/worker.js", lambda route: held.append(route))
    open_site(page, site_url)
    expect(page.locator("#game > .arsene")).to_be_visible()
    assert stored_save(page) == record
    page.wait_for_function("(key) => localStorage.getItem(key) === null", arg=SAVE_KEY)
    assert len(held) == 1
    page.unroute("**/worker.js")  # which lets the held request go on
    expect(page.locator("#undo")).to_be_hidden()  # its settings came with it
    page.reload()  # from the home now
    expect(page.locator("#game > .arsene")).to_be_visible()
    wait_for_turn_or_summary(page)
    assert saved_game(page).seed == 11  # the bots have moved on since: the same game
    page.click("#new-game")
    expect(page.locator('[data-resume="arsene"] .resume-state')).to_contain_text("Deal 1")


def test_without_indexeddb_the_game_is_kept_in_local_storage(page: Page, site_url: str) -> None:
    """A private mode without IndexedDB: the player is told, and the game on the table is kept in
    localStorage, from which a reload resumes it."""
    page.add_init_script("Object.defineProperty(window, 'indexedDB', { value: undefined })")
    open_site(page, site_url)
    expect(page.locator("#message-text")).to_contain_text("does not let the site keep everything")
    start_game(page, game="arsene", seed=3)
    wait_for_turn_or_summary(page)
    page.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=SAVE_KEY)
    before = page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)
    page.click(".choices .card >> nth=0" if phase(page) == "choose" else ".hand .card.legal >> nth=0")
    # the record of the player's next turn: the move made, and the bots' since
    page.wait_for_function("""([key, before]) => { const kept = localStorage.getItem(key);
      return kept !== before && JSON.parse(kept).snap.legal.length > 0; }""", arg=[SAVE_KEY, before])
    played = pg.load_game(json.loads(page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY))["text"])
    assert len(played.history) > len(pg.load_game(json.loads(before)["text"]).history)
    page.reload()
    expect(page.locator("#game > .arsene")).to_be_visible()
    wait_for_turn_or_summary(page)
    page.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=SAVE_KEY)
    assert pg.load_game(json.loads(page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY))["text"]).history \
        == played.history


# Another tab of the site holding the home in a transaction of its own, kept open by asking again and
# again until window.release is set: the page's writes wait behind it, as a slow disk would make them.
HOLD_THE_HOME = """() => new Promise((resolve) => {
  const opening = indexedDB.open("pygames");
  opening.onsuccess = () => {
    const store = opening.result.transaction("home", "readwrite").objectStore("home");
    const again = () => { if (!window.release) store.get("last").onsuccess = again; };
    again();
    resolve();
  };
})"""


def test_a_move_whose_save_is_still_on_its_way_when_the_page_is_left_is_kept(
        page: Page, site_url: str, context: BrowserContext) -> None:
    """The player moves and at once leaves (a phone putting the tab away, a tab closed) while the
    move's save waits for the home: the page keeps it in localStorage as it is hidden, and the next
    visit resumes from it."""
    open_site(page, site_url)
    start_game(page, game="arsene", seed=5)
    wait_for_turn_or_summary(page)
    before = saved_game(page)
    holder = context.new_page()
    holder.goto(f"{site_url}build.json")
    holder.evaluate(HOLD_THE_HOME)
    # a move the page offers (the home cannot be read meanwhile: the reads wait too)
    cards = page.locator(".hand .card").count()
    page.click(".choices .card >> nth=0" if phase(page) == "choose" else ".hand .card.legal >> nth=0")
    page.wait_for_function("(cards) => document.querySelectorAll('.hand .card').length !== cards", arg=cards)
    page.goto(f"{site_url}build.json")  # left: the page is hidden and unloaded, its write not made
    holder.evaluate("() => { window.release = true; }")
    holder.close()
    open_site(page, site_url)
    expect(page.locator("#game > .arsene")).to_be_visible()
    resumed = saved_game(page)
    assert len(resumed.history) > len(before.history) and resumed.history[:len(before.history)] == before.history
    page.wait_for_function("(key) => localStorage.getItem(key) === null", arg=SAVE_KEY)  # moved into the home


def test_a_finished_game_whose_save_is_still_on_its_way_when_the_page_is_left_is_counted(
        page: Page, site_url: str, context: BrowserContext) -> None:
    """The deal's last card played and the page left at once, its save (and the finished game's entry)
    waiting for the home: the next visit moves the game in and counts it, once, also when the copy
    turns out to be of a write the home had made after all, and not when its entry was edited into
    something else."""
    open_site(page, site_url)
    resume_position(page, site_url, before_the_forced_end(*ARSENE_END))
    holder = context.new_page()
    holder.goto(f"{site_url}build.json")
    holder.evaluate(HOLD_THE_HOME)
    play_last_card(page)
    page.goto(f"{site_url}build.json")  # left before the home could take the finished game
    copy = json.loads(page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY))
    assert copy["finished"]["game"] == "arsene"
    holder.evaluate("() => { window.release = true; }")
    holder.close()
    open_site(page, site_url)
    expect(page.locator("#summary")).to_be_visible()  # the game, over
    page.keyboard.press("Escape")
    counted = stats_of(page)["arsene"]["easy"]
    assert counted[0] == "1"
    assert history_of(page) == [("arsene", str(copy["finished"]["won"]).lower())]
    page.wait_for_function("(key) => localStorage.getItem(key) === null", arg=SAVE_KEY)

    # the same copy again, the home holding its write: not counted twice; and a copy edited by hand,
    # its finished game no entry (another date, a score that is no number): the game opens, nothing
    # is counted
    edited = {**copy, "finished": {**copy["finished"], "date": "2026-01-01T00:00:00Z", "score": "all of them"}}
    for again in (copy, edited):
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(again)])
        open_site(page, site_url)
        expect(page.locator("#summary")).to_be_visible()
        page.keyboard.press("Escape")
        assert stats_of(page)["arsene"]["easy"] == counted
        assert len(history_of(page)) == 1
        page.wait_for_function("(key) => localStorage.getItem(key) === null", arg=SAVE_KEY)


def wait_for_last_played(page: Page, game: str) -> dict:
    """Wait until the home names `game` as the game last played (it is written a moment after the table
    is drawn); return its save."""
    def kept() -> dict | None:
        saved = stored_save(page)
        return saved if saved is not None and saved["game"] == game else None
    return poll(page, kept, f"{game} kept as the game last played")


def test_a_copy_left_by_another_tab_does_not_undo_what_was_played_since(page: Page, site_url: str) -> None:
    """A tab left with its save on its way (the copy in localStorage), the game played on since in
    another tab and then another game started: the next visit opens the game played last, and the
    first game's save is the newer one, not the copy's."""
    open_site(page, site_url)
    start_game(page, game="arsene", seed=5)
    wait_for_turn_or_summary(page)
    older = stored_save(page)
    assert older is not None and "savedAt" in older
    take_human_turn(page)
    newer = wait_for_saved_actions(page, len(pg.load_game(older["text"]).history))
    start_game(page, game="apples", seed=2)
    wait_for_turn_or_summary(page)
    wait_for_last_played(page, "apples")
    page.goto(f"{site_url}build.json")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(older)])
    open_site(page, site_url)
    expect(page.locator("#game > .apples")).to_be_visible()
    page.wait_for_function("(key) => localStorage.getItem(key) === null", arg=SAVE_KEY)
    assert stored_save(page)["game"] == "apples"
    page.click("#new-game")
    page.click('[data-resume="arsene"] .resume')
    expect(page.locator("#game > .arsene")).to_be_visible()
    resumed = wait_for_last_played(page, "arsene")
    assert pg.load_game(resumed["text"]).history[:len(newer.history)] == newer.history
