// The module Web Worker that runs Python: it starts Pyodide, loads the pygames_core wheel and then
// answers the page's requests through the one generic bridge, pygames_core.bridge.call.
// Keeping Python here leaves the page responsive while the rules and bots think.
// Requests come as {id, text} (the request as JSON text); the worker says {type: "started", id} when
// it picks one up and {type: "reply", id, text} when it has answered it, one at a time, in order; a
// message it cannot read gets {type: "unreadable"}; once Pyodide has failed fatally (it can no
// longer be used) every request gets {type: "dead"}, and the page starts a new worker (client.js).
// build.py writes RUNTIME (the runtime's folder, named by its content), WHEEL (pygames_core's wheel),
// VERSION and GAME_WHEELS (the third-party games shipped with the site, `build.py --game-wheel`)
// above this line: nothing is asked of the server before the runtime starts loading.
// Third-party games are installed with micropip, from the site's own files only (GAME_WHEELS: never
// an address from elsewhere, never a package index), before the rules are imported, so that the
// catalog finds them. A site without them never loads micropip. A wheel that cannot be installed, or
// whose game cannot be loaded (the catalog leaves it out: pygames_core.games.plugin_errors), is named
// in the "ready" message's `plugins.failed`; the built-in games work as ever.

// `self`, typed as what it is here: TypeScript's worker library types it as any worker's scope, whose
// messages are plain events.
const worker = /** @type {DedicatedWorkerGlobalScope & {pyodide?: Pyodide}} */ (/** @type {unknown} */ (self));

/** @typedef {import("pyodide").PyodideAPI} Pyodide the runtime, typed by the pinned package's own types */
/** @typedef {{name: string, message: string}} Failure a wheel or a game that could not be installed */

/** @param {object} message */
const post = (message) => worker.postMessage(message);

// Milliseconds since the worker started, at each stage: the benchmark reads them from the page.
/** @type {Record<string, number>} */
const timings = {};
/** @param {string} name */
const mark = (name) => { timings[name] = Math.round(performance.now()); };

async function start() {
  post({ type: "progress", stage: "runtime" });
  const runtimeFolder = new URL(RUNTIME, worker.location.href).href;
  const { loadPyodide } = /** @type {typeof import("pyodide")} */ (await import(`${runtimeFolder}pyodide.mjs`));
  const pyodide = await loadPyodide({ indexURL: runtimeFolder });
  // The runtime, for the browser's console and the resilience test (which makes it fail fatally).
  worker.pyodide = pyodide;
  mark("runtime");
  post({ type: "progress", stage: "rules" });
  /** @type {string[]} */
  const errors = [];
  // loadPackage does not throw when a package fails to load: it logs and returns what it loaded.
  const loaded = await pyodide.loadPackage(new URL(WHEEL, worker.location.href).href, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (!loaded || loaded.length === 0) {
    throw new Error(`could not load ${WHEEL}: ${errors.join("; ") || "nothing was loaded"}`);
  }
  mark("wheel");
  const failed = GAME_WHEELS.length > 0 ? await installGames(pyodide) : [];
  post({ type: "progress", stage: "start" });
  const bridge = pyodide.pyimport("pygames_core.app.bridge");
  mark("import");
  // After a fatal error Pyodide replaces its public API with getters that throw.
  const fatallyFailed = () => {
    try {
      return !pyodide.globals;
    } catch {
      return true;
    }
  };
  return { call: (/** @type {string} */ text) => bridge.call(text), fatallyFailed, version: VERSION,
    plugins: { wheels: GAME_WHEELS.length, failed } };
}

// Installs each of GAME_WHEELS with micropip (deps=False: a game's dependencies must be shipped as
// wheels of their own), one at a time, so that one broken wheel costs only its own game. Returns the
// failures: [{name, message}], name a wheel's file that could not be installed or a game's id that
// could not be loaded.
/** @param {Pyodide} pyodide @returns {Promise<Failure[]>} */
async function installGames(pyodide) {
  post({ type: "progress", stage: "games" });
  await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: () => {} });
  const micropip = pyodide.pyimport("micropip");
  /** @type {Failure[]} */
  const failed = [];
  for (const wheel of GAME_WHEELS) {
    try {
      await micropip.install.callKwargs(new URL(wheel, worker.location.href).href, { deps: false });
    } catch (error) {
      failed.push({ name: wheel.split("/").at(-1) ?? wheel, message: lastLine(error) });
    }
  }
  /** @type {{game: string, message: string}[]} */
  const unplayable = JSON.parse(pyodide.runPython(
    "import json\nfrom pygames_core.games import plugin_errors\njson.dumps(plugin_errors())"));
  failed.push(...unplayable.map(({ game, message }) => ({ name: game, message })));
  mark("games");
  return failed;
}

// What was thrown, in words: its message, or itself.
/** @param {unknown} error */
const messageOf = (error) => String(/** @type {{message?: unknown} | null | undefined} */ (error)?.message ?? error);

// A Python traceback's last line names the error: "ValueError: the deck is empty".
/** @param {unknown} error */
const lastLine = (error) => messageOf(error).trim().split("\n").at(-1) ?? "";

const ready = start();
ready.then(
  ({ version, plugins }) => post({ type: "ready", version, timings, plugins }),
  (error) => post({ type: "failed", message: messageOf(error) }),
);

/** @param {number} id @param {string} type @param {string} message */
const failed = (id, type, message) => post({ type: "reply", id, text: JSON.stringify({ ok: false, error: { type, message } }) });

worker.addEventListener("message", async (event) => {
  const { id, text } = event.data ?? {};
  if (!Number.isInteger(id) || typeof text !== "string") {
    post({ type: "unreadable" });
    return;
  }
  post({ type: "started", id });
  let runtime;
  try {
    runtime = await ready;
  } catch (error) {
    failed(id, "WorkerError", `the game engine could not start: ${messageOf(error)}`);
    return;
  }
  try {
    if (runtime.fatallyFailed()) throw new Error("Pyodide already fatally failed and can no longer be used.");
    post({ type: "reply", id, text: runtime.call(text) });
  } catch (error) {
    const message = lastLine(error);
    if (/** @type {{pyodide_fatal_error?: boolean} | null | undefined} */ (error)?.pyodide_fatal_error
      || runtime.fatallyFailed()) post({ type: "dead", message });
    else failed(id, "WorkerError", message);
  }
});
// A message that could not be deserialised arrives as this event, not as a message.
worker.addEventListener("messageerror", () => post({ type: "unreadable" }));
