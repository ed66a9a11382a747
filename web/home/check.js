// What the home may hold: each record's shape checked before it is read, and an imported file's
// whole content checked before it replaces anything (BadHomeFile says what is wrong, and where).
import { HISTORY_LENGTH, STATS_VERSION } from "../stats.js";

export const EXPORT_FORMAT = "pygames/home";
export const EXPORT_VERSION = 1;
// What an imported file may hold at the most: bigger or deeper is no file this site wrote.
export const IMPORT_LIMITS = { bytes: 64 * 1024 * 1024, depth: 32, saves: 100 };
export const GAME_ID = /^[a-z][a-z0-9_]{0,39}$/;

export const sameEntry = (a, b) => isObject(a) && a.date === b.date && a.text === b.text;

// --- checking what is stored or imported ---------------------------------------------------------------

// A file that cannot be imported: `part` (saves, stats, history, last) and `path` (where in the file,
// "saves.arsene") name what is wrong in a part the site reads; without them, the message says it.
export class BadHomeFile extends Error {
  name = "BadHomeFile";

  /** @param {string} message @param {{part?: string | null, path?: string | null}} [where] */
  constructor(message, { part = null, path = null } = {}) {
    super(message);
    this.part = part;
    this.path = path;
  }
}

export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isNumber = (value) => typeof value === "number" && Number.isFinite(value);
const isSeat = (value) => value === null || isCount(value);
const DEAL = /^[0-9]{1,20}$/; // a solitaire's deal number, as a decimal string
const LEVEL = /^[a-z][a-z0-9_]{0,39}$/;
const only = (object, keys) => Object.keys(object).every((key) => keys.includes(key));

// Whether `snap` is a snapshot of `game` as a save stores it (snapshots.js storedSnapshot): the keys a table and the
// picker's line read, of their types. Only its shape: what it shows is the game's own business.
export function fitsSnapshot(snap, game) {
  return isObject(snap) && snap.game === game && isSeat(snap.seat) && isSeat(snap.current_player)
    && isObject(snap.view) && Array.isArray(snap.legal) && typeof snap.is_over === "boolean"
    && isObject(snap.result) && isCount(snap.moves) && (snap.options === null || isObject(snap.options));
}

// Whether `record` is a save of `game` as app.js writes it: its game's text (whatever its version), and
// a stored snapshot of that game, if any.
function fitsSave(record, game) {
  let text;
  try {
    text = isObject(record) && typeof record.text === "string" ? JSON.parse(record.text) : null;
  } catch {
    return false;
  }
  return record.game === game && isObject(text) && text.game === game
    && (record.snap === undefined || record.snap === null || fitsSnapshot(record.snap, game))
    && (record.savedAt === undefined || isNumber(record.savedAt))
    && (record.humans === undefined || (Array.isArray(record.humans) && record.humans.every(isCount)));
}

// Whether `entry` is a finished game's entry as stats.js makes it, every number countGame adds up a
// number: an imported file's, or one a page left in localStorage (which anyone can edit), is checked
// before it is listed or counted.
export function isFinishedEntry(entry) {
  return isObject(entry) && GAME_ID.test(entry.game) && typeof entry.text === "string" && typeof entry.won === "boolean"
    && typeof entry.shared === "boolean" && isNumber(entry.score) && !Number.isNaN(Date.parse(entry.date))
    && typeof entry.level === "string" && isCount(entry.players) && (entry.penalty === null || isNumber(entry.penalty))
    && (entry.margin === null || isNumber(entry.margin)) && (entry.options === null || isObject(entry.options))
    && (entry.deal === null || DEAL.test(entry.deal));
}

// Where the statistics `stats` are not as stats.js counts them (its path: "stats.games.chains"), or
// null when they are: each game's levels with their tallies, a solitaire's deals by number, the cube's
// matches, and nothing else.
export function statsProblem(stats) {
  if (!isObject(stats) || stats.version !== STATS_VERSION || !isObject(stats.games)) return "stats";
  const tally = (value) => isObject(value) && ["played", "won", "shared", "margins", "streak", "bestStreak"]
    .every((key) => isCount(value[key])) && isNumber(value.scoreSum) && isNumber(value.marginSum);
  const solitaire = (value) => value === undefined || (isObject(value) && only(value, ["deals", "bestPenalty"])
    && isObject(value.deals) && Object.entries(value.deals).every(([deal, tried]) => DEAL.test(deal) && isObject(tried)
      && isCount(tried.tried) && isCount(tried.won)) && (value.bestPenalty === null || isNumber(value.bestPenalty)));
  const cube = (value) => value === undefined || (isObject(value) && isCount(value.matches) && isCount(value.won)
    && isNumber(value.points));
  for (const [game, counted] of Object.entries(stats.games)) {
    const fits = GAME_ID.test(game) && isObject(counted) && only(counted, ["levels", "solitaire", "cube"])
      && isObject(counted.levels) && Object.entries(counted.levels).every(([level, value]) => LEVEL.test(level) && tally(value))
      && solitaire(counted.solitaire) && cube(counted.cube);
    if (!fits) return `stats.games.${game.slice(0, 40)}`;
  }
  return null;
}

// Where the finished games `history` are not a list of entries, each once (its path: "history[3]"), or
// null when they are.
function historyProblem(history) {
  if (!Array.isArray(history) || history.length > HISTORY_LENGTH) return "history";
  const wrong = history.findIndex((entry, i) => !isFinishedEntry(entry)
    || history.slice(0, i).some((earlier) => sameEntry(earlier, entry)));
  return wrong === -1 ? null : `history[${wrong}]`;
}

function need(condition, what) {
  if (!condition) throw new BadHomeFile(what);
}

function needPart(condition, part, path) {
  if (!condition) throw new BadHomeFile(`${path} is not as this site writes it`, { part, path });
}

// How deeply `value` nests, counted without recursion (a hostile file cannot exhaust the stack).
function depthOf(value) {
  let deepest = 0;
  const waiting = [[value, 1]];
  for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
    const [item, depth] = next;
    deepest = Math.max(deepest, depth);
    if (item !== null && typeof item === "object") for (const child of Object.values(item)) waiting.push([child, depth + 1]);
  }
  return deepest;
}

// The export file's text as the home's contents, checked; a BadHomeFile naming what is wrong. Every
// part the site reads is checked before anything is replaced: a save, statistics or a finished game
// the site cannot read would otherwise stop the picker, the statistics or the next finished game.
export function checkedHome(text) {
  need(text.length <= IMPORT_LIMITS.bytes, "the file is too large");
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BadHomeFile(`not JSON: ${error.message}`);
  }
  need(depthOf(data) <= IMPORT_LIMITS.depth, `nested more than ${IMPORT_LIMITS.depth} levels deep`);
  need(isObject(data) && data.format === EXPORT_FORMAT, "not a pygames export");
  need(data.version === EXPORT_VERSION, `version ${JSON.stringify(data.version)}; this site reads version ${EXPORT_VERSION}`);
  needPart(isObject(data.saves), "saves", "saves");
  const saved = Object.entries(data.saves);
  need(saved.length <= IMPORT_LIMITS.saves, `${saved.length} saves`);
  for (const [game, record] of saved) {
    needPart(GAME_ID.test(game) && fitsSave(record, game), "saves", `saves.${game.slice(0, 40)}`);
  }
  needPart(data.last === null || (typeof data.last === "string" && Object.hasOwn(data.saves, data.last)), "last", "last");
  const stats = statsProblem(data.stats);
  needPart(stats === null, "stats", stats);
  const history = historyProblem(data.history);
  needPart(history === null, "history", history);
  return data;
}
