// The home page's data tools: export everything as one file, import such a file in place of
// everything (checked by check.js first), clear everything.
import { h } from "../dom.js";
import { t, tn } from "../i18n.js";
import { emptyStats } from "../stats.js";
import { saveKey, settled, transact } from "../storage.js";
import { confirmed, download } from "./ask.js";
import { BadHomeFile, checkedHome, EXPORT_FORMAT, EXPORT_VERSION, IMPORT_LIMITS } from "./check.js";
import { failed, forgetLocalCopy, home } from "./state.js";
import { ASIDE } from "./unopened.js";

export function dataTools(section, { onReplaced, redraw }) {
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

// everything(), or null once the player is told the home could not be read.
async function everythingOrSaid() {
  try {
    return await everything();
  } catch (error) {
    failed(error);
    return null;
  }
}

async function exportAll() {
  const data = await everythingOrSaid();
  if (data === null) return;
  const name = `pygames-${data.exported.slice(0, 10)}.json`;
  download(name, JSON.stringify(data));
  home.notify(t("hmExported", { name }));
}

const counts = ({ saves: saved, history }) => t("hmCounts", { saves: tn("hmSavesCount", Object.keys(saved).length),
  finished: tn("hmFinishedCount", history.length) });

// Read, check and, once the player confirms, put in place of everything: true when it was.
async function importFile(file) {
  let data;
  try {
    if (file.size > IMPORT_LIMITS.bytes) throw new BadHomeFile(`${file.size} bytes, more than a home can hold`);
    data = checkedHome(await file.text());
  } catch (error) {
    if (!(error instanceof BadHomeFile)) throw error;
    home.notify(error.part ? t("hmBadPart", { part: t(`hmPart_${error.part}`), path: error.path })
      : t("hmBadFile", { message: error.message }));
    return false;
  }
  const here = await everythingOrSaid();
  if (here === null) return false;
  if (!await confirmed(t("hmConfirmImport", { here: counts(here), file: counts(data) }), t("hmReplace"))) return false;
  await replaceHome(data);
  home.notify(t("hmImported", { counts: counts(data) }));
  return true;
}

async function clearAll() {
  const here = await everythingOrSaid();
  if (here === null) return false;
  const aside = [...home.unopened.keys()].filter((key) => key.startsWith(ASIDE)).length; // deleted too
  const said = aside > 0 ? t("hmCountsAside", { counts: counts(here), aside: tn("hmAsideCount", aside) }) : counts(here);
  if (!await confirmed(t("hmConfirmClear", { here: said }), t("hmDelete"))) return false;
  await replaceHome({ last: null, saves: {}, stats: emptyStats(), history: [] }, { keepAside: false });
  home.notify(t("hmCleared"));
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
  home.unwritten = null; // the table's game is closed: nothing of it is to be kept
  forgetLocalCopy();
  home.saves.clear();
  for (const [game, record] of Object.entries(saved)) home.saves.set(game, record);
  for (const key of home.unopened.keys()) if (!kept(key)) home.unopened.delete(key);
}

