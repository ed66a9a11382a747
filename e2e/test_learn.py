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
    step_through_in_view,
    stored_save,
    wait_for_turn_or_summary,
)
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg
from pygames_core.engine.howto import MARKS, is_shipped

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
    marked = sum(any(p.get(mark) for mark in MARKS) for section in document["sections"] for p in section["paragraphs"])
    expect(page.locator("#help p.decision .decision-mark")).to_have_count(marked)
    expect(page.locator("#help .rules-toc a")).to_have_count(len(document["sections"]) + 1)  # and the keys
    # the first example, stepped inside the dialog
    section = next(section for section in document["sections"] if "example" in section)
    page.click(f'#help .rules-toc a[href="#rules-{section["id"]}"]')
    frame_element = page.locator(f'#help iframe[data-example="{section["example"]}"]')
    assert f"lang={lang}" in frame_element.get_attribute("src")
    frame = page.frame_locator(f'#help iframe[data-example="{section["example"]}"]')
    expect(frame.locator("#embed-step")).to_have_attribute("data-step", "0")
    # the frame takes the height its content needs (its pygames:height message), up to the room under the
    # dialog's title bar, its table scaled to fit: its content fills it, with nothing to scroll inside
    page.wait_for_function("""frame => { const inside = frame.contentDocument.documentElement;
      const gap = frame.clientHeight - inside.getBoundingClientRect().height;
      return gap >= -1 && gap < 10; }""", arg=frame_element.element_handle())
    frame.locator("#embed-next").click()
    expect(frame.locator("#embed-step")).to_have_attribute("data-step", "1")
    expect(page.locator("#help")).to_be_visible()  # still in the dialog
    page.screenshot(path=str(artifacts / f"learn-rules-example-{size}-{lang}.png"))


MARK_LABELS = {"en": {"decision": "Our decision", "reconstruction": "Our reconstruction", "addition": "Our addition"},
               "ja": {"decision": "このサイトの決定", "reconstruction": "このサイトによる復元",
                      "addition": "このサイトの追加"}}


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game_id", ["apples", "on_schedule"])
def test_rules_label_each_kind_of_mark_and_end_on_first_tips(new_context: Callable[..., BrowserContext], site_url: str,
                                                              artifacts: Path, lang: str, game_id: str) -> None:
    """Each marked paragraph says what kind of mark it is (a decision where the original is silent, a rule
    rebuilt where it is lost, the project's addition), in the page's language; the first tips follow the
    rules. Screenshots of the tips at a phone's size in its browser."""
    page = new_context(viewport=PHONE_IN_BROWSER, locale=LOCALES[lang]).new_page()
    open_site(page, site_url)
    open_rules_from_picker(page, game_id)
    document = pg.how_to_play(game_id)
    for mark, label in MARK_LABELS[lang].items():
        wanted = [p[lang] for section in document["sections"] for p in section["paragraphs"] if p.get(mark)]
        shown = page.locator(f'#help p[data-mark="{mark}"]')
        expect(shown).to_have_count(len(wanted))
        for index, text in enumerate(wanted):
            expect(shown.nth(index).locator(".decision-mark")).to_have_text(label)
            expect(shown.nth(index)).to_contain_text(text)
    tips = page.locator("#rules-tips")
    tips.scroll_into_view_if_needed()
    expect(tips.locator("h3")).to_have_text("First tips" if lang == "en" else "はじめのコツ")
    tip_count = len(next(s for s in document["sections"] if s["id"] == "tips")["paragraphs"])
    expect(tips.locator("p")).to_have_count(tip_count)
    page.screenshot(path=str(artifacts / f"learn-tips-{game_id}-{lang}.png"))
    marked = page.locator('#help p[data-mark]:not([data-mark="decision"])').first
    marked.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"learn-marks-{game_id}-{lang}.png"))


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_rules_on_a_phone_close_from_anywhere_and_step_each_example_in_view(
        new_context: Callable[..., BrowserContext], site_url: str, game_id: str) -> None:
    """A phone in its browser (390×664): at the end of every section the × that closes the rules is in
    view, and every example steps with its caption, its Back and Next buttons and its table (or the deal
    summary an example ends on) in view below the rules' title bar, without scrolling."""
    page = new_context(viewport=PHONE_IN_BROWSER, locale="en-US").new_page()
    open_site(page, site_url)
    open_rules_from_picker(page, game_id)
    close = page.locator("#help-close")
    expect(close).to_have_accessible_name("Close this page")
    screen = PHONE_IN_BROWSER["height"]
    for section in pg.how_to_play(game_id)["sections"]:
        page.locator(f'#help .rules-section[data-section="{section["id"]}"]').evaluate(
            "(section) => section.scrollIntoView({ block: 'end' })")
        box = close.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= screen, section["id"]
        if "example" not in section:
            continue
        frame = page.locator(f'#help iframe[data-example="{section["example"]}"]')
        frame.evaluate("(frame) => frame.scrollIntoView({ block: 'start' })")
        bar = page.locator("#help .help-bar").bounding_box()
        assert bar is not None
        step_through_in_view(page, frame, bar["y"] + bar["height"], screen,
                             shot=f"learn-rules-phone-{game_id}-{section['id']}")
    close.click()
    expect(page.locator("#help")).to_be_hidden()


@pytest.mark.parametrize(("lang", "name"), [("en", "Close this page"), ("ja", "このページを閉じる")])
def test_rules_close_by_their_cross_the_backdrop_or_escape(new_context: Callable[..., BrowserContext], site_url: str,
                                                          lang: str, name: str) -> None:
    page = new_context(viewport=LAPTOP, locale=LOCALES[lang]).new_page()
    open_site(page, site_url)
    help_dialog = page.locator("#help")
    for close in (lambda: page.mouse.click(5, 5), lambda: page.keyboard.press("Escape"),
                  lambda: page.click("#help-close")):
        open_rules_from_picker(page, "arsene")
        expect(page.locator("#help-close")).to_have_accessible_name(name)
        close()
        expect(help_dialog).to_be_hidden()
    page.click("#help-button")  # the picker's short help: the same way out
    expect(page.locator("#help-close")).to_have_accessible_name(name)
    page.mouse.click(5, 5)
    expect(help_dialog).to_be_hidden()


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
    # the reason in the game's terms, from the search's play-outs over orders of the deck: the runs closed
    expect(line).to_contain_text(
        re.compile(r"possible orders? of the cards you cannot see, you close (all ten|\d+ of the ten) runs"))
    assert not re.search(r"out of 100|\d+ against \d+", line.text_content())
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
    """The hint's line in words for each kind of reason pygames_core.hint gives: what the move's play-outs
    end in, in the game's terms (from Python), against the next best move or about as good as it; a blind
    choice; a cube decision against the chance it turns at — never a bare value."""
    open_site(page, site_url)
    said = page.evaluate("""async () => {
      const { hintWords } = await import('./src/learn.js');
      const { setLanguage } = await import('./src/i18n.js');
      const names = { '7S': 'play the 7♠', KH: 'play the K♥' };
      const renderer = { describeAction: (action) => names[action.card] };
      const play = (card) => ({ type: 'play', card });
      const store = { en: 'you end on 3 tricks and rob store 3', ja: '3トリックで終わり、店3から盗む' };
      const hints = [
        { action: play('7S'), reason: { kind: 'search', samples: 43, value: 0.64,
          effect: { en: 'you win the trick', ja: 'このトリックに勝つ' }, outcome: { text: store, count: 31, of: 43 },
          runner_up: { action: play('KH'), value: 0.51, as_good: false, outcome: { count: 12, of: 43 } } } },
        { action: play('7S'), reason: { kind: 'search', samples: 60, value: 0.5, runner_up: null,
          outcome: { text: store, count: 20, of: 60 } } },
        { action: play('7S'), reason: { kind: 'forced' } },
        { action: { type: 'take' }, reason: { kind: 'cube', win_chance: 0.3312, threshold: 0.25, decision: 'take' } },
        { action: play('7S'), reason: { kind: 'search', samples: 9, value: 1, runner_up: null,
          text: { en: 'A win was found.', ja: '勝ち筋が見つかりました。' } } },
        { action: play('7S') },
        // the search kept the steady move though the next best scored a little more: it cannot tell them apart
        { action: play('7S'), reason: { kind: 'search', samples: 4, value: 0.21,
          outcome: { text: store, count: 2, of: 4 },
          runner_up: { action: play('KH'), value: 0.24, as_good: true, outcome: { count: 3, of: 4 } } } },
        { action: { type: 'choose', index: 0 }, reason: { kind: 'blind',
          text: { en: 'any of the three will do: they are face down',
                  ja: '3枚とも伏せられていて、どれでも同じです' } } },
        { action: { type: 'pass' }, reason: { kind: 'cube', win_chance: 0.18, threshold: 0.25, decision: 'pass' } },
        { action: { type: 'double' }, reason: { kind: 'cube', win_chance: 0.41, threshold: 0, decision: 'double' } },
        { action: play('7S'), reason: { kind: 'search', samples: 40, value: 0.5,
          runner_up: { action: play('KH'), value: 0.49, as_good: true } } },
        { action: play('7S'), reason: { kind: 'search', samples: 1, value: 0.5, runner_up: null,
          outcome: { text: store, count: 1, of: 1 } } },
        { action: play('7S'), reason: { kind: 'search', samples: 8, value: 0.78,
          outcome: { text: { en: 'you are caught by the police', ja: 'ポリスに捕まる' }, count: 0, of: 8 },
          runner_up: { action: play('KH'), value: 0.5, as_good: false, outcome: { count: 8, of: 8 } } } },
        // clearly better, though not by the share of its outcome: no count to set against it
        { action: play('7S'), reason: { kind: 'search', samples: 30, value: 0.8,
          outcome: { text: store, count: 30, of: 30 },
          runner_up: { action: play('KH'), value: 0.6, as_good: false } } },
      ];
      const out = {};
      for (const lang of ['en', 'ja']) {
        setLanguage(lang, { remember: false });
        out[lang] = hints.map((hint) => hintWords(hint, {}, renderer));
        // a game whose hidden part is a deck's order (Chains): its samples are orders, not deals
        out[`${lang}Orders`] = hintWords(hints[1], {}, { ...renderer, sampled: 'orders' });
      }
      setLanguage('en', { remember: false });
      out.plain = hintWords(hints[2], {}, {});  // a renderer without describeAction: the reason alone
      return out;
    }""")
    assert said["en"] == [
        "Play the 7♠ — you win the trick; in 31 of 43 deals dealt from what you can see, you end on 3 tricks and "
        "rob store 3 (play the K♥ instead: 12 of 43)",
        "Play the 7♠ — in 20 of 60 deals dealt from what you can see, you end on 3 tricks and rob store 3",
        "Play the 7♠ — it is your only legal move",
        "Your side wins about 33% of the time: at least the 25% from which taking is better than passing",
        "Play the 7♠ — A win was found.",
        "Play the 7♠",
        "Play the 7♠ — or play the K♥, about as good: in 2 of 4 deals dealt from what you can see, you end on 3 tricks "
        "and rob store 3",
        "Any of the three will do: they are face down",
        "Your side wins only about 18% of the time, less than the 25% from which taking would be better than passing",
        "The other side wins the match by winning this game anyway, so doubling can only help "
        "(your side wins about 41% of the time)",
        "Play the 7♠ — or play the K♥, about as good in 40 deals dealt from what you can see",
        "Play the 7♠ — in 1 of 1 deal dealt from what you can see, you end on 3 tricks and rob store 3",
        # an end the move avoids and the next best always reaches
        "Play the 7♠ — if you play the K♥ instead, in 8 of 8 deals dealt from what you can see, you are caught by "
        "the police; never with this move",
        "Play the 7♠ — in 30 of 30 deals dealt from what you can see, you end on 3 tricks and rob store 3 "
        "(better than if you play the K♥)",
    ]
    assert said["enOrders"] == ("Play the 7♠ — in 20 of 60 possible orders of the cards you cannot see, "
                                "you end on 3 tricks and rob store 3")
    assert said["ja"][0] == ("Play the 7♠ — このトリックに勝つ。見えている情報から配った43通りのうち31通りで、"
                             "3トリックで終わり、店3から盗む（play the K♥なら43通り中12通り）")
    assert said["ja"][3] == "あなたの側が勝つ見込みは約33%で、テイクがパスより得になる25%以上です"
    assert said["ja"][6] == ("Play the 7♠ — play the K♥のとほぼ同じくらい良い手（"
                             "見えている情報から配った4通りのうち2通りで、3トリックで終わり、店3から盗む）")
    assert said["ja"][12] == ("Play the 7♠ — play the K♥と、見えている情報から配った8通りのうち8通りで、ポリスに捕まる"
                              "（この手ならそうなりません）")
    assert said["ja"][13] == ("Play the 7♠ — 見えている情報から配った30通りのうち30通りで、"
                              "3トリックで終わり、店3から盗む（play the K♥より良い手）")
    assert said["plain"] == "It is your only legal move"
    for line in said["en"] + said["ja"]:  # no value as a reason: the old "64 against 51", "50 out of 100", "点"
        assert not re.search(r"out of 100|\d+ against \d+|100点満点|\d+点", line), line


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
    # while a hint is thought (as web/site/site.js draws the button then, for the few hundred milliseconds it
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
