// The embed: a game or a scripted example inside an iframe of a rules blog post (docs/embed.md).
// It is light by default: it first shows a static preview (a shipped scenario's frames were played
// through by build.py; a live game shows its title) and starts Python only when the reader asks to
// play or to step through a scenario given inline. The frame tells its parent its height.
// The shell only wires: its parts live in web/embed/ (the address and errors, the frame, a play
// embed's live game, the steps of an example or a replay) and share one Embed; the table's life is
// the one the site has too (table-life.js). docs/web.md describes the layers.
import { STOPPED } from "./client.js";
import { startEngines } from "./engines.js";
import { Catalog } from "./catalog.js";
import { $, h, present } from "./dom.js";
import { OP } from "./generated/wire.js";
import { LANGUAGES, language, pick, setLanguage, startFailure, t, translatePage } from "./i18n.js";
import { unpackText } from "./share.js";
import { TableLife } from "./table-life.js";
import { badParameter, EmbedError, fromEngine, readParameters } from "./embed/address.js";
import { Frame } from "./embed/frame.js";
import { Play } from "./embed/play.js";
import { Steps } from "./embed/steps.js";

const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;


// An example embed's scenario, given inline (`value` is its JSON) or named (a shipped one, played
// through by build.py: its frames come with it).
async function loadScenario(value) {
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

export class Embed {
  constructor() {
    /** @type {Record<string, any> | null} the address's parameters (address.js); null when malformed */
    this.address = null;
    this.catalog = new Catalog();
    /** @type {import("./client.js").Client | null} started when the reader asks for the engine */
    this.client = null;
    this.frame = new Frame();
    this.play = new Play(this);
    this.steps = new Steps(this);
    /** @type {() => void} what the frame shows, drawn again (a new language) */
    this.redraw = () => {};
    // the tables' requests go to the client of the moment (one that failed to start is started afresh)
    const client = { call: (op, fields) => present(this.client, "the game engine").call(op, fields) };
    this.life = new TableLife({
      client: /** @type {any} */ (client),
      summaryDialog: $("summary"),
      say: (key, values) => this.showError(new EmbedError(key, values)),
      saved: (table) => ({ text: table.snap.save, seat: table.snap.seat, backToExample: this.play.backToExample }),
      reload: (saved) => this.play.reload(saved),
      wayOut: () => this.play.wayOut(),
      table: {
        ...this.play.tableOptions(),
        catalog: this.catalog,
        onError: (error) => {
          if (error.type !== STOPPED) this.showError(fromEngine(error)); // the table life's engineStopped says it
        },
        onNotice: (key) => this.showError(new EmbedError(key)),
      },
    });
  }

  // The address's parameters, for the frame's mode: main starts none from a malformed address.
  /** @returns {Record<string, any>} */
  get params() {
    return present(this.address, "the embed's address");
  }

  // The runtime, started on demand.
  async runtime() {
    if (!this.client) {
      // a game an added game's engine could not load is noted: the cover says it (play.js showCover)
      this.client = startEngines({ onStopped: (stop) => this.life.engineStopped(stop),
        onPluginFailures: (ready) => this.catalog.noteFailures(ready), titleOf: (game) => pick(this.catalog.title(game)) });
      this.showLoading();
      try {
        await this.client.ready;
      } catch (error) {
        this.client = null;
        console.warn("the game engine could not start:", error.message); // said in the reader's words below
        throw new EmbedError("errEngine", { detail: startFailure(error) });
      }
      // Only now, when the reader asked for the engine and it has started (the service worker's install
      // must not compete with that start): it then keeps the runtime for every other embed of this
      // site and for offline use, without costing a mere reader.
      navigator.serviceWorker?.register("sw.js").catch((error) => console.warn("no offline cache:", error));
    }
    return this.client;
  }

  // The request is sent at once, the engine starting if it has not: it waits in the worker's queue
  // until Python is up. A refused one is thrown in the embed's words.
  async ask(op, fields = {}) {
    const starting = this.runtime();
    // runtime() has set the client before its first await
    const replied = present(this.client, "the game engine").call(op, fields);
    await starting;
    const reply = await replied;
    if (!reply.ok) throw fromEngine(reply.error);
    return reply;
  }

  // What the frame shows in its middle: the stage (a cover, a live table or a step's table) or, at a
  // step that ended a deal, that deal's summary in the table's place: the table would show the next
  // deal's cards, not the result the step is about. `stepping`: steps are shown (the frame fits them).
  showOnStage({ summary = null, stepping = false } = {}) {
    $("embed-summary").replaceChildren(...[summary].filter(Boolean));
    $("embed-summary").hidden = !summary;
    $("embed-stage").hidden = Boolean(summary);
    $("embed").classList.toggle("stepping", stepping); // embed.css: a compact frame where it is narrow
    this.frame.fitting = stepping;
  }

  showLoading() {
    this.showOnStage();
    $("embed-stage").replaceChildren(h("div", { class: "loading embed-loading" },
      h("div", { class: "loading-card", "aria-hidden": "true", text: "♦" }),
      h("p", { text: t("emLoading") })));
  }

  showError(error) {
    console.warn(error);
    const message = error instanceof EmbedError ? t(error.key, error.values) : t("errOther", { detail: error.message });
    $("embed-error").textContent = message;
    $("embed-error").dataset.error = error instanceof EmbedError ? error.key : "errOther"; // which message, for the tests
    $("embed-error").hidden = false;
  }

  clearError() {
    $("embed-error").hidden = true;
  }

  gameOf(id) {
    const game = this.catalog.game(id);
    if (!game) {
      throw new EmbedError("errUnknownGame", { game: id, games: this.catalog.games.map((entry) => pick(entry.title)).join(", ") });
    }
    return game;
  }

  setTitle(text) {
    $("embed-title").textContent = text;
    document.title = `${text} — pygames`;
  }

  scenarioTitle(document_) {
    const title = document_.title;
    return typeof title === "string" ? title : pick(title) || pick(this.gameOf(document_.game).title);
  }

  // An example embed: a scenario's frames, stepped forward and back with their captions.
  async showExample() {
    const { document: scenario, compiled } = await loadScenario(this.params.scenario);
    if (typeof scenario?.game !== "string") throw new EmbedError("errBadScenario", { detail: t("errScenarioNoGame") });
    this.gameOf(scenario.game);
    this.setTitle(this.scenarioTitle(scenario));
    if (compiled) {
      this.steps.show(scenario, compiled);
      return;
    }
    // Given inline, the scenario has not been played through yet: the rules check it on request.
    const intro = typeof scenario.intro === "string" ? scenario.intro : pick(scenario.intro);
    this.showOnStage();
    $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
      h("p", { class: "embed-cover-title", text: this.scenarioTitle(scenario) }),
      intro && h("p", { text: intro }),
      h("p", { class: "fine", text: t("emShowHint") }),
      h("div", { class: "form-actions" }, h("button", { type: "button", class: "primary", id: "embed-show",
        text: t("emShow"), onclick: () => this.ask(OP.scenario, { scenario })
          .then((reply) => this.steps.show(scenario, reply)).catch((error) => this.showError(error)) }))));
    this.redraw = () => this.showExample().catch((error) => this.showError(error));
  }

  // A replay: a finished game's save, packed into the address by the site's share button.
  async showReplay() {
    let text;
    try {
      text = await unpackText(this.params.save);
    } catch {
      throw new EmbedError("errBadSave", { detail: t("saveProblem_unreadable") });
    }
    this.setTitle(t("emReplay"));
    this.showOnStage();
    const open = (seat, step) => this.ask(OP.replay, { text, seat }).then(async (reply) => {
      this.setTitle(`${t("emReplay")} — ${pick(this.gameOf(reply.scenario.game).title)}`);
      this.steps.show(reply.scenario, { ...reply, seat }, step, open);
    }).catch((error) => this.showError(error));
    $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
      h("p", { class: "embed-cover-title", text: t("emReplay") }),
      h("p", { class: "fine", text: t("emReplayHint") }),
      h("div", { class: "form-actions" }, h("button", { type: "button", class: "primary", id: "embed-show",
        text: t("emShowReplay"), onclick: () => open(this.params.seat, 0) }))));
    this.redraw = () => this.showReplay().catch((error) => this.showError(error));
  }

  // --- start-up ----------------------------------------------------------------------------------

  setupLanguage() {
    const select = $("embed-language");
    for (const [code, name] of Object.entries(LANGUAGES)) {
      select.append(h("option", { value: code, text: name, lang: code }));
    }
    select.value = language();
    select.setAttribute("aria-label", t("language"));
    select.addEventListener("change", () => {
      setLanguage(select.value, { remember: false });
      this.retranslate();
    });
  }

  retranslate() {
    translatePage();
    $("embed-language").value = language();
    $("embed-open").textContent = t("emOpen");
    this.redraw();
  }

  async main() {
    try {
      this.address = readParameters();
    } catch (error) {
      this.address = null;
      this.showError(error);
    }
    const params = this.address;
    // the frame's id even from an address that is otherwise malformed: the parent must hear from it
    this.frame.id = (new URLSearchParams(location.hash.slice(1)).get("id")
      ?? new URLSearchParams(location.search).get("id") ?? "").slice(0, 100);
    // own keys only: lang=toString or constructor names no language
    if (params && Object.hasOwn(LANGUAGES, params.lang ?? "")) setLanguage(params.lang, { remember: false });
    this.setupLanguage();
    this.frame.listen(() => this.retranslate());
    this.retranslate();
    document.addEventListener("keydown", (event) => {
      const { table } = this.life;
      if (table && !/** @type {Element} */ (event.target).closest("input, select, textarea")
        && !document.querySelector("dialog[open]") && table.onKey(event)) event.preventDefault();
    });
    if (!params) return;
    try {
      if (!await this.catalog.readBuilt()) throw new Error("catalog.json could not be read");
      const names = (await this.catalog.readLevels((op, fields) => this.ask(op, fields))).map((level) => level.name);
      if (!names.includes(params.level)) {
        throw badParameter("errParamLevel", { levels: names.join(", "), level: params.level });
      }
      if (params.mode === "play") this.play.showCover();
      else if (params.mode === "replay") await this.showReplay();
      else await this.showExample();
    } catch (error) {
      this.showError(error);
    }
    this.frame.postHeight();
  }
}

new Embed().main();
