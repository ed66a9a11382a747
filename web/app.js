// The generic shell: loading screen, game picker and options, the table (a LiveTable: human
// actions and paced bot moves through the worker bridge), save/resume, undo, hints, sharing and
// game files, dialogs, language and keys, and learning a game (learn.js: the rules dialog, the
// hint's reason in words, "Explain as we play").
// The rules live in Python: the shell never decides what is legal or who scores, it only shows
// the snapshot the bridge returns and sends back one of the snapshot's legal actions.
import { STOPPED, startBridge } from "./bridge.js";
import { focusInView, h, keysSpoken } from "./dom.js";
import { rendererOf } from "./games/index.js";
import { fitsSnapshot, keepSave, keepUnopened, lastSave, listNewerSaves, newPlayId, onHomeMessage, onStaleGame, openingSave,
  readSaves, resumeLine, savedGame, saveVersion, showHomePage, unopenedSaves } from "./home.js";
import { addStrings, LANGUAGES, language, pick, setLanguage, t, translatePage } from "./i18n.js";
import { Captions, playersAndLength, showGeneralHelp, showRules } from "./learn.js";
import { initialRoles, seatRoles } from "./seats.js";
import { addedGames, pluginFailures } from "./plugins.js";
import { dealParameters, packText, seedParameter, siteLink, unpackText, wholeNumber, wholeParameter } from "./share.js";
import { storage } from "./storage.js";
import { showSummary } from "./summary.js";
import { levelText, loadLevels } from "./levels.js";
import { drawableSnapshot, LiveTable, storedSnapshot } from "./table.js";

const PREFS_KEY = "pygames.prefs";
const HUMAN_SEAT = 0;
const LOADING_STAGES = { runtime: ["loadingRuntime", 1], rules: ["loadingRules", 2], games: ["loadingGames", 2],
  start: ["loadingStart", 3] };
// A hint is the hard bot's search from the player's own view: short, so a move made meanwhile waits little.
const HINT_BUDGET_MS = 400;
const CUBE_ACTIONS = ["double", "take", "pass"];
// The errors of a `load` that say the save itself cannot be read (not the engine's own trouble): the
// save is then kept as it is and listed as one this build cannot open (home.js keepUnopened).
const UNREADABLE_SAVE = ["BadSave", "BadRequest"];
// The loading screen offers a way out (the picker, the statistics) when the table has not appeared
// after this long: a runtime that cannot start, a save that cannot be drawn and waits for it.
// `?wayout=ms` in the page's address shortens it (the tests).
const WAY_OUT_MS = Number(new URLSearchParams(location.search).get("wayout")) || 15_000;

addStrings({
  en: {
    undo: "Undo", undoLabel: "Undo your last move (U)", share: "Share", shareLabel: "Share this game (S)",
    allowUndo: "Allow undo", allowUndoHelp: "Take back your moves against the bots. Shared deals never allow it.",
    loadFile: "Load a game file", loadFileFailed: "That file is not a pygames game ({message}).",
    sharedDeal: "A shared deal is waiting: {game}.", playShared: "Play it",
    continuedGame: "Your game of {game} from another page is waiting.", playContinued: "Continue it", sharedHere: "You are playing a shared deal: no undo.",
    shareTitle: "Share", shareDeal: "Link to this deal (the same cards for whoever opens it)",
    shareReplay: "Link to the replay of this game", shareEmbed: "Embed this deal in a web page",
    shareReplayLater: "A link to the replay is offered once the game is over (before that it would show every hand).",
    download: "Download the game file", copy: "Copy", copied: "Copied",
    framedSite: "pygames opens in a tab of its own, not inside another page.", framedOpen: "Open pygames ↗",
    downloadLater: "The game file is offered once the game is over (before that it would show every hand to whoever opens it).",
    keyUndo: "U undoes your last move (when undo is allowed and the table does not use U itself)",
    keysCube: "The doubling cube", keysAnyTime: "At any time, unless the step uses the same key",
    undoOffPeople: "Undo is off while two or more people play on this device: taking a move back would need everyone's word.",
  },
  ja: {
    undo: "戻す", undoLabel: "直前の手を戻す（U）", share: "共有", shareLabel: "このゲームを共有（S）",
    allowUndo: "「戻す」を許可", allowUndoHelp: "ボット相手に自分の手を戻せます。共有されたディールでは使えません。",
    loadFile: "ゲームファイルを読み込む", loadFileFailed: "このファイルは pygames のゲームではありません（{message}）。",
    sharedDeal: "共有されたディールがあります：{game}。", playShared: "遊ぶ",
    continuedGame: "別のページで遊んでいた{game}のゲームが待っています。", playContinued: "続きを遊ぶ", sharedHere: "共有ディールをプレイ中：戻すは使えません。",
    shareTitle: "共有", shareDeal: "このディールへのリンク（開いた人に同じ配り）",
    shareReplay: "このゲームのリプレイへのリンク", shareEmbed: "このディールをウェブページに埋め込む",
    shareReplayLater: "リプレイへのリンクはゲーム終了後に表示されます（それまでは全員の手札が見えてしまうため）。",
    download: "ゲームファイルをダウンロード", copy: "コピー", copied: "コピーしました",
    framedSite: "pygames は他のページの中ではなく、専用のタブで開きます。", framedOpen: "pygames を開く ↗",
    downloadLater: "ゲームファイルはゲーム終了後にダウンロードできます（それまでは、開いた人に全員の手札が見えてしまうため）。",
    keyUndo: "U で直前の手を戻す（許可されていて、ゲーム自体が U を使わない場面で）",
    keysCube: "ダブリングキューブ", keysAnyTime: "いつでも（その場面で同じキーを使うときを除く）",
    undoOffPeople: "この端末で2人以上がプレイするときは、戻すは使えません（手を戻すには全員の同意が要るため）。",
  },
});

const $ = (id) => document.getElementById(id);

let loadingStage = "runtime";
let pythonReady = false;
// index.html inside another page's frame: any site could frame it (a meta Content-Security-Policy
// cannot set frame-ancestors) and lay its own things over the controls, so the site does not run
// there, not even its engine: it offers itself in a tab of its own. embed.html is the page to frame.
const FRAMED = window.top !== window.self;
const bridge = FRAMED ? null : startBridge({
  onProgress: (stage) => {
    loadingStage = stage;
    showLoadingStage();
  },
  onStopped: engineStopped,
});
// For the browser console and the tests: the same requests the page sends, and the save of the game
// last played as the home holds it once the saves asked for are written.
window.pygamesBridge = bridge?.call;
window.pygamesSaved = lastSave;

let games = [];
let gamesKnown = null; // resolves to whether `games` and `levels` could be read (knowGames, knowLevels)
let levels = []; // the bot levels, weakest first, as Python lists them (levels.js)
let levelsKnown = null; // resolves to whether `levels` could be read (knowLevels)
let savesKnown = false; // whether every game's save has been read (the picker's resume lines)
// The LiveTable on the table, with the shell's own fields: level, undo (allowed), challenge (a
// shared deal: no undo), hint.
let session = null;
let starting = false; // a new game is being opened: no second one meanwhile
let usingKeyboard = false;
let refreshSummary = null; // redraws the open summary dialog in a new language
let refreshHelp = null; // redraws the open help or rules dialog in a new language
let captions = null; // the caption area above the table: the hint line and "Explain as we play"
let waiting = null; // the resume waiting on the loading screen (no table drawn), until the player leaves it

// --- chrome: language, help, messages ------------------------------------------------------------

function showLoadingStage() {
  const [key, step] = LOADING_STAGES[loadingStage];
  $("loading-text").textContent = t(key);
  $("loading-progress").value = step;
  const pickerStatus = $("picker-status"); // the picker drawn before Python is ready says how far it is
  if (pickerStatus) pickerStatus.textContent = t(key);
}

// errorType: the engine's name for the error said (the tests read it as data-error)
function showMessage(text, action = null, errorType = null) {
  $("message-text").textContent = text;
  if (errorType) $("message").dataset.error = errorType;
  else delete $("message").dataset.error;
  $("message-action").hidden = !action;
  if (action) {
    $("message-action").textContent = action.label;
    $("message-action").onclick = () => {
      $("message").hidden = true;
      action.run();
    };
  }
  $("message").hidden = false;
}

function showError(error) {
  if (error?.type === STOPPED) return; // engineStopped says it, and what became of the game
  showMessage(t("engineError", { message: error?.message ?? String(error) }), null, error?.type ?? "Error");
}

function showOnly(sectionId) {
  for (const id of ["loading", "picker", "game", "home-page"]) $(id).hidden = id !== sectionId;
  $("new-game").hidden = sectionId !== "game";
  if (sectionId !== "game") $("cube-bar").hidden = true;
  captions?.draw(sectionId === "game" ? session : null);
  updateTools();
}

function setupChrome() {
  const select = $("language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    select.append(h("option", { value: code, text: name, lang: code }));
  }
  select.value = language();
  select.addEventListener("change", () => {
    setLanguage(select.value);
    retranslate();
  });
  $("help-button").addEventListener("click", openHelp);
  $("help").addEventListener("close", () => { refreshHelp = null; });
  captions = new Captions($("explain"), { onSwitchOff: stopExplaining });
  $("new-game").addEventListener("click", showPicker);
  $("hint").addEventListener("click", requestHint);
  $("undo").addEventListener("click", undoMove);
  $("share").addEventListener("click", () => openShare());
  $("message-dismiss").addEventListener("click", () => { $("message").hidden = true; });
  onHomeMessage((text) => showMessage(text));
  onStaleGame(showGameFromElsewhere);
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", () => {
    usingKeyboard = false;
    if (session) session.keyboard = false;
  });
  translatePage();
  showLoadingStage();
}

function retranslate() {
  translatePage();
  if (!$("loading").hidden) showLoadingStage();
  if (!$("home-page").hidden) openHomePage($("home-page").dataset.page ?? "stats");
  if (!$("picker").hidden) redrawPicker();
  if (session) session.draw();
  captions.draw(onTable() ? session : null);
  updateTools();
  refreshSummary?.();
  refreshHelp?.();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  usingKeyboard = true;
  if (event.target.closest("input, select, textarea") || document.querySelector("dialog[open]")) return;
  const key = event.key.toLowerCase();
  if (event.key === "?") {
    openHelp();
  } else if (key === "n" && session) {
    showPicker();
  } else if (onTable() && session.onKey(event)) {
    // the game's own keys come before the shell's H, U and S (Apples and Roller Derby name suits by letter)
  } else if (key === "h" && hintOffered()) {
    requestHint();
  } else if (key === "u" && undoOffered()) {
    undoMove();
  } else if (key === "s" && onTable()) {
    openShare();
  } else {
    return;
  }
  event.preventDefault();
}

// --- start-up ------------------------------------------------------------------------------------

// Nothing waits for Python that can be drawn without it: the game last played is drawn at once from
// the snapshot stored with its save (one IndexedDB read, while the worker starts) and its `load` is
// sent at once; a shared deal's `new` is sent at once; the picker is drawn from the catalog. Those
// requests wait in the worker's queue until Python is up.
async function main() {
  setupChrome();
  if (FRAMED) {
    showInOwnTab();
    return;
  }
  setTimeout(offerWayOut, WAY_OUT_MS);
  const shared = sharedDeal();
  levelsKnown = knowLevels();
  gamesKnown = Promise.all([knowGames(), levelsKnown]).then((known) => known.every(Boolean));
  const saved = await openingSave();
  // the other games' saves, for the picker's resume lines: after the one the visit opens. The picker
  // waits for them (one IndexedDB read) rather than being drawn again under a player's first tap;
  // only one drawn before them (New game on a resumed table) is drawn again with its resume lines.
  const savesRead = gamesKnown.then((known) => known && readSaves(games.map((game) => game.id))).then(() => {
    savesKnown = true;
    if (!$("picker").hidden && $("picker").dataset.saves !== "read") redrawPicker();
  });
  let resuming = null;
  if (saved !== null) resuming = resume(saved.record, saved.raw);
  else if (shared) startShared(shared);
  else Promise.all([gamesKnown, savesRead]).then(([known]) => known && showPicker());
  let ready;
  try {
    ready = await bridge.ready;
    window.pygamesTimings = ready.timings;
  } catch (error) {
    $("loading").setAttribute("aria-busy", "false");
    $("picker-status")?.remove(); // the failure is said in the message: no "loading…" left beside Start
    showMessage(t("loadFailed", { message: error.message }));
    return;
  }
  pythonReady = true;
  $("picker-status")?.remove();
  $("loading").setAttribute("aria-busy", "false");
  // the saves a newer version of the site wrote are listed as such before the player tries one (once
  // the game the visit opens is loaded: its bots' first move is not kept waiting)
  Promise.all([savesRead, resuming])
    .then(async () => await listNewerSaves(engineSaveVersion) && !$("picker").hidden && redrawPicker());
  await addPluginGames(ready);
  // A game in progress is never replaced unasked: the shared deal waits for the player's word.
  if (shared && saved !== null) {
    await resuming;
    await gamesKnown;
    const game = games.find((entry) => entry.id === shared.game);
    const continued = shared.op === "load";
    showMessage(t(continued ? "continuedGame" : "sharedDeal", { game: pick(game?.title) || shared.game }),
      { label: t(continued ? "playContinued" : "playShared"), run: () => startShared(shared) });
  }
}

// In another page's frame: only a link to the site in a tab of its own.
function showInOwnTab() {
  $("loading").setAttribute("aria-busy", "false");
  $("loading").replaceChildren(h("p", { id: "framed", "data-i18n": "framedSite", text: t("framedSite") }),
    h("p", {}, h("a", { id: "framed-open", class: "primary", href: location.href, target: "_blank", rel: "noopener",
      "data-i18n": "framedOpen", text: t("framedOpen") })));
  showOnly("loading");
}

// The loading screen's way out, offered once it has been up for WAY_OUT_MS: to the picker (a new game,
// the games in progress) or to the statistics (with the export, the import and "Clear everything").
// A resume still waiting then opens nothing once loaded: the player has gone elsewhere.
function offerWayOut() {
  const leave = async (open) => {
    waiting = null;
    if (await gamesKnown) open();
  };
  $("loading").append(h("div", { id: "loading-way-out", class: "loading-way-out" },
    h("p", { id: "loading-slow", "data-i18n": "loadingSlow", text: t("loadingSlow") }),
    h("div", { class: "form-actions" },
      h("button", { type: "button", class: "primary", id: "loading-picker", "data-i18n": "loadingPicker",
        text: t("loadingPicker"), onclick: () => leave(showPicker) }),
      h("button", { type: "button", class: "ghost", id: "loading-stats", "data-i18n": "loadingStats",
        text: t("loadingStats"), onclick: () => leave(() => openHomePage("stats")) }))));
}

// The bot levels, for the picker and a saved game's level. False when they cannot be read (the error
// has been said).
async function knowLevels() {
  try {
    levels = await loadLevels((request) => bridge.call(request));
    return true;
  } catch (error) {
    if (!await engineDown()) showError(error);
    return false;
  }
}

// The games as list_games() describes them: from the catalog build.py wrote, without Python, else
// asked of Python once it is up. False when neither can say (the error has been said).
async function knowGames() {
  try {
    const response = await fetch("catalog.json");
    if (response.ok) {
      games = await response.json();
      return true;
    }
  } catch {
    // asked of Python below
  }
  if (await engineDown()) return false;
  const reply = await bridge.call({ op: "games" });
  if (!reply.ok) {
    showError(reply.error);
    return false;
  }
  games = reply.games;
  return true;
}

// The third-party games the engine installed, added to the picker (drawn again if it is showing);
// a game that could not be installed is said.
async function addPluginGames(ready) {
  const failures = pluginFailures(ready);
  if (failures.length > 0) showMessage(failures.join(" "), null, "PluginFailed");
  if (!await gamesKnown) return;
  let added;
  try {
    added = await addedGames(bridge, ready, games);
  } catch (error) {
    showError(error);
    return;
  }
  if (added.length === 0) return; // nothing to draw again: a picker in use is left as it is
  games = [...games, ...added];
  if (!$("picker").hidden) redrawPicker();
}

// Whether the engine failed to start (main says so): a request's failure is then not its own.
async function engineDown() {
  try {
    await bridge.ready;
    return false;
  } catch {
    return true;
  }
}

// A deal shared by link (index.html#game=…&seed=…), or a game in progress carried by its link
// (index.html#game=…&save=…&level=…&seat=…: an embed that could not keep it, embed.js offerTheSite):
// read once, then dropped from the address so that a reload resumes the game being played rather than
// dealing the shared one again.
function sharedDeal() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("game")) return null;
  history.replaceState(null, "", location.pathname + location.search);
  const deal = { op: "new", game: params.get("game"), seat: HUMAN_SEAT, seed: seedParameter(params) };
  try {
    if (params.has("save")) {
      return { op: "load", game: deal.game, packed: params.get("save"), level: params.get("level"),
        seat: wholeParameter(params, "seat") ?? HUMAN_SEAT };
    }
    deal.players = wholeParameter(params, "players");
    // pass-and-play (an extension: a link without it has one person, at seat 0): the people's seats
    if (params.has("humans")) {
      deal.people = params.get("humans").split(",").map((seat) => wholeNumber(seat, "humans"));
    }
    for (const name of ["options", "setup"]) if (params.has(name)) deal[name] = JSON.parse(params.get(name));
  } catch (error) {
    showMessage(t("engineError", { message: `the shared link is damaged: ${error.message}` }));
    return null;
  }
  return deal;
}

async function startShared(deal) {
  const continued = deal.op === "load";
  let request = deal;
  if (continued) {
    try {
      request = { op: "load", text: await unpackText(deal.packed), seat: deal.seat };
    } catch (error) {
      if (!session && await gamesKnown) showPicker();
      showMessage(t("engineError", { message: `the shared link is damaged: ${error.message}` }));
      return;
    }
  }
  const reply = await bridge.call(request);
  if (!reply.ok) {
    if (await engineDown()) return;
    if (!session && await gamesKnown) showPicker();
    showError(reply.error);
    return;
  }
  if (continued) {
    // the reader's own game, with its bots' level where this site has it
    const level = await levelsKnown && levels.some((known) => known.name === deal.level) ? deal.level : prefs().level ?? "normal";
    openSession(reply, { level, undo: prefs().undo !== false, challenge: false,
      explain: explainChosen(prefs(), reply.snapshot.game) });
    return;
  }
  openSession(reply, { level: prefs().level ?? "normal", undo: false, challenge: true,
    explain: explainChosen(prefs(), deal.game), people: deal.people });
}

// A saved game (its record, null when its text `raw` was no JSON), loaded by the engine; with a
// snapshot stored beside it (saves made before there was one have none), drawn at once while the
// `load` waits for Python; without one, or with one of another shape, the loading screen waits for it.
// The record's fields besides the game's own and the time it was kept (`savedAt`) are the table's
// settings, kept as they were (a field this shell does not know included); with several people at
// this device (pass-and-play), `humans` lists their seats, and the game opens on the hand-over screen.
// `raw`: the text of a localStorage copy the visit could not move into the home, null for a save of
// the home. A save the engine cannot read is kept as it is and listed (home.js keepUnopened). True
// once it is loaded.
async function resume(saved, raw = null) {
  const { game, text, seat, snap, humans, savedAt: _savedAt, ...kept } = saved ?? {};
  const people = Array.isArray(humans) ? humans : null;
  const opening = typeof text === "string"
    ? bridge.call({ op: "load", text, seat: seat ?? HUMAN_SEAT, ...people && { people } })
    : Promise.resolve({ ok: false, error: { type: "BadSave", message: saved ? "the save has no game text" : "the save is not JSON" } });
  const settings = { ...kept, level: typeof kept.level === "string" ? kept.level : "normal", undo: kept.undo !== false,
    challenge: kept.challenge === true, explain: kept.explain === true, people, handOverFirst: true, resumed: true };
  const drawn = fitsSnapshot(snap, game) ? drawableSnapshot(snap, text) : null;
  const table = drawn && openSession({ sid: null, snapshot: drawn }, settings, opening);
  const wait = table ? null : (waiting = {});
  // The level is checked once the levels are read (levels.json), not before the table is drawn: a
  // returning player's table appears at once, and a bot moves only once the engine is up, long after.
  if (!(await levelsKnown && levels.some((level) => level.name === settings.level))) {
    settings.level = "normal";
    if (table) table.level = "normal";
  }
  const reply = await opening;
  const loaded = reply.ok;
  if (table && (table !== session || loaded)) return loaded; // the starting table has taken the reply
  if (table) session = null; // it closed itself
  if (!loaded && await engineDown()) {
    showOnly("loading"); // main says why; the save stays as it is
    return false;
  }
  if (!loaded) {
    // the save stays as it is: listed when it cannot be read, offered again when the engine failed
    const unreadable = UNREADABLE_SAVE.includes(reply.error.type);
    const newer = unreadable && typeof text === "string" && await madeByNewerSite(text);
    if (unreadable) await keepUnopened({ game, record: saved, raw, reason: { newer, message: reply.error.message } });
    if (await gamesKnown) showPicker();
    if (!unreadable) showError(reply.error);
    else showMessage(newer ? t("resumeNewer") : t("resumeFailed", { message: reply.error.message }));
    return false;
  }
  if (wait && waiting !== wait) { // the player left the loading screen meanwhile (offerWayOut)
    bridge.call({ op: "close", sid: reply.sid });
    return false;
  }
  openSession(reply, settings);
  return true;
}

// Whether the save `text` was written by a newer version of the site: its format version is above the
// one this build's engine writes, read from a save the engine writes (a new game's, closed at once),
// so that the page holds no copy of the engine's number.
async function madeByNewerSite(text) {
  const version = saveVersion(text);
  const ours = version === null ? null : await engineSaveVersion();
  return ours !== null && version > ours;
}

let engineVersion = null;

// The save format version this build's engine writes (null when it cannot be known): read once, from
// a save it writes (a new game's, closed at once), so that the page holds no copy of the engine's number.
function engineSaveVersion() {
  engineVersion ??= (async () => {
    if (!await gamesKnown || games.length === 0) return null;
    const reply = await bridge.call({ op: "new", game: games[0].id, seat: HUMAN_SEAT, seed: "0" });
    if (!reply.ok) return null;
    bridge.call({ op: "close", sid: reply.sid });
    return saveVersion(reply.snapshot.save);
  })();
  return engineVersion;
}

// Another tab kept a newer save of `record.game` (or a new game of it): the table showing the older one
// closes and the newer one is shown in its place, said (`said`: the key of the words); a table of that
// game out of view (the picker over it) just closes, and the picker's Resume opens the newer one.
function showGameFromElsewhere(record, said) {
  if (!session || session.closed || session.snap.game !== record.game) return;
  const shown = onTable();
  session.close();
  session = null;
  if (!shown) return;
  if ($("summary").open) $("summary").close(); // the game shown has its own, if it is over
  showMessage(t(said));
  resume(record);
}

// --- a stopped game engine: the bridge has started a new one; the game comes back from its save ---

let restoredSave = null; // the game text last reloaded after a stop: a second stop there is not retried

// The save is the one stored after the table's last step, so a move or an undo that was on its way
// when the engine stopped is not in it: it was not made, and the player is told to make it again
// (never sent twice). A bot that was thinking simply thinks again; a hint is asked for again.
async function engineStopped({ cause, lost }) {
  // a starting table's `load` names no session: it goes to the new engine by itself, like a new game
  const table = session?.closed || session?.starting ? null : session;
  const because = t(`engineCause_${cause}`);
  table?.close({ stopped: true });
  if (!table) {
    // a request on its way (a new game, say) goes to the new engine by itself, and answers for itself
    showMessage(t("engineRestarted", { cause: because }));
    return;
  }
  const saved = savedGame(table.snap.game) ?? saveRecord(table);
  const { text } = saved;
  if (text === restoredSave) {
    showMessage(t("engineStoppedAgain", { cause: because }));
    return;
  }
  restoredSave = text;
  showMessage(t("engineRestarting", { cause: because }));
  const interrupted = lost.filter((request) => request.sid === table.sid).map((request) => request.op);
  const said = interrupted.includes("act") ? "engineBackMove" : interrupted.includes("undo_turn") ? "engineBackUndo" : "engineBack";
  try {
    await bridge.ready;
  } catch (error) {
    showMessage(t("loadFailed", { message: error.message }));
    return;
  }
  if ($("summary").open) $("summary").close(); // the reloaded game shows its own
  if (await resume(saved)) showMessage(t(said, { cause: because }));
}

// --- picker and options --------------------------------------------------------------------------

// The picker's remembered choices: each one kept only when it has the type the picker reads (the stored
// text is anyone's to edit, and `{"started": 5}` would stop the picker from being drawn).
const PREFS_FIT = {
  game: (value) => typeof value === "string",
  level: (value) => typeof value === "string",
  players: (value) => Number.isSafeInteger(value) && value > 0,
  undo: (value) => typeof value === "boolean",
  options: (value) => isRecord(value),
  roles: (value) => Array.isArray(value) && value.every((role) => typeof role === "string"),
  started: (value) => Array.isArray(value) && value.every((id) => typeof id === "string"),
  explain: (value) => isRecord(value) && Object.values(value).every((on) => typeof on === "boolean"),
};
const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function prefs() {
  let stored;
  try {
    stored = JSON.parse(storage.get(PREFS_KEY));
  } catch {
    return {};
  }
  if (!isRecord(stored)) return {};
  return Object.fromEntries(Object.entries(PREFS_FIT).filter(([name, fits]) => Object.hasOwn(stored, name) && fits(stored[name]))
    .map(([name]) => [name, stored[name]]));
}

// "Explain as we play": the player's own choice for this game (as the picker's box was left when they last
// started it, or switched off at the table), else on: a first game explains itself.
function explainChosen(remembered, gameId) {
  return remembered.explain?.[gameId] ?? true;
}

function optionField(option, value) {
  const id = `option-${option.name}`;
  const label = pick(option.label) || option.name;
  let input;
  if (option.type === "bool") {
    input = h("input", { id, name: option.name, type: "checkbox", checked: value === true });
  } else if (option.type === "choice") {
    input = h("select", { id, name: option.name },
      option.choices.map((choice, i) => h("option", { value: JSON.stringify(choice),
        text: pick(option.choice_labels?.[i]) || String(choice), selected: choice === value })));
  } else {
    input = h("input", { id, name: option.name, type: "number", inputmode: "numeric", value,
      min: option.min, max: option.max });
  }
  const help = pick(option.help);
  return h("div", { class: `field field-${option.type}`, "data-option": option.name },
    option.type === "bool" ? [input, h("label", { for: id, text: label })] : [h("label", { for: id, text: label }), input],
    help && h("p", { class: "fine", id: `${id}-help`, text: help }));
}

function readOption(form, option) {
  const input = form.elements[option.name];
  if (option.type === "bool") return input.checked;
  if (option.type === "choice") return JSON.parse(input.value);
  return Number(input.value);
}

// Whether `option` of `game` matters with what the form says now (its `applies_when`, from the
// rules: Chains' mode only for the solitaire, its cube only for two). One that does not is hidden
// and left out of the game's options, which then has its default; so is one that depends on it.
function applies(game, form, option) {
  return Object.entries(option.applies_when ?? {}).every(([name, values]) => {
    if (name === "players") {
      return values.includes(form.elements.players ? Number(form.elements.players.value) : seatRange(game).min);
    }
    const other = game.options.find((o) => o.name === name);
    return values.includes(applies(game, form, other) ? readOption(form, other) : other.default);
  });
}

// roles: the seat choice to show at first (a picker redrawn in another language keeps what was chosen)
// The picker; `keep`: what a picker being drawn again had chosen (its game and level, and that game's
// options, number of players, explanations and undo as they were set; `roles`, its seats).
function showPicker({ roles = null, keep = {} } = {}) {
  const remembered = prefs();
  let chosen = games.find((game) => game.id === (keep.game ?? remembered.game)) ?? games[0];
  let kept = keep.game === chosen.id ? keep : null; // for the first drawing of the options only
  const section = $("picker");
  const showApplicable = () => {
    for (const option of chosen.options) {
      optionsBox.querySelector(`[data-option="${option.name}"]`).hidden = !applies(chosen, form, option);
    }
  };
  const optionsChanged = (event) => {
    showApplicable();
    if (event.target.name === "players") drawRoles();
  };
  const optionsBox = h("div", { class: "options", oninput: optionsChanged, onchange: optionsChanged });
  // who plays each seat (pass-and-play): with two or more people here, undo is off
  let seatChoice = null;
  const rolesBox = h("div", { class: "roles-box" });
  let undoChosen = kept?.undo ?? remembered.undo !== false; // the player's own choice, given back once one person plays
  const showUndoChoice = (seatsRoles) => {
    const several = seatsRoles.filter((role) => role !== "bot").length > 1;
    const undoBox = form.elements.allowUndo;
    if (!undoBox.disabled) undoChosen = undoBox.checked;
    undoBox.disabled = several;
    undoBox.checked = !several && undoChosen;
    $("allow-undo-help").textContent = t(several ? "undoOffPeople" : "allowUndoHelp");
  };
  // redrawn as the number of players is typed (not on its change, which comes as the field loses the
  // focus: to a tap on a seat's choice, which would then land on a row that is gone)
  const drawRoles = (shown = null) => {
    const typed = form.elements.players ? Number(form.elements.players.value) : seatRange(chosen).min;
    const { min, max } = seatRange(chosen);
    const valid = Number.isInteger(typed) && typed >= min && typed <= max;
    if (seatChoice && (!valid || (shown === null && typed === seatChoice.roles().length))) return;
    const players = valid ? typed : min;
    const before = shown ?? seatChoice?.roles() ?? (remembered.game === chosen.id ? remembered.roles : null);
    const kept = before && Array.from({ length: players }, (_, seat) => before[seat] ?? "bot");
    seatChoice = seatRoles(players, initialRoles(players, kept), showUndoChoice);
    rolesBox.replaceChildren(...players > 1 ? [seatChoice.element] : []);
    showUndoChoice(seatChoice.roles());
  };
  const drawOptions = () => {
    const given = kept;
    kept = null;
    const values = given?.options ?? (remembered.game === chosen.id ? remembered.options ?? {} : {});
    const seats = seatRange(chosen);
    const players = seats.min === seats.max ? null : optionField(
      { name: "players", type: "int", label: { en: t("players"), ja: t("players") }, help: {},
        min: seats.min, max: seats.max },
      given?.players ?? (remembered.game === chosen.id && remembered.players ? remembered.players : seats.default));
    optionsBox.replaceChildren(...[players, ...chosen.options.map((option) =>
      optionField(option, values[option.name] ?? option.default))].filter(Boolean));
    showApplicable();
    // A game may name its seed for what it is (a solitaire's deal number, say).
    const seedField = rendererOf(chosen.id).seedField ?? { label: "seed", help: "seedHelp" };
    $("seed-label").textContent = t(seedField.label);
    $("seed-help").textContent = t(seedField.help);
    $("explain-choice").checked = given?.explain ?? explainChosen(remembered, chosen.id);
    seatChoice = null;
    drawRoles(roles);
    roles = null; // the roles given are for the first drawing only: another game starts from its own
  };
  // Each game says what it is in a line (its how-to-play document's pitch), for how many and how long,
  // and offers its rules.
  const choose = (game) => {
    chosen = game;
    for (const button of section.querySelectorAll(".game-choice")) {
      button.setAttribute("aria-pressed", String(button.dataset.game === game.id));
    }
    drawOptions();
  };
  const gameCards = games.map((game) => h("div", { class: "game-card" }, h("button", {
    type: "button", class: "game-choice", "aria-pressed": String(game === chosen), "data-game": game.id,
    onclick: () => choose(game),
  }, h("strong", { text: pick(game.title) }),
  game.pitch && h("span", { class: "game-pitch", text: pick(game.pitch) }),
  h("span", { class: "fine", text: playersAndLength(game, game.length) })),
  game.pitch && h("button", { type: "button", class: "ghost how-to-play", "data-rules": game.id,
    "aria-label": t("howToPlayLabel", { game: pick(game.title) }), text: t("howToPlay"),
    onclick: () => openRules(game) }),
  // its game in progress, if any: Resume it, or choose the game for a new one (the options below)
  resumeLine(game, { onResume: (record) => resumeGame(record), onNew: () => {
    choose(game);
    focusInView($("start"));
  } })));
  const level = levels.find((entry) => entry.name === (keep.level ?? remembered.level ?? "normal")) ?? levels[0];
  const form = h("form", { class: "start-form", onsubmit: (event) => {
    event.preventDefault();
    startGame(chosen, form, seatChoice.roles());
  } },
  h("fieldset", {}, h("legend", { text: t("gameOptions") }), optionsBox, rolesBox,
    h("div", { class: "field" }, h("label", { for: "level", text: t("botLevel") }),
      h("select", { id: "level", name: "level", "aria-describedby": "level-help",
        onchange: (event) => {
          $("level-help").textContent = levelText(levels.find((entry) => entry.name === event.target.value)).help;
        } },
      levels.map((entry) => h("option", { value: entry.name, text: levelText(entry).name,
        selected: entry === level }))),
      h("p", { class: "fine", id: "level-help", text: levelText(level).help })),
    h("div", { class: "field" }, h("label", { for: "seed", id: "seed-label", text: t("seed") }),
      // text, not a number field: a seed has up to 20 digits, and what is typed goes to Python as typed
      h("input", { id: "seed", name: "seed", type: "text", inputmode: "numeric", autocomplete: "off",
        spellcheck: "false", "aria-describedby": "seed-help" }),
      h("p", { class: "fine", id: "seed-help", text: t("seedHelp") })),
    h("div", { class: "field field-bool" },
      h("input", { id: "explain-choice", name: "explain", type: "checkbox", "aria-describedby": "explain-help" }),
      h("label", { for: "explain-choice", text: t("explain") }),
      h("p", { class: "fine", id: "explain-help", text: t("explainHelp") })),
    h("div", { class: "field field-bool" },
      h("input", { id: "allow-undo", name: "allowUndo", type: "checkbox", checked: undoChosen,
        "aria-describedby": "allow-undo-help" }),
      h("label", { for: "allow-undo", text: t("allowUndo") }),
      h("p", { class: "fine", id: "allow-undo-help", text: t("allowUndoHelp") }))),
  h("div", { class: "form-actions" },
    pythonReady ? null : h("p", { id: "picker-status", class: "fine picker-status", role: "status",
      text: t(LOADING_STAGES[loadingStage][0]) }),
    session && h("button", { type: "button", class: "ghost", id: "back-to-game", text: t("backToGame"),
      onclick: () => showOnly("game") }),
    h("button", { type: "submit", id: "start", class: "primary", text: t("start") })));
  const fileInput = h("input", { type: "file", id: "load-file", accept: ".json,application/json",
    onchange: () => loadFile(fileInput.files[0]) });
  section.replaceChildren(
    h("div", { class: "home-nav" },
      h("button", { type: "button", class: "ghost", id: "open-stats", text: t("hmStats"), onclick: () => openHomePage("stats") }),
      h("button", { type: "button", class: "ghost", id: "open-history", text: t("hmHistory"),
        onclick: () => openHomePage("history") })),
    unopenedSaves({ title: (id) => pick(gameTitle(id)), onChange: redrawPicker }),
    h("h2", { id: "picker-title", text: t("pickGame") }),
    h("div", { class: "game-list" }, gameCards),
    form,
    h("div", { class: "field load-file" }, h("label", { for: "load-file", text: t("loadFile") }), fileInput),
  );
  drawOptions();
  section.dataset.saves = savesKnown ? "read" : "";
  showOnly("picker");
}

// The picker drawn again (a new language, the games in progress read): what was typed and chosen stays.
function redrawPicker() {
  const typedSeed = $("seed")?.value ?? "";
  const id = document.querySelector('.game-choice[aria-pressed="true"]')?.dataset.game;
  const game = games.find((entry) => entry.id === id);
  const form = document.querySelector("#picker .start-form");
  const set = form && game && {
    // a number field as typed (perhaps emptied to type another): its text
    options: Object.fromEntries(game.options.map((option) => [option.name,
      option.type === "int" ? form.elements[option.name].value : readOption(form, option)])),
    players: form.elements.players?.value,
    explain: form.elements.explain.checked,
    undo: form.elements.allowUndo.disabled ? undefined : form.elements.allowUndo.checked, // off for several people
  };
  showPicker({ roles: [...document.querySelectorAll("#seat-roles input:checked")].map((input) => input.value),
    keep: { game: id, level: $("level")?.value, ...set } });
  $("seed").value = typedSeed;
}

// A game in progress chosen in the picker: the one on the table is shown again, another one loaded.
async function resumeGame(record) {
  if (session && !session.closed && session.snap.game === record.game) {
    showOnly("game");
    return;
  }
  $("message").hidden = true;
  await resume(record);
}

// The statistics or the finished games (home.js), in place of the picker.
async function openHomePage(page) {
  await gamesKnown;
  await showHomePage($("home-page"), {
    page, games,
    onShare: (entry) => openShare({ game: entry.game, seed: entry.seed, save: entry.text, is_over: true }),
    onBack: showPicker,
    // an import or a clear replaced the saves: the table's game may be gone, and is closed
    onReplaced: () => {
      session?.close();
      session = null;
    },
  });
  showOnly("home-page");
  $("home-title").focus();
}

// How many players the table can show: the game's own range, narrowed by its renderer (which may
// draw fewer seats on screen than the rules allow) and with the renderer's preferred default.
function seatRange(game) {
  const [min, max] = game.players;
  const shown = rendererOf(game.id).players ?? {};
  return { min, max: Math.min(max, shown.max ?? max), default: shown.default ?? min };
}

// roles: who plays each seat (seats.js seatRoles): the person starting holds the device first.
async function startGame(game, form, roles) {
  if (starting) return;
  const options = Object.fromEntries(game.options.filter((option) => applies(game, form, option))
    .map((option) => [option.name, readOption(form, option)]));
  const level = form.elements.level.value;
  const people = roles.flatMap((role, seat) => (role === "bot" ? [] : [seat]));
  const undo = form.elements.allowUndo.checked && people.length === 1;
  const explain = form.elements.explain.checked;
  const seedText = form.elements.seed.value.trim();
  const request = { op: "new", game: game.id, seat: roles.indexOf("you"), options };
  if (people.length > 1) request.people = people;
  const players = form.elements.players ? Number(form.elements.players.value) : null;
  if (players !== null) request.players = players;
  // The engine checks the seed: a bad one comes back as a readable error.
  if (seedText !== "") request.seed = seedText;
  starting = true;
  // Started before Python is ready, the game waits in the worker's queue: the button says so.
  const startButton = $("start");
  startButton.disabled = true;
  const reply = await bridge.call(request);
  starting = false;
  startButton.disabled = false;
  if (!reply.ok) {
    showError(reply.error);
    return;
  }
  // "Explain as we play" stays as the player left it for this game, on or off, until they change it
  const remembered = prefs();
  storage.set(PREFS_KEY, JSON.stringify({ game: game.id, level, options, players, roles,
    undo: people.length === 1 ? undo : remembered.undo, explain: { ...remembered.explain, [game.id]: explain } }));
  $("message").hidden = true;
  openSession(reply, { level, undo, challenge: false, explain, people });
}

// A game file (the to_json text a Share dialog downloaded), loaded back as it was left.
async function loadFile(file) {
  if (!file) return;
  const reply = await bridge.call({ op: "load", text: await file.text(), seat: HUMAN_SEAT });
  if (!reply.ok) {
    showMessage(t("loadFileFailed", { message: reply.error.message }));
    return;
  }
  $("message").hidden = true;
  openSession(reply, { level: prefs().level ?? "normal", undo: prefs().undo !== false, challenge: false,
    explain: explainChosen(prefs(), reply.snapshot.game) });
}

// --- the table -----------------------------------------------------------------------------------

// opening: for a table drawn from a saved snapshot, the bridge's answer to its `load` (LiveTable).
function openSession(reply, settings, opening = null) {
  session?.close();
  session = new LiveTable({
    root: $("game"),
    cubeRoot: $("cube-bar"),
    bridge,
    reply,
    opening,
    level: settings.level,
    onChange: afterStep,
    onSummary: summarize,
    onError: showError,
    onNotice: (key) => showMessage(t(key)),
    people: settings.people,
    handOverFirst: settings.handOverFirst,
    onHandOver: handedOver,
  });
  // focusOnTurn: the focus goes to the table's first control on the player's first turn, so that a
  // keyboard player can act at once (the picker's Start button has gone)
  // settings: the table's, with whatever else the game was started with, saved with it as it came
  // (finished: it was over before this table, so it is not counted as finished again)
  // fresh: a new game, whose first save replaces its game's save (a resumed one's replaces only the
  // revision this tab read: home.js keepSave); playId: the game's identity, kept by its every save
  Object.assign(session, { settings: { ...settings, playId: typeof settings.playId === "string" ? settings.playId : newPlayId() },
    undo: settings.undo, challenge: settings.challenge, keyboard: usingKeyboard, explain: settings.explain,
    focusOnTurn: true, finished: reply.snapshot.is_over, fresh: settings.resumed !== true });
  captions.clear();
  showOnly("game");
  scrollTo(0, 0); // the picker's Start is far down a phone's page: the table opens at its top
  session.start();
  return session;
}

// The hand-over screen is up (pass-and-play): nothing said of the last person's seat stays in view.
function handedOver(table) {
  if (table !== session) return;
  captions.clear();
  captions.draw(table);
  updateTools();
}

// After every step of the table (and its first drawing): save it, say it in words when the player
// asked for explanations, and on the player's turn give them the controls and, explaining, a hint.
function afterStep(table) {
  save(table);
  if (table !== session) return;
  captions.record(table);
  captions.draw(table);
  if (table.snap.legal.length === 0) return;
  if (table.focusOnTurn && !document.querySelector("dialog[open]")) {
    table.focusOnTurn = false;
    const first = (root) => root.querySelector("[data-autofocus]:not(:disabled)")
      ?? root.querySelector("button:not(:disabled), [tabindex='0']");
    focusInView(first($("cube-bar")) ?? first($("game")));
  }
  if (table.explain && !table.busy) requestHint({ auto: true }); // busy: a move made while Python started goes first
}

function save(table) {
  // a game over for the first time is counted in the statistics and listed with the finished games
  const over = table.snap.is_over && !table.finished;
  table.finished = table.snap.is_over;
  keepSave(saveRecord(table), { fresh: table.fresh, ...over && { snap: table.snap, level: table.level } });
  table.fresh = false;
  updateTools();
}

// The table's settings (those it was started with, then the ones the table changes), the game's
// text, and the snapshot last drawn (without its save text, which is `text`): the next visit draws
// the table from it at once, before Python is up. With several people at this device
// (pass-and-play), `humans` lists their seats (`seat` is the one whose table was last shown).
function saveRecord({ settings, snap, level, undo, challenge, explain, people }) {
  const { people: _people, handOverFirst: _handOverFirst, resumed: _resumed, ...started } = settings;
  return { ...started, level, undo, challenge, explain, humans: people.length > 1 ? people : undefined,
    game: snap.game, text: snap.save, seat: snap.seat, snap: storedSnapshot(snap) };
}

function stopExplaining() {
  session.explain = false;
  const remembered = prefs();
  storage.set(PREFS_KEY, JSON.stringify({ ...remembered, explain: { ...remembered.explain, [session.snap.game]: false } }));
  save(session);
  captions.draw(session);
  $("hint").focus(); // the button pressed has gone: the focus stays in the top bar, by the tools
}

async function summarize(table, summary) {
  const buttons = (close) => [
    // a renderer's replayLabel is null when there is nothing to replay (a set-up position, say)
    table.renderer.replayLabel?.(table.snap) && h("button", { type: "button", class: "ghost", id: "summary-replay",
      text: table.renderer.replayLabel(table.snap), onclick: () => { close(); replayDeal(table); } }),
    h("button", { type: "button", class: "ghost", id: "summary-share", text: t("share"),
      onclick: () => { close(); openShare(); } }),
    h("button", { type: "button", class: "ghost", id: "summary-new-game", text: t("newGame"),
      onclick: () => { close(); showPicker(); } }),
  ];
  const { closed, refresh } = showSummary($("summary"), table, summary, buttons);
  refreshSummary = refresh;
  await closed;
  refreshSummary = null;
}

// The same game again from its start: same options, seed and set-up (a numbered deal replayed). The
// seed is the snapshot's text: read from the save as a number, one above 2^53 would be another deal.
async function replayDeal(table) {
  const { game, players, options, setup } = JSON.parse(table.snap.save);
  const several = table.people.length > 1;
  const reply = await bridge.call({ op: "new", game, players, seed: table.snap.seed, options, setup,
    seat: table.snap.seat, ...several && { people: table.people } });
  if (!reply.ok) showError(reply.error);
  else openSession(reply, { ...table.settings, level: table.level, undo: table.undo, challenge: table.challenge,
    people: table.people, handOverFirst: false, resumed: false, playId: null });
}

function onTable() {
  return Boolean(session && !$("game").hidden);
}

function updateTools() {
  $("undo").hidden = !(onTable() && session.undo && !session.challenge);
  $("undo").disabled = !undoOffered();
  // what needs Python says that it is starting: undo and the hint (a bot's move says it on the table)
  const starting = Boolean(onTable() && session.starting);
  $("undo").setAttribute("aria-busy", String(starting));
  $("undo").querySelector(".tool-label").textContent = t(starting ? "loadingStart" : "undo");
  $("share").hidden = !onTable();
  $("shared-note").hidden = !(onTable() && session.challenge);
  updateHintButton();
}

// --- undo: back to the player's previous decision, taking back the bots' moves since ---------------

function undoOffered() {
  return onTable() && session.undo && !session.challenge && !session.busy && !session.starting
    && session.snap.legal.length > 0
    && session.snap.can_undo; // the player's own move to take back, not the bots' from before it
}

async function undoMove() {
  if (!undoOffered()) return;
  const current = session;
  current.busy = true;
  const reply = await bridge.call({ op: "undo_turn", sid: current.sid });
  if (reply.ok) current.snap = reply.snapshot;
  current.busy = false;
  if (current !== session || current.closed) return; // closed: the engine stopped, the game is being reloaded
  if (!reply.ok) showError(reply.error);
  Object.assign(current, { events: [], hint: null, analysis: null });
  current.draw();
  afterStep(current);
  if (current.snap.current_player !== current.snap.seat) current.drive(); // back at a bot's first move
}

// --- hints: a suggested move for the human, from their own view (every table can show one) ------

function hintOffered() {
  return Boolean(onTable() && !session.handingOver && session.snap.legal.length > 0);
}

function updateHintButton() {
  const button = $("hint");
  button.hidden = !hintOffered();
  const thinking = Boolean(session?.hint && session.hint.moves === session.snap.moves && !session.hint.action);
  const starting = Boolean(session?.starting);
  button.disabled = starting;
  button.setAttribute("aria-busy", String(thinking || starting));
  button.querySelector("span").textContent = t(starting ? "loadingStart" : thinking ? "hintThinking" : "hint");
}

// The worker answers one request at a time: a move made while the hint is computed waits for it
// (HINT_BUDGET_MS at most), and a hint that arrives after the table moved on is dropped.
// auto: asked by "Explain as we play" rather than the player (the focus stays where it is).
async function requestHint({ auto = false } = {}) {
  const current = session;
  if (!hintOffered() || current.starting || current.hint?.moves === current.snap.moves) return;
  const moves = current.snap.moves;
  current.hint = { moves, action: null };
  updateHintButton();
  const reply = await bridge.call({ op: "hint", sid: current.sid, time_budget_ms: HINT_BUDGET_MS });
  if (current !== session || current.snap.moves !== moves) return;
  if (!reply.ok) {
    current.hint = null;
    showError(reply.error);
  } else {
    Object.assign(current.hint, { action: reply.hint.action, reason: reply.hint.reason, auto });
    // a doubling-cube decision is shown on the cube bar's own button, not on the game's table (a game's
    // own action of the same name, Apples' pass in the bidding, has no cube button: the table shows it)
    const cubeButton = CUBE_ACTIONS.includes(reply.hint.action.type) ? $(`cube-${reply.hint.action.type}`) : null;
    if (cubeButton) {
      cubeButton.classList.add("hinted");
      if (!auto) focusInView(cubeButton);
    } else {
      // a renderer focuses what it marks, for the player who asked; a suggestion the explanations
      // asked for leaves the focus, and so the page's scroll, where they were
      const [focused, scrolled] = [document.activeElement, [scrollX, scrollY]];
      current.renderer.showHint(reply.hint.action, current.snap);
      if (auto) {
        if (focused && focused !== document.body) focused.focus({ preventScroll: true });
        else document.activeElement?.blur();
        scrollTo(...scrolled);
      }
    }
  }
  captions.draw(current); // the suggestion and its reason in words, above the table
  updateHintButton();
}

// --- share: the deal as a link, the finished game as a replay link, an embed, a game file ----------

// snap: the game to share, the table's by default (a finished game from the history: its game, seed,
// save text and is_over are enough).
async function openShare(snap = onTable() ? session.snap : null) {
  if (!snap) return;
  const saved = JSON.parse(snap.save);
  const deal = dealParameters({ ...saved, seed: snap.seed });
  // pass-and-play: the site's link seats the same people (the embed has one person)
  const siteDeal = new URLSearchParams(deal);
  const people = onTable() && snap === session.snap ? session.people : []; // one of the finished games: one person
  if (people.length > 1) siteDeal.set("humans", people.join(","));
  // A finished game's replay shows every hand; a game still being played is shared as its deal only.
  const replay = snap.is_over ? siteLink("embed.html", new URLSearchParams({ save: await packText(snap.save) })) : null;
  const embedCode = `<iframe src="${siteLink("embed.html", deal)}" title="${pick(gameTitle(snap.game))}" `
    + `style="width:100%;height:640px;border:0" loading="lazy"></iframe>`;
  const dialog = $("share-dialog");
  const copyField = (id, label, value, multiline = false) => {
    const field = h(multiline ? "textarea" : "input", { id, readonly: true, rows: multiline ? 3 : null,
      onfocus: (event) => event.target.select() });
    field.value = value;
    return h("div", { class: "field share-field" }, h("label", { for: id, text: label }),
      h("div", { class: "share-row" }, field, h("button", { type: "button", class: "ghost", text: t("copy"),
        onclick: async (event) => {
          field.select();
          try {
            await navigator.clipboard.writeText(value);
            event.target.textContent = t("copied");
          } catch {
            document.execCommand("copy"); // no clipboard API (a plain-http preview): the selection
          }
        } })));
  };
  const file = URL.createObjectURL(new Blob([snap.save], { type: "application/json" }));
  dialog.replaceChildren(
    h("h2", { id: "share-title", text: t("shareTitle") }),
    copyField("share-deal", t("shareDeal"), siteLink("index.html", siteDeal)),
    replay ? copyField("share-replay", t("shareReplay"), replay) : h("p", { class: "fine", text: t("shareReplayLater") }),
    copyField("share-embed", t("shareEmbed"), embedCode, true),
    // the file holds the seed, hence every hand: with several people at this device, once it is over
    people.length > 1 && !snap.is_over ? h("p", { class: "fine", id: "share-download-later", text: t("downloadLater") })
      : h("p", {}, h("a", { id: "share-download", href: file, download: `pygames-${snap.game}-${snap.seed}.json`,
        text: t("download") })),
    h("form", { method: "dialog", class: "form-actions" }, h("button", { class: "primary", text: t("close") })));
  dialog.addEventListener("close", () => URL.revokeObjectURL(file), { once: true });
  dialog.showModal();
}

// --- help: the rules of the game on the table (or of a game in the picker), its keys ----------------

function openHelp() {
  const onTableGame = onTable() && games.find((game) => game.id === session.snap.game);
  if (onTableGame) { // (a table drawn before the catalog has been read offers the general help)
    openRules(onTableGame, { cube: Boolean(session.snap.view.cube), undo: session.undo && !session.challenge });
  } else {
    refreshHelp = showGeneralHelp($("help"), { games, openRules: (game) => openRules(game) });
  }
}

// The rules of `game`, then its keys by the step they act in, so that a key means one thing in each
// list: the table's own (its renderer's helpKeys), the cube's, then the shell's, which work at any
// step that does not take the key for itself (a suit letter, S for the supply…). From the picker, the
// cube's keys are listed for a game that has the cube option. No keys on a touch screen alone; what the
// marks on the table mean (its renderer's legend) is listed after them, on any screen.
function openRules(game, { cube = game.options.some((option) => option.name === "cube"), undo = true } = {}) {
  const renderer = rendererOf(game.id);
  const line = (text, names) => ({ text: t(text), names });
  const keys = () => (keysSpoken() ? [
    ...(renderer.helpKeys ?? []).map(({ when, keys: lines }) => ({ when: t(when),
      lines: lines.map(({ text, names }) => line(text, names)) })),
    cube && { when: t("keysCube"), lines: [line("keyCube", "X T P")] },
    { when: t("keysAnyTime"), lines: [line("keyHint", "H"), undo && line("keyUndo", "U"), line("keyShare", "S"),
      line("keyNew", "N"), line("keyHelpRules", "?")].filter(Boolean) },
  ].filter(Boolean) : []);
  const marks = () => (renderer.legend ?? []).map((key) => t(key));
  refreshHelp = showRules($("help"), { game, renderer, keys, marks, bridge });
}

function gameTitle(id) {
  return games.find((game) => game.id === id)?.title ?? { en: id };
}

main();

// The service worker is registered once the game engine has started (or failed to): its install
// asks the server for every file of the site, which must not compete with the runtime's start.
// (Framed, the site does not run: no engine, no service worker.)
bridge?.ready.catch(() => {}).then(() => {
  navigator.serviceWorker?.register("sw.js").catch((error) => console.warn("offline mode unavailable:", error));
});
