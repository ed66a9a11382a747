// The module Web Worker that runs Python: it starts Pyodide, loads the pygames_core wheel and then
// answers the page's requests through the one generic bridge, pygames_core.bridge.call.
// Keeping Python here leaves the page responsive while the rules and bots think.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const post = (message) => self.postMessage(message);

// Milliseconds since the worker started, at each stage: the benchmark reads them from the page.
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now()); };

async function start() {
  post({ type: "progress", stage: "runtime" });
  const build = await (await fetch(new URL("build.json", self.location))).json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location).href });
  mark("runtime");
  post({ type: "progress", stage: "rules" });
  const errors = [];
  // loadPackage does not throw when a package fails to load: it logs and returns what it loaded.
  const loaded = await pyodide.loadPackage(new URL(build.wheel, self.location).href, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (!loaded || loaded.length === 0) {
    throw new Error(`could not load ${build.wheel}: ${errors.join("; ") || "nothing was loaded"}`);
  }
  mark("wheel");
  post({ type: "progress", stage: "start" });
  const bridge = pyodide.pyimport("pygames_core.bridge");
  mark("import");
  return { call: (text) => bridge.call(text), version: build.version };
}

const ready = start();
ready.then(
  ({ version }) => post({ type: "ready", version, timings }),
  (error) => post({ type: "failed", message: String(error?.message ?? error) }),
);

self.addEventListener("message", async (event) => {
  const { id, request } = event.data;
  let reply;
  try {
    const { call } = await ready;
    reply = JSON.parse(call(JSON.stringify(request)));
  } catch (error) {
    reply = { ok: false, error: { type: "WorkerError", message: String(error?.message ?? error) } };
  }
  post({ type: "reply", id, reply });
});
