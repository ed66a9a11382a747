"""A saved game is drawn before Python is up: the table comes from the snapshot stored with the save,
while the runtime's WebAssembly is held back (the test's route answers it only when told), and what
needs Python says it is starting. A move made then waits, and is played once the engine has loaded
the game, exactly once; one the engine refuses, or one made on a position the save is not at, is
said and nothing is lost. Saves made before there were snapshots still resume; a shared deal's link
sends its `new` before the runtime is up; the embed's "Continue your game" draws at once too.

Positions and snapshots are made in CPython through the same bridge the worker runs
(pygames_core.app.bridge), so the stored record is exactly what the page would have written."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    HUMAN,
    PHONE,
    SAVE_KEY,
    TIMEOUT_MS,
    attributes,
    saved_game,
    stored_save,
    wait_for_saved_actions,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, Route, expect

import pygames_core as pg
from pygames_core.app import bridge

RUNTIME = "**/pyodide.asm.wasm"
LAPTOP = {"width": 1366, "height": 768}
# The requests the page posts to its worker, in order, by operation: the test reads them from the page.
RECORD_REQUESTS = """
window.sentOps = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (typeof message?.text === "string") window.sentOps.push(JSON.parse(message.text).op);
  return post.call(this, message, ...rest);
};
"""
STARTED = ("() => !document.querySelector('#table-starting') && !document.querySelector('[data-starting]')"
           " && window.pygamesTimings !== undefined")


class HeldRuntime:
    """The page's worker cannot start Python until release(): its request for the runtime's
    WebAssembly is held by a route (Playwright's routes see a module worker's requests in Chromium)."""

    def __init__(self, page: Page) -> None:
        self.released = False
        self.held: list[Route] = []
        page.route(RUNTIME, self._route)

    def _route(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()


def call(request: dict) -> dict:
    reply = json.loads(bridge.call(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def arsene_at_play(seed: int = 9) -> dict:
    """The human's first card of an Arsène deal (seed 9, the bots' moves seeded: four of the eleven
    cards may be played), as the bridge's snapshot."""
    opened = call({"op": "new", "game": "arsene", "seat": HUMAN, "seed": str(seed)})
    sid, snap = opened["sid"], opened["snapshot"]
    while not (snap["current_player"] == HUMAN and snap["view"]["phase"] == "play"):
        snap = call({"op": "act", "sid": sid, "action": snap["legal"][0]} if snap["current_player"] == HUMAN
                    else {"op": "bot", "sid": sid, "level": "easy", "seed": 1})["snapshot"]
    call({"op": "close", "sid": sid})
    assert 0 < len(snap["legal"]) < len(snap["view"]["hand"])
    return snap


def record(snap: dict, text: str | None = None, with_snapshot: bool = True) -> str:
    """The save record the site stores (web/table.js LiveTable.record): the game's text, the settings and the
    snapshot without its save text. `text` replaces the game's text (another position, a damaged save)."""
    saved = {"game": snap["game"], "text": snap["save"] if text is None else text, "seat": snap["seat"],
             "level": "easy", "undo": True, "challenge": False, "explain": False}
    if with_snapshot:
        saved["snap"] = {key: value for key, value in snap.items() if key != "save"}
    return json.dumps(saved)


def store(page: Page, url: str, entries: dict[str, str]) -> None:
    page.goto(f"{url}build.json")  # the site's origin, without starting a page's Python
    page.evaluate("(entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }", entries)


def stored(page: Page, key: str) -> str | None:
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def open_held(page: Page, url: str) -> HeldRuntime:
    """Open the site with the runtime held back; the saved table must be drawn without it."""
    held = HeldRuntime(page)
    page.add_init_script(RECORD_REQUESTS)
    page.goto(f"{url}?pace=0")
    expect(page.locator("#game > [data-my-turn='true']")).to_be_visible()
    expect(page.locator("#table-starting")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-starting", "")
    assert page.evaluate("window.pygamesTimings") is None  # Python is not up
    # the load goes out once build.json says which engine serves the game (engines.js), which may be
    # just after the table is drawn from its snapshot: a `games` round trip never comes first
    page.wait_for_function("() => window.sentOps.length > 0")
    assert page.evaluate("window.sentOps") == ["load"]
    return held


def hand_shown(page: Page) -> list[str]:
    return [card for (card,) in attributes(page, "#game .hand .card", "data-card")]


def legal_shown(page: Page) -> list[str]:
    return [card for (card,) in attributes(page, "#game .hand .card.legal", "data-card")]


def test_a_saved_table_is_drawn_at_once_and_a_move_made_then_is_played_once(page: Page, site_url: str,
                                                                            artifacts: Path) -> None:
    snap = arsene_at_play()
    store(page, site_url, {SAVE_KEY: record(snap)})
    held = open_held(page, site_url)
    # hand, table, scores and whose turn, from the snapshot; what needs Python says it is starting
    assert sorted(hand_shown(page)) == sorted(snap["view"]["hand"])
    assert sorted(legal_shown(page)) == sorted(action["card"] for action in snap["legal"])
    expect(page.locator("#hint")).to_be_disabled()
    expect(page.locator("#hint")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#share")).to_be_enabled()
    page.screenshot(path=str(artifacts / "instant-starting-desktop-en.png"))

    card = snap["legal"][-1]["card"]
    page.click(f'#game .hand .card[data-card="{card}"]')
    expect(page.locator("#table-starting")).to_have_attribute("data-queued", "true")
    expect(page.locator("#game > *")).to_have_attribute("data-my-turn", "false")
    assert stored_save(page) == json.loads(record(snap))  # moved into the home; nothing saved until a real step
    held.release()
    page.wait_for_function(STARTED, timeout=TIMEOUT_MS)
    assert wait_for_turn_or_summary(page) == "play"
    # the save is the CPython game with that one move, then the bots' moves to the human's next turn
    before = pg.load_game(snap["save"])
    after = saved_game(page)
    assert after.history[:len(before.history) + 1] == [*before.history, {"type": "play", "card": card}]
    assert sum(1 for action in after.history[len(before.history):] if action.get("card") == card) == 1
    replay = pg.load_game(snap["save"])
    replay.apply({"type": "play", "card": card})
    for action in after.history[len(before.history) + 1:]:
        assert replay.current_player != HUMAN  # the bots' moves only: the human moved once
        replay.apply(action)
    assert replay.to_json() == after.to_json()
    assert stored_save(page)["snap"]["moves"] == len(after.history)
    assert page.evaluate("window.sentOps").count("act") == 1


def test_a_queued_move_the_engine_refuses_is_shown_and_nothing_is_lost(page: Page, site_url: str) -> None:
    """The stored snapshot is tampered so that the drawn table offers a card the rules do not allow
    here (the position itself is the save's): the engine checks the waiting move and refuses it."""
    snap = arsene_at_play()
    illegal = next(card for card in snap["view"]["hand"] if card not in {a["card"] for a in snap["legal"]})
    tampered = {**snap, "legal": [*snap["legal"], {"type": "play", "card": illegal}]}
    saved = record(tampered)
    store(page, site_url, {SAVE_KEY: saved})
    held = open_held(page, site_url)
    page.click(f'#game .hand .card[data-card="{illegal}"]')
    expect(page.locator("#table-starting")).to_have_attribute("data-queued", "true")
    held.release()
    expect(page.locator("#message")).to_have_attribute("data-error", "IllegalAction")
    page.wait_for_function(STARTED, timeout=TIMEOUT_MS)
    # the real table: the refused card is not offered; the game is where it was
    expect(page.locator("#game > *")).to_have_attribute("data-my-turn", "true")
    assert sorted(legal_shown(page)) == sorted(action["card"] for action in snap["legal"])
    saved = stored_save(page)
    assert saved["text"] == snap["save"]
    assert saved["snap"] == json.loads(record(snap))["snap"]
    # and a legal move then works, once
    card = snap["legal"][0]["card"]
    page.click(f'#game .hand .card[data-card="{card}"]')
    played = len(pg.load_game(snap["save"]).history)
    assert wait_for_saved_actions(page, played).history[played] == {"type": "play", "card": card}


def test_a_move_made_on_a_position_the_save_is_not_at_is_dropped(page: Page, site_url: str) -> None:
    """The snapshot stored is of an earlier position than the save's text (a save written without
    its snapshot's update): the move made on the drawn table is not played on the other position;
    the table is drawn again from the loaded game, and the player told."""
    earlier = arsene_at_play()
    game = pg.load_game(earlier["save"])
    game.apply(earlier["legal"][0])
    while game.current_player != HUMAN:
        game.apply(pg.bot_action(game, "easy", seed=1))
    later = call({"op": "load", "text": game.to_json(), "seat": HUMAN})["snapshot"]
    store(page, site_url, {SAVE_KEY: record(earlier, text=later["save"])})
    held = open_held(page, site_url)
    page.click(f'#game .hand .card[data-card="{earlier["legal"][-1]["card"]}"]')  # on the earlier position
    expect(page.locator("#table-starting")).to_have_attribute("data-queued", "true")
    held.release()
    expected = page.evaluate("""async () => {
      const [{ t }] = await Promise.all([import('./src/i18n.js'), import('./src/table.js')]);  // its strings
      return t('tableQueuedDropped');
    }""")
    expect(page.locator("#message-text")).to_have_text(expected)
    page.wait_for_function(STARTED, timeout=TIMEOUT_MS)
    expect(page.locator("#game > *")).to_have_attribute("data-phase", "play")
    assert sorted(hand_shown(page)) == sorted(later["view"]["hand"])
    assert saved_game(page).history == game.history  # nothing played
    assert page.evaluate("window.sentOps").count("act") == 0


def test_a_bot_whose_turn_it_is_moves_once_python_is_up(page: Page, site_url: str) -> None:
    dealt = call({"op": "new", "game": "arsene", "seat": HUMAN, "seed": "9"})["snapshot"]
    assert dealt["current_player"] != HUMAN
    store(page, site_url, {SAVE_KEY: record(dealt)})
    held = HeldRuntime(page)
    page.add_init_script(RECORD_REQUESTS)
    page.goto(f"{site_url}?pace=0")
    expect(page.locator("#game > [data-phase='choose']")).to_have_attribute("data-my-turn", "false")
    expected = page.evaluate("""async (seat) => {
      const [{ t }, { seatName }] = await Promise.all([import('./src/i18n.js'), import('./src/seats.js'),
                                                       import('./src/table.js')]);  // the table's strings
      return t('tableStartingBot', { name: seatName({ players: 4, seat: 0 }, seat) });
    }""", dealt["current_player"])
    expect(page.locator("#table-starting")).to_have_text(expected)
    page.wait_for_function("() => window.sentOps.length > 0")  # once build.json is read, as above
    assert page.evaluate("window.sentOps") == ["load"]  # no bot is asked before the game is loaded
    held.release()
    page.wait_for_function(STARTED, timeout=TIMEOUT_MS)
    assert wait_for_turn_or_summary(page) != "summary"
    assert len(saved_game(page).history) > 0  # the bots moved up to the player's turn


def test_a_save_without_a_snapshot_still_resumes(page: Page, site_url: str) -> None:
    snap = arsene_at_play()
    store(page, site_url, {SAVE_KEY: record(snap, with_snapshot=False)})
    page.goto(f"{site_url}?pace=0")
    assert wait_for_turn_or_summary(page) == "play"
    assert page.locator("#table-starting").count() == 0
    assert sorted(hand_shown(page)) == sorted(snap["view"]["hand"])
    saved = stored_save(page)
    assert saved["text"] == snap["save"]
    assert saved["snap"] == json.loads(record(snap))["snap"]  # and from now on it has one


def test_a_stored_snapshot_the_table_cannot_draw_waits_for_the_loaded_game(page: Page, site_url: str) -> None:
    """A snapshot of another shape (stored by an older version of the site, say) is not drawn: the
    table says it is starting, and is drawn from the loaded game."""
    snap = arsene_at_play()
    store(page, site_url, {SAVE_KEY: record({**snap, "view": {"phase": "play"}})})
    held = HeldRuntime(page)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    page.goto(f"{site_url}?pace=0")
    expect(page.locator("#table-starting")).to_be_visible()
    assert page.locator("#game > *").count() == 0
    assert any("the stored snapshot could not be drawn" in text for text in warnings)
    held.release()
    page.wait_for_function(STARTED, timeout=TIMEOUT_MS)
    assert wait_for_turn_or_summary(page) == "play"
    assert sorted(hand_shown(page)) == sorted(snap["view"]["hand"])
    assert stored_save(page)["snap"] == json.loads(record(snap))["snap"]


def test_a_damaged_save_drawn_from_its_snapshot_goes_to_the_picker(page: Page, site_url: str) -> None:
    """The drawn table goes away when the engine cannot load the save: the save is kept as it was (moved
    into the home) and listed, the picker is shown and the message says why, as without a snapshot."""
    snap = arsene_at_play()
    damaged = record(snap, text=snap["save"][:-40])
    store(page, site_url, {SAVE_KEY: damaged})
    held = open_held(page, site_url)
    held.release()
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    expect(page.locator("#message")).to_be_visible()
    assert page.locator("#table-starting").count() == 0
    assert stored_save(page) == json.loads(damaged)
    expect(page.locator(".unopened-save")).to_have_count(1)
    expect(page.locator("#back-to-game")).to_have_count(0)


def test_a_shared_deal_is_dealt_before_anything_else(page: Page, site_url: str) -> None:
    held = HeldRuntime(page)
    page.add_init_script(RECORD_REQUESTS)
    page.goto(f"{site_url}index.html?pace=0#game=arsene&seed=9")
    page.wait_for_function("() => window.sentOps?.length > 0")
    assert page.evaluate("window.sentOps") == ["new"]  # sent at once, no `games` round trip
    held.release()
    expect(page.locator("#game > [data-phase]")).to_be_visible()
    assert saved_game(page).seed == 9
    assert "games" not in page.evaluate("window.sentOps")


EMBED = "embed.html?pace=0#game=arsene&seed=9&level=easy"
EMBED_KEY = "/" + EMBED  # the frame's own address: its save is stored under it (web/embed.js)


def test_the_embeds_continue_draws_the_saved_table_at_once(page: Page, site_url: str, artifacts: Path) -> None:
    snap = arsene_at_play()
    store(page, site_url, {f"pygames.embed.{EMBED_KEY}": snap["save"],
                           f"pygames.embed-drawn.{EMBED_KEY}": json.dumps(json.loads(record(snap))["snap"])})
    held = HeldRuntime(page)
    page.goto(f"{site_url}{EMBED}")
    expect(page.locator(".embed-cover")).to_be_visible()  # the static preview stays
    page.click("#embed-resume")
    expect(page.locator("#embed-stage > [data-my-turn='true']")).to_be_visible()
    expect(page.locator("#table-starting")).to_be_visible()
    assert sorted(card for (card,) in attributes(page, "#embed-stage .hand .card", "data-card")) \
        == sorted(snap["view"]["hand"])
    page.screenshot(path=str(artifacts / "instant-embed-starting-en.png"))
    card = snap["legal"][0]["card"]
    page.click(f'#embed-stage .hand .card[data-card="{card}"]')
    expect(page.locator("#table-starting")).to_have_attribute("data-queued", "true")
    held.release()
    expect(page.locator("#table-starting")).to_have_count(0)
    page.wait_for_function("([key, text]) => localStorage.getItem(key) !== text",
                           arg=[f"pygames.embed.{EMBED_KEY}", snap["save"]], timeout=TIMEOUT_MS)
    after = pg.load_game(stored(page, f"pygames.embed.{EMBED_KEY}") or "")
    assert after.history[len(pg.load_game(snap["save"]).history)] == {"type": "play", "card": card}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_screenshots_of_a_table_drawn_while_python_starts(new_context: Callable[..., BrowserContext], site_url: str,
                                                         artifacts: Path, size: str, lang: str) -> None:
    page = new_context(viewport=PHONE if size == "phone" else LAPTOP,
                       locale="ja-JP" if lang == "ja" else "en-US").new_page()
    store(page, site_url, {SAVE_KEY: record(arsene_at_play())})
    held = open_held(page, site_url)
    page.screenshot(path=str(artifacts / f"instant-starting-{size}-{lang}.png"))
    page.click("#game .hand .card.legal >> nth=0")
    expect(page.locator("#table-starting")).to_have_attribute("data-queued", "true")
    page.screenshot(path=str(artifacts / f"instant-queued-{size}-{lang}.png"))
    held.release()
    page.wait_for_function(STARTED, timeout=TIMEOUT_MS)
