// A Web Worker of bench/page_speed.py: the pinned Pyodide runtime (node_modules/pyodide, the one the
// site ships) with one wheel of pygames_core installed, answering bench/speed.py's requests with
// speed.py's own code (its `answer`), so that the page's figures are measured as CPython's are.
//
// Its address names the wheel: page_speed_worker.mjs?wheel=this/pygames_core-0.1.0-py3-none-any.whl
// (relative to the bench's server, which serves the runtime under pyodide/ and speed.py beside it).
// Each message is a request as JSON text; the reply is {ok: true, text} (the answer as JSON text) or
// {ok: false, error}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const worker = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (globalThis));
const wheel = new URL(worker.location.href).searchParams.get("wheel") ?? "";

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", worker.location.href).href });
  /** @type {string[]} */
  const errors = [];
  // as the site's worker loads its wheel (web/worker.js): into site-packages, its entry points too
  const loaded = await pyodide.loadPackage(new URL(wheel, worker.location.href).href, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (!loaded || loaded.length === 0) throw new Error(`could not load ${wheel}: ${errors.join("; ")}`);
  const speed = await (await fetch(new URL("speed.py", worker.location.href))).text();
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile("/bench/speed.py", speed);
  return pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import speed
lambda text: json.dumps(speed.answer(json.loads(text)))
`);
})();

worker.addEventListener("message", async ({ data }) => {
  try {
    const answer = await ready;
    worker.postMessage({ ok: true, text: answer(data) });
  } catch (error) {
    worker.postMessage({ ok: false, error: String(error) });
  }
});
