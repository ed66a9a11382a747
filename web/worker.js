// The module Web Worker that runs Python: it starts Pyodide, loads the pygames_core wheel and then
// answers the page's requests through the one generic bridge, pygames_core.bridge.call.
// Keeping Python here leaves the page responsive while the rules and bots think.
// Requests come as {id, text} (the request as JSON text); the worker says {type: "started", id} when
// it picks one up and {type: "reply", id, text} when it has answered it, one at a time, in order; a
// message it cannot read gets {type: "unreadable"}; once Pyodide has failed fatally (it can no
// longer be used) every request gets {type: "dead"}, and the page starts a new worker (bridge.js).
// build.py writes RUNTIME (the runtime's folder, named by its content), WHEEL (pygames_core's wheel)
// and VERSION above this line: nothing is asked of the server before the runtime starts loading.

const post = (message) => self.postMessage(message);

// Milliseconds since the worker started, at each stage: the benchmark reads them from the page.
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now()); };

async function start() {
  post({ type: "progress", stage: "runtime" });
  const runtimeFolder = new URL(RUNTIME, self.location).href;
  const { loadPyodide } = await import(`${runtimeFolder}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: runtimeFolder });
  // The runtime, for the browser's console and the resilience test (which makes it fail fatally).
  self.pyodide = pyodide;
  mark("runtime");
  post({ type: "progress", stage: "rules" });
  const errors = [];
  // loadPackage does not throw when a package fails to load: it logs and returns what it loaded.
  const loaded = await pyodide.loadPackage(new URL(WHEEL, self.location).href, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (!loaded || loaded.length === 0) {
    throw new Error(`could not load ${WHEEL}: ${errors.join("; ") || "nothing was loaded"}`);
  }
  mark("wheel");
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
  return { call: (text) => bridge.call(text), fatallyFailed, version: VERSION };
}

const ready = start();
ready.then(
  ({ version }) => post({ type: "ready", version, timings }),
  (error) => post({ type: "failed", message: String(error?.message ?? error) }),
);

const failed = (id, type, message) => post({ type: "reply", id, text: JSON.stringify({ ok: false, error: { type, message } }) });

self.addEventListener("message", async (event) => {
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
    failed(id, "WorkerError", `the game engine could not start: ${error?.message ?? error}`);
    return;
  }
  try {
    if (runtime.fatallyFailed()) throw new Error("Pyodide already fatally failed and can no longer be used.");
    post({ type: "reply", id, text: runtime.call(text) });
  } catch (error) {
    // a Python traceback's last line names the error: "RecursionError: maximum recursion depth exceeded"
    const message = String(error?.message ?? error).trim().split("\n").at(-1);
    if (error?.pyodide_fatal_error || runtime.fatallyFailed()) post({ type: "dead", message });
    else failed(id, "WorkerError", message);
  }
});
// A message that could not be deserialised arrives as this event, not as a message.
self.addEventListener("messageerror", () => post({ type: "unreadable" }));
