"""Driving a game table the way a person does, plus CPython cross-checks of what it shows.

Most helpers work for any game (a renderer draws its table as the one child of #game, with
`data-phase` and `data-my-turn`); take_human_turn, play_until_summary and shown_summary_tricks
drive the Arsène table."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

import pygames_core as pg

SAVE_KEY = "pygames.save"
HUMAN = 0
TIMEOUT_MS = 60_000
TRICKS_PER_DEAL = 11
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TABLE = "#game > *"  # the table a renderer draws


def open_site(page: Page, url: str) -> None:
    """Load the page with bot pacing off and wait for the picker or the table. The picker can come
    before Python is ready (it is drawn from catalog.json); requests queue in the worker meanwhile."""
    page.goto(f"{url}?pace=0")
    page.wait_for_selector("#picker:not([hidden]), #game:not([hidden])", timeout=TIMEOUT_MS)


def start_game(page: Page, *, game: str = "arsene", seed: int | None = None, level: str = "easy",
               options: dict[str, bool | str] | None = None, players: int | None = None) -> None:
    """Start `game` from the picker; `options` ticks or unticks the game's yes/no options by name and
    picks the choice options' values; `players` fills the player count of a game with a range."""
    if page.is_visible("#game"):
        page.click("#new-game")
    page.click(f'.game-choice[data-game="{game}"]')
    page.select_option("#level", level)
    if players is not None:  # first: some options show only for some player counts
        page.fill("#option-players", str(players))
    for name, value in (options or {}).items():
        if isinstance(value, bool):
            page.set_checked(f"#option-{name}", value)
        else:
            page.select_option(f"#option-{name}", json.dumps(value))
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#game:not([hidden]) > [data-phase]", timeout=TIMEOUT_MS)


def saved_game(page: Page) -> pg.Game:
    """The game the page has stored, rebuilt in CPython."""
    saved = json.loads(page.evaluate(f"localStorage.getItem({SAVE_KEY!r})"))
    return pg.load_game(saved["text"])


def resume_position(page: Page, url: str, game: pg.Game) -> None:
    """Open the page on a position built in CPython, through the page's own save/resume."""
    page.goto(url)
    stored = json.dumps({"game": game.game_id, "text": game.to_json(), "seat": HUMAN, "level": "easy"})
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
    page.wait_for_function(
        "document.querySelector('#summary[open]') || document.querySelector('#game > [data-my-turn=\"true\"]')",
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


def shown_summary_tricks(page: Page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all(
        "#summary .deal-summary tbody tr", "rows => rows.map(r => r.dataset.tricks)")]


def close_summary(page: Page) -> None:
    page.click("#summary-continue")
    expect(page.locator("#summary")).to_be_hidden()
