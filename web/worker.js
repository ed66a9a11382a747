// The Web Worker that runs Python: it starts Pyodide, loads the pygames_core wheel and then answers
// the page's requests through the one generic bridge, pygames_core.bridge.call.
// Keeping Python here leaves the page responsive while the rules and bots think.
// Requests come as {id, text} (the request as JSON text); the worker says {type: "started", id} when
// it picks one up and {type: "reply", id, text} when it has answered it, one at a time, in order; a
// message it cannot read gets {type: "unreadable"}; once Pyodide has failed fatally (it can no
// longer be used) every request gets {type: "dead"}, and the page starts a new worker (client.js).
// build.py writes RUNTIME (the runtime's folder, named by its content), WHEEL (pygames_core's wheel)
// and VERSION above this line: nothing is asked of the server before the runtime starts loading.
//
// The same script runs in two places (docs/plugins-security.md):
// - the site's engine, a module worker of the page (client.js), for the built-in games: it loads the
//   runtime from the site and never installs a third-party game;
// - a third-party game's engine, a classic worker made from a blob: URL by a sandboxed frame of an
//   opaque origin (web/plugin-host.js, started by web/engines.js), under that frame's policy: no
//   network at all, no eval, no storage. It asks nothing of anyone: its first message brings the
//   port the page talks to it through, every file it needs (the runtime's, pygames_core's wheel, the
//   game's wheels, which the page read from the site and its service worker, so that it works offline
//   too) and which wheels to install. A fetch of those files' addresses is answered from them, and the
//   runtime's two scripts are imported from blob: URLs of their bytes. The game's wheels are installed
//   with micropip (deps=False: a game's dependencies are shipped as wheels of their own), one at a
//   time, before the rules are imported, so that the catalog finds them; a wheel that cannot be
//   installed, or whose game cannot be loaded (the catalog leaves it out:
//   pygames_core.games.plugin_errors), is named in the "ready" message's `plugins.failed`.

// `self`, typed as what it is here: TypeScript's worker library types it as any worker's scope, whose
// messages are plain events.
const worker = /** @type {DedicatedWorkerGlobalScope & {pyodide?: Pyodide}} */ (/** @type {unknown} */ (self));

/** @typedef {import("pyodide").PyodideAPI} Pyodide the runtime, typed by the pinned package's own types */
/**
 * A wheel or a game that could not be installed: its name (a wheel's file, a game's id), why in words
 * (Python's) and why as a kind (pygames_core.games.plugin_errors's `reason`; "not_installed" for a
 * wheel), with the wheel as the page named it for a wheel.
 * @typedef {{name: string, message: string, reason: Record<string, string>, wheel?: string}} Failure
 */

/**
 * A third-party game's engine's first message (web/engines.js, through web/plugin-host.js): the port
 * to the page, the site's address the files' names are relative to, the files by name (the runtime's
 * folder's, pygames_core's wheel, the game's wheels) and the game's wheels to install, in order.
 * @typedef {{port: MessagePort, site: string, files: Record<string, ArrayBuffer>, wheels: string[]}} Boot
 */

// In a sandboxed frame's blob: worker (a third-party game's engine) the page's first message says
// everything; on the site, the worker itself is the wire, and nothing is installed.
const ISOLATED = worker.location.protocol === "blob:";
/** @type {Promise<{wire: MessagePort | DedicatedWorkerGlobalScope, site: string, wheels: string[]}>} */
const booted = ISOLATED
  ? new Promise((resolve) => {
    worker.addEventListener("message", ({ data }) => {
      const boot = /** @type {Boot} */ (data);
      serveFiles(boot);
      resolve({ wire: boot.port, site: boot.site, wheels: boot.wheels });
    }, { once: true });
  })
  : Promise.resolve({ wire: worker, site: worker.location.href, wheels: [] });

/** @param {object} message */
const post = (message) => { booted.then(({ wire }) => wire.postMessage(message)); };

/** @type {Map<string, ArrayBuffer>} the boot's files by their address on the site */
const served = new Map();
const TYPES = /** @type {Record<string, string>} */ ({ wasm: "application/wasm", json: "application/json", mjs: "text/javascript" });

// Pyodide's and micropip's fetches answered from the boot's files (the frame's policy refuses any
// network request: connect-src falls back to default-src 'none'), anything else refused.
/** @param {Boot} boot */
function serveFiles({ site, files }) {
  for (const [name, bytes] of Object.entries(files)) served.set(new URL(name, site).href, bytes);
  // This worker is a classic one (the opaque-origin frame cannot start a module worker from a blob:
  // URL in Chromium), which Pyodide refuses when it finds one by calling importScripts on a data: URL;
  // the policy refuses that call anyway (and reports it, a page error in Firefox), so it is answered
  // as a module worker would, without asking.
  worker.importScripts = () => { throw new TypeError("importScripts is not used in the game's engine"); };
  worker.fetch = async (resource) => {
    const url = resource instanceof Request ? resource.url : String(resource);
    const bytes = served.get(url);
    if (!bytes) throw new TypeError(`${url} is not one of the game engine's files`);
    const type = TYPES[url.split(".").at(-1) ?? ""] ?? "application/octet-stream";
    return new Response(bytes, { headers: { "Content-Type": type } });
  };
}

// A script of the runtime imported: from the site, or in a game's engine from a blob: URL of its bytes.
/** @param {string} url */
async function importScript(url) {
  const bytes = served.get(url);
  return import(bytes ? URL.createObjectURL(new Blob([bytes], { type: "text/javascript" })) : url);
}

// Milliseconds since the worker started, at each stage: the benchmark reads them from the page.
/** @type {Record<string, number>} */
const timings = {};
/** @param {string} name */
const mark = (name) => { timings[name] = Math.round(performance.now()); };

async function start() {
  const { site, wheels } = await booted;
  post({ type: "progress", stage: "runtime" });
  const runtimeFolder = new URL(RUNTIME, site).href;
  const { loadPyodide } = /** @type {typeof import("pyodide")} */ (await importScript(`${runtimeFolder}pyodide.mjs`));
  const createPyodideModule = ISOLATED ? (await importScript(`${runtimeFolder}pyodide.asm.mjs`)).default : undefined;
  const pyodide = await failingOnRefusedFiles(loadPyodide({ indexURL: runtimeFolder, createPyodideModule }));
  // The runtime, for the browser's console and the resilience test (which makes it fail fatally).
  worker.pyodide = pyodide;
  mark("runtime");
  post({ type: "progress", stage: "rules" });
  /** @type {string[]} */
  const errors = [];
  // loadPackage does not throw when a package fails to load: it logs and returns what it loaded.
  const loaded = await pyodide.loadPackage(new URL(WHEEL, site).href, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (!loaded || loaded.length === 0) {
    throw new Error(`could not load ${WHEEL}: ${errors.join("; ") || "nothing was loaded"}`);
  }
  mark("wheel");
  const failed = wheels.length > 0 ? await installGames(pyodide, site, wheels) : [];
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
    plugins: { wheels: wheels.length, failed } };
}

// `loading` (the runtime's), or the first of its files refused: Pyodide only logs a file it could not fetch
// (its WebAssembly: "wasm instantiation failed!") and then waits for ever, so a fetch refused, or answered
// with an error, while the runtime loads fails the start instead (a download the page could not make:
// startCause).
/** @template T @param {Promise<T>} loading @returns {Promise<T>} */
async function failingOnRefusedFiles(loading) {
  const fetchFile = worker.fetch;
  /** @type {(error: unknown) => void} */
  let refuse = () => {};
  /** @type {Promise<never>} */
  const refused = new Promise((_, reject) => { refuse = reject; });
  refused.catch(() => {}); // a file refused after the runtime has loaded is Pyodide's to handle
  worker.fetch = async (resource, init) => {
    const response = await fetchFile.call(worker, resource, init).catch((error) => {
      refuse(error);
      throw error;
    });
    if (!response.ok) refuse(new Error(`could not load ${response.url} (HTTP ${response.status})`));
    return response;
  };
  try {
    return await Promise.race([loading, refused]);
  } finally {
    worker.fetch = fetchFile;
  }
}

// Installs each of `wheels` with micropip (deps=False: a game's dependencies must be shipped as
// wheels of their own), one at a time, so that one broken wheel costs only its own game. Returns the
// failures (Failure): a wheel's file that could not be installed, a game's id that could not be loaded.
/** @param {Pyodide} pyodide @param {string} site @param {string[]} wheels @returns {Promise<Failure[]>} */
async function installGames(pyodide, site, wheels) {
  post({ type: "progress", stage: "games" });
  await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: () => {} });
  const micropip = pyodide.pyimport("micropip");
  /** @type {Failure[]} */
  const failed = [];
  for (const wheel of wheels) {
    try {
      await micropip.install.callKwargs(new URL(wheel, site).href, { deps: false });
    } catch (error) {
      const message = lastLine(error);
      failed.push({ name: wheel.split("/").at(-1) ?? wheel, message, reason: { kind: "not_installed", error: message }, wheel });
    }
  }
  /** @type {{game: string, message: string, reason: Record<string, string>}[]} */
  const unplayable = JSON.parse(pyodide.runPython(
    "import json\nfrom pygames_core.games import plugin_errors\njson.dumps(plugin_errors())"));
  failed.push(...unplayable.map(({ game, message, reason }) => ({ name: game, message, reason })));
  mark("games");
  return failed;
}

// What was thrown, in words: its message, or itself.
/** @param {unknown} error */
const messageOf = (error) => String(/** @type {{message?: unknown} | null | undefined} */ (error)?.message ?? error);

// Why the start failed, as one of the causes the page says in the reader's words (client.js
// START_CAUSES): the runtime's or the rules' files not downloaded (a fetch or an import refused: the
// connection lost, say), the device's memory (WebAssembly could not have its memory), or anything else.
/** @param {unknown} error @returns {string} */
function startCause(error) {
  const message = messageOf(error);
  if (error instanceof RangeError || /out of memory|WebAssembly\.Memory/i.test(message)) return "memory";
  if (/Failed to fetch|NetworkError|dynamically imported module|could not load/i.test(message)) return "download";
  return "failed";
}

// A Python traceback's last line names the error: "ValueError: the deck is empty".
/** @param {unknown} error */
const lastLine = (error) => messageOf(error).trim().split("\n").at(-1) ?? "";

const ready = start();
ready.then(
  ({ version, plugins }) => post({ type: "ready", version, timings, plugins }),
  (error) => post({ type: "failed", message: messageOf(error), cause: startCause(error) }),
);

/** @param {number} id @param {string} type @param {string} message */
const failed = (id, type, message) => post({ type: "reply", id, text: JSON.stringify({ ok: false, error: { type, message } }) });

/** @param {MessageEvent} event */
async function answer(event) {
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
}

booted.then(({ wire }) => {
  wire.addEventListener("message", (event) => answer(/** @type {MessageEvent} */ (event)));
  // A message that could not be deserialised arrives as this event, not as a message.
  wire.addEventListener("messageerror", () => post({ type: "unreadable" }));
  if (wire instanceof MessagePort) wire.start();
});
