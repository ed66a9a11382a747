"""One writer per game (web/home.js keepSave): two tabs of one browser share the home, and a tab left
on an older position never writes it over the moves another tab has played since. The write checks
the revision it read; another tab's write is announced on a BroadcastChannel. A stale tab says "This
game went on in another tab" and shows the game as it stands; a finished game is counted and listed
once, whichever tab finishes it.

Two real tabs: two pages of one browser context (one origin's storage). Where the announcement is to
be missed (a browser without BroadcastChannel, or a tab that acts before it arrives), both pages run
without it, so that only the write's own check stands between the stale tab and the newer game."""

from __future__ import annotations

from pathlib import Path

from driver import (
    HUMAN,
    PHONE_IN_BROWSER,
    TABLE,
    hand,
    open_site,
    play_last_card,
    poll,
    resume_position,
    saved_game,
    start_game,
    take_human_turn,
    use_language,
    wait_for_saved_actions,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, expect
from test_home import ARSENE_END, before_the_forced_end, history_of, stats_of

import pygames_core as pg

WENT_ON = {"en": "This game went on in another tab: here it is as it stands now.",
           "ja": "このゲームは別のタブで進められました。いまの状態をここに表示しています。"}
WITHOUT_BROADCAST = "delete window.BroadcastChannel"
# The first control of the human's decision, whatever the phase (a stale tab's: not checked against
# the stored game, which another tab has moved on).
FIRST_DECISION = ".choices .card, .action-keep, .hand .card.legal"


def second_tab(context: BrowserContext, site_url: str, *, broadcast: bool = True) -> Page:
    """Another tab of the same browser, on the game last played."""
    page = context.new_page()
    if not broadcast:
        page.add_init_script(WITHOUT_BROADCAST)
    open_site(page, site_url)
    return page


def human_to_play(game: pg.Game) -> pg.Game | None:
    return game if game.is_over or game.current_player == HUMAN else None


def play_to(page: Page, actions: int) -> pg.Game:
    """Take the human's turns until the stored game has at least `actions` actions and it is the
    human's turn again; return the stored game."""
    while True:
        wait_for_turn_or_summary(page)
        # the store catches up with the table drawn (its writes are asynchronous)
        game = poll(page, lambda: human_to_play(saved_game(page)), "the human's turn stored")
        if len(game.history) >= actions:
            return game
        take_human_turn(page)
        wait_for_saved_actions(page, len(game.history))


def two_tabs_apart(context: BrowserContext, page: Page, site_url: str, *, broadcast: bool) -> tuple[Page, pg.Game]:
    """Arsène seed 11 in tab A (`page`) played to 9 actions, tab B opened on it, then A played on to
    17: tab B and A's game."""
    if not broadcast:
        page.add_init_script(WITHOUT_BROADCAST)
    open_site(page, site_url)
    start_game(page, game="arsene", seed=11)
    at_nine = play_to(page, 9)
    other = second_tab(context, site_url, broadcast=broadcast)
    expect(other.locator("#game > .arsene")).to_be_visible()
    wait_for_turn_or_summary(other)
    assert saved_game(other).history == at_nine.history
    page.bring_to_front()
    return other, play_to(page, 17)


def test_a_stale_tab_never_writes_over_the_game_played_on_in_another(context: BrowserContext, page: Page,
                                                                     site_url: str) -> None:
    other, played = two_tabs_apart(context, page, site_url, broadcast=False)
    other.bring_to_front()
    other.click(f"{FIRST_DECISION} >> nth=0")  # tab B, still showing move 9, plays
    expect(other.locator("#message-text")).to_have_text(WENT_ON["en"])
    expect(other.locator("#game > .arsene")).to_be_visible()
    wait_for_turn_or_summary(other)
    assert hand(other) == hand(page)  # B's table is A's game
    page.bring_to_front()
    page.reload()
    wait_for_turn_or_summary(page)
    assert saved_game(page).history[:len(played.history)] == played.history  # nothing lost
    other.close()


def test_a_tab_shows_at_once_the_game_played_on_in_another(context: BrowserContext, page: Page, site_url: str,
                                                           artifacts: Path) -> None:
    other, played = two_tabs_apart(context, page, site_url, broadcast=True)
    # tab B has not been touched: the announcement alone brings it up to date
    expect(other.locator("#message-text")).to_have_text(WENT_ON["en"])
    wait_for_turn_or_summary(other)
    assert hand(other) == hand(page)  # B's table is A's game
    assert saved_game(other).history == played.history  # and B has written nothing of its own
    other.set_viewport_size(PHONE_IN_BROWSER)
    for lang in ("en", "ja"):
        use_language(other, lang)
        other.evaluate("(text) => { document.getElementById('message-text').textContent = text; }", WENT_ON[lang])
        expect(other.locator(TABLE)).to_be_visible()
        other.screenshot(path=str(artifacts / f"tabs-went-on-phone-{lang}.png"))
    other.close()


def test_a_game_finished_in_two_tabs_is_counted_once(context: BrowserContext, page: Page, site_url: str) -> None:
    page.add_init_script(WITHOUT_BROADCAST)
    resume_position(page, site_url, before_the_forced_end(*ARSENE_END))
    wait_for_turn_or_summary(page)
    other = second_tab(context, site_url, broadcast=False)
    assert wait_for_turn_or_summary(other) == "play"
    page.bring_to_front()
    play_last_card(page)
    page.keyboard.press("Escape")
    other.bring_to_front()
    other.click(".hand .card.legal")  # the same last card, in the tab that did not see it played
    expect(other.locator("#message-text")).to_have_text(WENT_ON["en"])
    other.close()
    page.bring_to_front()
    page.reload()
    # the game last played opens, over: its summary comes once the table is drawn, and would cover the
    # home page's buttons if they were clicked before it (on a loaded machine it comes late)
    expect(page.locator("#summary")).to_be_visible()
    page.keyboard.press("Escape")
    assert len(history_of(page)) == 1
    assert stats_of(page)["arsene"]["easy"][0] == "1"  # played once
