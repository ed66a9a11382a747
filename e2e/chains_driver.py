"""Driving the Chains table as a person does: every action has one target on the table (the deck,
the work pile, a slot, a slot's top card, an end card), tapped, dragged onto, or reached by a key."""

from __future__ import annotations

from driver import TIMEOUT_MS, open_site, saved_game, start_game
from playwright.sync_api import Page

import pygames_core as pg

TABLE = ".chains"


def start_chains(page: Page, site_url: str, *, players: int = 1, deal: int | None = None,
                 mode: str = "beginner") -> None:
    open_site(page, site_url)
    start_game(page, game="chains", seed=deal, players=players, options={"mode": mode} if players == 1 else {})


def target_of(action: dict) -> str:
    """The data-target of the element that does `action` (the page's own mapping, chains.js)."""
    kind = action["type"]
    if kind == "draw":
        return "deck"
    if kind == "place":
        return "work" if action["to"] == "work" else f"slot-{action['slot']}"
    if kind == "move":
        return f"top-{action['slot']}"
    return f"end-{action['end']}"


def key_of(action: dict) -> str:
    """The key that does `action` (the help dialog's keys)."""
    kind = action["type"]
    if kind in ("place", "move") and action.get("to") != "work":
        return str(action["slot"] + 1)
    return {"draw": "d", "place": "w", "close": "c"}[kind]


def drag_of(action: dict) -> tuple[str, str]:
    """The card to drag and where to drop it for `action` (not a draw)."""
    kind = action["type"]
    if kind == "place":
        return f"{TABLE} .ch-drawn", f'{TABLE} [data-drop="{target_of(action)}"]'
    return f'{TABLE} [data-target="{target_of(action)}"]', f'{TABLE} [data-drop="work"]'


def moves(page: Page) -> int:
    return int(page.get_attribute(TABLE, "data-moves") or 0)


def offered(page: Page) -> list[str]:
    """The targets the table marks as legal now."""
    return sorted(page.eval_on_selector_all(f"{TABLE} [data-action]", "els => els.map(e => e.dataset.target)"))


def check_offered(page: Page) -> None:
    """What the page offers is exactly what the engine (rebuilt in CPython from the save) allows."""
    legal = saved_game(page).legal_actions()
    assert offered(page) == sorted(target_of(a) for a in legal)


def perform(page: Page, action: dict, how: str = "click") -> None:
    """Do `action` on the table by tapping its target, pressing its key or dragging its card, and
    wait until the page has applied it (the move count goes up, or the summary opens)."""
    before = moves(page)
    if how == "key":
        page.keyboard.press(key_of(action))
    elif how == "drag":
        source, target = drag_of(action)
        page.locator(source).drag_to(page.locator(target))
    else:
        page.click(f'{TABLE} [data-target="{target_of(action)}"]')
    applied = f"Number(document.querySelector('{TABLE}').dataset.moves) > {before}"
    page.wait_for_function(f"() => document.querySelector('#summary[open]') || {applied}", timeout=TIMEOUT_MS)


def wait_for_my_turn_or_summary(page: Page) -> bool:
    """Wait until the human has a move or the summary is shown; True when it is the human's move."""
    page.wait_for_function(
        "() => document.querySelector('#summary[open]') || document.querySelector('.chains[data-my-turn=\"true\"]')",
        timeout=TIMEOUT_MS)
    return not page.is_visible("#summary")


def one_move_from_the_end(deal: int) -> tuple[pg.Game, dict]:
    """A beginner's solitaire deal played by the normal bot up to its last move, and that move (which
    the player makes, to reach the summary)."""
    game = pg.new_game("chains", seed=deal, options={"mode": "beginner"})
    while True:
        action = pg.bot_action(game, "normal", seed=len(game.history))
        ended = game.copy()
        ended.apply(action)
        if ended.is_over:
            return game, action
        game.apply(action)
