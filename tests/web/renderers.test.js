// Each game's renderer (web/games/*.js, and generic.js for a third-party game) in words: describeAction, the player's options as the hint's
// reason and the captions say them, and narrate, a step's events told to the player ("Explain as we
// play"), on whole games the Python rules played (tests/web/record_play.py), in English and Japanese.
import "./browser.js";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { rendererOf } from "../../web/games/index.js";
import { setLanguage } from "../../web/i18n.js";
import { seatName } from "../../web/seats.js";
import { recorded } from "./recorded.js";

// Each game at its smallest table; Chains alone too (its solitaire) and at a table of two; and the
// example of a third-party game (examples/german_whist) and the generic table's test game of six (tests/games/sevens),
// which the generic table draws.
const TABLES = ["arsene/4", "chains/1", "chains/2", "on_schedule/4", "dominuxen/3", "apples/4", "roller_derby/4",
  "german_whist/2", "sevens/6"];
const games = recorded(...TABLES);
const LANGUAGES = ["en", "ja"];
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/; // kana or kanji

// What a sentence shows when a text or a value is missing: a key of the string tables left as it is
// ("ch_dealN", "seat_south"), a placeholder, or a value that was not there.
const MISSING = /undefined|null|NaN|\[object|[{}]|\b[a-z]+(?:[A-Z]|_[a-z])[A-Za-z_]*\b/;

function assertSaid(text, language, where) {
  assert.equal(typeof text, "string", where);
  assert.ok(text.trim() !== "", `${where}: nothing said`);
  assert.doesNotMatch(text, MISSING, `${where}: “${text}”`);
  if (language === "ja") assert.match(text, JAPANESE, `${where}: “${text}” is not Japanese`);
}

// Each language in turn, the page's language set to it.
function inEach(body) {
  for (const language of LANGUAGES) {
    setLanguage(language, { remember: false });
    body(language);
  }
  setLanguage("en", { remember: false });
}

for (const table of TABLES) {
  const { steps, finished } = games[table];
  const game = table.split("/")[0];
  // a table of the game as the page makes one; these two draw nothing (no root is needed)
  const { describeAction, narrate } = rendererOf(game).createTable(null, { act() {} });
  const decisions = steps.map(({ before }) => before).filter((snap) => snap.current_player === snap.seat && snap.legal.length);

  describe(`${table}: ${steps.length} steps, ${decisions.length} decisions of the player`, () => {
    test("every legal action of the player's decisions is said, each differently", () => {
      inEach((language) => {
        for (const snap of decisions) {
          const said = snap.legal.map((action) => describeAction(action, snap));
          said.forEach((text, i) => assertSaid(text, language, `${language}, move ${snap.moves}, ${JSON.stringify(snap.legal[i])}`));
          assert.equal(new Set(said).size, said.length, `${language}, move ${snap.moves}: two options said alike: ${said.join(" / ")}`);
        }
      });
    });

    test("every step's events are told in sentences of the page's language", () => {
      inEach((language) => {
        for (const { events, after } of steps) {
          const sentences = narrate(events, after);
          assert.ok(Array.isArray(sentences));
          sentences.forEach((text) => assertSaid(text, language, `${language}, move ${after.moves}, ${JSON.stringify(events)}`));
        }
      });
    });

    test("another seat's move, when told (a bot setting cards aside may not be), names that seat", () => {
      inEach((language) => {
        let told = 0;
        for (const { events, after } of steps) {
          const actor = events[0]?.seat;
          if (actor === undefined || actor === null || actor === after.seat) continue;
          const sentences = narrate(events, after);
          if (sentences.length === 0) continue;
          assert.ok(sentences.join(" ").includes(seatName(after.view, actor)),
            `${language}, move ${after.moves}: “${sentences.join(" ")}” does not name ${seatName(after.view, actor)}`);
          told += 1;
        }
        assert.equal(told > 0, finished[0].view.players > 1, "the others' moves were told (a solitaire has none)");
      });
    });

    test("the game's end is told, with its winners", () => {
      const last = finished[0];
      inEach((language) => {
        const sentences = narrate(steps.at(-1).events, last);
        assert.ok(sentences.length > 0, `${language}: the last step is untold`);
        const names = last.result.winners.map((seat) => seatName(last.view, seat));
        if (names.length) {
          assert.ok(names.some((name) => sentences.join(" ").includes(name)), `${language}: “${sentences.join(" ")}” names no winner (${names})`);
        }
      });
    });
  });
}

// A deal's number is its seed, from which anyone deals every hand again: the home's line of a Chains
// game in progress says it for a solitaire only (no one else's cards to see), as the table does; at a
// table of several people at one device it would show each of them the others' cards.
test("Chains names its deal in the home's line of a game in progress for a solitaire only", () => {
  const { progress } = rendererOf("chains");
  const [alone, together] = ["chains/1", "chains/2"].map((table) => games[table].steps[0].before);
  assert.ok(alone.view.solitaire && !together.view.solitaire && together.deal !== null);
  assert.ok(progress(alone).includes(alone.deal), progress(alone));
  assert.ok(!progress(together).includes(together.deal), progress(together));
});
