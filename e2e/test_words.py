"""The English every table says, read as a newcomer reads it: each renderer's narration, move words and
drawn table over a whole game played by bots, seen from seat 0 (the player called "You"), and the
words of seat 0's own moves (describeAction speaks for the snapshot's seat).

The games are played in CPython and turned into frames by the bridge's own replay (a snapshot of seat
0 and the events of every step); the page's renderers, loaded as the site ships them, put each frame
into words and draw it. No Python runs in the page, so the test is quick.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import pygames_core as pg
from pygames_core.app.bridge import replay

# Games long enough that every kind of sentence comes up: a pile dying and an 8 turned up in Chains,
# two thieves colliding in Arsène, a rolling team taking more tricks than its target in Roller Derby.
GAMES = [("chains", 3, 1), ("chains", 1, 2), ("arsene", None, 1), ("roller_derby", None, 1), ("apples", None, 1),
         ("on_schedule", None, 1), ("dominuxen", 4, 1), ("dominuxen", 3, 2)]

# Sentences no English reader should meet, each with what it is.
WRONG = [
    (re.compile(r"\bYou's\b"), "the possessive of You is Your"),
    (re.compile(r"\b[Yy]ou (?!always\b)(?:[a-z]*[^s\W]s|is|has|was)\b"), "You takes the verb without -s"),
    (re.compile(r"\ba (?:8|11|18|[Aa]ce|[Ee]ight)\b"), "an 8, an ace"),
    (re.compile(r"\b(?:You|South|West|North|East), (?:South|West|North|East)\b(?! and)(?!,)(?!'s)"),
     "two names are joined by and"),
    (re.compile(r"\bpts ×2\b|\d ×2\b"), "a doubled count is said as doubled"),
]

TEXTS = """async ({ game, frames }) => {
  const { rendererOf } = await import('./src/games/index.js');
  const { setLanguage } = await import('./src/i18n.js');
  setLanguage('en', { remember: false });
  const root = document.createElement('div');
  document.body.append(root);
  const table = rendererOf(game).createTable(root, { act: () => {} });
  const texts = [];
  frames.forEach((frame, i) => {
    table.render(frame.snapshot, { myTurn: false, keyboard: false, events: frame.events });
    const marks = [...root.querySelectorAll('[aria-label], [title]')]
      .flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]).filter(Boolean);
    texts.push(root.innerText, ...marks, ...table.narrate(frame.events, frame.snapshot));
    if (i > 0 && frame.mover === 0) texts.push(table.describeAction(frame.action, frames[i - 1].snapshot));
  });
  root.remove();
  return texts;
}"""


def played(game_id: str, players: int | None, seed: int) -> dict[str, Any]:
    game = pg.new_game(game_id, players=players, seed=seed)
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    return replay(game.to_json(), 0)


@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES)
def test_the_english_of_a_whole_game_reads_right(page: Page, site_url: str, game_id: str, players: int | None,
                                                 seed: int) -> None:
    page.goto(f"{site_url}embed.html?words")
    frames = played(game_id, players, seed)["frames"]
    texts: list[str] = page.evaluate(TEXTS, {"game": game_id, "frames": frames})
    assert len(texts) > len(frames)
    wrong = sorted({f"{why}: {match.group(0)!r} in {text[:150]!r}" for text in texts for pattern, why in WRONG
                    for match in [pattern.search(text)] if match})
    # "have 7 of the 6 tricks they need": a count past the need is said as more than it
    past = [text for text in texts for had, of in re.findall(r"have (\d+) of the (\d+)", text) if int(had) > int(of)]
    assert not wrong, "\n".join(wrong)
    assert not past, "\n".join(past)


# The compact marks of each table, which say what they mean only on hover and to a screen reader (a
# title or an aria-label) and in the legend the rules dialog lists with the keys.
MARKS = {
    ("dominuxen", 4, 1): [".dx-earlier li"],
    ("chains", 3, 1): [".ch-opp-slot", ".ch-end-seat", ".ch-end.locked"],
    ("apples", None, 1): [".hand .card.received"],
    ("on_schedule", None, 1): [".vote-tally", ".mark-double"],
}
LEGENDS = {"dominuxen": ["4×12", "×3"], "chains": ["1✓", "×3"], "apples": ["exchange pile"],
           "on_schedule": ["2×", "×2"]}

UNLABELLED = """async ({ game, frames, selectors }) => {
  const { rendererOf } = await import('./src/games/index.js');
  const root = document.createElement('div');
  document.body.append(root);
  const table = rendererOf(game).createTable(root, { act: () => {} });
  const seen = Object.fromEntries(selectors.map((selector) => [selector, 0]));
  const bare = [];
  for (const frame of frames) {
    table.render(frame.snapshot, { myTurn: false, keyboard: false, events: frame.events });
    for (const selector of selectors) {
      for (const mark of root.querySelectorAll(selector)) {
        seen[selector] += 1;
        const named = mark.getAttribute('title') || mark.getAttribute('aria-label');
        if (!named) bare.push(`${selector}: ${mark.outerHTML}`);
      }
    }
  }
  root.remove();
  return { seen, bare: [...new Set(bare)].slice(0, 5) };
}"""


@pytest.mark.parametrize(("game_id", "players", "seed"), list(MARKS))
def test_every_mark_on_a_table_says_what_it_means(page: Page, site_url: str, game_id: str, players: int | None,
                                                  seed: int) -> None:
    page.goto(f"{site_url}embed.html?marks")
    frames = played(game_id, players, seed)["frames"]
    found = page.evaluate(UNLABELLED, {"game": game_id, "frames": frames, "selectors": MARKS[game_id, players, seed]})
    assert all(found["seen"].values()), found["seen"]  # each kind of mark came up in the game
    assert found["bare"] == []
    # and the rules dialog's list of the table's marks says what they mean, in both languages
    for lang, legend in (("en", LEGENDS[game_id]), ("ja", None)):
        page.goto(f"{site_url}?pace=0&lang={lang}")
        page.evaluate(f"localStorage.setItem('pygames.lang', '{lang}')")
        page.reload()
        page.click(f'.how-to-play[data-rules="{game_id}"]')
        marks = page.locator("#rules-marks")
        expect(marks).to_be_visible()
        for mark in legend or [LEGEND_JA[game_id]]:
            expect(marks).to_contain_text(mark)


LEGEND_JA = {"dominuxen": "12×4枚", "chains": "「1✓」", "apples": "交換の山", "on_schedule": "2票"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_summarys_header_breaks_between_words(page: Page, site_url: str, artifacts: Path, lang: str) -> None:
    """Apples' deal summary at a phone's width: 「プレイヤー・ターゲット」 breaks after the dot, not
    inside 「プレイヤー」 or 「ターゲット」."""
    page.set_viewport_size({"width": 390, "height": 664})
    page.goto(f"{site_url}embed.html?summary")
    frames = played("apples", None, 1)["frames"]
    deal_over = next(frame for frame in frames if any(event["type"] == "deal_over" for event in frame["events"]))
    lines = page.evaluate("""async ({ frame, lang }) => {
      const { rendererOf } = await import('./src/games/index.js');
      const { setLanguage } = await import('./src/i18n.js');
      setLanguage(lang, { remember: false });
      const dialog = document.createElement('dialog');  // the summary dialog, as index.html has it
      dialog.className = 'summary';
      document.body.append(dialog);  // beside the embed's own elements, which its code still reads
      dialog.showModal();
      const table = rendererOf('apples').createTable(document.createElement('div'), { act: () => {} });
      const summary = frame.events.find((event) => event.type === 'deal_over').summary;
      dialog.append(table.dealSummary(summary, frame.snapshot));
      return [...dialog.querySelectorAll('thead th')].map((th) => {
        const text = th.firstChild;
        const range = document.createRange();
        const lines = [];
        let top = null;
        for (let i = 0; i < text.length; i += 1) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const y = Math.round(range.getBoundingClientRect().top);
          if (top === null || Math.abs(y - top) > 2) lines.push('');
          top = y;
          lines[lines.length - 1] += text.data[i];
        }
        return lines;
      });
    }""", {"frame": deal_over, "lang": lang})
    words = {"ja": ["プレイヤー", "ターゲット", "セット", "今回", "合計"],
             "en": ["Player", "target", "Sets", "Deal", "Total"]}[lang]
    for header in lines:
        text = "".join(header)
        breaks = list(itertools.accumulate(len(line) for line in header))[:-1]
        for word in words:
            for found in re.finditer(re.escape(word), text):
                assert not [at for at in breaks if found.start() < at < found.end()], header
    page.screenshot(path=str(artifacts / f"words-apples-summary-header-{lang}.png"))


@pytest.mark.parametrize(("lang", "said"), [("en", "Won by West and North."), ("ja", "勝者：西と北。")])
def test_the_generic_tables_winners_are_one_list(page: Page, site_url: str, lang: str, said: str) -> None:
    """A game without a renderer of its own (generic.js) names several winners as a list in a sentence
    (it joined them with the text of a key no table defined, "WestseatListNorth")."""
    page.goto(f"{site_url}embed.html?summary")
    line = page.evaluate("""async (lang) => {
      const { rendererOf } = await import('./src/games/index.js');
      const { setLanguage } = await import('./src/i18n.js');
      setLanguage(lang, { remember: false });
      const table = rendererOf('an added game').createTable(document.createElement('div'), { act: () => {} });
      const view = { seat: 0, players: 4 };
      return table.finalSummary({ view, result: { winners: [1, 2] } }).querySelector('.gn-winners').textContent;
    }""", lang)
    assert line == said
