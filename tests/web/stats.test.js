// web/stats.js: a finished game's record, taken from its last snapshot (Python's result), and the
// statistics that count them.
import "./browser.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { countGame, emptyStats, finishedEntry, SOLITAIRE, STATS_VERSION } from "../../web/stats.js";
import { recorded } from "./recorded.js";

const games = recorded("arsene/4", "roller_derby/4", "chains/1", "on_schedule/4/cube");
// each finished game as seat 0 sees it, and Roller Derby's as every seat sees it
const [arsene, rollerDerby, solitaire, cubeMatch] = Object.values(games).map(({ finished }) => finished[0]);
const rollerDerbySeats = games["roller_derby/4"].finished;
const max = (numbers) => Math.max(...numbers);

test("a finished game's entry: Python's result for the player's seat", () => {
  const entry = finishedEntry(arsene, "hard");
  const { scores, winners } = arsene.result;
  assert.equal(entry.game, "arsene");
  assert.equal(entry.players, 4);
  assert.equal(entry.level, "hard");
  assert.equal(entry.seed, arsene.seed);
  assert.equal(entry.text, arsene.save, "the save, to replay or share the game from the history");
  assert.equal(entry.score, scores[0]);
  assert.equal(entry.won, winners.includes(0));
  assert.equal(entry.shared, entry.won && winners.length > 1);
  assert.equal(entry.margin, scores[0] - max(scores.slice(1)), "the margin over the best of the others");
  assert.equal(entry.penalty, null);
  assert.equal(entry.cube, false);
  assert.ok(!Number.isNaN(Date.parse(entry.date)));
});

test("partners win and lose together: the margin is over the other team", () => {
  const { scores, winners } = rollerDerby.result;
  assert.ok("team_scores" in rollerDerby.result);
  for (const snap of rollerDerbySeats) {
    const entry = finishedEntry(snap, "normal");
    const opponents = [(snap.seat + 1) % 4, (snap.seat + 3) % 4];
    assert.equal(entry.won, winners.includes(snap.seat), `seat ${snap.seat}`);
    assert.equal(entry.shared, false, `seat ${snap.seat}: a partner's win is the player's own, not a shared one`);
    assert.equal(entry.margin, scores[snap.seat] - max(opponents.map((seat) => scores[seat])), `seat ${snap.seat}`);
  }
});

test("a solitaire is counted under its own level, with its deal and penalty", () => {
  const entry = finishedEntry(solitaire, "normal");
  assert.equal(entry.level, SOLITAIRE);
  assert.equal(entry.deal, solitaire.deal);
  assert.equal(entry.penalty, solitaire.result.penalty);
  assert.equal(entry.margin, null, "no one to be ahead of");
});

test("a match with the cube is marked so", () => {
  assert.equal(finishedEntry(cubeMatch, "easy").cube, true);
});

test("the statistics count each game under its level: wins, streaks, scores and margins", () => {
  const entry = finishedEntry(arsene, "easy");
  const [win, loss] = [{ ...entry, won: true, margin: 2, score: 5 }, { ...entry, won: false, margin: null, score: 1 }];
  const stats = emptyStats();
  assert.equal(stats.version, STATS_VERSION);
  for (const each of [win, win, loss, win, { ...win, level: "hard" }]) countGame(stats, each);
  assert.deepEqual(stats.games.arsene.levels.easy, {
    played: 4, won: 3, shared: 0, scoreSum: 16, marginSum: 6, margins: 3, streak: 1, bestStreak: 2,
  });
  assert.equal(stats.games.arsene.levels.hard.played, 1);
  assert.equal(stats.games.arsene.solitaire, undefined);
  assert.equal(stats.games.arsene.cube, undefined);
});

test("a solitaire's deals are counted by number, with the best penalty", () => {
  const entry = finishedEntry(solitaire, "normal");
  const stats = countGame(emptyStats(), entry);
  countGame(stats, { ...entry, won: true, penalty: 0 });
  countGame(stats, { ...entry, deal: "18446744073709551615", penalty: entry.penalty + 3 });
  const counted = stats.games.chains.solitaire;
  assert.deepEqual(counted.deals, { [entry.deal]: { tried: 2, won: 1 }, "18446744073709551615": { tried: 1, won: 0 } });
  assert.equal(counted.bestPenalty, 0);
  assert.equal(stats.games.chains.levels[SOLITAIRE].played, 3);
});

test("matches with the cube add up their points", () => {
  const entry = finishedEntry(cubeMatch, "easy");
  const stats = countGame(countGame(emptyStats(), entry), { ...entry, won: !entry.won, score: entry.score + 2 });
  assert.deepEqual(stats.games.on_schedule.cube, { matches: 2, won: 1, points: 2 * entry.score + 2 });
});
