// The players' home: each game's game in progress (one per game), the statistics and the finished
// games, kept on this device in IndexedDB (storage.js says how); the picker's line for a game in
// progress; the statistics and finished-games page; export and import of all of it as one file.
// Where IndexedDB cannot keep something (a private mode, a full quota) the game on the table is kept
// in memory and in localStorage under the key releases before the home used, and the player is told;
// so is a save still on its way when the page is hidden or left.
import { h } from "./dom.js";
import { language, pick, t, tn } from "./i18n.js";
import { countGame, emptyStats, finishedEntry, HISTORY_LENGTH } from "./stats.js";
import { readHome, saveKey, settled, storage, transact } from "./storage.js";
import {
  BadHomeFile, checkedHome, EXPORT_FORMAT, EXPORT_VERSION, GAME_ID, IMPORT_LIMITS, isFinishedEntry, isObject,
  sameEntry, statsProblem,
} from "./home/check.js";
import { historyBody, stateInWords, statsBody } from "./home/lists.js";

export { fitsSnapshot } from "./home/check.js"; // app.js checks a stored snapshot before it draws one

// The one save of releases before the home (the same record as a save in the home, as JSON text):
// moved into the home by the first visit that finds it; written again only as the fall-back copy.
export const LEGACY_SAVE_KEY = "pygames.save";
// Where releases before this one put the one save they could not open (its text; "null" for a save of
// the home, which they deleted): moved into the home's set-aside saves by the first visit that finds it.
const LEGACY_UNOPENED_KEY = "pygames.save.corrupt";
const PROBE_KEY = "pygames.probe"; // written and removed at once: whether localStorage works
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
// True when localStorage took it.
function copyToLocal({ record, entry }) {
  const copy = entry ? { ...record, finished: entry } : record;
  copied = storage.set(LEGACY_SAVE_KEY, JSON.stringify(copy))
    || storage.set(LEGACY_SAVE_KEY, JSON.stringify({ ...copy, snap: undefined })); // the smaller record
  return copied;
}
function forgetLocalCopy() {
  storage.remove(LEGACY_SAVE_KEY);
  copied = false;
}
const keepUnwritten = () => unwritten && copyToLocal(unwritten);
addEventListener("pagehide", keepUnwritten);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && keepUnwritten());
const unkept = { stats: emptyStats(), history: [] };
const told = new Set(); // what the player has been told of the storage's failures: each said once
/** @type {(text: string) => void} */
let notify = () => {};

// The shell's way of saying something to the player (showMessage's text).
export function onHomeMessage(say) {
  notify = say;
}

export const savedGame = (game) => saves.get(game) ?? null;

// --- saves this build cannot open ---------------------------------------------------------------------

// A save the engine refused is never deleted unasked: a newer version of the site may have written it
// (the first reload after a deploy still runs the old build, which then meets the new build's save),
// and it opens once the page is updated; a damaged one is the player's to download or discard.
// - One in the home stays at its key, `save:<game>`, as it was: the next visit tries it again.
// - A new game of its game, which takes that key, first moves it, whole, to a key of its own,
//   `aside:<time>:<n>`, with why it could not be opened: a new game and any number of unopened saves
//   coexist, none written over another. So is a copy in localStorage that is not a game's save.
// Each is listed in the picker with its reason, to download or to discard (after asking).
// `unopened`: by key in the home, {key, game (null when unknown), stored (the value at the key, to
// discard it only while it is still there), record (the save as it was kept), reason: {newer, message}}.
const unopened = new Map();
const ASIDE = "aside:";
let asideCount = 0;
const asideKey = () => `${ASIDE}${Date.now()}:${asideCount++}`;
const sameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const hasOwn = (object, key) => object !== null && typeof object === "object" && Object.hasOwn(object, key);

// The format version a save's text says it has, or null.
export function saveVersion(text) {
  try {
    const version = JSON.parse(text)?.version;
    return Number.isSafeInteger(version) ? version : null;
  } catch {
    return null;
  }
}

// Whether the stored value `home` of a game's key is a save of a newer version of the site than
// `record`, which this build's engine wrote: such a save is set aside, not written over, even if this
// visit never tried to open it.
function newerThan(home, record) {
  const theirs = hasOwn(home, "text") ? saveVersion(home.text) : null;
  const ours = saveVersion(record.text);
  return theirs !== null && ours !== null && theirs > ours;
}

const setAsideEntry = (game, record, reason) => ({ game, record, reason, setAside: new Date().toISOString() });

function listSetAside(key, entry) {
  const game = hasOwn(entry, "game") && GAME_ID.test(entry.game) ? entry.game : null;
  const reason = hasOwn(entry, "reason") && isObject(entry.reason) ? entry.reason : { newer: false, message: "" };
  unopened.set(key, { key, game, stored: entry, record: hasOwn(entry, "record") ? entry.record : entry, reason });
}

// The save of `game` (from the home: `raw` null) or the localStorage copy `raw` (not JSON, or no
// game's save, or one the home could not take), which the engine could not open: reason {newer,
// message}. The first stays where it is; the copy is moved into the home whole, under a key of its
// own (left in localStorage where the home cannot take it).
export async function keepUnopened({ game, record, raw, reason }) {
  const known = typeof game === "string" && GAME_ID.test(game) ? game : null;
  if (raw === null) {
    unopened.set(saveKey(game), { key: saveKey(game), game: known, stored: record, record, reason });
    return;
  }
  const key = asideKey();
  const entry = setAsideEntry(known, raw, reason);
  try {
    await transact("readwrite", (store) => {
      store.put(entry, key);
    });
  } catch (error) {
    failed(error);
    return;
  }
  if (storage.get(LEGACY_SAVE_KEY) === raw) forgetLocalCopy();
  saves.delete(known);
  listSetAside(key, entry);
}

// The games' saves whose text says a format version above the one this build's engine writes (asked
// of `engineVersion()` only when there is a save to compare), listed as made by a newer version of the
// site before the player tries one: true when there was one.
export async function listNewerSaves(engineVersion) {
  const versioned = [...saves].filter(([game, record]) => !unopened.has(saveKey(game)) && hasOwn(record, "text")
    && saveVersion(record.text) !== null);
  const version = versioned.length > 0 ? await engineVersion() : null;
  const newer = versioned.filter(([, record]) => version !== null && saveVersion(record.text) > version);
  for (const [game, record] of newer) {
    unopened.set(saveKey(game), { key: saveKey(game), game, stored: record, record, reason: { newer: true, message: "" } });
  }
  return newer.length > 0;
}

// Every set-aside save in the home, listed; the one save a release before this one set aside in
// localStorage moved in among them first.
async function readSetAside(store) {
  const legacy = storage.get(LEGACY_UNOPENED_KEY);
  if (legacy !== null && legacy !== "null") {
    store.put(setAsideEntry(null, legacy, { newer: false, message: "" }), asideKey());
  }
  const range = IDBKeyRange.bound(ASIDE, `${ASIDE}\uffff`);
  const [keys, values] = await Promise.all([settled(store.getAllKeys(range)), settled(store.getAll(range))]);
  keys.forEach((key, i) => listSetAside(key, values[i]));
  return legacy !== null;
}

// The saves this build cannot open, listed (the picker shows them above the games): each with its
// game's name (`title(id)`), why, Download and Discard; null when there is none. onChange: after one
// was discarded.
export function unopenedSaves({ title, onChange }) {
  if (unopened.size === 0) return null;
  const date = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" });
  const when = (entry) => {
    const time = hasOwn(entry.record, "savedAt") ? entry.record.savedAt : Date.parse(entry.stored?.setAside);
    return Number.isFinite(time) ? t("hmUnopenedKept", { date: date.format(new Date(time)) }) : null;
  };
  return h("section", { class: "unopened-saves", id: "unopened-saves", "aria-labelledby": "unopened-title" },
    h("h2", { id: "unopened-title", text: t("hmUnopenedTitle") }),
    h("ul", { class: "unopened-list" }, [...unopened.values()].map((entry) => {
      const name = entry.game ? title(entry.game) : t("hmSavedGame");
      // set aside, it is no longer the game's save a visit opens: its file is
      const newer = entry.key.startsWith(ASIDE) ? "hmUnopenedNewerAside" : "hmUnopenedNewer";
      const why = entry.reason.newer ? t(newer) : t("hmUnopenedDamaged", { message: entry.reason.message });
      return h("li", { class: "unopened-save", "data-game": entry.game ?? "", "data-key": entry.key },
        h("strong", { text: name }),
        h("span", { class: "unopened-why", text: why }),
        when(entry) && h("span", { class: "fine", text: when(entry) }),
        h("span", { class: "unopened-actions" },
          h("button", { type: "button", class: "ghost unopened-download", text: t("hmDownload"),
            "aria-label": t("hmDownloadLabel", { game: name }), onclick: () => downloadUnopened(entry) }),
          h("button", { type: "button", class: "ghost danger unopened-discard", text: t("hmDiscard"),
            "aria-label": t("hmDiscardLabel", { game: name }), onclick: async () => {
              if (await discardUnopened(entry, name)) onChange();
            } })));
    })));
}

// The save as a file: a game's text (which "Load a game file" of a site that reads it opens), else the
// copy's text as it was, else the stored value as JSON.
function downloadUnopened({ game, record }) {
  const text = typeof record === "string" ? record : hasOwn(record, "text") && typeof record.text === "string"
    ? record.text : JSON.stringify(record);
  download(`pygames-${game ?? "save"}-unopened.json`, text);
}

async function discardUnopened(entry, name) {
  if (!await confirmed(t("hmConfirmDiscard", { game: name }), t("hmDelete"))) return false;
  try {
    await transact("readwrite", async (store) => {
      // only while it is still there as listed (another tab may have set it aside or replaced it since)
      if (sameValue(await settled(store.get(entry.key)), entry.stored)) store.delete(entry.key);
    });
  } catch (error) {
    failed(error);
    return false;
  }
  unopened.delete(entry.key);
  if (entry.key === saveKey(entry.game)) saves.delete(entry.game);
  return true;
}

// Whether localStorage takes a write (a private mode may refuse it as well as IndexedDB).
function localStorageWorks() {
  const works = storage.set(PROBE_KEY, "");
  storage.remove(PROBE_KEY);
  return works;
}

// The home failed: the player is told, once, that the game on the table is kept in this tab and in
// localStorage (`kept`), or, once that refuses too, that it is not kept at all.
function failed(error, kept = localStorageWorks()) {
  const said = kept ? "hmStorageFailed" : "hmStorageLost";
  if (told.has(said)) return;
  told.add(said);
  notify(t(said, { message: error?.message ?? String(error) }));
}

// The game a visit opens at once: the save left in localStorage (by a release before the home, or by
// a page left while its save was on its way) moved into the home now; else the home's game last
// played, read in one transaction. {record, raw}, or null when there is none: raw is the localStorage
// copy's text when the copy is still there (not JSON, or no game's save: record is then null or the
// parsed copy; or the home could not take it), null for a record in the home.
export async function openingSave() {
  const raw = storage.get(LEGACY_SAVE_KEY);
  if (raw === null) return openLastSave();
  let copy;
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
    return { record: opened, raw: null };
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
  if (isFinishedEntry(finished)) await countFinished(store, finished, { once: true }); // a copy edited by hand may carry anything
  return { opened, kept };
}

// The finished game `entry` counted in the statistics and listed first in the finished games, in the
// transaction of `store`; once: not when the list already has it (its write may have been made after
// all). Statistics stored in another shape (imported by an earlier release, which did not check them)
// are left as they are, not counted in: the page says they cannot be read.
async function countFinished(store, entry, { once = false } = {}) {
  const [stats, stored] = await Promise.all([settled(store.get("stats")), settled(store.get("history"))]);
  const history = Array.isArray(stored) ? stored : [];
  // a game another tab finished too, or whose write was made after all, is listed once
  const listed = (earlier) => (once && sameEntry(earlier, entry))
    || (isObject(earlier) && entry.playId !== undefined && earlier.playId === entry.playId);
  if (history.some(listed)) return;
  if (stats === undefined || statsProblem(stats) === null) store.put(countGame(stats ?? emptyStats(), entry), "stats");
  store.put([entry, ...history].slice(0, HISTORY_LENGTH), "history");
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

// Every game's save, read once the visit's own game is on its way (the picker's resume lines), and the
// saves set aside.
export async function readSaves(gameIds) {
  try {
    const { records, legacy } = await transact("readwrite", async (store) => ({
      records: await Promise.all(gameIds.map((game) => settled(store.get(saveKey(game))))),
      legacy: await readSetAside(store),
    }));
    if (legacy) storage.remove(LEGACY_UNOPENED_KEY);
    gameIds.forEach((game, i) => {
      if (records[i] !== undefined && !saves.has(game)) saves.set(game, records[i]);
    });
  } catch (error) {
    failed(error);
  }
}

// --- one writer per game: tabs of the same browser share the home ---------------------------------------

// Each write of a save gives it a revision of its own (`rev`): a tab writes its game's save only over
// the revision it last read or wrote (its `saves` entry), so a tab left on an older position never
// writes it over the moves another tab has played since. Instead it takes the stored save and the
// shell shows it (onStaleGame), as it does when another tab says it has written (BroadcastChannel,
// where the browser has it; the check in the write's transaction holds without it). A game has an
// identity too (`playId`, given when it starts, kept by every save of it): its finished entry carries
// it, and a finished game already listed is not counted again, whichever tab finishes it.
const SAVES_CHANNEL = "pygames.saves";
const channel = globalThis.BroadcastChannel ? new BroadcastChannel(SAVES_CHANNEL) : null;
/** @type {(record: object, said: string) => void} */
let onStale = () => {};

// A short random name, unique enough among one device's tabs and games (and no secure context needed,
// unlike crypto.randomUUID: the site may be served over plain http on a local network).
export const newPlayId = () => Array.from(crypto.getRandomValues(new Uint32Array(3)), (n) => n.toString(36)).join("");

// The shell's way of showing a game's save another tab wrote: `show(record, said)`, said the key of
// the message to show with it.
export function onStaleGame(show) {
  onStale = show;
}

// Another tab kept `record` as its game's save: it replaces what this tab knew, and the shell shows it.
function wentOnElsewhere(record) {
  const known = saves.get(record.game);
  if (known?.rev === record.rev) return;
  saves.set(record.game, record);
  const said = known?.playId !== undefined && known.playId !== record.playId ? "hmStartedElsewhere" : "hmWentOnElsewhere";
  onStale(record, said);
}

channel?.addEventListener("message", async ({ data }) => {
  if (!isObject(data) || typeof data.game !== "string" || !GAME_ID.test(data.game)) return;
  if (saves.get(data.game)?.rev === data.rev) return;
  try {
    const [record] = await readHome([saveKey(data.game)]);
    if (isObject(record) && record.game === data.game) wentOnElsewhere(record);
  } catch {
    // the home cannot be read here: this tab's own write says so, and checks what is stored first
  }
});

// What a save says beside its revision and the time it was kept (its snapshot follows from its text):
// the same as `other`'s, nothing has changed that needs writing.
function sameSave(record, other) {
  if (!isObject(other)) return false;
  const keys = new Set([...Object.keys(record), ...Object.keys(other)]);
  for (const key of ["rev", "savedAt", "snap"]) keys.delete(key);
  return [...keys].every((key) => JSON.stringify(record[key]) === JSON.stringify(other[key]));
}

// Keep `record` as its game's save and the game last played; `snap` over for the first time, also
// count it in the statistics and list it in the finished games, all in one transaction. `fresh`: a new
// game's first save, which replaces whatever its game's save was; any other replaces only the revision
// this tab knows (else the stored save is shown instead). Where IndexedDB fails, the record goes to
// localStorage (the smaller record without its snapshot if the whole one does not fit) and the
// finished game to this tab's memory.
export function keepSave(record, { snap = null, level = null, fresh = false } = {}) {
  const known = saves.get(record.game);
  const entry = snap && { ...finishedEntry(snap, level), ...record.playId !== undefined && { playId: record.playId } };
  if (!fresh && !entry && sameSave(record, known)) {
    // shown again (a resumed game's first drawing): only which game was played last changes
    writing = transact("readwrite", (store) => {
      store.put(record.game, "last");
    }).catch(() => {});
    return writing;
  }
  const timed = { ...record, savedAt: Date.now(), rev: newPlayId() };
  saves.set(record.game, timed);
  unwritten = { record: timed, entry, over: fresh ? null : { rev: known?.rev } };
  writing = writeSave(unwritten);
  return writing;
}

async function writeSave(save) {
  const { record, entry, over } = save;
  try {
    const key = saveKey(record.game);
    const known = unopened.get(key);
    const { aside, stale } = await transact("readwrite", async (store) => {
      // a save this build cannot open, where the new game goes: set aside whole, with its reason
      const home = await settled(store.get(key));
      const reason = known && sameValue(home, known.stored) ? known.reason
        : newerThan(home, record) ? { newer: true, message: "" } : null;
      // another tab has written this game since this tab read it: that is kept, and shown here
      if (!reason && over && isObject(home) && home.game === record.game && home.rev !== over.rev) return { stale: home };
      const setAside = reason && [asideKey(), setAsideEntry(record.game, home, reason)];
      if (setAside) store.put(setAside[1], setAside[0]);
      store.put(record, key);
      store.put(record.game, "last");
      if (entry) await countFinished(store, entry);
      return { aside: setAside };
    });
    if (unwritten === save) unwritten = null;
    if (stale) {
      wentOnElsewhere(stale);
      return;
    }
    channel?.postMessage({ game: record.game, rev: record.rev });
    if (known) unopened.delete(key);
    if (aside) listSetAside(...aside);
    if (copied && unwritten === null) forgetLocalCopy(); // the home holds the newest record: the copy is stale
  } catch (error) {
    failed(error, copyToLocal(save));
    if (entry) {
      countGame(unkept.stats, entry);
      unkept.history = [entry, ...unkept.history].slice(0, HISTORY_LENGTH);
    }
  }
}

// The statistics and the finished games: the home's, or this tab's where IndexedDB failed.
async function readRecords() {
  try {
    const [stats, history] = await readHome(["stats", "history"]);
    // stored in another shape (imported by an earlier release, which did not check them): not read
    return { stats: stats ?? emptyStats(), history: (Array.isArray(history) ? history : []).filter(isFinishedEntry) };
  } catch (error) {
    failed(error);
    return unkept;
  }
}

// --- the picker's line for a game in progress -----------------------------------------------------

// The line under a game's name in the picker when a game of it is in progress: its state, Resume and
// New game. Null when there is none (or it is over).
export function resumeLine(game, { onResume, onNew }) {
  const record = saves.get(game.id);
  if (!record || record.snap?.is_over === true || unopened.has(saveKey(game.id))) return null;
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
  download(name, JSON.stringify(data));
  notify(t("hmExported", { name }));
}

// `text` downloaded as the file `name`.
function download(name, text) {
  const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: name, id: "home-download-link", hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href)); // after the download has taken it
}

const counts = ({ saves: saved, history }) => t("hmCounts", { saves: tn("hmSavesCount", Object.keys(saved).length),
  finished: tn("hmFinishedCount", history.length) });

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
    notify(error.part ? t("hmBadPart", { part: t(`hmPart_${error.part}`), path: error.path })
      : t("hmBadFile", { message: error.message }));
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
  const aside = [...unopened.keys()].filter((key) => key.startsWith(ASIDE)).length; // deleted too
  const said = aside > 0 ? t("hmCountsAside", { counts: counts(here), aside: tn("hmAsideCount", aside) }) : counts(here);
  if (!await confirmed(t("hmConfirmClear", { here: said }), t("hmDelete"))) return false;
  await replaceHome({ last: null, saves: {}, stats: emptyStats(), history: [] }, { keepAside: false });
  notify(t("hmCleared"));
  return true;
}

// keepAside: the saves set aside stay (an import: they are not in an export, which holds what this
// build reads, and only their own Discard or Clear everything deletes them).
async function replaceHome({ last, saves: saved, stats, history }, { keepAside = true } = {}) {
  const kept = (key) => keepAside && key.startsWith(ASIDE);
  await transact("readwrite", async (store) => {
    for (const key of await settled(store.getAllKeys())) if (!kept(String(key))) store.delete(key);
    for (const [game, record] of Object.entries(saved)) store.put(record, saveKey(game));
    if (last !== null) store.put(last, "last");
    store.put(stats, "stats");
    store.put(history, "history");
  });
  unwritten = null; // the table's game is closed: nothing of it is to be kept
  forgetLocalCopy();
  saves.clear();
  for (const [game, record] of Object.entries(saved)) saves.set(game, record);
  for (const key of unopened.keys()) if (!kept(key)) unopened.delete(key);
}

