"""Driving a game table the way a person does, plus CPython cross-checks of what it shows.

Most helpers work for any game (a renderer draws its table as the one child of #game, with
`data-phase` and `data-my-turn`); take_human_turn, play_until_summary and shown_summary_tricks
drive the Arsène table."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from playwright.sync_api import Locator, Page, expect

import pygames_core as pg

SAVE_KEY = "pygames.save"  # the save of releases before the home (IndexedDB): moved into it by a visit
# The save of the game last played, as the page's home (web/home.js) holds it once its writes are made.
STORED_SAVE = "() => window.pygamesSaved()"
HUMAN = 0
TIMEOUT_MS = 60_000
# Every request the page sends its worker, as sent (the bridge's JSON text), kept in the page's
# window.sentRequests: what the table asked of the bots and the hint.
RECORD_REQUESTS = """(() => {
  window.sentRequests = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (typeof message?.text === "string") window.sentRequests.push(JSON.parse(message.text));
    return post.call(this, message, ...rest);
  };
})()"""
# Hint requests wait in the page until the test calls window.releaseHints() (window.heldHints() says
# how many wait): the test can act before the hint comes, as a player on a slow phone does while
# "Explain as we play" thinks. The client's watchdog allows a request WATCHDOG_MS to be picked up.
HOLD_HINTS = """(() => {
  const post = Worker.prototype.postMessage;
  const held = [];
  window.heldHints = () => held.length;
  window.releaseHints = () => { for (const send of held.splice(0)) send(); };
  Worker.prototype.postMessage = function (message, ...rest) {
    if (typeof message?.text === "string" && JSON.parse(message.text).op === "hint") {
      held.push(() => post.call(this, message, ...rest));
      return undefined;
    }
    return post.call(this, message, ...rest);
  };
})()"""
TRICKS_PER_DEAL = 11
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}  # a smaller or older phone: long dialogs must scroll, their buttons stay
# The phone above in its browser, the address bar and the toolbar shown (Safari on an iPhone 12 to 16), as a
# shared link opens: the play must be in view at this height too, not only as an installed app.
PHONE_IN_BROWSER = {"width": 390, "height": 664}
DESKTOP = {"width": 1280, "height": 800}
LAPTOP = {"width": 1366, "height": 768}  # the smallest common laptop screen: the layout tests' desktop size
TABLE = "#game > *"  # the table a renderer draws
T = TypeVar("T")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"  # screenshots to look at (gitignored)


def open_site(page: Page, url: str) -> None:
    """Load the page with bot pacing off and wait for the picker or the table. The picker can come
    before Python is ready (it is drawn from catalog.json); requests queue in the worker meanwhile."""
    page.goto(f"{url}?pace=0")
    page.wait_for_selector("#picker:not([hidden]), #game:not([hidden])", timeout=TIMEOUT_MS)


def start_game(page: Page, *, game: str = "arsene", seed: int | None = None, level: str = "easy",
               options: dict[str, bool | str] | None = None, players: int | None = None,
               explain: bool | None = False) -> None:
    """Start `game` from the picker; `options` ticks or unticks the game's yes/no options by name and
    picks the choice options' values; `players` fills the player count of a game with a range;
    `explain` ticks or unticks "Explain as we play" (None: as the picker offers it)."""
    if page.is_visible("#game"):
        page.click("#new-game")
    page.click(f'.game-choice[data-game="{game}"]')
    if players is not None:  # first: some options and levels show only for some player counts
        page.fill("#option-players", str(players))
    page.select_option("#level", level)
    for name, value in (options or {}).items():
        if isinstance(value, bool):
            page.set_checked(f"#option-{name}", value)
        else:
            page.select_option(f"#option-{name}", json.dumps(value))
    if seed is not None:
        page.fill("#seed", str(seed))
    if explain is not None:
        page.set_checked("#explain-choice", explain)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden]) > [data-phase]", timeout=TIMEOUT_MS)


def stored_save(page: Page) -> dict | None:
    """The save record of the game last played, as the page has stored it."""
    return page.evaluate(STORED_SAVE)


def poll(page: Page, check: Callable[[], T | None], what: str, timeout_ms: int = TIMEOUT_MS) -> T:
    """Call `check` every 100 ms (of `page`'s clock) until it returns something other than None; return
    that. An AssertionError saying `what` was awaited when `timeout_ms` pass first."""
    for _ in range(max(1, timeout_ms // 100)):
        value = check()
        if value is not None:
            return value
        page.wait_for_timeout(100)
    raise AssertionError(f"waited {timeout_ms / 1000:g} s for {what}")


def wait_until(page: Page, script: str, arg: object = None, timeout_ms: int = TIMEOUT_MS) -> object:
    """Wait until the page function `script` (called with `arg`; async or not) returns a truthy value;
    return it. Not page.wait_for_function: that takes the promise an async function returns for a truthy
    answer, and so returns at once, whatever the answer will be (tests/test_e2e_waits.py keeps it out)."""
    return poll(page, lambda: page.evaluate(script, arg) or None, f"{script} to hold", timeout_ms)


def wait_for_new_save(page: Page, before: dict | None) -> dict:
    """Wait until the stored save of the game last played is no longer `before`; return it."""
    text = None if before is None else before["text"]
    saved = wait_until(page, (f"async (text) => {{ const saved = await ({STORED_SAVE})();"
                                     " return saved?.text !== text && saved; }"), text)
    assert isinstance(saved, dict)
    return saved


def wait_for_stored(page: Page, text: str) -> None:
    """Wait until the stored save of the game last played is `text` (a game resumed from the picker
    becomes the last played a moment after its table is drawn: the store is written asynchronously)."""
    wait_until(page, f"async (text) => (await ({STORED_SAVE})())?.text === text", text)


def wait_for_saved_actions(page: Page, count: int) -> pg.Game:
    """Wait until the stored game of the game last played has more than `count` actions; return it
    rebuilt in CPython. (Waiting for a different save text is not enough: a resumed game may be stored
    again in the page's own serialization before the move is.)"""
    def longer() -> pg.Game | None:
        game = saved_game(page)
        return game if len(game.history) > count else None
    return poll(page, longer, f"a stored game of more than {count} actions")


def saved_game(page: Page) -> pg.Game:
    """The game the page has stored, rebuilt in CPython."""
    saved = stored_save(page)
    assert saved is not None
    return pg.load_game(saved["text"])


def resume_position(page: Page, url: str, game: pg.Game, *, explain: bool = False) -> None:
    """Open the page on a position built in CPython, through the page's own save/resume (a save of
    the release before the home, which the visit moves into it); `explain`: with "Explain as we play"
    on."""
    # Any small file of the site gives its origin's storage; the page itself would start Python only
    # to be left a moment later.
    page.goto(f"{url}build.json")
    stored = json.dumps({"game": game.game_id, "text": game.to_json(), "seat": HUMAN, "level": "easy",
                         "explain": explain})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, stored])
    open_site(page, url)


def attributes(page: Page, selector: str, *names: str) -> list[tuple[str | None, ...]]:
    """The named attributes of every element `selector` matches, in document order."""
    return [tuple(row) for row in page.eval_on_selector_all(
        selector, "(elements, names) => elements.map(e => names.map(n => e.getAttribute(n)))", list(names))]


def play_last_card(page: Page) -> None:
    """Play the one legal card of a deal's last trick (any table marking cards .legal in a .hand)."""
    assert wait_for_turn_or_summary(page) == "play"
    page.click(".hand .card.legal")
    expect(page.locator("#summary")).to_be_visible()


def phase(page: Page) -> str:
    return page.get_attribute(TABLE, "data-phase") or ""


def wait_for_turn_or_summary(page: Page) -> str:
    """Wait until the human has a decision to take or a summary is shown; say which."""
    # A function, never a bare expression: Playwright polls an expression with eval, which the pages'
    # Content-Security-Policy (no 'unsafe-eval') refuses; a function is called without it.
    page.wait_for_function(
        "() => document.querySelector('#summary[open]') || document.querySelector('#game > [data-my-turn=\"true\"]')",
        timeout=TIMEOUT_MS)
    return "summary" if page.is_visible("#summary") else phase(page)


def marked_cards(page: Page) -> list[str]:
    return page.eval_on_selector_all(".hand .card.legal", "cards => cards.map(c => c.dataset.card)")


def hand(page: Page) -> list[str]:
    return page.eval_on_selector_all(".hand .card", "cards => cards.map(c => c.dataset.card)")


def take_human_turn(page: Page) -> None:
    """One decision of the human seat, checking that what the page offers is what CPython allows."""
    legal = saved_game(page).legal_actions()
    if phase(page) == "choose":
        assert page.locator(".choices .card").count() == len(legal) == 3
        page.click(".choices .card >> nth=0")
    elif phase(page) == "push":
        assert {a["type"] for a in legal} == {"keep", "push"}
        page.click(".action-keep")
    else:
        marked = marked_cards(page)
        assert sorted(marked) == sorted(a["card"] for a in legal)
        page.click(f'.hand .card[data-card="{marked[0]}"]')


def play_until_summary(page: Page) -> None:
    while wait_for_turn_or_summary(page) != "summary":
        take_human_turn(page)


def follow_hint(page: Page, hint_key: Callable[[dict], str]) -> None:
    """On the human's turn: H marks one control, the one of a legal action (`hint_key` names an action as
    the table's data-hint-key does) and gives it the focus; Enter then makes that move."""
    page.keyboard.press("h")
    hinted = page.locator("#game .hinted")
    expect(hinted).to_have_count(1)
    legal = {hint_key(action) for action in saved_game(page).legal_actions()}
    assert hinted.get_attribute("data-hint-key") in legal
    assert page.evaluate("document.activeElement.classList.contains('hinted')")
    saved = stored_save(page)
    page.keyboard.press("Enter")
    wait_for_new_save(page, saved)


def use_language(page: Page, language: str) -> None:
    """Switch the opened page to `language` ("en" or "ja") as a player does, with the top bar's choice
    (the page keeps it), and the modules a test imports from src/ too: the page runs its bundle
    (build.py), so they are another copy of i18n.js with a language of its own."""
    page.select_option("#language", language)
    page.evaluate("async (language) => (await import('./src/i18n.js')).setLanguage(language, { remember: false })",
                  language)


def shown_summary_tricks(page: Page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all(
        "#summary .deal-summary tbody tr", "rows => rows.map(r => r.dataset.tricks)")]


def close_summary(page: Page) -> None:
    page.click("#summary-continue")
    expect(page.locator("#summary")).to_be_hidden()


# What must stay in view while a person plays: a renderer marks its hand, the current trick (or the
# play area the move is about) and the buttons of the decision at hand with data-region="hand",
# "trick" and "actions"; the doubling cube's buttons are the cube bar's. Each shown one must lie
# inside the viewport and no other element (a floating button, a panel) may cover it.
_OUT_OF_VIEW_JS = """
(required) => {
  const problems = [];
  const width = innerWidth, height = innerHeight;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const marked = [...document.querySelectorAll("#game [data-region]")].filter(shown)
    .map((e) => [e.dataset.region, e]);
  for (const button of document.querySelectorAll("#cube-bar button")) {
    if (shown(button) && !button.disabled) marked.push(["cube", button]);
  }
  for (const name of required) {
    if (!marked.some(([region]) => region === name)) problems.push(`no ${name} region is shown`);
  }
  for (const [name, element] of marked) {
    const box = element.getBoundingClientRect();
    if (box.left < -1 || box.top < -1 || box.right > width + 1 || box.bottom > height + 1) {
      problems.push(`${name} at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},`
        + `${Math.round(box.bottom)} is outside the ${width}×${height} viewport`);
      continue;
    }
    const inset = 3;
    const points = [[box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset], [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset], [box.right - inset, box.bottom - inset]];
    for (const [x, y] of points) {
      const top = document.elementFromPoint(x, y);
      if (top && !element.contains(top) && !top.contains(element)) {
        problems.push(`${name} is covered at ${Math.round(x)},${Math.round(y)} by ${top.tagName.toLowerCase()}`
          + `${top.id ? "#" + top.id : ""}${top.className ? "." + String(top.className).split(" ").join(".") : ""}`);
        break;
      }
    }
  }
  return problems;
}
"""


# What must be read whole while "Explain as we play" is on (or a hint was asked for): the hint's line and
# the newest caption, each inside the viewport, uncovered, and not cut: neither it nor the caption area
# scrolls inside, clamps its lines or ends in an ellipsis.
_EXPLANATIONS_CUT_JS = """
() => {
  const problems = [];
  const area = document.getElementById("explain");
  if (!area || area.hidden) return problems;
  const parts = [["the hint line", document.getElementById("hint-line")],
    ["the newest caption", area.querySelector("#explain-log li.newest")]];
  for (const [name, element] of parts) {
    if (!element || element.getClientRects().length === 0 || !element.textContent) continue;
    const box = element.getBoundingClientRect();
    if (box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1) {
      problems.push(`${name} at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},`
        + `${Math.round(box.bottom)} is outside the ${innerWidth}×${innerHeight} viewport`);
      continue;
    }
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top && !element.contains(top)) problems.push(`${name} is covered by ${top.tagName.toLowerCase()}`);
    for (let part = element; part && part !== area.parentElement; part = part.parentElement) {
      const style = getComputedStyle(part);
      if (part.scrollHeight > part.clientHeight + 1 || part.scrollWidth > part.clientWidth + 1) {
        problems.push(`${name} is cut: ${part.id || part.tagName.toLowerCase()} scrolls inside`);
      }
      if (style.webkitLineClamp !== "none" || style.textOverflow === "ellipsis") {
        problems.push(`${name} is cut: ${part.id || part.tagName.toLowerCase()} clamps its lines`);
      }
    }
  }
  return problems;
}
"""


def play_out_of_view(page: Page, *required: str) -> list[str]:
    """What a player could not see without scrolling: each shown data-region of the table (and the
    cube bar's buttons) outside the viewport or covered by another element, and each `required`
    region ("hand", "trick", "actions", "cube") that is not shown at all; with explanations shown, the
    hint's line and the newest caption not in view whole. Empty when all is in view."""
    return page.evaluate(_OUT_OF_VIEW_JS, list(required)) + page.evaluate(_EXPLANATIONS_CUT_JS)


def wait_for_explanations(page: Page) -> None:
    """With "Explain as we play" on, on the human's turn: wait for the suggestion's line, which the
    explanations ask for by themselves (nothing to wait for otherwise)."""
    wait_until(page, """() => document.getElementById("explain-off")?.checkVisibility() !== true
      || !document.querySelector('#game > [data-my-turn="true"], #cube-bar:not([hidden]) .cube-ask')
      || document.getElementById("hint-line").textContent !== "" """)


def assert_play_in_view(page: Page, *required: str, screenshot: str | None = None) -> None:
    """Fails, saying what is out of view, unless the play is in view (see play_out_of_view); with
    `screenshot`, the page is saved under that name in e2e/artifacts/ first, to look at. With
    explanations on, their suggestion is waited for first."""
    wait_for_explanations(page)
    if screenshot:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{screenshot}.png"))
    problems = play_out_of_view(page, *required)
    assert not problems, f"at {page.viewport_size}: " + "; ".join(problems)


# A game's actions played through the page's own bridge (window.pygamesBridge): each action put in
# words by the renderer's describeAction before it is done, each step's events by its narrate after.
# The actions are any seat's and a session acts for its own seat only, so they are played as the
# steps of a scenario (the bridge's `scenario`: each step's events and the viewer's snapshot after it)
# from the position `create` (a `new` or `play_scenario` request) opens.
_WORDS_JS = """async ([renderer, create, actions]) => {
  const module = await import(`./src/games/${renderer}.js`);
  const table = module.createTable(window.document.createElement("div"), { act: () => {} });
  const { op, scenario, steps = 0, ...deal } = create;
  const played = actions.map((action) => ({ action }));
  const document = op === "play_scenario"
    ? { ...scenario, ...("seat" in create ? { seat: create.seat } : {}),
      steps: [...scenario.steps.slice(0, steps), ...played] }
    : { ...deal, steps: played };
  const reply = await window.pygamesBridge({ op: "scenario", scenario: document });
  if (!reply.ok) throw new Error(reply.error.message);
  const frames = reply.frames.slice(steps);
  return {
    words: actions.map((action, i) => table.describeAction(action, frames[i].snapshot)),
    said: actions.map((_, i) => table.narrate(frames[i + 1].events, frames[i + 1].snapshot)),
  };
}"""


def shipped_scenario(name: str) -> dict:
    """A shipped example, web/scenarios/<name>.json, as its JSON document."""
    return json.loads((Path(__file__).resolve().parents[1] / "web" / "scenarios" / f"{name}.json").read_text("utf-8"))


def words_through_the_page(page: Page, renderer: str, create: dict,
                           actions: list[dict]) -> tuple[list[str], list[list[str]]]:
    """What `renderer` (web/games/<renderer>.js) says of each action before it (describeAction) and of
    each step's events after it (narrate), for a game the bridge's `new` request `create` opens, in
    the page's language."""
    shown = page.evaluate(_WORDS_JS, [renderer, create, actions])
    return shown["words"], shown["said"]


# A renderer's words for a scripted example's last step, through the page: the scenario is played
# through over the page's bridge, the renderer (web/games/<game>.js) describes that step's action and
# `actions` in `language` at the position before it, and narrates the step's events.
_EXPLAIN_LAST_STEP_JS = """
async ([game, scenario, language, actions]) => {
  const { setLanguage } = await import("./src/i18n.js");
  const { createTable } = await import(`./src/games/${game}.js`);
  const renderer = createTable(document.createElement("div"), { act: () => {} });
  setLanguage(language, { remember: false });
  // the scenario played through (its last step may be any seat's: a session acts for its own only)
  const { frames } = await window.pygamesBridge({ op: "scenario", scenario });
  const [before, after] = frames.slice(-2);
  const described = [after.action, ...actions].map((action) => renderer.describeAction(action, before.snapshot));
  return { described, said: renderer.narrate(after.events, after.snapshot) };
}
"""


def explain_last_step(page: Page, game: str, scenario: str, language: str,
                      actions: list[dict]) -> tuple[list[str], list[str]]:
    """describeAction of the last step of web/scenarios/<scenario>.json and of `actions`, and narrate of
    that step's events, as the page says them in `language` (an open site's page)."""
    reply = page.evaluate(_EXPLAIN_LAST_STEP_JS, [game, shipped_scenario(scenario), language, actions])
    return reply["described"], reply["said"]


# What the status line of a scripted step says (web/embed/steps.js scriptedStatus): what Next shows, or the end
# of the example, never "Your turn: play a highlighted card" or "West is playing…" while nothing moves.
SCRIPTED_STATUS = re.compile(r"^(Next ▶ shows .+\.|The example ends here\.)$"  # English
                             r"|^(「次へ ▶」で.+見られます。|例はここまでです。)$")  # Japanese
FITTED_JS = "() => document.documentElement.getBoundingClientRect().height <= innerHeight + 1"


def step_through_in_view(page: Page, iframe: Locator, top: float, bottom: float, shot: str | None = None) -> int:
    """Step the example in `iframe` (embed.html) from its start to its end: at every step its caption, its
    Back and Next buttons and its table (or, at a step that ended a deal, that deal's summary shown in
    the table's place) lie between `top` and `bottom` of the page's viewport, all seen without scrolling,
    and the table's status line speaks of the step. Screenshots of the first, second and last steps
    under `shot`. Returns the number of steps."""
    frame = iframe.content_frame
    inside = iframe.element_handle().content_frame()
    assert inside is not None
    expect(frame.locator("#embed-step")).to_have_attribute("data-step", "0")
    last = int(frame.locator("#embed-step").get_attribute("data-last") or 0)
    for step in range(last + 1):
        if step:
            frame.locator("#embed-next").click()
            expect(frame.locator("#embed-step")).to_have_attribute("data-step", str(step))
        inside.wait_for_function(FITTED_JS)  # the frame has its height and has scaled its table to it
        table = "#embed-summary" if frame.locator("#embed-summary").is_visible() else "#embed-stage"
        for part in ("#embed-caption", "#embed-prev", "#embed-next", table):
            box = frame.locator(part).bounding_box()
            assert box is not None and box["y"] >= top - 1 and box["y"] + box["height"] <= bottom + 1, (step, part, box)
        status = frame.locator("#embed-stage #status")
        if table == "#embed-stage" and status.count():
            assert SCRIPTED_STATUS.match(status.inner_text()), (step, status.inner_text())
        if shot and step in (0, 1, last):
            page.screenshot(path=str(ARTIFACTS / f"{shot}-{step}.png"))
    return last
