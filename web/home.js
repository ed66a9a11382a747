// The players' home: each game's game in progress (one per game), the statistics and the finished
// games, kept on this device in IndexedDB (storage.js says how); the picker's line for a game in
// progress; the statistics and finished-games page. Split by job under home/: the state this tab
// shares among them and the localStorage fall-back (state.js), the saves this build cannot open
// (unopened.js), export, import and clear (data.js), the checks (check.js), the lists (lists.js).
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { countGame, emptyStats, finishedEntry, HISTORY_LENGTH } from "./stats.js";
import { readHome, saveKey, settled, storage, transact } from "./storage.js";
import { GAME_ID, isFinishedEntry, isObject, sameEntry, statsProblem } from "./home/check.js";
import { dataTools } from "./home/data.js";
import { historyBody, stateInWords, statsBody } from "./home/lists.js";
import { copyToLocal, failed, forgetLocalCopy, home, LEGACY_SAVE_KEY } from "./home/state.js";
import {
  asideKey, LEGACY_UNOPENED_KEY, listSetAside, newerThan, readSetAside, sameValue, setAsideEntry,
} from "./home/unopened.js";

export { fitsSnapshot } from "./home/check.js"; // app.js checks a stored snapshot before it draws one
export { LEGACY_SAVE_KEY } from "./home/state.js";
export { keepUnopened, listNewerSaves, saveVersion, unopenedSaves } from "./home/unopened.js";

// A save on its way when the page is hidden or left goes to localStorage (state.js copyToLocal).
const keepUnwritten = () => home.unwritten && copyToLocal(home.unwritten);
addEventListener("pagehide", keepUnwritten);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && keepUnwritten());

// The shell's way of saying something to the player (showMessage's text).
export function onHomeMessage(say) {
  home.notify = say;
}

export const savedGame = (game) => home.saves.get(game) ?? null;

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
    home.saves.set(game, kept);
    home.saves.set(opened.game, opened);
    return { record: opened, raw: null };
  } catch (error) {
    failed(error);
    home.saves.set(game, record);
    return { record, raw };
  }
}

async function openLastSave() {
  try {
    const record = await lastSave();
    if (record === null) return null;
    home.saves.set(record.game, record);
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
  const [stored, last] = await Promise.all([settled(store.get(saveKey(record.game))), settled(store.get("last"))]);
  const lastRecord = last === undefined || last === record.game ? stored : await settled(store.get(saveKey(last)));
  const kept = keptAfter(stored, record) ? stored : record;
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
  await home.writing;
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
      if (records[i] !== undefined && !home.saves.has(game)) home.saves.set(game, records[i]);
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

// A short random name, unique enough among one device's tabs and games (and no secure context needed,
// unlike crypto.randomUUID: the site may be served over plain http on a local network).
export const newPlayId = () => Array.from(crypto.getRandomValues(new Uint32Array(3)), (n) => n.toString(36)).join("");

// The shell's way of showing a game's save another tab wrote: `show(record, said)`, said the key of
// the message to show with it.
export function onStaleGame(show) {
  home.onStale = show;
}

// Another tab kept `record` as its game's save: it replaces what this tab knew, and the shell shows it.
function wentOnElsewhere(record) {
  const known = home.saves.get(record.game);
  if (known?.rev === record.rev) return;
  home.saves.set(record.game, record);
  const said = known?.playId !== undefined && known.playId !== record.playId ? "hmStartedElsewhere" : "hmWentOnElsewhere";
  home.onStale(record, said);
}

channel?.addEventListener("message", async ({ data }) => {
  if (!isObject(data) || typeof data.game !== "string" || !GAME_ID.test(data.game)) return;
  if (home.saves.get(data.game)?.rev === data.rev) return;
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
  const known = home.saves.get(record.game);
  const entry = snap && { ...finishedEntry(snap, level), ...record.playId !== undefined && { playId: record.playId } };
  if (!fresh && !entry && sameSave(record, known)) {
    // shown again (a resumed game's first drawing): only which game was played last changes
    home.writing = transact("readwrite", (store) => {
      store.put(record.game, "last");
    }).catch(() => {});
    return home.writing;
  }
  const timed = { ...record, savedAt: Date.now(), rev: newPlayId() };
  home.saves.set(record.game, timed);
  home.unwritten = { record: timed, entry, over: fresh ? null : { rev: known?.rev } };
  home.writing = writeSave(home.unwritten);
  return home.writing;
}

async function writeSave(save) {
  const { record, entry, over } = save;
  try {
    const key = saveKey(record.game);
    const known = home.unopened.get(key);
    const { aside, stale } = await transact("readwrite", async (store) => {
      // a save this build cannot open, where the new game goes: set aside whole, with its reason
      const stored = await settled(store.get(key));
      const reason = known && sameValue(stored, known.stored) ? known.reason
        : newerThan(stored, record) ? { newer: true, message: "" } : null;
      // another tab has written this game since this tab read it: that is kept, and shown here
      if (!reason && over && isObject(stored) && stored.game === record.game && stored.rev !== over.rev) return { stale: stored };
      const setAside = reason && [asideKey(), setAsideEntry(record.game, stored, reason)];
      if (setAside) store.put(setAside[1], setAside[0]);
      store.put(record, key);
      store.put(record.game, "last");
      if (entry) await countFinished(store, entry);
      return { aside: setAside };
    });
    if (home.unwritten === save) home.unwritten = null;
    if (stale) {
      wentOnElsewhere(stale);
      return;
    }
    channel?.postMessage({ game: record.game, rev: record.rev });
    if (known) home.unopened.delete(key);
    if (aside) listSetAside(...aside);
    if (home.copied && home.unwritten === null) forgetLocalCopy(); // the home holds the newest record: the copy is stale
  } catch (error) {
    failed(error, copyToLocal(save));
    if (entry) {
      countGame(home.unkept.stats, entry);
      home.unkept.history = [entry, ...home.unkept.history].slice(0, HISTORY_LENGTH);
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
    return home.unkept;
  }
}

// --- the picker's line for a game in progress -----------------------------------------------------

// The line under a game's name in the picker when a game of it is in progress: its state, Resume and
// New game. Null when there is none (or it is over).
export function resumeLine(game, { onResume, onNew }) {
  const record = home.saves.get(game.id);
  if (!record || record.snap?.is_over === true || home.unopened.has(saveKey(game.id))) return null;
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

