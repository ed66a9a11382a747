// The pinned Pyodide (node_modules/pyodide) in Node, doing what the site's worker does and then the
// whole exercise (trim/exercise.py); prints, as JSON, the modules imported by then.
//
//   node trim/pyodide_modules.mjs WHEEL SCENARIO_DIR [PYODIDE_DIR] [--start-only]
//
// PYODIDE_DIR: the runtime files to start from (python_stdlib.zip, pyodide-lock.json; default: the
// package's own), e.g. a built site's pyodide/ folder, to check that its trimmed files still run it.
// --start-only: no exercise; prints the ms to Pyodide loaded (and its CPU ms), the wheel loaded, the
// bridge imported.
// trim/discover.py runs this on the original files and on the trimmed ones.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const args = process.argv.slice(2);
const startOnly = args.includes("--start-only");
const [wheel, scenarioDir, pyodideDir] = args.filter((arg) => arg !== "--start-only");
if (!wheel || !scenarioDir) {
  console.error("usage: node trim/pyodide_modules.mjs WHEEL SCENARIO_DIR [PYODIDE_DIR] [--start-only]");
  process.exit(2);
}
const runtimeFiles = pyodideDir
  ? { stdLibURL: join(pyodideDir, "python_stdlib.zip"), lockFileURL: join(pyodideDir, "pyodide-lock.json") }
  : {};
const started = performance.now();
const since = () => Math.round(performance.now() - started);
const pyodide = await loadPyodide({ ...runtimeFiles, stdout: () => {}, stderr: (line) => console.error(line) });
// and the CPU time the process had used by then: on a machine shared with other work, a steadier
// measure than the clock
const { user, system } = process.cpuUsage();
const timings = { runtime: since(), runtime_cpu: Math.round((user + system) / 1000) };
// As the worker does: the wheel by its address, not from the lock file.
const errors = [];
const loaded = await pyodide.loadPackage(wheel, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
if (!loaded?.length) throw new Error(`could not load ${wheel}: ${errors.join("; ")}`);
timings.wheel = since();
pyodide.pyimport("pygames_core.app.bridge");
timings.import = since();
if (startOnly) {
  console.log(JSON.stringify(timings));
  process.exit(0);
}

// A Python exception reaching JavaScript is put into words by Pyodide (its traceback formatting).
try {
  pyodide.runPython("raise ValueError('an error for JavaScript')");
  throw new Error("runPython did not raise");
} catch (error) {
  if (!String(error.message).includes("ValueError: an error for JavaScript")) throw error;
}

const scenarios = readdirSync(scenarioDir).filter((name) => name.endsWith(".json")).sort()
  .map((name) => JSON.parse(readFileSync(join(scenarioDir, name), "utf8")));
const exerciseSource = readFileSync(new URL("exercise.py", import.meta.url), "utf8");
const namespace = pyodide.globals.get("dict")();
namespace.set("__name__", "trim_exercise");
pyodide.runPython(exerciseSource, { globals: namespace });
const modules = namespace.get("run_all")(pyodide.toPy(scenarios)).toJs();
console.log(JSON.stringify(modules));
