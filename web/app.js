// The generic shell: loading screen, game picker and options, the game loop (human actions and
// paced bot moves through the worker bridge), save/resume, dialogs, language and keys.
// The rules live in Python: the shell never decides what is legal or who scores, it only shows
// the snapshot the bridge returns and sends back one of the snapshot's legal actions.
import { startBridge } from "./bridge.js";
import { h } from "./dom.js";
import { renderers } from "./games/index.js";
import { LANGUAGES, language, pick, setLanguage, t, translatePage } from "./i18n.js";
import { storage } from "./storage.js";

const SAVE_KEY = "pygames.save";
const CORRUPT_SAVE_KEY = "pygames.save.corrupt";
const PREFS_KEY = "pygames.prefs";
const HUMAN_SEAT = 0;
const LEVELS = ["easy", "normal", "hard"];
const LOADING_STAGES = { runtime: ["loadingRuntime", 1], rules: ["loadingRules", 2], start: ["loadingStart", 3] };
// A hint is the hard bot's search from the player's own view: short, so a move made meanwhile waits little.
const HINT_BUDGET_MS = 400;
// Hindsight after a game (e.g. whether a solitaire deal was winnable) may search for a while.
const ANALYSIS_BUDGET_MS = 2000;
// Bot moves are slowed down so a person can follow them; ?pace=0 (tests, demos) removes the waits.
const PACE = Math.max(0, Number(new URLSearchParams(location.search).get("pace") ?? 1) || 0);

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms * PACE));

let loadingStage = "runtime";
const bridge = startBridge((stage) => {
  loadingStage = stage;
  showLoadingStage();
});
// The same requests the page sends, for the browser console and the tests.
window.pygamesBridge = bridge.call;

let games = [];
let session = null; // {sid, level, snap, events, renderer}: the game on the table, the last reply's events
let busy = false; // a request is on its way: no second action meanwhile
let usingKeyboard = false;
let refreshSummary = null; // redraws the open summary dialog in a new language

// --- chrome: language, help, messages ------------------------------------------------------------

function showLoadingStage() {
  const [key, step] = LOADING_STAGES[loadingStage];
  $("loading-text").textContent = t(key);
  $("loading-progress").value = step;
}

function showMessage(text) {
  $("message-text").textContent = text;
  $("message").hidden = false;
}

function showError(error) {
  showMessage(t("engineError", { message: error?.message ?? String(error) }));
}

function showOnly(sectionId) {
  for (const id of ["loading", "picker", "game"]) $(id).hidden = id !== sectionId;
  $("new-game").hidden = sectionId !== "game";
  updateHintButton();
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
  $("help-button").addEventListener("click", () => $("help").showModal());
  $("new-game").addEventListener("click", showPicker);
  $("hint").addEventListener("click", requestHint);
  $("message-dismiss").addEventListener("click", () => { $("message").hidden = true; });
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", () => { usingKeyboard = false; });
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
  if (session) draw();
  refreshSummary?.();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  usingKeyboard = true;
  if (event.target.closest("input, select, textarea") || document.querySelector("dialog[open]")) return;
  if (event.key === "?") {
    $("help").showModal();
  } else if (event.key.toLowerCase() === "n" && session) {
    showPicker();
  } else if (event.key.toLowerCase() === "h" && hintOffered()) {
    requestHint();
  } else if (!(session && !$("game").hidden && session.renderer.onKey(event, session.snap, context()))) {
    return;
  }
  event.preventDefault();
}

// --- start-up ------------------------------------------------------------------------------------

async function main() {
  setupChrome();
  try {
    window.pygamesTimings = (await bridge.ready).timings;
  } catch (error) {
    $("loading").setAttribute("aria-busy", "false");
    showMessage(t("loadFailed", { message: error.message }));
    return;
  }
  const reply = await bridge.call({ op: "games" });
  if (!reply.ok) {
    showError(reply.error);
    return;
  }
  games = reply.games.filter((game) => game.id in renderers);
  $("loading").setAttribute("aria-busy", "false");
  const saved = storage.get(SAVE_KEY);
  if (saved === null) showPicker();
  else await resume(saved);
}

async function resume(raw) {
  let saved;
  let reply;
  try {
    saved = JSON.parse(raw);
    reply = await bridge.call({ op: "load", text: saved.text, seat: saved.seat ?? HUMAN_SEAT });
  } catch (error) {
    reply = { ok: false, error: { message: error.message } };
  }
  if (!reply.ok || !(reply.snapshot.game in renderers)) {
    // Keep the text (a player may want to report it) but out of the way of the next game.
    storage.set(CORRUPT_SAVE_KEY, raw);
    storage.remove(SAVE_KEY);
    showPicker();
    showMessage(t("resumeFailed", { message: reply.error?.message ?? reply.snapshot.game }));
    return;
  }
  openSession(reply, LEVELS.includes(saved.level) ? saved.level : "normal");
}

// --- picker and options --------------------------------------------------------------------------

function prefs() {
  try {
    return JSON.parse(storage.get(PREFS_KEY)) ?? {};
  } catch {
    return {};
  }
}

function optionField(option, value) {
  const id = `option-${option.name}`;
  const label = pick(option.label) || option.name;
  let input;
  if (option.type === "bool") {
    input = h("input", { id, name: option.name, type: "checkbox", checked: value === true });
  } else if (option.type === "choice") {
    input = h("select", { id, name: option.name },
      option.choices.map((choice) => h("option", { value: JSON.stringify(choice), text: String(choice),
        selected: choice === value })));
  } else {
    input = h("input", { id, name: option.name, type: "number", inputmode: "numeric", value,
      min: option.min, max: option.max });
  }
  const help = pick(option.help);
  return h("div", { class: `field field-${option.type}` },
    option.type === "bool" ? [input, h("label", { for: id, text: label })] : [h("label", { for: id, text: label }), input],
    help && h("p", { class: "fine", id: `${id}-help`, text: help }));
}

function readOption(form, option) {
  const input = form.elements[option.name];
  if (option.type === "bool") return input.checked;
  if (option.type === "choice") return JSON.parse(input.value);
  return Number(input.value);
}

function showPicker() {
  const remembered = prefs();
  let chosen = games.find((game) => game.id === remembered.game) ?? games[0];
  const section = $("picker");
  const optionsBox = h("div", { class: "options" });
  const drawOptions = () => {
    const values = remembered.game === chosen.id ? remembered.options ?? {} : {};
    const seats = seatRange(chosen);
    const players = seats.min === seats.max ? null : optionField(
      { name: "players", type: "int", label: { en: t("players"), ja: t("players") }, help: {},
        min: seats.min, max: seats.max },
      remembered.game === chosen.id && remembered.players ? remembered.players : seats.default);
    optionsBox.replaceChildren(...[players, ...chosen.options.map((option) =>
      optionField(option, values[option.name] ?? option.default))].filter(Boolean));
    // A game may name its seed for what it is (a solitaire's deal number, say).
    const seedField = renderers[chosen.id].seedField ?? { label: "seed", help: "seedHelp" };
    $("seed-label").textContent = t(seedField.label);
    $("seed-help").textContent = t(seedField.help);
  };
  const gameButtons = games.map((game) => h("button", {
    type: "button", class: "game-choice", "aria-pressed": String(game === chosen), "data-game": game.id,
    onclick: (event) => {
      chosen = game;
      for (const button of section.querySelectorAll(".game-choice")) {
        button.setAttribute("aria-pressed", String(button === event.currentTarget));
      }
      drawOptions();
    },
  }, h("strong", { text: pick(game.title) }), h("span", { class: "fine", text: playersText(game.players) })));
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
      h("input", { id: "seed", name: "seed", type: "number", inputmode: "numeric", min: 0,
        "aria-describedby": "seed-help" }),
      h("p", { class: "fine", id: "seed-help", text: t("seedHelp") }))),
  h("div", { class: "form-actions" },
    session && h("button", { type: "button", class: "ghost", id: "back-to-game", text: t("backToGame"),
      onclick: () => showOnly("game") }),
    h("button", { type: "submit", id: "start", class: "primary", text: t("start") })));
  section.replaceChildren(
    h("h2", { id: "picker-title", text: t("pickGame") }),
    h("div", { class: "game-list" }, gameButtons),
    form,
  );
  drawOptions();
  showOnly("picker");
}

// How many players the table can show: the game's own range, narrowed by its renderer (which may
// draw fewer seats on screen than the rules allow) and with the renderer's preferred default.
function seatRange(game) {
  const [min, max] = game.players;
  const shown = renderers[game.id]?.players ?? {};
  return { min, max: Math.min(max, shown.max ?? max), default: shown.default ?? min };
}

function playersText([min, max]) {
  return min === max ? t("playersExact", { count: min }) : t("playersCount", { min, max });
}

async function startGame(game, form) {
  if (busy) return;
  const options = Object.fromEntries(game.options.map((option) => [option.name, readOption(form, option)]));
  const level = form.elements.level.value;
  const seedText = form.elements.seed.value.trim();
  const request = { op: "new", game: game.id, seat: HUMAN_SEAT, options };
  const players = form.elements.players ? Number(form.elements.players.value) : null;
  if (players !== null) request.players = players;
  // The engine checks the seed: a bad one comes back as a readable error.
  if (seedText !== "") request.seed = Number(seedText);
  busy = true;
  const reply = await bridge.call(request);
  busy = false;
  if (!reply.ok) {
    showError(reply.error);
    return;
  }
  storage.set(PREFS_KEY, JSON.stringify({ game: game.id, level, options, players }));
  $("message").hidden = true;
  openSession(reply, level);
}

// --- the game loop -------------------------------------------------------------------------------

function openSession(reply, level) {
  if (session) bridge.call({ op: "close", sid: session.sid });
  session = { sid: reply.sid, level, snap: reply.snapshot, renderer: renderers[reply.snapshot.game] };
  showOnly("game");
  update();
  if (session.snap.is_over) showSummary(session, null);
  else drive(session);
}

function context() {
  return {
    act,
    myTurn: !busy && session.snap.legal.length > 0,
    keyboard: usingKeyboard,
    events: session.events ?? [],
  };
}

// Redraw the table, keeping keyboard focus on the same control when it is still there.
function draw() {
  const focusKey = document.activeElement?.dataset?.focusKey;
  const table = $("game");
  session.renderer.render(table, session.snap, context());
  const again = focusKey && table.querySelector(`[data-focus-key="${focusKey}"]`);
  if (again) again.focus();
  else if (usingKeyboard && document.activeElement === document.body) table.querySelector("[data-autofocus]")?.focus();
  updateHintButton();
}

function update() {
  const { snap, level } = session;
  storage.set(SAVE_KEY, JSON.stringify({ game: snap.game, text: snap.save, seat: snap.seat, level }));
  draw();
}

async function act(action) {
  if (busy || !session) return;
  const current = session;
  busy = true;
  draw();
  const reply = await bridge.call({ op: "act", sid: current.sid, action });
  busy = false;
  if (current !== session) return;
  if (!reply.ok) {
    showError(reply.error);
    draw();
    return;
  }
  await advance(current, reply);
  drive(current, reply.events);
}

// Bots move one at a time until it is the human's turn or the game ends; a new game stops this loop.
async function drive(current, lastEvents = []) {
  let events = lastEvents;
  while (current === session && !current.snap.is_over && current.snap.current_player !== current.snap.seat) {
    await sleep(current.renderer.botDelay(current.snap, events));
    if (current !== session) return;
    const reply = await bridge.call({ op: "bot", sid: current.sid, level: current.level });
    if (current !== session) return;
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    await advance(current, reply);
    events = reply.events;
  }
}

async function advance(current, reply) {
  current.snap = reply.snapshot;
  current.events = reply.events;
  update();
  const summaryType = current.renderer.summaryEvent ?? "deal_over";
  const dealOver = reply.events.find((event) => event.type === summaryType);
  if (dealOver || current.snap.is_over) await showSummary(current, dealOver?.summary ?? null);
}

// --- hints: a suggested move for the human, from their own view, on tables that can show one --------

function hintOffered() {
  return Boolean(session && !$("game").hidden && session.renderer.showHint && session.snap.legal.length > 0);
}

function updateHintButton() {
  const button = $("hint");
  button.hidden = !hintOffered();
  const thinking = Boolean(session?.hint && session.hint.moves === session.snap.moves && !session.hint.action);
  button.setAttribute("aria-busy", String(thinking));
  button.querySelector("span").textContent = t(thinking ? "hintThinking" : "hint");
}

// The worker answers one request at a time: a move made while the hint is computed waits for it
// (HINT_BUDGET_MS at most), and a hint that arrives after the table moved on is dropped.
async function requestHint() {
  const current = session;
  if (!hintOffered() || current.hint?.moves === current.snap.moves) return;
  const moves = current.snap.moves;
  current.hint = { moves, action: null };
  updateHintButton();
  const reply = await bridge.call({ op: "hint", sid: current.sid, time_budget_ms: HINT_BUDGET_MS });
  if (current !== session || current.snap.moves !== moves) return;
  if (!reply.ok) {
    current.hint = null;
    showError(reply.error);
  } else {
    current.hint.action = reply.hint.action;
    current.renderer.showHint($("game"), reply.hint.action, current.snap);
  }
  updateHintButton();
}

// --- the summary dialog --------------------------------------------------------------------------

// Hindsight for the summary, asked once per finished game from tables that can show it; the
// dialog is shown at once and redrawn when the answer arrives.
async function requestAnalysis(current) {
  current.analysis = { pending: true };
  const reply = await bridge.call({ op: "analysis", sid: current.sid, time_budget_ms: ANALYSIS_BUDGET_MS });
  current.analysis = { result: reply.ok ? reply.analysis : null };
  if (current === session) refreshSummary?.();
}

function analysisLine(current) {
  const { renderer, snap, analysis } = current;
  if (analysis.pending) return h("p", { class: "analysis-pending", "aria-busy": "true", text: t("analysing") });
  return analysis.result && renderer.analysisSummary(analysis.result, snap);
}

// The same game again from its start: same options, seed and set-up (a numbered deal replayed).
async function replay(current) {
  const { game, players, seed, options, setup } = JSON.parse(current.snap.save);
  const reply = await bridge.call({ op: "new", game, players, seed, options, setup, seat: current.snap.seat });
  if (!reply.ok) showError(reply.error);
  else openSession(reply, current.level);
}

// The deal summary (and the final result once the game is over), in a modal dialog; resolves
// when the player closes it.
function showSummary(current, summary) {
  const dialog = $("summary");
  const fill = () => {
    const { renderer, snap } = current;
    const over = snap.is_over;
    const replayText = over && renderer.replayLabel?.(snap);
    const parts = [
      summary && renderer.dealSummary(summary, snap),
      over && renderer.finalSummary(snap),
      over && renderer.analysisSummary && analysisLine(current),
      h("form", { method: "dialog", class: "form-actions" },
        replayText && h("button", { type: "button", class: "ghost", id: "summary-replay", text: replayText,
          onclick: () => { dialog.close(); replay(current); } }),
        over && h("button", { type: "button", class: "ghost", id: "summary-new-game", text: t("newGame"),
          onclick: () => { dialog.close(); showPicker(); } }),
        h("button", { class: "primary", id: "summary-continue", text: over ? t("close") : t("continue") })),
    ];
    dialog.replaceChildren(...parts.filter(Boolean));
  };
  if (current.snap.is_over && current.renderer.analysisSummary && !current.analysis) requestAnalysis(current);
  fill();
  refreshSummary = fill;
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      refreshSummary = null;
      resolve();
    }, { once: true });
  });
}

main();

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((error) => console.warn("offline mode unavailable:", error));
}
