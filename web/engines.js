// The page's game engines and the one client the shells talk to. The built-in games run in the site's
// own engine (client.js's worker). Each third-party game wheel (build.py --game-wheel) gets an engine of
// its own, started the first time one of its games is asked for: a worker in a hidden sandboxed frame
// of an opaque origin (plugin-host.js), whose policy lets it reach no network, no eval, none of the
// site's storage, caches or service worker, and no other game's state (docs/plugins-security.md). The
// page reads the engine's files from the site (through its service worker: offline too) and hands them
// over; the engine asks nothing of anyone.
//
// Requests are routed by what they name: a game (`new`, `how_to_play`), a scenario's game, a save's
// game (`load`, `replay`), or a session. A third-party engine's sessions get numbers of the page's own
// (negative: the site's engine's are positive), so that a sid always names one engine's game. Every
// engine is a client.js client: its watchdog, its restarts and its replies are the same.
import { startClient, WORKER_ERROR } from "./client.js";
import { ERROR, OP } from "./generated/wire.js";
import { failedGames, pluginFailures } from "./plugins.js";

// The page's error type (beside client.js's) of a request for a third-party game whose wheel its engine
// could not install, or whose game it could not load (a file changed on the server since the build):
// its message says which, in the reader's language (plugins.js).
export const PLUGIN_FAILED = "PluginFailed";

// The frame's own policy, on top of the page's, which it inherits (a srcdoc document does): nothing
// but its script (by its hash, in the page's policy too), the engine's blob: worker and the runtime's
// blob: scripts and WebAssembly; no network (connect-src falls back to 'none'), no eval.
/** @param {string} hash */
const hostPolicy = (hash) => `default-src 'none'; script-src '${hash}' blob: 'wasm-unsafe-eval'; worker-src blob:`;

/**
 * What a stop of an engine says (client.js onStopped's), and which games' tables it concerns.
 * @typedef {{cause: string, lost: any[], serves: (game: string) => boolean}} Stop
 * @typedef {{plugin_games?: Record<string, string[]>, engine_files?: string[]}} BuildInfo build.json's
 */

// The game a request is about: the one it names, its scenario's or its save's; null for none.
/** @param {string} op @param {Record<string, any>} fields */
export function gameOf(op, fields) {
  if (typeof fields.game === "string") return fields.game;
  if (typeof fields.scenario?.game === "string") return fields.scenario.game;
  if ((op === OP.load || op === OP.replay) && typeof fields.text === "string") {
    try {
      const game = JSON.parse(fields.text)?.game;
      return typeof game === "string" ? game : null;
    } catch {
      return null; // the site's engine says what is wrong with it
    }
  }
  return null;
}

// The SHA-256 of a script, as a policy names it ('sha256-…' without the quotes).
/** @param {string} text */
async function scriptHash(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

// A third-party game's engine: a worker in a sandboxed frame, standing for a Worker (client.js's
// Transport). The frame is made at once; the files are read and handed over once it has loaded, and
// the page's messages wait in the port meanwhile. A file that cannot be read, or a worker that
// fails, is the transport's `error`.
/** @param {Promise<BuildInfo>} info @param {string[]} wheels @returns {import("./client.js").Transport} */
function framedEngine(info, wheels) {
  const events = new EventTarget();
  const channel = new MessageChannel();
  channel.port1.addEventListener("message", ({ data }) => events.dispatchEvent(new MessageEvent("message", { data })));
  channel.port1.addEventListener("messageerror", () => events.dispatchEvent(new Event("messageerror")));
  channel.port1.start();
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.setAttribute("sandbox", "allow-scripts");
  frame.setAttribute("aria-hidden", "true");
  frame.title = "game engine";
  frame.className = "engine-frame";
  const fail = (message) => events.dispatchEvent(new ErrorEvent("error", { message }));
  const fromFrame = (/** @type {MessageEvent} */ event) => {
    if (event.source === frame.contentWindow && event.data?.type === "pygames:engine-error") {
      fail(String(event.data.message || "the game's engine failed"));
    }
  };
  window.addEventListener("message", fromFrame);
  (async () => {
    const read = async (name) => {
      const response = await fetch(name);
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      return response;
    };
    const { engine_files: runtime = [] } = await info;
    const [host, source, ...bytes] = await Promise.all([
      read("plugin-host.js").then((response) => response.text()),
      read("worker.js").then((response) => response.text()),
      ...[...runtime, ...wheels].map((name) => read(name).then((response) => response.arrayBuffer())),
    ]);
    const files = Object.fromEntries([...runtime, ...wheels].map((name, i) => [name, bytes[i]]));
    const loaded = new Promise((resolve) => { frame.addEventListener("load", resolve, { once: true }); });
    frame.srcdoc = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${hostPolicy(await scriptHash(host))}">`
      + `<script>${host}</script>`;
    document.body.append(frame);
    await loaded;
    const target = frame.contentWindow;
    if (!target) return; // the frame removed as it loaded (the engine terminated): nothing to boot
    const boot = { port: channel.port2, site: new URL(".", location.href).href, files, wheels };
    target.postMessage({ type: "pygames:engine", source, boot }, "*", [channel.port2, ...bytes]);
  })().catch((error) => fail(`the game's engine could not be read: ${error.message}`));
  return {
    postMessage: (message) => channel.port1.postMessage(message),
    terminate: () => {
      window.removeEventListener("message", fromFrame);
      channel.port1.close();
      frame.remove();
    },
    addEventListener: (type, listener) => events.addEventListener(type, listener),
  };
}

/**
 * The page's client (client.js's Client): `ready` is the site's engine's start. onProgress: that start's
 * stages; onStopped: an engine stopped (client.js), with which games it `serves`; onPluginFailures: a
 * third-party game's engine started but could not install its wheel or load a game (its "ready"
 * message, whose plugins.failed names the games they cost, plugins.js failedGames: the picker marks
 * those games unavailable; or its engine could not start: all its games); titleOf(game): a game's
 * title in the reader's language, as the failures name it to the reader.
 * @param {{onProgress?: (stage: string) => void, onStopped?: (stop: Stop) => void,
 *   onPluginFailures?: (ready: any) => void, titleOf?: (game: string) => string}} [handlers]
 * @returns {import("./client.js").Client}
 */
export function startEngines({ onProgress = () => {}, onStopped = () => {}, onPluginFailures = () => {},
  titleOf = (game) => game } = {}) {
  /** @type {Promise<BuildInfo>} */
  const info = fetch("build.json").then((response) => response.json()).catch(() => ({}));
  /** @type {Record<string, string[]>} the wheels of each third-party game's engine, by game, once read */
  let pluginGames = {};
  info.then((built) => { pluginGames = built.plugin_games ?? {}; });
  const isPlugin = (game) => Object.hasOwn(pluginGames, game);
  const site = startClient({ onProgress, onStopped: (stop) => onStopped({ ...stop, serves: (game) => !isPlugin(game) }) });
  /** @type {Map<string, {engine: import("./client.js").Client, failures: Promise<string[]>}>} a third-party engine by
   *  its wheels, with what it could not install, in words */
  const engines = new Map();
  /** @type {Map<number, {engine: import("./client.js").Client, sid: number}>} the page's sid of a third-party game */
  const sessions = new Map();
  let lastSid = 0;

  /** @param {string[]} wheels */
  function engineOf(wheels) {
    const key = wheels.join(" ");
    const started = engines.get(key);
    if (started) return started;
    const served = (game) => (pluginGames[game] ?? []).join(" ") === key;
    const engine = startClient({
      transport: () => framedEngine(info, wheels),
      onStopped: (stop) => onStopped({ cause: stop.cause, serves: served,
        lost: stop.lost.map((request) => ("sid" in request ? { ...request, sid: pageSid(engine, request.sid) } : request)) }),
    });
    // its failures by the games they cost: a wheel that could not be installed names its games; an
    // engine that could not start (client.js: a module whose import never ended) costs all of them
    const noted = (/** @type {any} */ sent) => {
      const ready = { ...sent, plugins: { ...sent.plugins, failed: failedGames(sent.plugins?.failed ?? [], pluginGames) } };
      const failed = pluginFailures(ready, titleOf);
      if (failed.length > 0) onPluginFailures(ready);
      return failed;
    };
    const failures = engine.ready.then(noted, (/** @type {Error & {reason?: Record<string, string>}} */ error) => noted({
      plugins: { failed: wheels.map((wheel) => ({ name: wheel.split("/").at(-1) ?? wheel, wheel, message: error.message,
        reason: error.reason ?? { kind: "not_started", error: error.message } })) },
    }));
    engines.set(key, { engine, failures });
    return { engine, failures };
  }

  // The page's sid of an engine's session (the one it was given when it was opened).
  function pageSid(engine, sid) {
    for (const [mine, session] of sessions) if (session.engine === engine && session.sid === sid) return mine;
    return sid;
  }

  /** @param {string} op @param {Record<string, any>} [fields] */
  async function call(op, fields = {}) {
    if (typeof fields.sid === "number" && fields.sid < 0) {
      const session = sessions.get(fields.sid);
      if (!session) return { ok: false, error: { type: ERROR.BridgeError, message: `no open game with sid ${fields.sid}` } };
      if (op === OP.close) sessions.delete(fields.sid);
      return session.engine.call(op, { ...fields, sid: session.sid });
    }
    const game = gameOf(op, fields);
    if (game === null) return site.call(op, fields);
    await info;
    if (!isPlugin(game)) return site.call(op, fields);
    const { engine, failures } = engineOf(pluginGames[game]);
    const reply = await engine.call(op, fields);
    if (!reply.ok && (reply.error.type === ERROR.UnknownGame || reply.error.type === WORKER_ERROR)) {
      const failed = await failures;
      if (failed.length > 0) return { ok: false, error: { type: PLUGIN_FAILED, message: failed.join(" ") } };
    }
    if (reply.ok && typeof reply.sid === "number") {
      lastSid -= 1;
      sessions.set(lastSid, { engine, sid: reply.sid });
      return { ...reply, sid: lastSid };
    }
    return reply;
  }

  return {
    get ready() {
      return site.ready;
    },
    call,
  };
}
