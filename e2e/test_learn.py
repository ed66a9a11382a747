"""Learning a game in the app: the picker's pitch, players and length; the rules dialog from the picker
and from the table (opening at its top, its examples stepped inside it, English and Japanese, from
Python when the file cannot be fetched); the focus after Start; the hint's line; "Explain as we play";
the top bar's tools at phone width. Screenshots of each at phone and laptop sizes, in both languages."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import (
    LAPTOP,
    PHONE,
    PHONE_IN_BROWSER,
    assert_play_in_view,
    open_site,
    start_game,
    stored_save,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg
from pygames_core.engine.howto import is_shipped

# The games that ship a how-to-play document (every listed one: tests/test_howto.py checks that).
DOCUMENTED = [game["id"] for game in pg.list_games() if is_shipped(game["id"])]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
LOCALES = {"en": "en-US", "ja": "ja-JP"}
CHAINS_SOLITAIRE = {"game": "chains", "seed": 1, "options": {"mode": "beginner"}}
TITLE_IN_VIEW_JS = """() => {
  const box = document.getElementById('help-title').getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight;
}"""


def first_game_with_examples() -> str:
    return next(game_id for game_id in DOCUMENTED if any("example" in s for s in pg.how_to_play(game_id)["sections"]))


def open_rules_from_picker(page: Page, game_id: str) -> None:
    page.click(f'.how-to-play[data-rules="{game_id}"]')
    expect(page.locator("#help .rules-section[data-section]")).to_have_count(len(pg.how_to_play(game_id)["sections"]))


def assert_opened_at_the_top(page: Page) -> None:
    assert page.evaluate("document.getElementById('help').scrollTop") == 0
    assert page.evaluate(TITLE_IN_VIEW_JS)
    assert page.evaluate("document.activeElement.id") == "help-title"  # the focus is on the dialog, at its top


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LOCALES)
def test_picker_shows_each_games_pitch_players_and_length(new_context: Callable[..., BrowserContext], site_url: str,
                                                         artifacts: Path, size: str, lang: str) -> None:
    page = new_context(viewport=SIZES[size], locale=LOCALES[lang]).new_page()
    open_site(page, site_url)
    for game_id in DOCUMENTED:
        document = pg.how_to_play(game_id)
        choice = page.locator(f'.game-choice[data-game="{game_id}"]')
        expect(choice).to_contain_text(document["pitch"][lang])
        expect(choice).to_contain_text(document["length"][lang])
        expect(page.locator(f'.how-to-play[data-rules="{game_id}"]')).to_be_visible()
    players = "4 players" if lang == "en" else "4人"
    expect(page.locator('.game-choice[data-game="arsene"]')).to_contain_text(players)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=str(artifacts / f"learn-picker-{size}-{lang}.png"), full_page=True)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LOCALES)
def test_rules_from_the_picker_open_at_the_top_and_step_an_example(new_context: Callable[..., BrowserContext],
                                                                   site_url: str, artifacts: Path, size: str,
                                                                   lang: str) -> None:
    page = new_context(viewport=SIZES[size], locale=LOCALES[lang]).new_page()
    open_site(page, site_url)
    game_id = first_game_with_examples()
    document = pg.how_to_play(game_id)
    open_rules_from_picker(page, game_id)
    title = next(game["title"][lang] for game in pg.list_games() if game["id"] == game_id)
    expect(page.locator("#help-title")).to_contain_text(title)
    assert_opened_at_the_top(page)
    page.screenshot(path=str(artifacts / f"learn-rules-{size}-{lang}.png"))
    # every section in order, each decision marked, a table of contents to jump to each
    shown = page.eval_on_selector_all("#help .rules-section[data-section]", "all => all.map(s => s.dataset.section)")
    assert shown == [section["id"] for section in document["sections"]]
    decisions = sum(p.get("decision", False) for section in document["sections"] for p in section["paragraphs"])
    expect(page.locator("#help p.decision .decision-mark")).to_have_count(decisions)
    expect(page.locator("#help .rules-toc a")).to_have_count(len(document["sections"]) + 1)  # and the keys
    # the first example, stepped inside the dialog
    section = next(section for section in document["sections"] if "example" in section)
    page.click(f'#help .rules-toc a[href="#rules-{section["id"]}"]')
    frame_element = page.locator(f'#help iframe[data-example="{section["example"]}"]')
    assert f"lang={lang}" in frame_element.get_attribute("src")
    frame = page.frame_locator(f'#help iframe[data-example="{section["example"]}"]')
    expect(frame.locator("#embed-step")).to_have_attribute("data-step", "0")
    # the frame takes the height its content needs (its pygames:height message)
    page.wait_for_function("""frame => { const inside = frame.contentDocument.documentElement;
      return Math.abs(frame.getBoundingClientRect().height - inside.getBoundingClientRect().height) < 2; }""",
                           arg=frame_element.element_handle())
    frame.locator("#embed-next").click()
    expect(frame.locator("#embed-step")).to_have_attribute("data-step", "1")
    expect(page.locator("#help")).to_be_visible()  # still in the dialog
    page.screenshot(path=str(artifacts / f"learn-rules-example-{size}-{lang}.png"))


def test_rules_from_the_table_then_the_pickers_general_help(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, game="arsene", seed=11)
    page.keyboard.press("?")
    expect(page.locator("#help-title")).to_have_text("How to play Arsène")
    expect(page.locator("#help .rules-section[data-section]")).to_have_count(len(pg.how_to_play("arsene")["sections"]))
    assert_opened_at_the_top(page)
    keys = page.locator("#rules-keys li")
    expect(keys).to_contain_text(["U undoes", "S shares the game", "N starts a new game", "? opens this page"])
    page.keyboard.press("Escape")
    page.click("#new-game")
    page.click("#help-button")  # the picker: a short help, and each game's rules from it
    expect(page.locator("#help-title")).to_have_text("Help")
    other = DOCUMENTED[-1]
    page.click(f'#help [data-rules="{other}"]')
    title = next(game["title"]["en"] for game in pg.list_games() if game["id"] == other)
    expect(page.locator("#help-title")).to_have_text(f"How to play {title}")
    assert_opened_at_the_top(page)


def test_rules_follow_the_language_switch(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    open_rules_from_picker(page, "arsene")
    expect(page.locator("#help-title")).to_have_text("How to play Arsène")
    page.keyboard.press("Escape")
    page.select_option("#language", "ja")
    open_rules_from_picker(page, "arsene")
    expect(page.locator("#help-title")).to_have_text("アルセーヌの遊び方")
    first_paragraph = pg.how_to_play("arsene")["sections"][0]["paragraphs"][0]["ja"]
    expect(page.locator("#help .rules-section").first).to_contain_text(first_paragraph)
    for source in page.eval_on_selector_all("#help iframe", "all => all.map(f => f.getAttribute('src'))"):
        assert "lang=ja" in source


def test_rules_come_from_python_when_the_file_cannot_be_fetched(page: Page, site_url: str) -> None:
    page.route("**/howto/*.json", lambda route: route.abort())
    open_site(page, site_url)
    open_rules_from_picker(page, "arsene")  # the bridge's how_to_play: the documents are in the wheel
    expect(page.locator("#help .rules-pitch")).to_have_text(pg.how_to_play("arsene")["pitch"]["en"])


def test_focus_after_start_is_on_the_tables_control(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, **CHAINS_SOLITAIRE)
    page.wait_for_function("() => document.activeElement.closest('#game') !== null")
    page.keyboard.press("Enter")  # at once: the deck's Draw has the focus
    expect(page.locator(".chains")).to_have_attribute("data-moves", "1")
    assert [action["type"] for action in json.loads(stored_save(page)["text"])["actions"]] == ["draw"]


def test_hint_line_on_h(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    start_game(page, **CHAINS_SOLITAIRE)
    expect(page.locator("#explain")).to_be_hidden()
    page.keyboard.press("h")
    line = page.locator("#hint-line")
    expect(line).to_be_visible()
    expect(line).not_to_be_empty()  # the solitaire's own reason in words (the solver's deck orders)
    # in the flow under the hand, never over the table
    assert page.evaluate("""() => { const area = document.getElementById('explain').getBoundingClientRect();
      const table = document.getElementById('game').getBoundingClientRect(); return area.top >= table.bottom; }""")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LOCALES)
def test_explain_as_we_play(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path, size: str,
                            lang: str) -> None:
    page = new_context(viewport=SIZES[size], locale=LOCALES[lang]).new_page()
    open_site(page, site_url)
    page.click('.game-choice[data-game="chains"]')
    expect(page.locator("#explain-choice")).to_be_checked()  # the player's first game of Chains
    start_game(page, **CHAINS_SOLITAIRE, explain=None)
    # on the player's turn the hint comes by itself, in words, above the table
    expect(page.locator("#explain")).to_be_visible()
    expect(page.locator("#hint-line")).not_to_be_empty()
    assert stored_save(page)["explain"] is True
    page.screenshot(path=str(artifacts / f"learn-explain-{size}-{lang}.png"))
    page.reload()  # a resumed game keeps it
    expect(page.locator("#hint-line")).not_to_be_empty()
    page.click("#explain-off")
    expect(page.locator("#explain")).to_be_hidden()
    page.click("#new-game")
    page.click('.game-choice[data-game="chains"]')
    expect(page.locator("#explain-choice")).not_to_be_checked()  # switched off: remembered for Chains
    page.click('.game-choice[data-game="arsene"]')
    expect(page.locator("#explain-choice")).to_be_checked()  # a game not played yet


def test_explanations_stay_on_until_switched_off(page: Page, site_url: str) -> None:
    """Left on (as offered for a first game), "Explain as we play" is still on for the next game of the
    same game: it once switched itself off the second time, though it was never unticked."""
    open_site(page, site_url)
    for _ in range(2):
        start_game(page, **CHAINS_SOLITAIRE, explain=None)  # the box as the picker offers it
        expect(page.locator("#explain")).to_be_visible()
        expect(page.locator("#hint-line")).not_to_be_empty()
        assert stored_save(page)["explain"] is True
        page.click("#new-game")
        page.click('.game-choice[data-game="chains"]')
        expect(page.locator("#explain-choice")).to_be_checked()


def test_explain_captions_after_a_bots_move(page: Page, site_url: str, artifacts: Path) -> None:
    """Dominuxen (its renderer narrates): seat 3 starts deal 0, so the bots move before the player, whose
    turn then brings the hint in words."""
    open_site(page, site_url)
    start_game(page, game="dominuxen", seed=0, level="normal", players=4, explain=True)
    expect(page.locator("#explain-log li").first).not_to_be_empty()
    expect(page.locator(".dominuxen")).to_have_attribute("data-my-turn", "true")
    expect(page.locator("#hint-line")).not_to_be_empty()
    assert page.locator("#explain-log li").count() <= 3
    page.screenshot(path=str(artifacts / "learn-explain-dominuxen-laptop-en.png"))


def test_explain_captions_keep_the_last_three_steps(page: Page, site_url: str) -> None:
    """The caption area as a renderer with narrate fills it (renderer-independent: a table of the test's
    own): the sentences of the last three steps that had something to say, newest first."""
    open_site(page, site_url)
    told = page.evaluate("""async () => {
      const { Captions } = await import('./src/learn.js');
      const root = document.createElement('section');
      document.body.append(root);
      const captions = new Captions(root, { onSwitchOff: () => {} });
      const renderer = { narrate: (events) => events.map((event) => `${event.who} played ${event.card}.`) };
      const table = { root: document.createElement('div'), explain: true, renderer, hint: null, snap: { moves: 0 },
                      events: [] };
      for (const [who, card] of [['West', '7S'], ['North', 'KH'], ['East', 'QD'], ['West', 'AS']]) {
        Object.assign(table, { events: [{ who, card }] });
        captions.record(table);
      }
      table.events = [{ type: 'nothing' }];
      captions.record({ ...table, renderer: { narrate: () => [] } });  // nothing to say: nothing kept
      captions.draw(table);
      return { hidden: root.hidden, items: [...root.querySelectorAll('#explain-log li')].map((li) => li.textContent),
               live: root.querySelector('#explain-log').getAttribute('aria-live') };
    }""")
    assert told == {"hidden": False, "items": ["West played AS.", "East played QD.", "North played KH."],
                    "live": "polite"}


def test_hint_words_for_every_kind_of_reason(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    said = page.evaluate("""async () => {
      const { hintWords } = await import('./src/learn.js');
      const { setLanguage } = await import('./src/i18n.js');
      const names = { '7S': 'play the 7♠', KH: 'the K♥' };
      const renderer = { describeAction: (action) => names[action.card] };
      const play = (card) => ({ type: 'play', card });
      const hints = [
        { action: play('7S'), reason: { kind: 'search', samples: 140, value: 0.64,
          runner_up: { action: play('KH'), value: 0.51 } } },
        { action: play('7S'), reason: { kind: 'search', samples: 60, value: 0.5, runner_up: null } },
        { action: play('7S'), reason: { kind: 'forced' } },
        { action: play('7S'), reason: { kind: 'cube', win_chance: 0.7249 } },
        { action: play('7S'), reason: { kind: 'search', samples: 9, value: 1, runner_up: null,
          text: { en: 'A win was found.', ja: '勝ち筋が見つかりました。' } } },
        { action: play('7S') },
        { action: play('7S'), reason: { kind: 'search', samples: 4, value: 0.21,
          runner_up: { action: play('KH'), value: 0.24 } } },
        { action: play('7S'), reason: { kind: 'search', samples: 400, value: 0.702,
          runner_up: { action: play('KH'), value: 0.698 } } },
      ];
      const out = {};
      for (const lang of ['en', 'ja']) {
        setLanguage(lang, { remember: false });
        out[lang] = hints.map((hint) => hintWords(hint, {}, renderer));
        // a game whose hidden part is a deck's order (Chains): its samples are orders, not deals
        out[`${lang}Orders`] = hintWords(hints[0], {}, { ...renderer, sampled: 'orders' });
      }
      setLanguage('en', { remember: false });
      out.plain = hintWords(hints[2], {}, {});  // a renderer without describeAction: the reason alone
      return out;
    }""")
    assert said["en"] == [
        "Play the 7♠ — it did best in 140 deals dealt from what you can see (64 against 51 for the K♥)",
        "Play the 7♠ — in 60 deals dealt from what you can see, it scored 50 out of 100",
        "Play the 7♠ — it is your only legal move",
        "Play the 7♠ — your side's chance of winning this game is about 72%",
        "Play the 7♠ — A win was found.",
        "Play the 7♠",
        # the search kept the steady move: the runner-up's lead was within the noise of 4 deals
        "Play the 7♠ — the steady move: in 4 deals dealt from what you can see, no other did clearly better "
        "(the K♥: 24 against 21)",
        # equal once rounded: the runner-up did as well, so the move is not called the best
        "Play the 7♠ — in 400 deals dealt from what you can see, no other did better (the K♥ did as well: 70)",
    ]
    assert said["enOrders"] == ("Play the 7♠ — it did best in 140 possible orders of the cards you cannot see "
                                "(64 against 51 for the K♥)")
    assert said["jaOrders"] == "Play the 7♠ — 見えていないカードの並び140通りで最も良い結果（64点、the K♥は51点）"
    assert said["ja"][7] == ("Play the 7♠ — 見えている情報から配った400通りで、"
                             "これを上回る手はありません（the K♥も同じ70点）")
    assert said["ja"][0] == "Play the 7♠ — 見えている情報から配った140通りで最も良い結果（64点、the K♥は51点）"
    assert said["ja"][3] == "Play the 7♠ — この勝負にあなたの側が勝つ見込みは約72%です"
    assert said["plain"] == "It is your only legal move"


@pytest.mark.parametrize("lang", LOCALES)
def test_top_bar_fits_every_tool_at_phone_width(new_context: Callable[..., BrowserContext], site_url: str,
                                                artifacts: Path, lang: str) -> None:
    page = new_context(viewport=PHONE, locale=LOCALES[lang]).new_page()
    open_site(page, site_url)
    start_game(page, **CHAINS_SOLITAIRE)
    page.click('.chains [data-target="deck"]')  # a move made: undo is offered too
    expect(page.locator(".chains")).to_have_attribute("data-moves", "1")
    tools = ["#hint", "#undo", "#share", "#new-game", "#help-button", "#language"]
    for tool in tools:
        expect(page.locator(tool)).to_be_visible()

    def check_one_row(shot: str) -> None:
        boxes = [page.locator(tool).bounding_box() for tool in tools]
        assert all(box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] for box in boxes)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert len({round(box["y"]) for box in boxes}) == 1  # one row
        page.screenshot(path=str(artifacts / f"learn-topbar-phone-{lang}{shot}.png"))

    check_one_row("")
    # while a hint is thought (as app.js draws the button then, for the few hundred milliseconds it
    # takes): its longer word once pushed the language list off the screen
    page.evaluate("""async () => {
      const { setLanguage, t } = await import("./src/i18n.js");  // a copy of the bundle's: set its language
      setLanguage(document.documentElement.lang, { remember: false });
      const hint = document.getElementById("hint");
      hint.setAttribute("aria-busy", "true");
      hint.querySelector("span").textContent = t("hintThinking");
    }""")
    expect(page.locator("#hint")).to_have_accessible_name(re.compile("Thinking|考え中"))
    check_one_row("-thinking")


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)])
@pytest.mark.parametrize(("game", "players"), [("arsene", None), ("chains", 3), ("dominuxen", 5),
                                               ("on_schedule", None), ("apples", None), ("roller_derby", None)])
def test_explaining_keeps_the_play_in_view(page: Page, site_url: str, game: str, players: int | None, size: str,
                                           viewport: dict) -> None:
    """A first game explains itself by default: the suggestion with its whole reason and the last step in
    words, under the hand, read in full on a phone in its browser and on a laptop, with the hand and the
    decision's buttons in view (assert_play_in_view checks both)."""
    page.set_viewport_size(viewport)
    open_site(page, site_url)
    start_game(page, game=game, seed=5, level="normal", players=players, explain=True)
    assert wait_for_turn_or_summary(page) != "summary"
    expect(page.locator("#hint-line")).to_be_visible()  # the suggestion of "Explain as we play", with its reason
    assert_play_in_view(page, "hand", screenshot=f"learn-explain-in-view-{game}-{size}")
