"""The keys the help lists, and where the page talks of keys. Each game's "?" help lists its keys by
the step they act in, so that no key has two meanings in one list (Dominuxen's D, B and S each had two
in its one list); on a touch screen alone (a phone: no mouse, no key pressed) no status line, no
hand-over screen and no help talks of keys, and the keys' marks on buttons are gone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from driver import PHONE_IN_BROWSER, TIMEOUT_MS, open_site, resume_position, wait_for_turn_or_summary
from playwright.sync_api import Browser, Page, expect
from test_dominuxen import hit_human_left_to_answer
from test_hotseat import DOMINUXEN_SEED, next_moment, start_with_people, take_dominuxen_turn

import pygames_core as pg

GAMES = ["arsene", "on_schedule", "apples", "roller_derby", "chains", "dominuxen"]
# What a sentence says of a key: "(keys 1–3)", "(S)", "press Enter", "（キー S H D C）", "（1〜6）"…
KEY_TALK = re.compile(r"\bkeys?\b|キー|\bEnter\b|\bSpace\b|[(（][A-Z0-9](?:[–〜][0-9])?[)）]|press", re.IGNORECASE)


def key_names(names: str) -> list[str]:
    """The keys a line names, a range ("1–5") counted key by key."""
    keys: list[str] = []
    for name in names.split():
        if (span := re.fullmatch(r"(\d)–(\d)", name)) is not None:
            keys += [str(digit) for digit in range(int(span[1]), int(span[2]) + 1)]
        else:
            keys.append(name.upper())
    return keys


def key_lists(page: Page, game: str, screenshot: Path | None = None) -> list[tuple[str, list[tuple[str, str | None]]]]:
    """The rules dialog of `game`, opened from the picker's help: each keys list under its step's name,
    as (the step, [(a line's text, the keys it names)]); a screenshot of the Keys section, if asked."""
    page.keyboard.press("?")
    page.click(f'#help [data-rules="{game}"]')
    expect(page.locator("#help-title")).to_contain_text("How to play")
    expect(page.locator("#help .rules-pitch")).to_be_visible()  # the rules are read: the dialog is drawn for good
    lists = page.eval_on_selector_all("#rules-keys h4", """headings => headings.map(h => [h.textContent,
        [...h.nextElementSibling.querySelectorAll('li')].map(li => [li.textContent, li.dataset.keys ?? null])])""")
    if screenshot:
        page.locator("#rules-keys").screenshot(path=str(screenshot))
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()
    return [(when, [(text, names) for text, names in lines]) for when, lines in lists]


def test_every_keys_list_gives_each_key_one_meaning(page: Page, site_url: str, artifacts: Path) -> None:
    open_site(page, site_url)
    meanings: dict[str, dict[str, set[str]]] = {}
    for game in GAMES:
        lists = key_lists(page, game, artifacts / f"keys-{game}.png")
        assert len(lists) >= 2, f"{game}: its keys are listed by step, then the shell's"
        assert lists[-1][0] == "At any time, unless the step uses the same key"
        meanings[game] = {}
        for when, lines in lists:
            named: list[str] = []
            for text, names in lines:
                assert names, f"{game}, {when}: {text!r} names its keys"
                for name in names.split():
                    assert name in text, f"{game}, {when}: {text!r} says {name}"
                named += key_names(names)
                for key in key_names(names):
                    meanings[game].setdefault(key, set()).add(when)
            assert len(named) == len(set(named)), f"{game}, {when}: a key twice in one list: {named}"
    # Dominuxen's D, B and S, which its one list gave two meanings each, are now in lists apart
    assert {"D", "B", "S"} <= {key for key, steps in meanings["dominuxen"].items() if len(steps) > 1}


@pytest.fixture
def phone(request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page on a touch screen alone, as a phone's browser is (no mouse: pointer coarse, no hover)."""
    browser: Browser = request.getfixturevalue("browser")
    context = browser.new_context(viewport=PHONE_IN_BROWSER, has_touch=True, is_mobile=True, service_workers="block")
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def arsene_choosing() -> pg.Game:
    game = pg.new_game("arsene", seed=7)
    assert game.current_player == 0 and game.view(0)["phase"] == "choose"
    return game


def on_schedule_voting() -> pg.Game:
    game = pg.new_game("on_schedule", seed=6)
    assert game.current_player == 0 and game.view(0)["phase"] == "vote"
    return game


def chains_moving() -> pg.Game:
    game = pg.new_game("chains", seed=3)  # the solitaire: "Draw (D), move a slot's top card …"
    assert game.current_player == 0
    return game


def chains_placing() -> pg.Game:
    game = chains_moving()
    game.apply({"type": "draw"})  # "Put the 7 on the work pile (W) or on a slot (1–5)."
    assert game.current_player == 0 and any(action["type"] != "draw" for action in game.legal_actions())
    return game


def roller_derby_rolling() -> pg.Game:
    game = pg.new_game("roller_derby", seed=1)
    while game.current_player != 0 or {action["type"] for action in game.legal_actions()} != {"roll"}:
        game.apply(game.legal_actions()[0])
    return game


def dominuxen_drawing() -> pg.Game:
    game = hit_human_left_to_answer()
    game.apply({"type": "discard"})
    assert game.current_player == 0 and game.view(0)["phase"] == "draw"
    return game


@pytest.mark.parametrize("position", [arsene_choosing, on_schedule_voting, dominuxen_drawing, chains_moving,
                                      chains_placing, roller_derby_rolling])
def test_a_touch_screen_hears_of_no_key(phone: Page, site_url: str, artifacts: Path, position) -> None:
    """The status lines that name keys on a computer ("(keys 1–3)", "(S)") name none on a phone;
    neither do the buttons' key marks, the rules dialog (no Keys section) or the picker's help."""
    game = position()
    resume_position(phone, site_url, game)
    wait_for_turn_or_summary(phone)
    status = phone.inner_text("#status")
    assert status and not KEY_TALK.search(status), status
    assert phone.evaluate("() => [...document.querySelectorAll('kbd')].every(k => k.offsetParent === null)")
    phone.screenshot(path=str(artifacts / f"touch-{position.__name__}.png"))
    phone.click("#help-button")
    expect(phone.locator("#help-title")).to_be_visible()
    expect(phone.locator("#rules-keys")).to_have_count(0)
    assert not KEY_TALK.search(phone.inner_text(".rules-toc"))


def test_a_touch_screens_hand_over_says_tap_only(phone: Page, site_url: str) -> None:
    open_site(phone, site_url)
    start_with_people(phone, "dominuxen", DOMINUXEN_SEED, [0, 1])
    next_moment(phone)
    take_dominuxen_turn(phone)
    assert next_moment(phone) == "hand-over"
    text = phone.inner_text("#hand-over")
    assert "tap when ready" in text and not KEY_TALK.search(text), text
