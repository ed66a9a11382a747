"""A worker that dies, freezes or whose Python fails, and hostile links: the page says so, restarts the
game engine and brings the game back from its save exactly where it was, and every request ends in
a reply — a clear named error, never a hang.

The pages are opened with `?watchdog=5000` (web/client.js): a worker that does not pick up a request
within 5 s, or answer it within its budget plus 5 s, counts as stopped, so a dead worker is noticed in
seconds rather than the half minute a player's page allows."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

from driver import (
    HUMAN,
    TIMEOUT_MS,
    saved_game,
    start_game,
    stored_save,
    take_human_turn,
    wait_for_new_save,
    wait_for_turn_or_summary,
)
from playwright.sync_api import Page, expect
from test_seeded import RECORD_REQUESTS

import pygames_core as pg

QUICK_WATCHDOG = "pace=0&watchdog=5000"
# A restart starts Pyodide again: on a loaded test machine that alone can take most of a minute.
RESTART_TIMEOUT_MS = 2 * TIMEOUT_MS
# The worker freezes while it computes a bot's move: the requests it reads are watched (through the
# getter of MessageEvent's data, which its own listener calls first), and the reply to a bot request
# is never posted, as if the bot never finished.
FREEZE_ON_BOT = """
const bots = new Set();
const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get;
Object.defineProperty(MessageEvent.prototype, "data", { get() {
  const request = data.call(this);
  if (request?.text?.includes('"op":"bot"')) bots.add(request.id);
  return request;
} });
const post = self.postMessage.bind(self);
self.postMessage = (message, ...rest) => {
  if (message?.type === "reply" && bots.has(message.id)) for (;;) {}
  post(message, ...rest);
};
"""


def open_game(page: Page, site_url: str, seed: int) -> None:
    page.goto(f"{site_url}?{QUICK_WATCHDOG}")
    page.wait_for_selector("#picker:not([hidden])", timeout=TIMEOUT_MS)
    start_game(page, seed=seed)
    assert wait_for_turn_or_summary(page) != "summary"


def stored(page: Page) -> dict:
    """The stored save of the game last played, without the time it was kept (a game brought back is
    kept again, at its own time)."""
    saved = stored_save(page)
    assert saved is not None
    return {key: value for key, value in saved.items() if key != "savedAt"}


def wait_for_message(page: Page, key: str, cause: str) -> None:
    """Wait until the page's message is the string `key` with the stop's `cause` (web/i18n.js)."""
    expected = page.evaluate("""async ([key, cause]) => {
      const { t } = await import("./src/i18n.js");
      return t(key, { cause: t(`engineCause_${cause}`) });
    }""", [key, cause])
    page.wait_for_function(
        "(expected) => document.querySelector('#message:not([hidden]) #message-text')?.textContent === expected",
        arg=expected, timeout=RESTART_TIMEOUT_MS)


def human_moves(before: pg.Game, after: pg.Game) -> int:
    """How many moves seat 0 made between two positions of one game (`before`'s history a prefix of
    `after`'s)."""
    assert after.history[:len(before.history)] == before.history
    game = pg.load_game(before.to_json())
    count = 0
    for action in after.history[len(before.history):]:
        count += game.current_player == HUMAN
        game.apply(action)
    return count


def play_once_more(page: Page) -> None:
    """The player's next move, once the engine is back: it is made once."""
    before = saved_game(page)
    saved = stored(page)
    take_human_turn(page)
    wait_for_new_save(page, saved)
    assert human_moves(before, saved_game(page)) == 1


def test_a_closed_worker_loses_no_move(page: Page, site_url: str, artifacts: Path) -> None:
    """The worker is gone (closed, as a phone's browser ends it) when the player makes a move: the
    page says so, restarts the engine, and the table is back at the same position with the move not
    made; made again, it counts once."""
    open_game(page, site_url, seed=5)
    before = stored(page)
    table = page.inner_html("#game")
    page.workers[0].evaluate("self.close()")
    take_human_turn(page)
    wait_for_message(page, "engineBackMove", "silent")
    page.screenshot(path=str(artifacts / "resilience-restarted-desktop-en.png"))
    assert wait_for_turn_or_summary(page) != "summary"
    assert stored(page) == before  # same game, same seat, same position, same settings
    assert page.inner_html("#game") == table
    play_once_more(page)


def test_a_bot_frozen_while_thinking_thinks_again(page: Page, site_url: str) -> None:
    """The worker freezes while the first bot thinks: after the request's budget and the watchdog's
    margin the page restarts the engine, the game comes back from its save and the bots move on to
    the player's turn, where a move works."""
    page.goto(f"{site_url}?{QUICK_WATCHDOG}")
    page.wait_for_selector("#picker:not([hidden])", timeout=TIMEOUT_MS)
    page.workers[0].evaluate(FREEZE_ON_BOT)
    start_game(page, seed=5)
    wait_for_message(page, "engineBack", "slow")
    assert wait_for_turn_or_summary(page) != "summary"
    play_once_more(page)


def test_a_frozen_normal_bot_in_a_seeded_game_is_caught_as_soon(page: Page, site_url: str) -> None:
    """A game from a chosen seed asks for reproducible bots, and only a search is allowed the long wait
    of one (web/levels.js searchFields): the normal bot answers at once on any machine, so frozen, it is
    caught within the watchdog's margin as in a game dealt at random, not five minutes later."""
    page.add_init_script(RECORD_REQUESTS)
    page.goto(f"{site_url}?{QUICK_WATCHDOG}")
    page.wait_for_selector("#picker:not([hidden])", timeout=TIMEOUT_MS)
    page.workers[0].evaluate(FREEZE_ON_BOT)
    start_game(page, seed=5, level="normal")
    wait_for_message(page, "engineBack", "slow")
    frozen = next(request for request in page.evaluate("window.sentRequests") if request["op"] == "bot")
    assert frozen["reproducible"] is True and "time_budget_ms" not in frozen
    assert wait_for_turn_or_summary(page) != "summary"


def test_a_fatal_python_error_during_a_hint(page: Page, site_url: str) -> None:
    """Pyodide fails fatally (it can no longer be used): the worker says it is dead at the next
    request, a hint here; the engine restarts, the game is back where it was, and a move then works."""
    open_game(page, site_url, seed=7)
    before = stored(page)
    page.workers[0].evaluate("try { self.pyodide._api.fatal_error(new Error('a fatal error, for the test')) } catch {}")
    page.keyboard.press("h")
    wait_for_message(page, "engineBack", "fatal")
    assert wait_for_turn_or_summary(page) != "summary"
    assert stored(page) == before
    play_once_more(page)


def named_site_error(page: Page) -> str:
    expect(page.locator("#message[data-error]")).to_be_visible()
    error = page.get_attribute("#message", "data-error") or ""
    assert error not in ("", "WorkerStopped")
    return error


def test_a_deeply_nested_setup_link_is_a_named_error(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}index.html?{QUICK_WATCHDOG}#game=arsene&setup={'[' * 5000}{']' * 5000}")
    named_site_error(page)
    expect(page.locator("#picker")).to_be_visible()


def named_embed_error(page: Page) -> str:
    expect(page.locator("#embed-error[data-error^='err']")).to_be_visible()
    return page.inner_text("#embed-error")


def test_a_deeply_nested_embed_setup_is_a_named_error(page: Page, site_url: str) -> None:
    setup = '{"hands":' + "[" * 3000 + "]" * 3000 + "}"
    page.goto(f"{site_url}embed.html?{QUICK_WATCHDOG}#game=arsene&setup={setup}")
    page.click("#embed-play")
    assert named_embed_error(page)


def test_a_replay_link_that_inflates_to_deep_nesting_is_a_named_error(page: Page, site_url: str) -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate, as share.js packs a save
    packed = packer.compress(b"[" * 100_000) + packer.flush()
    code = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    page.goto(f"{site_url}embed.html?{QUICK_WATCHDOG}#save={code}")
    page.click("#embed-show")
    assert named_embed_error(page)
