// web/plugins.js: an added game's engine's failures, by the games they cost and said in the reader's language.
import "./browser.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLanguage } from "../../web/i18n.js";
import { failedGames, pluginFailures, unavailableReason } from "../../web/plugins.js";

const PLUGIN_GAMES = { sevens: ["plugins/cards.whl"], eights: ["plugins/cards.whl"], dice: ["plugins/dice.whl"] };

test("a wheel that could not be installed is named by each game it carries, a game that could not load by itself", () => {
  const wheel = { name: "cards.whl", wheel: "plugins/cards.whl", message: "BadZipFile: File is not a zip file",
    reason: { kind: "not_installed", error: "BadZipFile: File is not a zip file" } };
  const game = { name: "dice", message: "the game plugin 'dice' failed to load", reason: { kind: "taken" } };
  assert.deepEqual(failedGames([wheel, game], PLUGIN_GAMES).map((failure) => failure.name), ["sevens", "eights", "dice"]);
  assert.equal(failedGames([wheel], PLUGIN_GAMES)[0].message, wheel.message);
  // a wheel build.json does not name (a file changed on the server) is still said, by its file
  assert.deepEqual(failedGames([{ ...wheel, wheel: "plugins/other.whl" }], PLUGIN_GAMES).map((failure) => failure.name),
    ["cards.whl"]);
});

test("why a game is unavailable is said in the reader's language, a module's name as Python has it", () => {
  const needy = { name: "needy", message: "the game plugin 'needy' (needy:ENTRY, from needy) failed to load: "
    + "ModuleNotFoundError: No module named 'more_itertools'", reason: { kind: "missing_module", module: "more_itertools" } };
  try {
    for (const [language, words] of [["en", "it needs the Python module more_itertools, which was not shipped with it"],
      ["ja", "必要な Python モジュール more_itertools が一緒に配布されていません"]]) {
      setLanguage(language, { remember: false });
      assert.equal(unavailableReason(needy), words);
      assert.match(pluginFailures({ plugins: { failed: [needy] } })[0], new RegExp(words));
    }
    // a reason this page has no words for, or none at all: Python's message
    assert.equal(unavailableReason({ ...needy, reason: { kind: "newer" } }), needy.message);
    assert.equal(unavailableReason({ name: "needy", message: "gone" }), "gone");
  } finally {
    setLanguage("en", { remember: false });
  }
});

test("a failure names its game by the title the reader sees, a wheel's file by itself", () => {
  setLanguage("en", { remember: false });
  const failed = { plugins: { failed: [{ name: "endless", message: "", reason: { kind: "load_timeout", seconds: "60" } },
    { name: "cards.whl", message: "", reason: { kind: "not_installed", error: "BadZipFile" } }] } };
  const titles = { endless: "Endless" };
  assert.deepEqual(pluginFailures(failed, (name) => titles[name] ?? name), [
    "The added game Endless could not be loaded (its code did not finish loading in 60 seconds: a loop that never ends?). "
      + "The other games work as usual.",
    "The added game cards.whl could not be loaded (its file could not be installed: BadZipFile). The other games work as usual."]);
});
