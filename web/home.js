// The players' home: each game's game in progress (one per game), the statistics and the finished
// games, kept on this device in IndexedDB (storage.js says how); the picker's line for a game in
// progress; the statistics and finished-games page; export and import of all of it as one file.
// Where IndexedDB cannot keep something (a private mode, a full quota) the game on the table is kept
// in memory and in localStorage under the key releases before the home used, and the player is told;
// so is a save still on its way when the page is hidden or left.
import { h } from "./dom.js";
import { rendererOf } from "./games/index.js";
import { addStrings, labelled, language, pick, t, tn } from "./i18n.js";
import { seatName } from "./seats.js";
import { packText, siteLink } from "./share.js";
import { countGame, emptyStats, finishedEntry, gameStats, HISTORY_LENGTH, STATS_VERSION } from "./stats.js";
import { readHome, saveKey, settled, storage, transact } from "./storage.js";

// The one save of releases before the home (the same record as a save in the home, as JSON text):
// moved into the home by the first visit that finds it; written again only as the fall-back copy.
export const LEGACY_SAVE_KEY = "pygames.save";
const EXPORT_FORMAT = "pygames/home";
const EXPORT_VERSION = 1;
// What an imported file may hold at the most: bigger or deeper is no file this site wrote.
const IMPORT_LIMITS = { bytes: 64 * 1024 * 1024, depth: 32, saves: 100 };
const GAME_ID = /^[a-z][a-z0-9_]{0,39}$/;

addStrings({
  en: {
    hmState: "{progress}, {turn}", hmYourTurn: "your turn", hmTheirTurn: "{name} to play", hmOver: "finished",
    hmInProgress: "A game in progress", hmResume: "Resume", hmResumeLabel: "Resume your game of {game}: {state}",
    hmNewGame: "New game", hmNewGameLabel: "A new game of {game}",
    hmStats: "Statistics", hmHistory: "Finished games", hmBack: "Back to the games",
    hmNoHistory: "No finished game yet: they are listed here once over, to replay and share.",
    hmOutcome: "{outcome}, {score}", hmWon: "Won", hmSharedWin: "Shared win", hmLost: "Lost", hmScore: "score {score}", hmPenalty: "penalty {n}",
    hmReplay: "Replay", hmShare: "Share", hmPlayers: "{n} players", hmPlayers_one: "1 player", hmDealN: "deal {n}",
    hmData: "Your games on this device", hmExport: "Export everything", hmImport: "Import a file",
    hmClear: "Clear everything", hmExported: "Saved as {name}.",
    hmConfirmImport: "Replace everything kept here ({here}) with the file's ({file})?",
    hmConfirmClear: "Delete everything kept here ({here})? Export it first to keep a copy.",
    hmCounts: "{saves} games in progress, {finished} finished games", hmReplace: "Replace", hmDelete: "Delete",
    hmCancel: "Cancel", hmImported: "Imported: {counts}.", hmCleared: "Everything kept on this device was deleted.",
    hmBadFile: "That file cannot be imported ({message}). Nothing was changed.",
    hmStorageFailed: "This browser does not let the site keep everything ({message}): your game is kept in this tab and in a smaller store while there is room; statistics and finished games may not be kept.",
    hmMigrated: "Your saved game was moved into the site's new storage.",
  },
  ja: {
    hmState: "{progress}・{turn}", hmYourTurn: "あなたの番", hmTheirTurn: "{name}の番", hmOver: "終了",
    hmInProgress: "途中のゲーム", hmResume: "再開", hmResumeLabel: "{game}の途中のゲームを再開：{state}",
    hmNewGame: "新しいゲーム", hmNewGameLabel: "{game}の新しいゲーム",
    hmStats: "成績", hmHistory: "終わったゲーム", hmBack: "ゲーム一覧に戻る",
    hmNoHistory: "終わったゲームはまだありません。終わるとここに並び、リプレイや共有ができます。",
    hmOutcome: "{outcome}・{score}", hmWon: "勝ち", hmSharedWin: "同率勝ち", hmLost: "負け", hmScore: "{score}点", hmPenalty: "ペナルティ{n}",
    hmReplay: "リプレイ", hmShare: "共有", hmPlayers: "{n}人", hmDealN: "ディール{n}",
    hmData: "この端末に保存されたゲーム", hmExport: "すべて書き出す", hmImport: "ファイルを読み込む",
    hmClear: "すべて消去", hmExported: "{name} として保存しました。",
    hmConfirmImport: "ここに保存されているもの（{here}）を、ファイルの内容（{file}）で置き換えますか？",
    hmConfirmClear: "ここに保存されているもの（{here}）をすべて消去しますか？ 先に書き出しておけば残せます。",
    hmCounts: "途中のゲーム{saves}件、終わったゲーム{finished}件", hmReplace: "置き換える", hmDelete: "消去する",
    hmCancel: "キャンセル", hmImported: "読み込みました：{counts}。", hmCleared: "この端末に保存されていたものをすべて消去しました。",
    hmBadFile: "このファイルは読み込めません（{message}）。何も変更していません。",
    hmStorageFailed: "このブラウザーではサイトがすべてを保存できません（{message}）。ゲームはこのタブと、容量がある限り小さな保存領域に残ります。成績と終わったゲームは残らないことがあります。",
    hmMigrated: "保存されていたゲームをサイトの新しい保存領域に移しました。",
  },
});

// Each game's save record as last kept (the picker reads it), and what IndexedDB could not keep.
const saves = new Map();
let writing = Promise.resolve(); // the last save asked for, written (or failed over to localStorage)
let unwritten = null; // the last save asked for, until the home holds it: {record, entry}
let copied = false; // localStorage holds a copy of a record the home may not hold yet

// A page hidden or left while a save is on its way (a phone putting the tab away, a tab closed right
// after a move) may never finish an IndexedDB write: the record goes to localStorage, which writes at
// once, and the next visit moves it into the home (openingSave). Once the home holds it, the copy goes.
// A game the save finishes carries its entry for the statistics and the finished games along
// (`finished`), so the game is counted when it is moved, not only resumed.
function copyToLocal({ record, entry }) {
  const copy = entry ? { ...record, finished: entry } : record;
  if (!storage.set(LEGACY_SAVE_KEY, JSON.stringify(copy))) {
    storage.set(LEGACY_SAVE_KEY, JSON.stringify({ ...copy, snap: undefined })); // the smaller record
  }
  copied = true;
}
function forgetLocalCopy() {
  storage.remove(LEGACY_SAVE_KEY);
  copied = false;
}
const keepUnwritten = () => unwritten && copyToLocal(unwritten);
addEventListener("pagehide", keepUnwritten);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && keepUnwritten());
const unkept = { stats: emptyStats(), history: [] };
let storageFailed = false; // the player has been told once
let notify = () => {};

// The shell's way of saying something to the player (showMessage's text).
export function onHomeMessage(say) {
  notify = say;
}

export const savedGame = (game) => saves.get(game) ?? null;

function failed(error) {
  if (storageFailed) return;
  storageFailed = true;
  notify(t("hmStorageFailed", { message: error?.message ?? String(error) }));
}

// The game a visit opens at once: the save left in localStorage (by a release before the home, or by
// a page left while its save was on its way) moved into the home now, its text kept as it was for a
// save that turns out damaged; else the home's game last played, read in one transaction. {record,
// raw} (record null when raw is not JSON; raw null for a record read from the home), or null when
// there is none.
export async function openingSave() {
  const raw = storage.get(LEGACY_SAVE_KEY);
  if (raw === null) return openLastSave();
  let copy = null;
  try {
    copy = JSON.parse(raw);
  } catch {
    return { record: null, raw };
  }
  const game = copy?.game ?? gameOfText(copy?.text);
  if (typeof game !== "string" || typeof copy.text !== "string") return { record: copy, raw };
  const { finished, ...record } = { ...copy, game };
  try {
    const { opened, kept } = await transact("readwrite", (store) => moveIntoHome(store, record, finished));
    storage.remove(LEGACY_SAVE_KEY);
    saves.set(game, kept);
    saves.set(opened.game, opened);
    return { record: opened, raw: opened === record ? raw : null };
  } catch (error) {
    failed(error);
    saves.set(game, record);
    return { record, raw };
  }
}

async function openLastSave() {
  try {
    const record = await lastSave();
    if (record === null) return null;
    saves.set(record.game, record);
    return { record, raw: null };
  } catch (error) {
    failed(error);
    return null;
  }
}

// Whether the save record `a` was kept after `b`. Only records that say when they were kept
// (`savedAt`) can be told apart; where either does not (records of releases before it), the copy is
// taken as the newer, as it always was.
const keptAfter = (a, b) => a?.savedAt !== undefined && b.savedAt !== undefined && a.savedAt > b.savedAt;

// The copy's `record` moved into the home, in its transaction, without undoing anything kept there
// since (another tab may have played on): it replaces its game's save unless the home's is newer, and
// becomes the game last played unless that one was played after it. Its finished game (`finished`,
// the entry its page could not write) is counted unless the finished games already list it (the write
// may have been made after all). {opened: the record to open, kept: its game's save now}.
async function moveIntoHome(store, record, finished) {
  const [home, last] = await Promise.all([settled(store.get(saveKey(record.game))), settled(store.get("last"))]);
  const lastRecord = last === undefined || last === record.game ? home : await settled(store.get(saveKey(last)));
  const kept = keptAfter(home, record) ? home : record;
  if (kept === record) store.put(record, saveKey(record.game));
  const opened = keptAfter(lastRecord, record) ? lastRecord : kept;
  store.put(opened.game, "last");
  if (isFinishedEntry(finished)) { // a copy edited by hand may carry anything
    const [stats, history] = await Promise.all([settled(store.get("stats")), settled(store.get("history"))]);
    const listed = (history ?? []).some((entry) => entry.date === finished.date && entry.text === finished.text);
    if (!listed) {
      store.put(countGame(stats ?? emptyStats(), finished), "stats");
      store.put([finished, ...history ?? []].slice(0, HISTORY_LENGTH), "history");
    }
  }
  return { opened, kept };
}

// The save of the game last played, as the home holds it (null when there is none), read in one
// transaction once the writes asked for before have been made (the tests read it too).
export async function lastSave() {
  await writing;
  return transact("readonly", async (store) => {
    const last = await settled(store.get("last"));
    return (last === undefined ? undefined : await settled(store.get(saveKey(last)))) ?? null;
  });
}

function gameOfText(text) {
  try {
    return JSON.parse(text).game;
  } catch {
    return undefined;
  }
}

// Every game's save, read once the visit's own game is on its way (the picker's resume lines).
export async function readSaves(gameIds) {
  try {
    const records = await readHome(gameIds.map(saveKey));
    gameIds.forEach((game, i) => {
      if (records[i] !== undefined && !saves.has(game)) saves.set(game, records[i]);
    });
  } catch (error) {
    failed(error);
  }
}

// Keep `record` as its game's save and the game last played; `snap` over for the first time, also
// count it in the statistics and list it in the finished games, all in one transaction. Where
// IndexedDB fails, the record goes to localStorage (the smaller record without its snapshot if the
// whole one does not fit) and the finished game to this tab's memory.
export function keepSave(record, { snap = null, level = null } = {}) {
  const timed = { ...record, savedAt: Date.now() };
  saves.set(record.game, timed);
  unwritten = { record: timed, entry: snap && finishedEntry(snap, level) };
  writing = writeSave(unwritten);
  return writing;
}

async function writeSave(save) {
  const { record, entry } = save;
  try {
    await transact("readwrite", async (store) => {
      store.put(record, saveKey(record.game));
      store.put(record.game, "last");
      if (entry) {
        const [stats, history] = await Promise.all([settled(store.get("stats")), settled(store.get("history"))]);
        store.put(countGame(stats ?? emptyStats(), entry), "stats");
        store.put([entry, ...history ?? []].slice(0, HISTORY_LENGTH), "history");
      }
    });
    if (unwritten === save) unwritten = null;
    if (copied && unwritten === null) forgetLocalCopy(); // the home holds the newest record: the copy is stale
  } catch (error) {
    failed(error);
    copyToLocal(save);
    if (entry) {
      countGame(unkept.stats, entry);
      unkept.history = [entry, ...unkept.history].slice(0, HISTORY_LENGTH);
    }
  }
}

// A save the engine could not load: out of the home (the shell keeps its text elsewhere).
export async function forgetSave(game) {
  saves.delete(game);
  unwritten = null;
  forgetLocalCopy();
  await transact("readwrite", (store) => {
    store.delete(saveKey(game));
  }).catch(failed);
}

// The statistics and the finished games: the home's, or this tab's where IndexedDB failed.
async function readRecords() {
  try {
    const [stats, history] = await readHome(["stats", "history"]);
    return { stats: stats ?? emptyStats(), history: history ?? [] };
  } catch (error) {
    failed(error);
    return unkept;
  }
}

// --- the picker's line for a game in progress -----------------------------------------------------

// The saved game's state in words, from its stored snapshot: the table's own words for how far it is
// (its renderer's progress), then whose turn. Without a stored snapshot, that there is a game.
export function stateInWords(record) {
  const snap = record.snap;
  const progress = snap && rendererOf(snap.game).progress?.(snap);
  if (!progress) return t("hmInProgress");
  const turn = snap.is_over ? t("hmOver") : snap.legal.length > 0 || snap.current_player === null
    ? t("hmYourTurn") : t("hmTheirTurn", { name: seatName(snap.view, snap.current_player) });
  return t("hmState", { progress, turn });
}

// The line under a game's name in the picker when a game of it is in progress: its state, Resume and
// New game. Null when there is none (or it is over).
export function resumeLine(game, { onResume, onNew }) {
  const record = saves.get(game.id);
  if (!record || record.snap?.is_over) return null;
  const state = stateInWords(record);
  const title = pick(game.title);
  return h("div", { class: "resume-line", "data-resume": game.id },
    h("span", { class: "resume-state", text: state }),
    h("span", { class: "resume-actions" },
      h("button", { type: "button", class: "ghost resume-new", "aria-label": t("hmNewGameLabel", { game: title }),
        text: t("hmNewGame"), onclick: onNew }),
      h("button", { type: "button", class: "primary resume", id: `resume-${game.id}`,
        "aria-label": t("hmResumeLabel", { game: title, state }), text: t("hmResume"), onclick: () => onResume(record) })));
}

// --- the statistics and finished-games page --------------------------------------------------------

// page: "stats" or "history"; games: the catalog; onShare(entry) opens the share dialog for a finished
// game; onBack returns to the picker; onReplaced after an import or a clear.
export async function showHomePage(section, { page, games, onShare, onBack, onReplaced }) {
  delete section.dataset.page; // set again once drawn (the tests wait for it)
  const { stats, history } = await readRecords();
  const title = (id) => pick(games.find((game) => game.id === id)?.title) || id;
  const levelName = (level) => t(`level_${level}`);
  const tab = (name, key) => h("button", { type: "button", class: "ghost home-tab", id: `home-tab-${name}`,
    "aria-pressed": String(page === name), text: t(key),
    onclick: () => showHomePage(section, { page: name, games, onShare, onBack, onReplaced }) });
  const body = page === "stats"
    ? statsBody(stats, history, title, levelName)
    : historyBody(history, games, title, levelName, onShare);
  section.replaceChildren(
    h("div", { class: "home-nav" },
      h("button", { type: "button", class: "ghost", id: "home-back", text: t("hmBack"), onclick: onBack }),
      tab("stats", "hmStats"), tab("history", "hmHistory")),
    h("h2", { id: "home-title", tabindex: "-1", text: t(page === "stats" ? "hmStats" : "hmHistory") }),
    body,
    dataTools(section, { onReplaced, redraw: () => showHomePage(section, { page, games, onShare, onBack, onReplaced }) }));
  section.dataset.page = page;
}

function statsBody(stats, history, title, levelName) {
  const played = Object.entries(stats.games);
  if (played.length === 0) return h("p", { class: "home-empty", text: t("stNone") });
  return h("div", { class: "stats-games" }, played.map(([game, counted]) => h("section", { class: "stats-game", "data-game": game },
    h("h3", { text: title(game) }),
    gameStats(counted, history.filter((entry) => entry.game === game), levelName))));
}

function historyBody(history, games, title, levelName, onShare) {
  if (history.length === 0) return h("p", { class: "home-empty", text: t("hmNoHistory") });
  const date = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" });
  return h("ol", { class: "history" }, history.map((entry, i) => {
    const outcome = entry.shared ? t("hmSharedWin") : entry.won ? t("hmWon") : t("hmLost");
    const score = entry.penalty !== null ? t("hmPenalty", { n: entry.penalty }) : t("hmScore", { score: entry.score });
    return h("li", { class: "history-entry", "data-game": entry.game, "data-index": i, "data-won": String(entry.won) },
      h("div", { class: "history-what" },
        h("strong", { text: title(entry.game) }),
        h("span", { class: "fine", text: [date.format(new Date(entry.date)), levelName(entry.level),
          ...optionsInWords(games.find((game) => game.id === entry.game), entry)].join(" · ") })),
      h("span", { class: `history-outcome outcome-${entry.won ? "won" : "lost"}`, text: t("hmOutcome", { outcome, score }) }),
      h("span", { class: "history-actions" },
        h("button", { type: "button", class: "ghost history-replay", text: t("hmReplay"),
          onclick: async () => location.assign(siteLink("embed.html", new URLSearchParams({ save: await packText(entry.text) }))) }),
        h("button", { type: "button", class: "ghost history-share", text: t("hmShare"), onclick: () => onShare(entry) })));
  }));
}

// A finished game's players and options in words, as the picker names them (those left as they
// were offered are not said), and a numbered deal's number.
function optionsInWords(game, entry) {
  const words = [tn("hmPlayers", entry.players)];
  if (entry.penalty !== null && entry.deal !== null) words.push(t("hmDealN", { n: entry.deal }));
  for (const option of game?.options ?? []) {
    const value = entry.options?.[option.name];
    if (value === undefined || value === option.default) continue;
    const chosen = option.type === "choice" ? pick(option.choice_labels?.[option.choices.indexOf(value)]) || String(value)
      : option.type === "bool" ? "" : String(value);
    words.push(chosen ? labelled(pick(option.label), chosen) : pick(option.label));
  }
  return words;
}

// --- export, import, clear ---------------------------------------------------------------------------

function dataTools(section, { onReplaced, redraw }) {
  const fileInput = h("input", { type: "file", id: "home-import", accept: ".json,application/json",
    onchange: async () => {
      const file = fileInput.files[0];
      fileInput.value = "";
      if (file && await importFile(file)) {
        onReplaced();
        redraw();
      }
    } });
  return h("section", { class: "home-data", "aria-labelledby": "home-data-title" },
    h("h3", { id: "home-data-title", text: t("hmData") }),
    h("div", { class: "home-data-actions" },
      h("button", { type: "button", class: "ghost", id: "home-export", text: t("hmExport"), onclick: exportAll }),
      fileInput, h("label", { class: "button-like", for: "home-import", text: t("hmImport") }),
      h("button", { type: "button", class: "ghost danger", id: "home-clear", text: t("hmClear"),
        onclick: async () => {
          if (await clearAll()) {
            onReplaced();
            redraw();
          }
        } })));
}

// Everything the home keeps, as the export file's object.
async function everything() {
  return transact("readonly", async (store) => {
    const keys = await settled(store.getAllKeys());
    const values = await Promise.all(keys.map((key) => settled(store.get(key))));
    const kept = Object.fromEntries(keys.map((key, i) => [key, values[i]]));
    const saved = Object.fromEntries(keys.filter((key) => key.startsWith("save:")).map((key) => [key.slice(5), kept[key]]));
    return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported: new Date().toISOString(),
      last: kept.last ?? null, saves: saved, stats: kept.stats ?? emptyStats(), history: kept.history ?? [] };
  });
}

async function exportAll() {
  let data;
  try {
    data = await everything();
  } catch (error) {
    failed(error);
    return;
  }
  const name = `pygames-${data.exported.slice(0, 10)}.json`;
  const link = h("a", { href: URL.createObjectURL(new Blob([JSON.stringify(data)], { type: "application/json" })),
    download: name, id: "home-export-link", hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href)); // after the download has taken it
  notify(t("hmExported", { name }));
}

const counts = ({ saves: saved, history }) => t("hmCounts", { saves: Object.keys(saved).length, finished: history.length });

// The player's yes or no, in a dialog of its own.
function confirmed(text, yes) {
  const dialog = h("dialog", { class: "home-confirm", id: "home-confirm", "aria-labelledby": "home-confirm-text" },
    h("form", { method: "dialog" },
      h("p", { id: "home-confirm-text", text }),
      h("div", { class: "form-actions" },
        h("button", { value: "no", class: "ghost", id: "home-confirm-no", text: t("hmCancel") }),
        h("button", { value: "yes", class: "primary", id: "home-confirm-yes", text: yes }))));
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(dialog.returnValue === "yes");
    });
  });
}

// Read, check and, once the player confirms, put in place of everything: true when it was.
async function importFile(file) {
  let data;
  try {
    if (file.size > IMPORT_LIMITS.bytes) throw new BadHomeFile(`${file.size} bytes, more than a home can hold`);
    data = checkedHome(await file.text());
  } catch (error) {
    if (!(error instanceof BadHomeFile)) throw error;
    notify(t("hmBadFile", { message: error.message }));
    return false;
  }
  let here;
  try {
    here = await everything();
  } catch (error) {
    failed(error);
    return false;
  }
  if (!await confirmed(t("hmConfirmImport", { here: counts(here), file: counts(data) }), t("hmReplace"))) return false;
  await replaceHome(data);
  notify(t("hmImported", { counts: counts(data) }));
  return true;
}

async function clearAll() {
  let here;
  try {
    here = await everything();
  } catch (error) {
    failed(error);
    return false;
  }
  if (!await confirmed(t("hmConfirmClear", { here: counts(here) }), t("hmDelete"))) return false;
  await replaceHome({ last: null, saves: {}, stats: emptyStats(), history: [] });
  notify(t("hmCleared"));
  return true;
}

async function replaceHome({ last, saves: saved, stats, history }) {
  await transact("readwrite", (store) => {
    store.clear();
    for (const [game, record] of Object.entries(saved)) store.put(record, saveKey(game));
    if (last !== null) store.put(last, "last");
    store.put(stats, "stats");
    store.put(history, "history");
  });
  unwritten = null; // the table's game is closed: nothing of it is to be kept
  forgetLocalCopy();
  saves.clear();
  for (const [game, record] of Object.entries(saved)) saves.set(game, record);
}

// --- checking an imported file ------------------------------------------------------------------------

export class BadHomeFile extends Error {
  name = "BadHomeFile";
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isNumber = (value) => typeof value === "number" && Number.isFinite(value);

// Whether `entry` is a finished game's entry as stats.js makes it, every number countGame adds up a
// number: an imported file's, or one a page left in localStorage (which anyone can edit), is checked
// before it is listed or counted.
function isFinishedEntry(entry) {
  return isObject(entry) && GAME_ID.test(entry.game) && typeof entry.text === "string" && typeof entry.won === "boolean"
    && typeof entry.shared === "boolean" && isNumber(entry.score) && !Number.isNaN(Date.parse(entry.date))
    && typeof entry.level === "string" && isCount(entry.players) && (entry.penalty === null || isNumber(entry.penalty))
    && (entry.margin === null || isNumber(entry.margin)) && (entry.options === null || isObject(entry.options));
}

function need(condition, what) {
  if (!condition) throw new BadHomeFile(what);
}

// How deeply `value` nests, counted without recursion (a hostile file cannot exhaust the stack).
function depthOf(value) {
  let deepest = 0;
  const waiting = [[value, 1]];
  while (waiting.length) {
    const [item, depth] = waiting.pop();
    deepest = Math.max(deepest, depth);
    if (item !== null && typeof item === "object") for (const child of Object.values(item)) waiting.push([child, depth + 1]);
  }
  return deepest;
}

// The export file's text as the home's contents, checked; a BadHomeFile naming what is wrong.
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
  need(isObject(data.saves), "saves is not an object");
  const saved = Object.entries(data.saves);
  need(saved.length <= IMPORT_LIMITS.saves, `${saved.length} saves`);
  for (const [game, record] of saved) {
    need(GAME_ID.test(game) && isObject(record) && record.game === game && typeof record.text === "string",
      `the save of ${JSON.stringify(game).slice(0, 40)} is not a game's save`);
  }
  need(data.last === null || (typeof data.last === "string" && data.last in data.saves), "last names no save");
  need(isObject(data.stats) && data.stats.version === STATS_VERSION && isObject(data.stats.games), "stats is not statistics");
  for (const [game, counted] of Object.entries(data.stats.games)) {
    need(GAME_ID.test(game) && isObject(counted) && isObject(counted.levels), `the statistics of ${JSON.stringify(game).slice(0, 40)}`);
    for (const tally of Object.values(counted.levels)) {
      need(isObject(tally) && ["played", "won", "shared", "margins", "streak", "bestStreak"].every((key) => isCount(tally[key]))
        && isNumber(tally.scoreSum) && isNumber(tally.marginSum), `the statistics of ${game}`);
    }
  }
  need(Array.isArray(data.history) && data.history.length <= HISTORY_LENGTH, `history is not a list of at most ${HISTORY_LENGTH} games`);
  data.history.forEach((entry, i) => need(isFinishedEntry(entry), `finished game ${i + 1} is not one`));
  return data;
}
