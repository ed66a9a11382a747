// web/home.js's checks (web/home/check.js) of what is read back: a file of the players' home imported (checkedHome), a
// stored snapshot (fitsSnapshot), a save's version (saveVersion) and the statistics (statsProblem).
import "./browser.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { saveVersion } from "../../web/home.js";
import { BadHomeFile, checkedHome, fitsSnapshot, statsProblem } from "../../web/home/check.js";
import { countGame, emptyStats, finishedEntry } from "../../web/stats.js";
import { recorded } from "./recorded.js";

const games = recorded("arsene/4", "chains/1");
const [arsene, solitaire] = Object.values(games).map(({ finished }) => finished[0]);
// A snapshot as a save stores it: without its save text, which the record holds (snapshots.js storedSnapshot).
const stored = ({ save, ...snap }) => snap;
const record = (snap) => ({ game: snap.game, text: snap.save, seat: snap.seat, snap: stored(snap), level: "easy",
  savedAt: 1764300000000 });

// The home as this site exports it (home.js, everything()), holding the two finished games.
function exported() {
  const history = [finishedEntry(solitaire, "normal"), finishedEntry(arsene, "easy")];
  const stats = emptyStats();
  for (const entry of history) countGame(stats, entry);
  return { format: "pygames/home", version: 1, exported: "2026-11-28T05:00:00.000Z", last: "arsene",
    saves: { arsene: record(arsene), chains: record(solitaire) }, stats, history };
}

// checkedHome on the export changed by `change(data)`: the BadHomeFile it throws.
function refusal(change) {
  const data = exported();
  change(data);
  let refused = null;
  try {
    checkedHome(JSON.stringify(data));
  } catch (error) {
    refused = error;
  }
  assert.ok(refused instanceof BadHomeFile, `refused with a BadHomeFile, not ${refused ?? "accepted"}`);
  return refused;
}

test("a file this site exports is read back whole", () => {
  const data = exported();
  assert.deepEqual(checkedHome(JSON.stringify(data)), data);
});

test("a file that is not this site's export is refused, saying why", () => {
  assert.throws(() => checkedHome("{\"format\": "), (error) => error instanceof BadHomeFile && /^not JSON/.test(error.message));
  assert.equal(refusal((data) => { data.format = "other/home"; }).message, "not a pygames export");
  assert.match(refusal((data) => { data.version = 2; }).message, /^version 2; this site reads version 1/);
  let deep = [];
  for (let i = 0; i < 40; i += 1) deep = [deep];
  assert.match(refusal((data) => { data.extra = deep; }).message, /nested more than 32 levels deep/);
});

test("a save the site could not open is named by its part and path", () => {
  const cases = [
    ["of another game", (data) => { data.saves.arsene.game = "chains"; }],
    ["text not JSON", (data) => { data.saves.arsene.text = data.saves.arsene.text.slice(0, 100); }],
    ["text of another game", (data) => { data.saves.arsene.text = data.saves.chains.text; }],
    ["snapshot without its legal actions", (data) => { delete data.saves.arsene.snap.legal; }],
    ["snapshot with a negative move count", (data) => { data.saves.arsene.snap.moves = -1; }],
    ["snapshot of a seat that is no number", (data) => { data.saves.arsene.snap.seat = "0"; }],
    ["time that is no number", (data) => { data.saves.arsene.savedAt = "yesterday"; }],
    ["people that are no seats", (data) => { data.saves.arsene.humans = [0, -2]; }],
  ];
  for (const [what, change] of cases) {
    const error = refusal(change);
    assert.deepEqual([error.part, error.path], ["saves", "saves.arsene"], what);
  }
  const unnamed = refusal((data) => { data.saves["Bad game"] = data.saves.arsene; });
  assert.equal(unnamed.path, "saves.Bad game");
  assert.equal(refusal((data) => { data.last = "apples"; }).part, "last", "the last game played has no save");
});

test("statistics and finished games the site could not count are named by their path", () => {
  assert.equal(refusal((data) => { data.stats.games.arsene.levels.easy.played = -1; }).path, "stats.games.arsene");
  assert.equal(refusal((data) => { data.stats.games.chains.solitaire.deals["12a"] = { tried: 1, won: 0 }; }).path,
    "stats.games.chains");
  assert.equal(refusal((data) => { data.stats.games.arsene.extra = {}; }).path, "stats.games.arsene");
  assert.equal(refusal((data) => { data.stats.version = 0; }).path, "stats");
  assert.equal(refusal((data) => { data.history.push(data.history[0]); }).path, "history[2]", "a game listed twice");
  assert.equal(refusal((data) => { data.history[1].date = "soon"; }).path, "history[1]");
  assert.equal(refusal((data) => { data.history[0].won = "yes"; }).path, "history[0]");
  assert.equal(statsProblem(exported().stats), null);
});

test("every snapshot of a recorded game fits its game as a save stores it", () => {
  for (const { steps } of Object.values(games)) {
    for (const { after } of steps) assert.ok(fitsSnapshot(stored(after), after.game), `${after.game}, move ${after.moves}`);
  }
  assert.equal(fitsSnapshot(stored(arsene), "chains"), false, "another game's");
  assert.equal(fitsSnapshot({ ...stored(arsene), result: null }, "arsene"), false);
  assert.equal(fitsSnapshot({ ...stored(arsene), is_over: 1 }, "arsene"), false);
});

test("a save's version is read from its text, else null", () => {
  const version = JSON.parse(arsene.save).version;
  assert.ok(Number.isSafeInteger(version));
  assert.equal(saveVersion(arsene.save), version);
  assert.equal(saveVersion(arsene.save.slice(0, 50)), null, "not JSON");
  assert.equal(saveVersion(JSON.stringify({ version: String(version) })), null, "not a number");
  assert.equal(saveVersion("null"), null);
});
