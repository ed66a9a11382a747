// The embed: a game or a scripted example inside an iframe of a rules blog post (docs/embed.md).
// It is light by default: it first shows a static preview (a shipped scenario's frames were played
// through by build.py; a live game shows its title) and starts Python only when the reader asks to
// play or to step through a scenario given inline. The frame tells its parent its height.
import { STOPPED, startBridge } from "./bridge.js";
import { renderCube } from "./cube.js";
import { h, keysSpoken } from "./dom.js";
import { rendererOf } from "./games/index.js";
import { addStrings, LANGUAGES, language, pick, setLanguage, t, translatePage } from "./i18n.js";
import { loadLevels } from "./levels.js";
import { addedGames, pluginFailures } from "./plugins.js";
import { seatName, seatsFromBottom } from "./seats.js";
import { packText, seedParameter, siteLink, unpackText, wholeParameter } from "./share.js";
import { storage } from "./storage.js";
import { showSummary } from "./summary.js";
import { dealSummaryOf, drawableSnapshot, handPieces, LiveTable, PACE, storedSnapshot } from "./table.js";

const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const SAVE_PREFIX = "pygames.embed."; // + the frame's own URL: each embed resumes its own game
// + the frame's own URL: the snapshot last drawn beside that save (storedSnapshot), which draws the
// table at once when the game is continued. A key of its own: the save stays the game's text.
const DRAWN_PREFIX = "pygames.embed-drawn.";
// The messages a parent page may send (docs/embed.md); anything else is ignored.
const ACCEPTED = {
  "pygames:get-height": () => true,
  "pygames:set-language": (data) => Object.hasOwn(LANGUAGES, data.lang),
};

addStrings({
  en: {
    emOpen: "Open pygames ↗",
    emPlay: "Play", emPlayHint: "A live game against bots, in your browser. Nothing is sent anywhere.",
    emResume: "Continue your game", emRestart: "Start again",
    emShow: "Show the example", emShowHint: "The example is played through by the game's rules in your browser.",
    emBack: "◀ Back", emNext: "Next ▶", emStep: "Step {k} of {n}", emStart: "Start ({n} steps)",
    emFirst: "To the start", emLast: "To the end", emSlider: "Step",
    emDeal: "Deal", emTrick: "Trick", emPrevDeal: "Previous deal", emNextDeal: "Next deal",
    emPrevTrick: "Previous trick", emNextTrick: "Next trick",
    emAutoplay: "▶ Play", emPause: "❚❚ Pause", emAutoplayLabel: "Play the steps one after another",
    emSpeed: "Speed", emSlow: "Slow", emNormal: "Normal", emFast: "Fast",
    emKeys: "Keys: {keys}", emKeysStep: "← → step", emKeysEnds: "Home End start, end",
    emKeysDeal: "PgUp PgDn deal", emKeysTrick: "[ ] trick", emKeysPlay: "P play, pause",
    emPlayFromHere: "Play from here", emBackToExample: "Back to the example",
    emLoading: "Starting the game engine…",
    emSeatLine: "You play seat {seat}. {players} players.",
    emGameOver: "The game is over.",
    emReplay: "Replay", emShowReplay: "Show the replay",
    emReplayHint: "Step through every move of this finished game; every hand can be seen.",
    emViewAs: "View as", emSpectator: "Spectator", emMoveBy: "{name} moved.", emMoveDoes: "{name}: {what}",
    emEveryHand: "Every hand", emHandEmpty: "none left",
    emNextMove: "Next ▶ shows {name}'s move.", emNextYours: "Next ▶ shows your move.",
    emNextStep: "Next ▶ shows the next step.", emExampleEnd: "The example ends here.",
    errBadSave: "This game cannot be replayed: {detail}",
    errBadParam: "This embed's address is malformed: {detail}",
    errUnknownGame: "There is no game “{game}” here. The games are: {games}.",
    errNoScenario: "There is no example called “{name}”.",
    errBadScenario: "This example cannot be shown: {detail}",
    errBadSetup: "This position or these options are impossible: {detail}",
    errEngine: "The game engine could not start: {detail}",
    errOther: "Something went wrong: {detail}",
    emUnkept: "This page cannot keep your game (this browser does not let an embedded game store anything): it ends when the page is closed.",
    emContinueOnSite: "Continue on the site ↗",
  },
  ja: {
    emOpen: "pygames を開く ↗",
    emPlay: "遊ぶ", emPlayHint: "ブラウザの中でボットと対戦します。データはどこにも送られません。",
    emResume: "続きから遊ぶ", emRestart: "最初から",
    emShow: "例を見る", emShowHint: "例はブラウザの中でゲームのルールに沿って再生されます。",
    emBack: "◀ 戻る", emNext: "次へ ▶", emStep: "{n}手中{k}手目", emStart: "開始（全{n}手）",
    emFirst: "最初へ", emLast: "最後へ", emSlider: "手順",
    emDeal: "ディール", emTrick: "トリック", emPrevDeal: "前のディール", emNextDeal: "次のディール",
    emPrevTrick: "前のトリック", emNextTrick: "次のトリック",
    emAutoplay: "▶ 再生", emPause: "❚❚ 一時停止", emAutoplayLabel: "手順を続けて再生する",
    emSpeed: "速さ", emSlow: "ゆっくり", emNormal: "ふつう", emFast: "速く",
    emKeys: "キー：{keys}", emKeysStep: "← → 1手", emKeysEnds: "Home End 最初・最後",
    emKeysDeal: "PgUp PgDn ディール", emKeysTrick: "[ ] トリック", emKeysPlay: "P 再生・停止",
    emPlayFromHere: "ここから遊ぶ", emBackToExample: "例に戻る",
    emLoading: "ゲームエンジンを起動しています…",
    emSeatLine: "あなたは席{seat}です。{players}人プレイ。",
    emGameOver: "ゲーム終了。",
    emReplay: "リプレイ", emShowReplay: "リプレイを見る",
    emReplayHint: "終わったゲームの全手順を一手ずつ見られます。全員の手札が見えます。",
    emViewAs: "視点", emSpectator: "観戦者", emMoveBy: "{name}の手番でした。", emMoveDoes: "{name}：{what}",
    emEveryHand: "全員の{pieces}", emHandEmpty: "残りなし",
    errBadSave: "このゲームは再生できません：{detail}",
    errBadParam: "この埋め込みのアドレスが正しくありません：{detail}",
    errUnknownGame: "「{game}」というゲームはありません。遊べるゲーム：{games}。",
    emNextMove: "「次へ ▶」で{name}の手を見られます。", emNextYours: "「次へ ▶」であなたの手を見られます。",
    emNextStep: "「次へ ▶」で次の手順を見られます。", emExampleEnd: "例はここまでです。",
    errNoScenario: "「{name}」という例はありません。",
    errBadScenario: "この例は表示できません：{detail}",
    errBadSetup: "この局面またはオプションはありえません：{detail}",
    errEngine: "ゲームエンジンを起動できませんでした：{detail}",
    errOther: "問題が起きました：{detail}",
    emUnkept: "このページではゲームを保存できません（このブラウザーは埋め込まれたゲームに保存を許可していません）。ページを閉じるとゲームは終わります。",
    emContinueOnSite: "サイトで続きを遊ぶ ↗",
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
    try {
      return wholeParameter(merged, name);
    } catch (error) {
      throw new EmbedError("errBadParam", { detail: error.message });
    }
  };
  const seatText = get("seat");
  const params = {
    lang: get("lang"),
    game: get("game"),
    players: whole("players"),
    seed: seedParameter(merged), // Python judges it, as for the site's links
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
  if (params.mode === "example" && !params.scenario) {
    throw new EmbedError("errBadParam", { detail: "example mode needs a scenario" });
  }
  if (params.mode === "play" && !params.game) throw new EmbedError("errBadParam", { detail: "name a game: game=…" });
  return params;
}

// --- the parent page: height out, a few documented messages in -----------------------------------

let frameId = "";
// While steps are shown (a scenario's or a replay's), the frame keeps to a phone's screen: it asks for
// no more height than a phone shows at its width (a phone's screen in its browser, 390×664, is 1.7
// times as tall as it is wide), and a table taller than the room the frame is given is scaled
// down, so that the caption, the buttons and the whole table of a step are seen at once. A live game
// is played at full size: it takes the height it needs.
let fitting = false;
const PHONE_SHAPE = 664 / 390;
const SMALLEST_ZOOM = 0.5; // below this the cards could not be read: the frame scrolls instead
const FIT_PASSES = 7; // the scale found to within a hundredth: a few pixels of a table

// The height the frame asks for (docs/embed.md), then the table scaled to the frame's own height.
// The height asked for is the content's at full size (capped), never the scaled one: the frame
// could otherwise only ever shrink.
function postHeight() {
  const stage = $("embed-stage");
  stage.style.zoom = $("embed-summary").style.zoom = "";
  const natural = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (window.parent !== window) {
    const height = fitting ? Math.min(natural, Math.round(innerWidth * PHONE_SHAPE)) : natural;
    window.parent.postMessage({ type: "pygames:height", id: frameId, height }, "*");
  }
  if (!fitting || natural <= innerHeight) return;
  // Scaled, the table is laid out wider and may wrap less, so its height is not proportional to the
  // scale: the largest scale that fits is searched for, from a proportional first guess.
  const shown = stage.hidden ? $("embed-summary") : stage;
  const tall = shown.getBoundingClientRect().height;
  const fitsAt = (zoom) => {
    shown.style.zoom = String(zoom);
    return document.documentElement.getBoundingClientRect().height <= innerHeight;
  };
  let fits = SMALLEST_ZOOM;
  let tooBig = 1;
  for (let pass = 0; pass < FIT_PASSES; pass += 1) {
    const zoom = pass === 0 ? Math.max(SMALLEST_ZOOM, (tall - (natural - innerHeight)) / tall) : (fits + tooBig) / 2;
    if (fitsAt(zoom)) fits = zoom;
    else tooBig = zoom;
  }
  shown.style.zoom = String(fits);
}

function listenToParent(retranslate) {
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== window.parent || !data || typeof data !== "object" || !Object.hasOwn(ACCEPTED, data.type)) return;
    if (!ACCEPTED[data.type](data)) return;
    if (data.type === "pygames:set-language") {
      setLanguage(data.lang, { remember: false });
      retranslate();
    }
    postHeight();
  });
  new ResizeObserver(postHeight).observe(document.documentElement);
  window.addEventListener("resize", postHeight); // the parent gave the frame another height: fit to it
}

// --- the runtime, started on demand ----------------------------------------------------------------

let bridge = null;

async function runtime() {
  if (!bridge) {
    bridge = startBridge({ onStopped: engineStopped });
    showLoading();
    try {
      await bridge.ready;
    } catch (error) {
      bridge = null;
      throw new EmbedError("errEngine", { detail: error.message });
    }
    // Only now, when the reader asked for the engine and it has started (the service worker's install
    // must not compete with that start): it then keeps the runtime for every other embed of this
    // site and for offline use, without costing a mere reader.
    navigator.serviceWorker?.register("sw.js").catch((error) => console.warn("no offline cache:", error));
  }
  return bridge;
}

// The worker stopped and the bridge started a new one (the requests naming no session are sent to it
// again): a live game comes back from its last step, where a move on its way was not made.
let restoredSave = null; // the game text last reloaded after a stop: a second stop there is not retried

function engineStopped({ cause, lost }) {
  const because = t(`engineCause_${cause}`);
  // a starting table's `load` names no session: it goes to the new engine by itself
  if (!live || live.closed || live.starting) {
    showError(new EmbedError("engineRestarted", { cause: because }));
    return;
  }
  const { snap, sid, backToExample } = live;
  live.close({ stopped: true });
  if (snap.save === restoredSave) {
    showError(new EmbedError("engineStoppedAgain", { cause: because }));
    return;
  }
  restoredSave = snap.save;
  const said = lost.some((request) => request.sid === sid && request.op === "act") ? "engineBackMove" : "engineBack";
  playLive(async () => {
    const reply = await ask({ op: "load", text: snap.save, seat: snap.seat });
    showError(new EmbedError(said, { cause: because }));
    return reply;
  }, backToExample).catch(showError);
  showError(new EmbedError("engineRestarting", { cause: because }));
}

// What the frame shows in its middle: the stage (a cover, a live table or a step's table) or, at a
// step that ended a deal, that deal's summary in the table's place: the table would show the next
// deal's cards, not the result the step is about. `stepping`: steps are shown (postHeight fits them).
function showOnStage({ summary = null, stepping = false } = {}) {
  $("embed-summary").replaceChildren(...[summary].filter(Boolean));
  $("embed-summary").hidden = !summary;
  $("embed-stage").hidden = Boolean(summary);
  $("embed").classList.toggle("stepping", stepping); // embed.css: a compact frame where it is narrow
  fitting = stepping;
}

function showLoading() {
  showOnStage();
  $("embed-stage").replaceChildren(h("div", { class: "loading embed-loading" },
    h("div", { class: "loading-card", "aria-hidden": "true", text: "♦" }),
    h("p", { text: t("emLoading") })));
}

// The request is sent at once, the engine starting if it has not: it waits in the worker's queue
// until Python is up.
async function ask(request) {
  const starting = runtime();
  const replied = bridge.call(request);
  await starting;
  const reply = await replied;
  if (!reply.ok) throw fromEngine(reply.error);
  return reply;
}

function fromEngine(error) {
  const detail = error.message;
  if (error.type === "UnknownGame") return new EmbedError("errOther", { detail });
  if (error.type === "BadSetup") return new EmbedError("errBadSetup", { detail });
  if (error.type === "BadRequest") return new EmbedError("errBadParam", { detail }); // seat=99, say
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
  $("embed-error").dataset.error = error instanceof EmbedError ? error.key : "errOther"; // which message, for the tests
  $("embed-error").hidden = false;
}

function clearError() {
  $("embed-error").hidden = true;
}

// Out of a live game (the cover, an example), no game is left unkept.
function hideUnkept() {
  packing += 1;
  $("embed-unkept").hidden = true;
}

function gameOf(id) {
  const game = catalog.find((entry) => entry.id === id);
  if (!game) {
    throw new EmbedError("errUnknownGame", { game: id, games: catalog.map((entry) => pick(entry.title)).join(", ") });
  }
  return game;
}

// A game the catalog does not list may be one added to the site (build.py --game-wheel): on a site
// that has such games, the engine is started to list them (plugins.js), and a wheel that failed to
// install is said instead of an unknown game.
async function knowGame(id) {
  if (catalog.some((entry) => entry.id === id)) return;
  const built = await (await fetch("build.json")).json();
  if (!built.game_wheels?.length) return;
  await runtime();
  const ready = await bridge.ready;
  catalog = [...catalog, ...await addedGames(bridge, ready, catalog)];
  const failures = pluginFailures(ready);
  if (!catalog.some((entry) => entry.id === id) && failures.length > 0) {
    throw new EmbedError("errOther", { detail: failures.join(" ") });
  }
}

function setTitle(text) {
  $("embed-title").textContent = text;
  document.title = `${text} — pygames`;
}

function saveKey() {
  return SAVE_PREFIX + location.pathname + location.search + location.hash;
}

function drawnKey() {
  return DRAWN_PREFIX + location.pathname + location.search + location.hash;
}

// The snapshot stored beside the save `text`, ready to draw; null when there is none to trust.
function drawnSnapshot(text) {
  try {
    return drawableSnapshot(JSON.parse(storage.get(drawnKey())), text);
  } catch {
    return null;
  }
}

// The save and the snapshot drawn with it; the old snapshot goes first, so that one that cannot be
// written leaves none rather than one of an earlier step. Where the save cannot be kept (a frame on
// another site, whose storage the browser refuses), that is said, with a link that opens the game as
// it stands on the site, in a tab of its own.
function storeGame(snap) {
  storage.remove(drawnKey());
  if (!storage.set(saveKey(), snap.save)) {
    offerTheSite(snap);
    return;
  }
  storage.set(drawnKey(), JSON.stringify(storedSnapshot(snap)));
}

let packing = 0; // the last save being packed into the link: an earlier one finishing late is dropped

// "This page cannot keep your game", said once, above the table, and its link to the site kept on the
// game's latest position (the save packed as share links pack one: index.html#game=…&save=…).
async function offerTheSite(snap) {
  const note = $("embed-unkept");
  note.hidden = false;
  const asked = ++packing;
  const code = await packText(snap.save);
  if (asked !== packing) return;
  const link = new URLSearchParams({ game: snap.game, level: params.level, save: code });
  if (snap.seat !== null) link.set("seat", String(snap.seat));
  $("embed-continue").href = siteLink("index.html", link);
  $("embed-continue").hidden = false;
}

function forgetGame() {
  storage.remove(saveKey());
  storage.remove(drawnKey());
}

// A play embed: the cover first, the live game once asked for.
function showPlayCover() {
  const game = gameOf(params.game);
  const saved = storage.get(saveKey());
  setTitle(pick(game.title));
  showOnStage();
  // continued, the game is drawn at once from its stored snapshot while the engine starts
  const start = (resume) => (resume
    ? playLive(() => ask({ op: "load", text: saved, seat: params.seat }), null, drawnSnapshot(saved))
    : playLive(() => ask({ op: "new", game: params.game, players: params.players, seed: params.seed,
      options: params.options, setup: params.setup, seat: params.seat }))).catch(showError);
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
  hideUnkept();
  renderCube($("embed-cube"), null, null);
  redraw = showPlayCover;
}

// open(): the request opening the game (ask). drawn: a saved snapshot, drawn at once as a starting
// table (LiveTable) while that request waits for the engine.
async function playLive(open, backToExample = null, drawn = null) {
  clearError();
  let failure = null;
  const opening = open().catch((error) => {
    failure = error;
    return { ok: false, error };
  });
  const reply = drawn ? { sid: null, snapshot: drawn } : await opening;
  if (failure) throw failure;
  live?.close();
  showOnStage();
  const stage = $("embed-stage");
  const table = new LiveTable({
    root: stage,
    cubeRoot: $("embed-cube"),
    bridge,
    reply,
    opening: drawn && opening,
    level: params.level,
    onChange: (changed) => {
      if (!backToExample) storeGame(changed.snap);
      postHeight();
    },
    onSummary: summarize,
    onError: (error) => {
      if (error.type !== STOPPED) showError(fromEngine(error)); // engineStopped says it
    },
    onNotice: (key) => showError(new EmbedError(key)),
  });
  live = table;
  live.backToExample = backToExample;
  redraw = () => live.draw();
  const controls = $("embed-controls");
  controls.replaceChildren(backToExample
    ? h("button", { type: "button", class: "ghost", id: "embed-back-to-example", text: t("emBackToExample"),
      onclick: () => { live.close(); live = null; backToExample(); } })
    : h("button", { type: "button", class: "ghost", id: "embed-restart", text: t("emRestart"),
      onclick: () => { forgetGame(); live.close(); live = null; showPlayCover(); } }));
  controls.hidden = false;
  $("embed-caption").hidden = true;
  const played = table.start();
  if (drawn && !(await opening).ok && live === table) {
    // the table closed itself: back to the cover, and the error said
    live = null;
    showPlayCover();
    throw failure;
  }
  await played;
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
  await knowGame(scenario.game);
  gameOf(scenario.game);
  setTitle(scenarioTitle(scenario));
  if (compiled) {
    stepThrough(scenario, compiled);
    return;
  }
  // Given inline, the scenario has not been played through yet: the rules check it on request.
  const intro = typeof scenario.intro === "string" ? scenario.intro : pick(scenario.intro);
  showOnStage();
  $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
    h("p", { class: "embed-cover-title", text: scenarioTitle(scenario) }),
    intro && h("p", { text: intro }),
    h("p", { class: "fine", text: t("emShowHint") }),
    h("div", { class: "form-actions" }, h("button", { type: "button", class: "primary", id: "embed-show",
      text: t("emShow"), onclick: () => ask({ op: "scenario", scenario })
        .then((reply) => stepThrough(scenario, reply)).catch(showError) }))));
  redraw = () => showExample().catch(showError);
}

// Autoplay: the pause between two steps at each speed, in ms (times ?pace=, so pace=0 runs through).
const SPEEDS = { slow: 2500, normal: 1200, fast: 500 };
const SPEED_NAMES = { slow: "emSlow", normal: "emNormal", fast: "emFast" };
let speed = "normal"; // the reader's choice, kept while they switch seats or languages
let autoplay = null; // the timer of the next automatic step, while the steps play

function stopAutoplay() {
  clearTimeout(autoplay);
  autoplay = null;
}

// The steps that ended a trick or a deal (the frames' marks, set by the rules' own events).
const markedSteps = (frames, mark) => frames.filter((frame) => frame.marks.includes(mark)).map((frame) => frame.step);

// Where a jump back (direction -1) or on (+1) from `step` lands among `stops` (the start counts as
// one): the end of the previous trick is where the current one began. Undefined when there is none.
function jumpTarget(stops, step, direction) {
  const all = [0, ...stops];
  return direction < 0 ? all.filter((stop) => stop < step).at(-1) : all.find((stop) => stop > step);
}

// What a step says under the table: the scenario's own caption; else the game's own account of the
// step where its renderer narrates it (which tells the move itself: "North played the 2 of spades."),
// said once; else who moved, named as the table names them, with the move in the game's words.
function captionOf(renderer, frames, step) {
  const frame = frames[step];
  const own = pick(frame.caption);
  if (own || step === 0) return own;
  const told = renderer.narrate?.(frame.events, frame.snapshot) ?? [];
  if (told.length > 0) return told.join(" ");
  const name = seatName(frame.snapshot.view, frame.mover);
  const what = renderer.describeAction?.(frame.action, frames[step - 1].snapshot);
  return t(what ? "emMoveDoes" : "emMoveBy", { name, what });
}

// A step is drawn, not played: the table's status line ("Your turn: play a highlighted card", "West is
// playing…") would wait for a move no one makes here. It says what Next shows instead, and at a
// scenario's end how to go on; a finished game keeps the game's own line.
function scriptedStatus(frames, step) {
  const status = $("embed-stage").querySelector("#status");
  const { view, is_over: over } = frames[step].snapshot;
  if (!status || over) return;
  const mover = frames[step + 1]?.mover;
  if (step === frames.length - 1) status.textContent = t("emExampleEnd");
  else if (mover === null || mover === undefined) status.textContent = t("emNextStep");
  else status.textContent = mover === view.seat ? t("emNextYours") : t("emNextMove", { name: seatName(view, mover) });
}

// Step through frames (a scenario's or a replay's) with their captions: start and end, back and
// next, autoplay, the keyboard; a replay (`chooseSeat(seat, step)` given) also has a slider, jumps
// from deal to deal and trick to trick where the game has them, and every seat's view, since a
// finished game has no secrets left. A scenario is short: it keeps to the first few.
function stepThrough(scenario, compiled, at = 0, chooseSeat = null) {
  stopAutoplay();
  const frames = compiled.frames;
  const last = frames.length - 1;
  // the steps are drawn, never played: the table acts on nothing
  const renderer = rendererOf(scenario.game).createTable($("embed-stage"), { act: () => {} });
  const stops = chooseSeat ? { deal: markedSteps(frames, "deal"), trick: markedSteps(frames, "trick") }
    : { deal: [], trick: [] };
  let step = Math.min(at, last);
  let controls = {};

  const go = (target) => {
    if (target === undefined) return;
    step = Math.max(0, Math.min(last, target));
    if (autoplay) advanceLater();
    show();
  };
  const jump = (mark, direction) => go(jumpTarget(stops[mark], step, direction));
  // the next automatic step; the last one stops the autoplay
  const advanceLater = () => {
    clearTimeout(autoplay);
    autoplay = setTimeout(() => {
      step = Math.min(step + 1, last);
      if (step === last) stopAutoplay();
      else advanceLater();
      show();
    }, SPEEDS[speed] * PACE);
  };
  const togglePlay = () => {
    if (autoplay) stopAutoplay();
    else {
      if (step === last) step = 0; // played through: again from the start
      advanceLater();
    }
    show();
  };

  const build = () => {
    const button = (id, text, label, onclick) => h("button", { type: "button", class: "ghost", id, text,
      "aria-label": label, title: label, onclick });
    const jumps = (mark, label, previous, next) => stops[mark].length > 0 && h("span", { class: "embed-jump" },
      controls[`prev-${mark}`] = button(`embed-prev-${mark}`, "◀", t(previous), () => jump(mark, -1)),
      h("span", { text: t(label) }),
      controls[`next-${mark}`] = button(`embed-next-${mark}`, "▶", t(next), () => jump(mark, 1)));
    const keyHelp = [t("emKeysStep"), t("emKeysEnds"), stops.deal.length > 0 && t("emKeysDeal"),
      stops.trick.length > 0 && t("emKeysTrick"), t("emKeysPlay")].filter(Boolean);
    controls = {
      first: button("embed-first", "|◀", t("emFirst"), () => go(0)),
      prev: h("button", { type: "button", class: "ghost", id: "embed-prev", text: t("emBack"), onclick: () => go(step - 1) }),
      counter: h("span", { class: "embed-step", id: "embed-step", "aria-live": "polite" }),
      next: h("button", { type: "button", class: "ghost", id: "embed-next", text: t("emNext"), onclick: () => go(step + 1) }),
      end: button("embed-last", "▶|", t("emLast"), () => go(last)),
      slider: chooseSeat && h("input", { type: "range", class: "embed-slider", id: "embed-slider", min: 0, max: last,
        step: 1, "aria-label": t("emSlider"), oninput: (event) => go(Number(event.target.value)) }),
      play: h("button", { type: "button", class: "ghost", id: "embed-autoplay", title: t("emAutoplayLabel"),
        onclick: togglePlay }),
      seat: chooseSeat && seatChooser(compiled.players, compiled.seat, (seat) => {
        stopAutoplay();
        chooseSeat(seat, step);
      }),
      fromHere: h("button", { type: "button", class: "primary", id: "embed-play-from-here", text: t("emPlayFromHere"),
        onclick: () => {
          stopAutoplay();
          playLive(() => ask({ op: "play_scenario", scenario, steps: step, seat: compiled.seat ?? 0 }),
            () => stepThrough(scenario, compiled, step, chooseSeat)).catch(showError);
        } }),
    };
    const speedChoice = h("select", { id: "embed-speed", "aria-label": t("emSpeed"), title: t("emSpeed"),
      onchange: (event) => { speed = event.target.value; if (autoplay) advanceLater(); } },
    Object.entries(SPEED_NAMES).map(([value, key]) => h("option", { value, text: t(key), selected: value === speed })));
    $("embed-controls").replaceChildren(...[
      // Back and Next beside the counter: one short row, whatever the frame's width
      h("div", { class: "embed-row" }, controls.prev, controls.counter, controls.next),
      controls.slider,
      (stops.deal.length > 0 || stops.trick.length > 0) && h("div", { class: "embed-row embed-jumps" },
        jumps("deal", "emDeal", "emPrevDeal", "emNextDeal"), jumps("trick", "emTrick", "emPrevTrick", "emNextTrick")),
      h("div", { class: "embed-row" }, controls.first, controls.play, speedChoice, controls.end, controls.seat,
        controls.fromHere),
      keysSpoken() && h("p", { class: "fine embed-keys", id: "embed-keys", text: t("emKeys", { keys: keyHelp.join(" · ") }) }),
    ].filter(Boolean));
    $("embed-controls").hidden = false;
  };

  const show = () => {
    const frame = frames[step];
    const snap = frame.snapshot;
    renderer.render(snap, { myTurn: false, keyboard: false, events: frame.events });
    showEveryHand(scenario.game, frame);
    scriptedStatus(frames, step);
    const summary = dealSummaryOf(renderer, frame.events);
    showOnStage({ stepping: true, summary: summary && h("div", { id: "embed-deal-summary" },
      renderer.dealSummary(summary, snap), snap.is_over && renderer.finalSummary(snap)) });
    renderCube($("embed-cube"), snap, null);
    const caption = captionOf(renderer, frames, step);
    $("embed-caption").textContent = caption;
    $("embed-caption").hidden = !caption;
    controls.first.disabled = controls.prev.disabled = step === 0;
    controls.next.disabled = controls.end.disabled = step === last;
    Object.assign(controls.counter.dataset, { step, last });
    controls.counter.textContent = step === 0 ? t("emStart", { n: last }) : t("emStep", { k: step, n: last });
    if (controls.slider) controls.slider.value = step;
    for (const mark of ["deal", "trick"]) {
      if (!controls[`prev-${mark}`]) continue;
      controls[`prev-${mark}`].disabled = jumpTarget(stops[mark], step, -1) === undefined;
      controls[`next-${mark}`].disabled = jumpTarget(stops[mark], step, 1) === undefined;
    }
    controls.play.textContent = autoplay ? t("emPause") : t("emAutoplay");
    controls.play.setAttribute("aria-pressed", String(autoplay !== null));
    controls.fromHere.hidden = frame.snapshot.is_over;
    postHeight();
  };

  const keys = {
    ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1), Home: () => go(0), End: () => go(last),
    PageUp: () => jump("deal", -1), PageDown: () => jump("deal", 1),
    "[": () => jump("trick", -1), "]": () => jump("trick", 1), p: togglePlay, P: togglePlay,
  };
  document.onkeydown = (event) => {
    const key = keys[event.key];
    if (!key || live || event.ctrlKey || event.metaKey || event.altKey
      || event.target.closest("select, textarea, input:not([type=range])")) return;
    if ((event.key.startsWith("Page") && !stops.deal.length) || ("[]".includes(event.key) && !stops.trick.length)) return;
    event.preventDefault(); // the slider's own keys would step a second time
    key();
  };
  redraw = () => {
    build();
    show();
  };
  redraw();
}

// A spectator's replay (its frames hold `hands`): under the table, every seat's hand face up at this
// step, as that seat held it, drawn as the game draws cards or tiles (its renderer's illustrate). The
// table itself keeps the spectator's view; a finished game has nothing secret left to hide.
function showEveryHand(game, frame) {
  const box = $("embed-hands");
  const { illustrate } = rendererOf(game);
  box.hidden = !frame.hands || !illustrate;
  if (box.hidden) return;
  const { view } = frame.snapshot;
  const hand = (seat) => h("li", { class: "embed-hand", "data-seat": seat, "data-hand": frame.hands[seat].join(" ") },
    h("span", { class: "embed-hand-name", text: seatName(view, seat) }),
    frame.hands[seat].length ? illustrate(frame.hands[seat]) : h("span", { class: "fine", text: t("emHandEmpty") }));
  box.replaceChildren(h("h2", { class: "embed-hands-title", text: t("emEveryHand", { pieces: handPieces(game) }) }),
    h("ul", {}, seatsFromBottom(view).filter((seat) => frame.hands[seat]).map(hand)));
}

// The seats of a replay, named as the game's table names them from the seat the game was played
// from (You, West, North, East; You, Bot 1, …), and a spectator's view. A solitaire has no one else
// to be.
function seatChooser(players, shown, onChoose) {
  if (players < 2) return null;
  const home = { seat: params.seat ?? 0, players };
  return h("label", { class: "embed-seat" }, t("emViewAs"),
    h("select", { id: "embed-seat", onchange: (event) => onChoose(event.target.value === "" ? null : Number(event.target.value)) },
      seatsFromBottom(home).map((seat) => h("option", { value: seat, text: seatName(home, seat), selected: seat === shown })),
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
  showOnStage();
  const open = (seat, step) => ask({ op: "replay", text, seat }).then(async (reply) => {
    await knowGame(reply.scenario.game);
    setTitle(`${t("emReplay")} — ${pick(gameOf(reply.scenario.game).title)}`);
    stepThrough(reply.scenario, { ...reply, seat }, step, open);
  }).catch(showError);
  $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
    h("p", { class: "embed-cover-title", text: t("emReplay") }),
    h("p", { class: "fine", text: t("emReplayHint") }),
    h("div", { class: "form-actions" }, h("button", { type: "button", class: "primary", id: "embed-show",
      text: t("emShowReplay"), onclick: () => open(params.seat, 0) }))));
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
  // own keys only: lang=toString or constructor names no language
  if (params && Object.hasOwn(LANGUAGES, params.lang ?? "")) setLanguage(params.lang, { remember: false });
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
    const names = (await loadLevels(ask)).map((level) => level.name);
    if (!names.includes(params.level)) {
      throw new EmbedError("errBadParam", { detail: `level is ${names.join(", ")}, not ${params.level}` });
    }
    if (params.mode === "play") {
      await knowGame(params.game);
      showPlayCover();
    }
    else if (params.mode === "replay") await showReplay();
    else await showExample();
  } catch (error) {
    showError(error);
  }
  postHeight();
}

main();
