// The site's shell: it only wires. The parts live in web/site/ and share one Site (site.js): the
// loading screen (loading.js), the picker and options (picker.js), the table on the page (tables.js,
// through the table life both shells share: table-life.js), the games opened other than by the
// picker (games.js: start-up, shared links, resume, reload after an engine stop), the share dialog
// (share-dialog.js), help (help.js), and the top bar and keys (chrome.js); learning a game is
// learn.js's (the rules dialog, the hint's reason in words, "Explain as we play"). docs/web.md
// describes the layers.
// The rules live in Python: the shell never decides what is legal or who scores, it only shows
// the snapshot the bridge returns and sends back one of the snapshot's legal actions.
import { $ } from "./dom.js";
import { startEngines } from "./engines.js";
import { lastSave, listNewerSaves, openingSave, readSaves } from "./home.js";
import { pick, t } from "./i18n.js";
import { TableLife } from "./table-life.js";
import { setupChrome } from "./site/chrome.js";
import { Games } from "./site/games.js";
import { offerWayOut, showInOwnTab, showLoadingStage, showStartFailed, WAY_OUT_MS } from "./site/loading.js";
import { showMessage } from "./site/page.js";
import { Picker } from "./site/picker.js";
import { Site } from "./site/site.js";
import { siteTableOptions, Tables } from "./site/tables.js";

// index.html inside another page's frame: any site could frame it (a meta Content-Security-Policy
// cannot set frame-ancestors) and lay its own things over the controls, so the site does not run
// there, not even its engine: it offers itself in a tab of its own. embed.html is the page to frame.
const FRAMED = window.top !== window.self;
const client = FRAMED ? null : startEngines({
  onProgress: (stage) => {
    site.loadingStage = stage;
    showLoadingStage(site);
  },
  onStopped: (stop) => site.life.engineStopped(stop),
  onPluginFailures: (ready) => site.games.notePluginFailures(ready),
  titleOf: (game) => pick(site.catalog.title(game)),
});
const site = new Site(client);
site.picker = new Picker(site);
site.tables = new Tables(site);
site.games = new Games(site);
site.life = new TableLife({
  client,
  summaryDialog: $("summary"),
  say: (key, values) => showMessage(() => t(key, values)),
  saved: (table) => site.games.savedForReload(table),
  reload: (saved) => site.games.reload(saved),
  summaryButtons: (table) => site.tables.summaryButtons(table),
  wayOut: (table) => site.tables.wayOut(table),
  table: siteTableOptions(site),
});
// For the browser console and the tests: the same requests the page sends, and the save of the game
// last played as the home holds it once the saves asked for are written.
const page = /** @type {any} */ (window);
page.pygamesBridge = client?.call && (({ op, ...fields }) => client.call(op, fields));
page.pygamesSaved = lastSave;

// Nothing waits for Python that can be drawn without it: the game last played is drawn at once from
// the snapshot stored with its save (one IndexedDB read, while the worker starts) and its `load` is
// sent at once; a shared deal's `new` is sent at once; the picker is drawn from the catalog. Those
// requests wait in the worker's queue until Python is up.
async function main() {
  setupChrome(site);
  if (FRAMED) {
    showInOwnTab(site);
    return;
  }
  setTimeout(() => offerWayOut(site), WAY_OUT_MS);
  const { games } = site;
  const shared = games.sharedDeal();
  site.levelsKnown = games.knowLevels();
  site.gamesKnown = Promise.all([games.knowGames(), site.levelsKnown]).then((known) => known.every(Boolean));
  const saved = await openingSave();
  // the other games' saves, for the picker's resume lines: after the one the visit opens. The picker
  // waits for them (one IndexedDB read) rather than being drawn again under a player's first tap;
  // only one drawn before them (New game on a resumed table) is drawn again with its resume lines.
  const savesRead = site.gamesKnown.then((known) => (known ? readSaves(site.catalog.games.map((game) => game.id)) : undefined)).then(() => {
    site.savesKnown = true;
    if (!$("picker").hidden && $("picker").dataset.saves !== "read") site.picker.redraw();
  });
  const resuming = saved !== null ? games.resume(saved.record, saved.raw) : null;
  if (saved === null && shared) games.startShared(shared);
  else if (saved === null) Promise.all([site.gamesKnown, savesRead]).then(([known]) => known && site.picker.show());
  let ready;
  try {
    ready = await site.engine.ready;
    page.pygamesTimings = ready.timings;
  } catch (error) {
    showStartFailed(site, error);
    return;
  }
  site.pythonReady = true;
  $("picker-status")?.remove();
  $("loading").setAttribute("aria-busy", "false");
  // the saves a newer version of the site wrote are listed as such before the player tries one (once
  // the game the visit opens is loaded: its bots' first move is not kept waiting)
  Promise.all([savesRead, resuming])
    .then(async () => await listNewerSaves(() => games.engineSaveVersion()) && !$("picker").hidden && site.picker.redraw());
  // A game in progress is never replaced unasked: the shared deal waits for the player's word.
  if (shared && saved !== null) {
    await resuming;
    await site.gamesKnown;
    games.offerShared(shared);
  }
}

main();

// The service worker is registered once the game engine has started (or failed to): its install
// asks the server for every file of the site, which must not compete with the runtime's start.
// (Framed, the site does not run: no engine, no service worker.)
client?.ready.catch(() => {}).then(() => {
  navigator.serviceWorker?.register("sw.js").catch((error) => console.warn("offline mode unavailable:", error));
});
