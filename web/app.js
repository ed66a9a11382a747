// The generic shell: loading screen, game picker and options, the table (a LiveTable: human
// actions and paced bot moves through the worker bridge), save/resume, undo, hints, sharing and
// game files, dialogs, language and keys, and learning a game (learn.js: the rules dialog, the
// hint's reason in words, "Explain as we play").
// The rules live in Python: the shell never decides what is legal or who scores, it only shows
// the snapshot the bridge returns and sends back one of the snapshot's legal actions.
import { STOPPED, startBridge } from "./bridge.js";
import { focusInView, h } from "./dom.js";
import { rendererOf } from "./games/index.js";
import { addStrings, LANGUAGES, language, pick, setLanguage, t, translatePage } from "./i18n.js";
import { Captions, playersAndLength, showGeneralHelp, showRules } from "./learn.js";
import { addedGames, pluginFailures } from "./plugins.js";
import { dealParameters, packText, seedParameter, siteLink } from "./share.js";
import { storage } from "./storage.js";
import { showSummary } from "./summary.js";
import { drawableSnapshot, LiveTable, storedSnapshot } from "./table.js";

const SAVE_KEY = "pygames.save";
const CORRUPT_SAVE_KEY = "pygames.save.corrupt";
const PREFS_KEY = "pygames.prefs";
const HUMAN_SEAT = 0;
const LEVELS = ["easy", "normal", "hard"];
const LOADING_STAGES = { runtime: ["loadingRuntime", 1], rules: ["loadingRules", 2], games: ["loadingGames", 2],
  start: ["loadingStart", 3] };
// A hint is the hard bot's search from the player's own view: short, so a move made meanwhile waits little.
const HINT_BUDGET_MS = 400;
const CUBE_ACTIONS = ["double", "take", "pass"];

addStrings({
  en: {
    undo: "Undo", undoLabel: "Undo your last move (U)", share: "Share", shareLabel: "Share this game (S)",
    allowUndo: "Allow undo", allowUndoHelp: "Take back your moves against the bots. Shared deals never allow it.",
    loadFile: "Load a game file", loadFileFailed: "That file is not a pygames game ({message}).",
    sharedDeal: "A shared deal is waiting: {game}.", playShared: "Play it", sharedHere: "You are playing a shared deal: no undo.",
    shareTitle: "Share", shareDeal: "Link to this deal (the same cards for whoever opens it)",
    shareReplay: "Link to the replay of this game", shareEmbed: "Embed this deal in a web page",
    shareReplayLater: "A link to the replay is offered once the game is over (before that it would show every hand).",
    download: "Download the game file", copy: "Copy", copied: "Copied",
    keyUndo: "U undoes your last move (when undo is allowed and the table does not use U itself)",
  },
  ja: {
    undo: "戻す", undoLabel: "直前の手を戻す (U)", share: "共有", shareLabel: "このゲームを共有 (S)",
    allowUndo: "戻すを許可", allowUndoHelp: "ボット相手に自分の手を戻せます。共有されたディールでは使えません。",
    loadFile: "ゲームファイルを読み込む", loadFileFailed: "このファイルは pygames のゲームではありません ({message})。",
    sharedDeal: "共有されたディールがあります: {game}。", playShared: "遊ぶ", sharedHere: "共有ディールをプレイ中: 戻すは使えません。",
    shareTitle: "共有", shareDeal: "このディールへのリンク（開いた人に同じ配り）",
    shareReplay: "このゲームのリプレイへのリンク", shareEmbed: "このディールをウェブページに埋め込む",
    shareReplayLater: "リプレイへのリンクはゲーム終了後に表示されます（それまでは全員の手札が見えてしまうため）。",
    download: "ゲームファイルをダウンロード", copy: "コピー", copied: "コピーしました",
    keyUndo: "U で直前の手を戻す（許可されていて、ゲーム自体が U を使わない場面で）",
  },
});

const $ = (id) => document.getElementById(id);

let loadingStage = "runtime";
let pythonReady = false;
const bridge = startBridge({
  onProgress: (stage) => {
    loadingStage = stage;
    showLoadingStage();
  },
  onStopped: engineStopped,
});
// The same requests the page sends, for the browser console and the tests.
window.pygamesBridge = bridge.call;

let games = [];
let gamesKnown = null; // resolves to whether `games` could be read (knowGames)
// The LiveTable on the table, with the shell's own fields: level, undo (allowed), challenge (a
// shared deal: no undo), hint.
let session = null;
let starting = false; // a new game is being opened: no second one meanwhile
let usingKeyboard = false;
let refreshSummary = null; // redraws the open summary dialog in a new language
let refreshHelp = null; // redraws the open help or rules dialog in a new language
let captions = null; // the caption area above the table: the hint line and "Explain as we play"

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
  for (const id of ["loading", "picker", "game"]) $(id).hidden = id !== sectionId;
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
  $("share").addEventListener("click", openShare);
  $("message-dismiss").addEventListener("click", () => { $("message").hidden = true; });
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
  if (!$("picker").hidden) {
    const typedSeed = $("seed")?.value ?? ""; // redrawing the picker must not lose what was typed
    showPicker();
    $("seed").value = typedSeed;
  }
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

// Nothing waits for Python that can be drawn without it: a saved game is drawn at once from the
// snapshot stored with it and its `load` is sent at once; a shared deal's `new` is sent at once; the
// picker is drawn from the catalog. Those requests wait in the worker's queue until Python is up.
async function main() {
  setupChrome();
  const shared = sharedDeal();
  const saved = storage.get(SAVE_KEY);
  gamesKnown = knowGames();
  let resuming = null;
  if (saved !== null) resuming = resume(saved);
  else if (shared) startShared(shared);
  else gamesKnown.then((known) => known && showPicker());
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
  await addPluginGames(ready);
  // A game in progress is never replaced unasked: the shared deal waits for the player's word.
  if (shared && saved !== null) {
    await resuming;
    await gamesKnown;
    const game = games.find((entry) => entry.id === shared.game);
    showMessage(t("sharedDeal", { game: pick(game?.title) || shared.game }),
      { label: t("playShared"), run: () => startShared(shared) });
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
  try {
    games = [...games, ...await addedGames(bridge, ready, games)];
  } catch (error) {
    showError(error);
    return;
  }
  if (!$("picker").hidden) retranslate();
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

// A deal shared by link (index.html#game=…&seed=…): read once, then dropped from the address so that
// a reload resumes the game being played rather than dealing the shared one again.
function sharedDeal() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("game")) return null;
  history.replaceState(null, "", location.pathname + location.search);
  const deal = { op: "new", game: params.get("game"), seat: HUMAN_SEAT, seed: seedParameter(params) };
  try {
    if (params.has("players")) deal.players = Number(params.get("players"));
    for (const name of ["options", "setup"]) if (params.has(name)) deal[name] = JSON.parse(params.get(name));
  } catch (error) {
    showMessage(t("engineError", { message: `the shared link is damaged: ${error.message}` }));
    return null;
  }
  return deal;
}

async function startShared(deal) {
  const reply = await bridge.call(deal);
  if (!reply.ok) {
    if (await engineDown()) return;
    if (!session && await gamesKnown) showPicker();
    showError(reply.error);
    return;
  }
  openSession(reply, { level: prefs().level ?? "normal", undo: false, challenge: true,
    explain: explainChosen(prefs(), deal.game) });
  showMessage(t("sharedHere"));
}

// The saved game, loaded by the engine; with a snapshot stored beside it (saves made before there
// was one have none), drawn at once while the `load` waits for Python. True once it is loaded.
async function resume(raw) {
  let saved;
  let opening;
  try {
    saved = JSON.parse(raw);
    opening = bridge.call({ op: "load", text: saved.text, seat: saved.seat ?? HUMAN_SEAT });
  } catch (error) {
    opening = Promise.resolve({ ok: false, error: { message: error.message } });
  }
  const settings = { level: LEVELS.includes(saved?.level) ? saved.level : "normal", undo: saved?.undo !== false,
    challenge: saved?.challenge === true, explain: saved?.explain === true };
  const drawn = drawableSnapshot(saved?.snap ?? null, saved?.text);
  const table = drawn && openSession({ sid: null, snapshot: drawn }, settings, opening);
  const reply = await opening;
  const loaded = reply.ok;
  if (table && (table !== session || loaded)) return loaded; // the starting table has taken the reply
  if (table) session = null; // it closed itself
  if (!loaded && await engineDown()) {
    showOnly("loading"); // main says why; the save stays as it is
    return false;
  }
  if (!loaded) {
    // Keep the text (a player may want to report it) but out of the way of the next game.
    storage.set(CORRUPT_SAVE_KEY, raw);
    storage.remove(SAVE_KEY);
    if (await gamesKnown) showPicker();
    showMessage(t("resumeFailed", { message: reply.error.message }));
    return false;
  }
  openSession(reply, settings);
  return true;
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
  const raw = storage.get(SAVE_KEY) ?? saveRecord(table);
  const { text } = JSON.parse(raw);
  if (text === restoredSave) {
    showMessage(t("engineStoppedAgain", { cause: because }));
    return;
  }
  restoredSave = text;
  showMessage(t("engineRestarting", { cause: because }));
  const interrupted = lost.filter((request) => request.sid === table.sid).map((request) => request.op);
  const said = interrupted.includes("act") ? "engineBackMove" : interrupted.includes("undo") ? "engineBackUndo" : "engineBack";
  try {
    await bridge.ready;
  } catch (error) {
    showMessage(t("loadFailed", { message: error.message }));
    return;
  }
  if ($("summary").open) $("summary").close(); // the reloaded game shows its own
  if (await resume(raw)) showMessage(t(said, { cause: because }));
}

// --- picker and options --------------------------------------------------------------------------

function prefs() {
  try {
    return JSON.parse(storage.get(PREFS_KEY)) ?? {};
  } catch {
    return {};
  }
}

// "Explain as we play": the player's own choice for this game, else on for their first game of it.
function explainChosen(remembered, gameId) {
  return remembered.explain?.[gameId] ?? !(remembered.started ?? []).includes(gameId);
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

function showPicker() {
  const remembered = prefs();
  let chosen = games.find((game) => game.id === remembered.game) ?? games[0];
  const section = $("picker");
  const showApplicable = () => {
    for (const option of chosen.options) {
      optionsBox.querySelector(`[data-option="${option.name}"]`).hidden = !applies(chosen, form, option);
    }
  };
  const optionsBox = h("div", { class: "options", oninput: showApplicable, onchange: showApplicable });
  const drawOptions = () => {
    const values = remembered.game === chosen.id ? remembered.options ?? {} : {};
    const seats = seatRange(chosen);
    const players = seats.min === seats.max ? null : optionField(
      { name: "players", type: "int", label: { en: t("players"), ja: t("players") }, help: {},
        min: seats.min, max: seats.max },
      remembered.game === chosen.id && remembered.players ? remembered.players : seats.default);
    optionsBox.replaceChildren(...[players, ...chosen.options.map((option) =>
      optionField(option, values[option.name] ?? option.default))].filter(Boolean));
    showApplicable();
    // A game may name its seed for what it is (a solitaire's deal number, say).
    const seedField = rendererOf(chosen.id).seedField ?? { label: "seed", help: "seedHelp" };
    $("seed-label").textContent = t(seedField.label);
    $("seed-help").textContent = t(seedField.help);
    $("explain-choice").checked = explainChosen(remembered, chosen.id);
  };
  // Each game says what it is in a line (its how-to-play document's pitch), for how many and how long,
  // and offers its rules.
  const gameCards = games.map((game) => h("div", { class: "game-card" }, h("button", {
    type: "button", class: "game-choice", "aria-pressed": String(game === chosen), "data-game": game.id,
    onclick: (event) => {
      chosen = game;
      for (const button of section.querySelectorAll(".game-choice")) {
        button.setAttribute("aria-pressed", String(button === event.currentTarget));
      }
      drawOptions();
    },
  }, h("strong", { text: pick(game.title) }),
  game.pitch && h("span", { class: "game-pitch", text: pick(game.pitch) }),
  h("span", { class: "fine", text: playersAndLength(game, game.length) })),
  game.pitch && h("button", { type: "button", class: "ghost how-to-play", "data-rules": game.id,
    "aria-label": t("howToPlayLabel", { game: pick(game.title) }), text: t("howToPlay"),
    onclick: () => openRules(game) })));
  const level = remembered.level ?? "normal";
  const form = h("form", { class: "start-form", onsubmit: (event) => {
    event.preventDefault();
    startGame(chosen, form);
  } },
  h("fieldset", {}, h("legend", { text: t("gameOptions") }), optionsBox,
    h("div", { class: "field" }, h("label", { for: "level", text: t("botLevel") }),
      h("select", { id: "level", name: "level" },
        LEVELS.map((name) => h("option", { value: name, text: t(`level_${name}`), selected: name === level })))),
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
      h("input", { id: "allow-undo", name: "allowUndo", type: "checkbox", checked: remembered.undo !== false,
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
    h("h2", { id: "picker-title", text: t("pickGame") }),
    h("div", { class: "game-list" }, gameCards),
    form,
    h("div", { class: "field load-file" }, h("label", { for: "load-file", text: t("loadFile") }), fileInput),
  );
  drawOptions();
  showOnly("picker");
}

// How many players the table can show: the game's own range, narrowed by its renderer (which may
// draw fewer seats on screen than the rules allow) and with the renderer's preferred default.
function seatRange(game) {
  const [min, max] = game.players;
  const shown = rendererOf(game.id).players ?? {};
  return { min, max: Math.min(max, shown.max ?? max), default: shown.default ?? min };
}

async function startGame(game, form) {
  if (starting) return;
  const options = Object.fromEntries(game.options.filter((option) => applies(game, form, option))
    .map((option) => [option.name, readOption(form, option)]));
  const level = form.elements.level.value;
  const undo = form.elements.allowUndo.checked;
  const explain = form.elements.explain.checked;
  const seedText = form.elements.seed.value.trim();
  const request = { op: "new", game: game.id, seat: HUMAN_SEAT, options };
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
  // "Explain as we play" is remembered once the player has chosen it: left as offered for a first
  // game (on), it is off for the next one
  const remembered = prefs();
  const started = [...new Set([...remembered.started ?? [], game.id])];
  const chosen = remembered.explain?.[game.id] !== undefined || explain !== explainChosen(remembered, game.id);
  storage.set(PREFS_KEY, JSON.stringify({ game: game.id, level, options, players, undo, started,
    explain: chosen ? { ...remembered.explain, [game.id]: explain } : remembered.explain }));
  $("message").hidden = true;
  openSession(reply, { level, undo, challenge: false, explain });
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
  });
  // focusOnTurn: the focus goes to the table's first control on the player's first turn, so that a
  // keyboard player can act at once (the picker's Start button has gone)
  Object.assign(session, { undo: settings.undo, challenge: settings.challenge, keyboard: usingKeyboard,
    explain: settings.explain, focusOnTurn: true });
  captions.clear();
  showOnly("game");
  scrollTo(0, 0); // the picker's Start is far down a phone's page: the table opens at its top
  session.start();
  return session;
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
  // where the storage is nearly full, the game at least: its snapshot only saves the next visit time
  if (!storage.set(SAVE_KEY, saveRecord(table))) storage.set(SAVE_KEY, saveRecord(table, { drawn: false }));
  updateTools();
}

// The game's text, the table's settings, and the snapshot last drawn (without its save text, which
// is `text`): the next visit draws the table from it at once, before Python is up.
function saveRecord({ snap, level, undo, challenge, explain }, { drawn = true } = {}) {
  return JSON.stringify({ game: snap.game, text: snap.save, seat: snap.seat, level, undo, challenge, explain,
    snap: drawn ? storedSnapshot(snap) : undefined });
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
  const reply = await bridge.call({ op: "new", game, players, seed: table.snap.seed, options, setup,
    seat: table.snap.seat });
  if (!reply.ok) showError(reply.error);
  else openSession(reply, { level: table.level, undo: table.undo, challenge: table.challenge });
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
  let reply;
  do {
    reply = await bridge.call({ op: "undo", sid: current.sid });
    if (reply.ok) current.snap = reply.snapshot;
  } while (reply.ok && current.snap.current_player !== current.snap.seat && current.snap.moves > 0);
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
  return Boolean(onTable() && session.snap.legal.length > 0);
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

async function openShare() {
  if (!onTable()) return;
  const { snap } = session;
  const saved = JSON.parse(snap.save);
  const deal = dealParameters({ ...saved, seed: snap.seed });
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
    copyField("share-deal", t("shareDeal"), siteLink("index.html", deal)),
    replay ? copyField("share-replay", t("shareReplay"), replay) : h("p", { class: "fine", text: t("shareReplayLater") }),
    copyField("share-embed", t("shareEmbed"), embedCode, true),
    h("p", {}, h("a", { id: "share-download", href: file, download: `pygames-${snap.game}-${snap.seed}.json`,
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

// The rules of `game`, then its keys: the table's own (its renderer's helpKeys) and the shell's. From
// the picker, the cube's keys are listed for a game that has the cube option.
function openRules(game, { cube = game.options.some((option) => option.name === "cube"), undo = true } = {}) {
  const renderer = rendererOf(game.id);
  const keys = () => [
    ...(renderer.helpKeys ?? []).map((key) => t(key)),
    cube && t("keyCube"),
    t("keyHint"),
    undo && t("keyUndo"),
    t("keyShare"), t("keyNew"), t("keyHelpRules"),
  ].filter(Boolean);
  refreshHelp = showRules($("help"), { game, renderer, keys, bridge });
}

function gameTitle(id) {
  return games.find((game) => game.id === id)?.title ?? { en: id };
}

main();

// The service worker is registered once the game engine has started (or failed to): its install
// asks the server for every file of the site, which must not compete with the runtime's start.
bridge.ready.catch(() => {}).then(() => {
  navigator.serviceWorker?.register("sw.js").catch((error) => console.warn("offline mode unavailable:", error));
});
