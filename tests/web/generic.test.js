// The generic table's words (web/games/generic.js) on a whole game of Sevens at six (tests/games/sevens, the
// generic table's test game, played by the Python rules: tests/web/record_play.py), in English and
// Japanese: each event told as a sentence of its own, the reader's own moves in the game's "you" form
// ("You played 7♦.", never "You played their last card and wins"), and "you" inside a sentence.
import "./browser.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { createTable } from "../../web/games/generic.js";
import { setLanguage } from "../../web/i18n.js";
import { recorded } from "./recorded.js";

const { steps } = recorded("sevens/6")["sevens/6"];
const { narrate, describeAction } = createTable(null, { act() {} });
const ENDS = { en: /^[A-Z].*\.$/, ja: /。$/ };
const YOU = { en: /^You /, ja: /^あなた/ };

function inEach(body) {
  for (const language of ["en", "ja"]) {
    setLanguage(language, { remember: false });
    body(language);
  }
  setLanguage("en", { remember: false });
}

test("each event is told as a sentence of its own", () => {
  inEach((language) => {
    for (const { events, after } of steps) {
      const said = narrate(events, after);
      // every event but the game's end, which the final summary says (the game gives it no sentence)
      const told = events.filter((event) => event.type !== "game_over");
      assert.equal(said.length, told.length, `${language}, move ${after.moves}: ${JSON.stringify(said)}`);
      for (const sentence of said) assert.match(sentence, ENDS[language], `${language}, move ${after.moves}`);
    }
  });
});

test("the reader's own moves are told in the game's sentence for them, the others' by the seat's name", () => {
  inEach((language) => {
    let own = 0;
    for (const { events, after } of steps) {
      for (const [index, sentence] of narrate(events, after).entries()) {
        const mine = events[index].seat === after.view.seat;
        assert.equal(YOU[language].test(sentence), mine, `${language}, move ${after.moves}: “${sentence}”`);
        own += Number(mine);
      }
    }
    assert.ok(own > 0, "the reader moved");
    // the last move ends the game: said once, in the words for whoever went out
    const last = narrate(steps.at(-1).events, steps.at(-1).after).at(-1);
    const { seat } = steps.at(-1).events.at(-1);
    const expected = { en: seat === 0 ? "You played your last card and win." : /^Bot \d played their last card and wins\.$/,
      ja: seat === 0 ? "あなたが最後の札を出して勝った。" : /^ボット\d+?が最後の札を出して勝った。$/ }[language];
    if (typeof expected === "string") assert.equal(last, expected);
    else assert.match(last, expected);
  });
});

test("a pass and a play are offered in the game's words", () => {
  inEach((language) => {
    const passes = steps.filter(({ before }) => before.legal.some((action) => action.type === "pass"));
    assert.ok(passes.length > 0, "the reader had to pass");
    assert.equal(describeAction({ type: "pass" }, passes[0].before), { en: "Pass", ja: "パス" }[language]);
  });
});
