// The embed: a game or a scripted example inside an iframe of a rules blog post (docs/embed.md).
// It is light by default: it first shows a static preview (a shipped scenario's frames were played
// through by build.py; a live game shows its title) and starts Python only when the reader asks to
// play or to step through a scenario given inline. The frame tells its parent its height.
import { startBridge } from "./bridge.js";
import { renderCube } from "./cube.js";
import { h } from "./dom.js";
import { renderers } from "./games/index.js";
import { addStrings, LANGUAGES, language, pick, setLanguage, t, translatePage } from "./i18n.js";
import { seatName } from "./seats.js";
import { unpackText } from "./share.js";
import { storage } from "./storage.js";
import { showSummary } from "./summary.js";
import { LiveTable } from "./table.js";

const LEVELS = ["easy", "normal", "hard"];
const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const SAVE_PREFIX = "pygames.embed."; // + the frame's own URL: each embed resumes its own game
// The messages a parent page may send (docs/embed.md); anything else is ignored.
const ACCEPTED = {
  "pygames:get-height": () => true,
  "pygames:set-language": (data) => data.lang in LANGUAGES,
};

addStrings({
  en: {
    emOpen: "Open pygames ↗",
    emPlay: "Play", emPlayHint: "A live game against bots, in your browser. Nothing is sent anywhere.",
    emResume: "Continue your game", emRestart: "Start again",
    emShow: "Show the example", emShowHint: "The example is played through by the game's rules in your browser.",
    emBack: "◀ Back", emNext: "Next ▶", emStep: "Step {k} of {n}", emStart: "Start",
    emPlayFromHere: "Play from here", emBackToExample: "Back to the example",
    emLoading: "Starting the game engine…",
    emSeatLine: "You play seat {seat}. {players} players.",
    emGameOver: "The game is over.",
    emReplay: "Replay", emShowReplay: "Show the replay",
    emReplayHint: "Step through every move of this finished game; every hand can be seen.",
    emViewAs: "View as", emSpectator: "Spectator", emSeatN: "Seat {n}", emMoveBy: "Move {k} of {n}: {name}",
    errBadSave: "This game cannot be replayed: {detail}",
    errBadParam: "This embed's address is malformed: {detail}",
    errUnknownGame: "There is no game “{game}” here. The games are: {games}.",
    errNoScenario: "There is no example called “{name}”.",
    errBadScenario: "This example cannot be shown: {detail}",
    errBadSetup: "This position or these options are impossible: {detail}",
    errEngine: "The game engine could not start: {detail}",
    errOther: "Something went wrong: {detail}",
    errNoTable: "This page cannot show the game “{game}” yet.",
  },
  ja: {
    emOpen: "pygames を開く ↗",
    emPlay: "遊ぶ", emPlayHint: "ブラウザの中でボットと対戦します。データはどこにも送られません。",
    emResume: "続きから遊ぶ", emRestart: "最初から",
    emShow: "例を見る", emShowHint: "例はブラウザの中でゲームのルールに沿って再生されます。",
    emBack: "◀ 戻る", emNext: "次へ ▶", emStep: "{n}手中{k}手目", emStart: "開始",
    emPlayFromHere: "ここから遊ぶ", emBackToExample: "例に戻る",
    emLoading: "ゲームエンジンを起動しています…",
    emSeatLine: "あなたは席{seat}です。{players}人プレイ。",
    emGameOver: "ゲーム終了。",
    emReplay: "リプレイ", emShowReplay: "リプレイを見る",
    emReplayHint: "終わったゲームの全手順を一手ずつ見られます。全員の手札が見えます。",
    emViewAs: "視点", emSpectator: "観戦者", emSeatN: "席{n}", emMoveBy: "{n}手中{k}手目: {name}",
    errBadSave: "このゲームは再生できません: {detail}",
    errBadParam: "この埋め込みのアドレスが正しくありません: {detail}",
    errUnknownGame: "「{game}」というゲームはありません。遊べるゲーム: {games}。",
    errNoScenario: "「{name}」という例はありません。",
    errBadScenario: "この例は表示できません: {detail}",
    errBadSetup: "この局面またはオプションはありえません: {detail}",
    errEngine: "ゲームエンジンを起動できませんでした: {detail}",
    errOther: "問題が起きました: {detail}",
    errNoTable: "このページではまだ「{game}」を表示できません。",
  },
});

const $ = (id) => document.getElementById(id);

class EmbedError extends Error {
  constructor(key, values) {
    super(key);
    Object.assign(this, { key, values });
  }
}

// --- the address: query and fragment (the fragment wins), checked for form only -----------------

function readParameters() {
  const merged = new URLSearchParams(location.search);
  for (const [name, value] of new URLSearchParams(location.hash.slice(1))) merged.set(name, value);
  const get = (name) => merged.get(name) ?? undefined;
  const json = (name) => {
    const text = get(name);
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text);
      if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
      return value;
    } catch {
      throw new EmbedError("errBadParam", { detail: `${name} must be a JSON object, like {"name": value}` });
    }
  };
  const whole = (name) => {
    const text = get(name);
    if (text === undefined || text === "") return undefined;
    if (!/^\d{1,16}$/.test(text)) throw new EmbedError("errBadParam", { detail: `${name} must be a whole number` });
    return Number(text);
  };
  const seatText = get("seat");
  const params = {
    lang: get("lang"),
    game: get("game"),
    players: whole("players"),
    seed: whole("seed"),
    options: json("options"),
    setup: json("setup"),
    seat: seatText === "spectator" ? null : whole("seat") ?? 0,
    level: get("level") ?? "normal",
    scenario: get("scenario"),
    save: get("save"),
  };
  params.mode = get("mode") ?? (params.save ? "replay" : params.scenario ? "example" : "play");
  if (!["play", "example", "replay"].includes(params.mode)) {
    throw new EmbedError("errBadParam", { detail: `mode is play, example or replay, not ${params.mode}` });
  }
  if (params.mode === "replay" && !params.save) {
    throw new EmbedError("errBadParam", { detail: "replay mode needs the game: save=…" });
  }
  if (!LEVELS.includes(params.level)) {
    throw new EmbedError("errBadParam", { detail: `level is ${LEVELS.join(", ")}, not ${params.level}` });
  }
  if (params.mode === "example" && !params.scenario) {
    throw new EmbedError("errBadParam", { detail: "example mode needs a scenario" });
  }
  if (params.mode === "play" && !params.game) throw new EmbedError("errBadParam", { detail: "name a game: game=…" });
  return params;
}

// --- the parent page: height out, a few documented messages in -----------------------------------

let frameId = "";

function postHeight() {
  if (window.parent === window) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  window.parent.postMessage({ type: "pygames:height", id: frameId, height }, "*");
}

function listenToParent(retranslate) {
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== window.parent || !data || typeof data !== "object" || !(data.type in ACCEPTED)) return;
    if (!ACCEPTED[data.type](data)) return;
    if (data.type === "pygames:set-language") {
      setLanguage(data.lang, { remember: false });
      retranslate();
    }
    postHeight();
  });
  new ResizeObserver(postHeight).observe(document.documentElement);
}

// --- the runtime, started on demand ----------------------------------------------------------------

let bridge = null;

async function runtime() {
  if (!bridge) {
    // Only now, when the reader asked for the engine: the service worker then keeps the runtime
    // for every other embed of this site and for offline use, without costing a mere reader.
    navigator.serviceWorker?.register("sw.js").catch((error) => console.warn("no offline cache:", error));
    bridge = startBridge(() => {});
    showLoading();
    try {
      await bridge.ready;
    } catch (error) {
      bridge = null;
      throw new EmbedError("errEngine", { detail: error.message });
    }
  }
  return bridge;
}

function showLoading() {
  $("embed-stage").replaceChildren(h("div", { class: "loading embed-loading" },
    h("div", { class: "loading-card", "aria-hidden": "true", text: "♦" }),
    h("p", { text: t("emLoading") })));
}

async function ask(request) {
  const reply = await (await runtime()).call(request);
  if (!reply.ok) throw fromEngine(reply.error);
  return reply;
}

function fromEngine(error) {
  const detail = error.message;
  if (error.type === "UnknownGame") return new EmbedError("errOther", { detail });
  if (error.type === "BadSetup") return new EmbedError("errBadSetup", { detail });
  if (error.type === "BadSave" || error.type === "BridgeError") return new EmbedError("errBadSave", { detail });
  if (error.type === "BadScenario" || error.type === "IllegalAction") return new EmbedError("errBadScenario", { detail });
  return new EmbedError("errOther", { detail });
}

// --- what the frame shows ----------------------------------------------------------------------

let params;
let catalog = [];
let redraw = () => {};
let live = null;

function showError(error) {
  console.warn(error);
  const message = error instanceof EmbedError ? t(error.key, error.values) : t("errOther", { detail: error.message });
  $("embed-error").textContent = message;
  $("embed-error").hidden = false;
}

function clearError() {
  $("embed-error").hidden = true;
}

function gameOf(id) {
  const game = catalog.find((entry) => entry.id === id);
  if (!game) {
    throw new EmbedError("errUnknownGame", { game: id, games: catalog.map((entry) => pick(entry.title)).join(", ") });
  }
  if (!(id in renderers)) throw new EmbedError("errNoTable", { game: pick(game.title) });
  return game;
}

function setTitle(text) {
  $("embed-title").textContent = text;
  document.title = `${text} — pygames`;
}

function saveKey() {
  return SAVE_PREFIX + location.pathname + location.search + location.hash;
}

// A play embed: the cover first, the live game once asked for.
function showPlayCover() {
  const game = gameOf(params.game);
  const saved = storage.get(saveKey());
  setTitle(pick(game.title));
  const start = (resume) => playLive(() => (resume
    ? ask({ op: "load", text: saved, seat: params.seat })
    : ask({ op: "new", game: params.game, players: params.players, seed: params.seed, options: params.options,
      setup: params.setup, seat: params.seat }))).catch(showError);
  $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
    h("p", { class: "embed-cover-title", text: pick(game.title) }),
    h("p", { class: "fine", text: t("emPlayHint") }),
    h("div", { class: "form-actions" },
      saved && h("button", { type: "button", class: "primary", id: "embed-resume", text: t("emResume"),
        onclick: () => start(true) }),
      h("button", { type: "button", class: saved ? "ghost" : "primary", id: "embed-play",
        text: saved ? t("emRestart") : t("emPlay"), onclick: () => start(false) }))));
  $("embed-controls").hidden = true;
  $("embed-caption").hidden = true;
  renderCube($("embed-cube"), null, null);
  redraw = showPlayCover;
}

async function playLive(open, backToExample = null) {
  clearError();
  const reply = await open();
  live?.close();
  const stage = $("embed-stage");
  live = new LiveTable({
    root: stage,
    cubeRoot: $("embed-cube"),
    bridge,
    reply,
    level: params.level,
    onChange: (table) => {
      if (!backToExample) storage.set(saveKey(), table.snap.save);
      postHeight();
    },
    onSummary: summarize,
    onError: (error) => showError(fromEngine(error)),
  });
  redraw = () => live.draw();
  const controls = $("embed-controls");
  controls.replaceChildren(backToExample
    ? h("button", { type: "button", class: "ghost", id: "embed-back-to-example", text: t("emBackToExample"),
      onclick: () => { live.close(); live = null; backToExample(); } })
    : h("button", { type: "button", class: "ghost", id: "embed-restart", text: t("emRestart"),
      onclick: () => { storage.remove(saveKey()); live.close(); live = null; showPlayCover(); } }));
  controls.hidden = false;
  $("embed-caption").hidden = true;
  await live.start();
}

// The summary of a deal or game: the site's own dialog (summary.js), with no extra buttons.
function summarize(table, summary) {
  return showSummary($("summary"), table, summary).closed;
}

// An example embed: a scenario's frames, stepped forward and back with their captions.
async function loadScenario() {
  const value = params.scenario;
  if (value.trimStart().startsWith("{")) {
    let document_;
    try {
      document_ = JSON.parse(value);
    } catch (error) {
      throw new EmbedError("errBadScenario", { detail: error.message });
    }
    return { document: document_, compiled: null };
  }
  if (!SCENARIO_NAME.test(value)) throw new EmbedError("errNoScenario", { name: value.slice(0, 64) });
  const response = await fetch(`scenarios/${value}.json`);
  if (!response.ok) throw new EmbedError("errNoScenario", { name: value });
  const compiled = await response.json();
  return { document: compiled.scenario, compiled };
}

function scenarioTitle(document_) {
  const title = document_.title;
  return typeof title === "string" ? title : pick(title) || pick(gameOf(document_.game).title);
}

async function showExample() {
  const { document: scenario, compiled } = await loadScenario();
  if (typeof scenario?.game !== "string") throw new EmbedError("errBadScenario", { detail: "it names no game" });
  gameOf(scenario.game);
  setTitle(scenarioTitle(scenario));
  if (compiled) {
    stepThrough(scenario, compiled);
    return;
  }
  // Given inline, the scenario has not been played through yet: the rules check it on request.
  const intro = typeof scenario.intro === "string" ? scenario.intro : pick(scenario.intro);
  $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
    h("p", { class: "embed-cover-title", text: scenarioTitle(scenario) }),
    intro && h("p", { text: intro }),
    h("p", { class: "fine", text: t("emShowHint") }),
    h("div", { class: "form-actions" }, h("button", { type: "button", class: "primary", id: "embed-show",
      text: t("emShow"), onclick: () => ask({ op: "scenario", scenario })
        .then((reply) => stepThrough(scenario, reply)).catch(showError) }))));
  redraw = () => showExample().catch(showError);
}

// Step through frames (a scenario's or a replay's) with their captions; `chooseSeat(seat)` (replays)
// offers every seat's view, since a finished game has no secrets left.
function stepThrough(scenario, compiled, at = 0, chooseSeat = null) {
  const frames = compiled.frames;
  const last = frames.length - 1;
  let step = Math.min(at, last);
  const renderer = renderers[scenario.game];
  const show = () => {
    const frame = frames[step];
    renderer.render($("embed-stage"), frame.snapshot, { act: () => {}, myTurn: false, keyboard: false, events: [] });
    renderCube($("embed-cube"), frame.snapshot, null);
    const mover = step > 0 ? frames[step - 1].snapshot.current_player : null;
    const caption = pick(frame.caption) || (chooseSeat && step > 0 ? t("emMoveBy", { k: step, n: last, name: seatName(frame.snapshot.view, mover) }) : "");
    $("embed-caption").textContent = caption;
    $("embed-caption").hidden = !caption;
    $("embed-controls").replaceChildren(...[
      h("button", { type: "button", class: "ghost", id: "embed-prev", text: t("emBack"), disabled: step === 0,
        onclick: () => { step -= 1; show(); } }),
      h("span", { class: "embed-step", id: "embed-step", "data-step": step, "data-last": last,
        text: step === 0 ? t("emStart") : t("emStep", { k: step, n: last }) }),
      h("button", { type: "button", class: "ghost", id: "embed-next", text: t("emNext"), disabled: step === last,
        onclick: () => { step += 1; show(); } }),
      chooseSeat && seatChooser(compiled.players, frame.snapshot.seat, (seat) => chooseSeat(seat, step)),
      !frame.snapshot.is_over && h("button", { type: "button", class: "primary", id: "embed-play-from-here",
        text: t("emPlayFromHere"), onclick: () => playLive(
          () => ask({ op: "play_scenario", scenario, steps: step, seat: compiled.seat ?? 0 }),
          () => stepThrough(scenario, compiled, step, chooseSeat)).catch(showError) }),
    ].filter(Boolean));
    $("embed-controls").hidden = false;
    postHeight();
  };
  redraw = show;
  document.onkeydown = (event) => {
    if (live || event.ctrlKey || event.metaKey || event.altKey || event.target.closest("select")) return;
    if (event.key === "ArrowRight" && step < last) step += 1;
    else if (event.key === "ArrowLeft" && step > 0) step -= 1;
    else if (event.key === "End") step = last;
    else if (event.key === "Home") step = 0;
    else return;
    event.preventDefault();
    show();
  };
  show();
}

function seatChooser(players, shown, onChoose) {
  const seats = [...Array(players).keys()];
  return h("label", { class: "embed-seat" }, t("emViewAs"),
    h("select", { id: "embed-seat", onchange: (event) => onChoose(event.target.value === "" ? null : Number(event.target.value)) },
      seats.map((seat) => h("option", { value: seat, text: t("emSeatN", { n: seat }), selected: seat === shown })),
      h("option", { value: "", text: t("emSpectator"), selected: shown === null })));
}

// A replay: a finished game's save, packed into the address by the site's share button.
async function showReplay() {
  let text;
  try {
    text = await unpackText(params.save);
  } catch {
    throw new EmbedError("errBadSave", { detail: "the link is damaged or cut short" });
  }
  setTitle(t("emReplay"));
  const open = (seat, step) => ask({ op: "replay", text, seat }).then((reply) => {
    setTitle(`${t("emReplay")} — ${pick(gameOf(reply.scenario.game).title)}`);
    stepThrough(reply.scenario, { ...reply, seat }, step, open);
  }).catch(showError);
  $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
    h("p", { class: "embed-cover-title", text: t("emReplay") }),
    h("p", { class: "fine", text: t("emReplayHint") }),
    h("div", { class: "form-actions" }, h("button", { type: "button", class: "primary", id: "embed-show",
      text: t("emShowReplay"), onclick: () => open(params.seat, Infinity) }))));
  redraw = () => showReplay().catch(showError);
}

// --- start-up ------------------------------------------------------------------------------------

function setupLanguage() {
  const select = $("embed-language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    select.append(h("option", { value: code, text: name, lang: code }));
  }
  select.value = language();
  select.setAttribute("aria-label", t("language"));
  select.addEventListener("change", () => {
    setLanguage(select.value, { remember: false });
    retranslate();
  });
}

function retranslate() {
  translatePage();
  $("embed-language").value = language();
  $("embed-open").textContent = t("emOpen");
  redraw();
}

async function main() {
  try {
    params = readParameters();
  } catch (error) {
    params = null;
    showError(error);
  }
  // the frame's id even from an address that is otherwise malformed: the parent must hear from it
  frameId = (new URLSearchParams(location.hash.slice(1)).get("id")
    ?? new URLSearchParams(location.search).get("id") ?? "").slice(0, 100);
  if (params?.lang in LANGUAGES) setLanguage(params.lang, { remember: false });
  setupLanguage();
  listenToParent(retranslate);
  retranslate();
  document.addEventListener("keydown", (event) => {
    if (live && !event.target.closest("input, select, textarea") && !document.querySelector("dialog[open]")
      && live.onKey(event)) event.preventDefault();
  });
  if (!params) return;
  try {
    catalog = await (await fetch("catalog.json")).json();
    if (params.mode === "play") showPlayCover();
    else if (params.mode === "replay") await showReplay();
    else await showExample();
  } catch (error) {
    showError(error);
  }
  postHeight();
}

main();
