// The saves this build cannot open: kept, listed in the picker with why, to download or discard;
// the saves set aside in the home to make room for a new game of theirs.
import { h } from "../dom.js";
import { language, saveProblem, t } from "../i18n.js";
import { saveKey, settled, storage, transact } from "../storage.js";
import { confirmed, download } from "./ask.js";
import { GAME_ID, isObject } from "./check.js";
import { failed, forgetLocalCopy, home, LEGACY_SAVE_KEY } from "./state.js";

// Where releases before this one put the one save they could not open (its text; "null" for a save of
// the home, which they deleted): moved into the home's set-aside saves by the first visit that finds it.
export const LEGACY_UNOPENED_KEY = "pygames.save.corrupt";

// A save the engine refused is never deleted unasked: a newer version of the site may have written it
// (the first reload after a deploy still runs the old build, which then meets the new build's save),
// and it opens once the page is updated; a damaged one is the player's to download or discard.
// - One in the home stays at its key, `save:<game>`, as it was: the next visit tries it again.
// - A new game of its game, which takes that key, first moves it, whole, to a key of its own,
//   `aside:<time>:<n>`, with why it could not be opened: a new game and any number of unopened saves
//   coexist, none written over another. So is a copy in localStorage that is not a game's save.
// Each is listed in the picker with its reason, to download or to discard (after asking).
// `home.unopened`: by key in the home, {key, game (null when unknown), stored (the value at the key, to
// discard it only while it is still there), record (the save as it was kept), reason: {newer, message,
// problem: the BadSave's reason, where the engine named one}}.
export const ASIDE = "aside:";
export const asideKey = () => `${ASIDE}${Date.now()}:${home.asideCount++}`;
export const sameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b);
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

// Whether the stored value `stored` of a game's key is a save of a newer version of the site than
// `record`, which this build's engine wrote: such a save is set aside, not written over, even if this
// visit never tried to open it.
export function newerThan(stored, record) {
  const theirs = hasOwn(stored, "text") ? saveVersion(stored.text) : null;
  const ours = saveVersion(record.text);
  return theirs !== null && ours !== null && theirs > ours;
}

export const setAsideEntry = (game, record, reason) => ({ game, record, reason, setAside: new Date().toISOString() });

export function listSetAside(key, entry) {
  const game = hasOwn(entry, "game") && GAME_ID.test(entry.game) ? entry.game : null;
  const reason = hasOwn(entry, "reason") && isObject(entry.reason) ? entry.reason : { newer: false, message: "" };
  home.unopened.set(key, { key, game, stored: entry, record: hasOwn(entry, "record") ? entry.record : entry, reason });
}

// The save of `game` (from the home: `raw` null) or the localStorage copy `raw` (not JSON, or no
// game's save, or one the home could not take), which the engine could not open: reason {newer,
// message}. The first stays where it is; the copy is moved into the home whole, under a key of its
// own (left in localStorage where the home cannot take it).
export async function keepUnopened({ game, record, raw, reason }) {
  const known = typeof game === "string" && GAME_ID.test(game) ? game : null;
  if (raw === null) {
    home.unopened.set(saveKey(game), { key: saveKey(game), game: known, stored: record, record, reason });
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
  if (known !== null) home.saves.delete(known); // a copy naming no game held no game's save
  listSetAside(key, entry);
}

// The games' saves whose text says a format version above the one this build's engine writes (asked
// of `engineVersion()` only when there is a save to compare), listed as made by a newer version of the
// site before the player tries one: true when there was one.
export async function listNewerSaves(engineVersion) {
  const versioned = [...home.saves].filter(([game, record]) => !home.unopened.has(saveKey(game)) && hasOwn(record, "text")
    && saveVersion(record.text) !== null);
  const version = versioned.length > 0 ? await engineVersion() : null;
  const newer = versioned.filter(([, record]) => version !== null && saveVersion(record.text) > version);
  for (const [game, record] of newer) {
    home.unopened.set(saveKey(game), { key: saveKey(game), game, stored: record, record, reason: { newer: true, message: "" } });
  }
  return newer.length > 0;
}

// Every set-aside save in the home, listed; the one save a release before this one set aside in
// localStorage moved in among them first.
export async function readSetAside(store) {
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
  if (home.unopened.size === 0) return null;
  const date = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" });
  const when = (entry) => {
    const time = hasOwn(entry.record, "savedAt") ? entry.record.savedAt : Date.parse(entry.stored?.setAside);
    return Number.isFinite(time) ? t("hmUnopenedKept", { date: date.format(new Date(time)) }) : null;
  };
  return h("section", { class: "unopened-saves", id: "unopened-saves", "aria-labelledby": "unopened-title" },
    h("h2", { id: "unopened-title", text: t("hmUnopenedTitle") }),
    h("ul", { class: "unopened-list" }, [...home.unopened.values()].map((entry) => {
      const name = entry.game ? title(entry.game) : t("hmSavedGame");
      // set aside, it is no longer the game's save a visit opens: its file is
      const newer = entry.key.startsWith(ASIDE) ? "hmUnopenedNewerAside" : "hmUnopenedNewer";
      const why = entry.reason.newer ? t(newer)
        : t("hmUnopenedDamaged", { message: saveProblem({ reason: entry.reason.problem, message: entry.reason.message }) });
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
  home.unopened.delete(entry.key);
  if (entry.key === saveKey(entry.game)) home.saves.delete(entry.game);
  return true;
}
