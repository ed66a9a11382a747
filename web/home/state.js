// The home's state in this tab, one object the home's modules share (home.js, unopened.js, data.js),
// and the localStorage fall-back it keeps: where IndexedDB cannot keep something (a private mode, a
// full quota) the game on the table is kept in memory and in localStorage under the key releases
// before the home used, and the player is told.
import { t } from "../i18n.js";
import { emptyStats } from "../stats.js";
import { storage } from "../storage.js";

// The one save of releases before the home (the same record as a save in the home, as JSON text):
// moved into the home by the first visit that finds it; written again only as the fall-back copy.
export const LEGACY_SAVE_KEY = "pygames.save";
const PROBE_KEY = "pygames.probe"; // written and removed at once: whether localStorage works

/**
 * What the home knows and is doing in this tab (each field changed in place or reassigned by the
 * home's modules, never anywhere else).
 * @type {{
 *   saves: Map<string, any>,
 *   writing: Promise<unknown>,
 *   unwritten: {record: any, entry: any, over?: {rev: string | undefined} | null} | null,
 *   copied: boolean,
 *   unopened: Map<string, {key: string, game: string | null, stored: any, record: any,
 *     reason: {newer: boolean, message: string, problem?: string}}>,
 *   asideCount: number,
 *   unkept: {stats: any, history: any[]},
 *   told: Set<string>,
 *   notify: (text: string) => void,
 *   onStale: (record: object, said: string) => void,
 * }}
 */
export const home = {
  // Each game's save record as last kept (the picker reads it).
  saves: new Map(),
  // The last save asked for, written (or failed over to localStorage).
  writing: Promise.resolve(),
  // The last save asked for, until the home holds it: {record, entry, over}.
  unwritten: null,
  // localStorage holds a copy of a record the home may not hold yet.
  copied: false,
  // The saves this build cannot open, by key in the home (unopened.js says what each holds).
  unopened: new Map(),
  // The set-aside keys made by this tab so far (each key is unique within one millisecond too).
  asideCount: 0,
  // The statistics and finished games IndexedDB could not keep: this tab's only.
  unkept: { stats: emptyStats(), history: [] },
  // What the player has been told of the storage's failures: each said once.
  told: new Set(),
  // The shell's way of saying something to the player (showMessage's text).
  notify: () => {},
  // The shell's way of showing a game's save another tab wrote (home.js onStaleGame).
  onStale: () => {},
};

// A page hidden or left while a save is on its way (a phone putting the tab away, a tab closed right
// after a move) may never finish an IndexedDB write: the record goes to localStorage, which writes at
// once, and the next visit moves it into the home (openingSave). Once the home holds it, the copy goes.
// A game the save finishes carries its entry for the statistics and the finished games along
// (`finished`), so the game is counted when it is moved, not only resumed.
// True when localStorage took it.
export function copyToLocal({ record, entry }) {
  const copy = entry ? { ...record, finished: entry } : record;
  home.copied = storage.set(LEGACY_SAVE_KEY, JSON.stringify(copy))
    || storage.set(LEGACY_SAVE_KEY, JSON.stringify({ ...copy, snap: undefined })); // the smaller record
  return home.copied;
}

export function forgetLocalCopy() {
  storage.remove(LEGACY_SAVE_KEY);
  home.copied = false;
}

// Whether localStorage takes a write (a private mode may refuse it as well as IndexedDB).
function localStorageWorks() {
  const works = storage.set(PROBE_KEY, "");
  storage.remove(PROBE_KEY);
  return works;
}

// The home failed: the player is told, once, that the game on the table is kept in this tab and in
// localStorage (`kept`), or, once that refuses too, that it is not kept at all.
export function failed(error, kept = localStorageWorks()) {
  const said = kept ? "hmStorageFailed" : "hmStorageLost";
  if (home.told.has(said)) return;
  home.told.add(said);
  home.notify(t(said, { message: error?.message ?? String(error) }));
}
