// A Pyodide memory snapshot of the worker's state after `import pygames_core.app.bridge`, made in Node
// with the site's own runtime files, and a check that a runtime restored from it plays every game.
// An experiment measured by bench/snapshot.py (see docs/benchmarks.md, "Memory snapshot").
//
//   node bench/snapshot.mjs make  <pyodide dir> <wheel> <snapshot out>
//   node bench/snapshot.mjs check <pyodide dir> <wheel> <snapshot>
//
// What a snapshot keeps: the wasm memory (Python's heap: every imported module, sys.path, the
// import system's caches). What it does not: anything on the JavaScript side, the Emscripten file
// system included. On a restore Pyodide writes the standard library zip again (its preRun), but the
// wheel's files in site-packages are gone. So the worker restoring it loads the wheel exactly as it
// does without a snapshot (loadPackage, which unpacks it into site-packages again): a module imported
// later (chains_solver, on the first Chains analysis) and a package data file (the how-to-play
// documents, read with importlib.resources) are found where they were. The snapshot cannot be made
// after loadPackage: that records the wheel in pyodide.loadedPackages, JavaScript state that a
// restored runtime would not have, and makeMemorySnapshot refuses it ("Unexpected hiwire entry at
// index 6"). Here the wheel is unpacked into site-packages from Python, which leaves nothing on the
// JavaScript side. The zip importer of the standard library cached the zip's
// directory in the snapshot: the zip must be byte-identical, which it is when the snapshot is made
// from the same build's runtime files.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { exercise } from "./snapshot_exercise.mjs";

// What the site needs at once (the bridge) and what it imports later on first use: importing these
// before the snapshot moves their cost from the visit to the build. The wheel is unpacked by the very
// function loadPackage calls (pyodide._package_loader.unpack_buffer, with loadPackage's arguments),
// so that what loadPackage imports is in the snapshot too: the restored worker's loadPackage then
// imports nothing (measured in Node with node_modules' runtime, whose standard library holds sources:
// those imports cost about a second after a restore made without them).
const PREPARE = `
import gc, importlib
from pyodide._package_loader import get_install_dir, unpack_buffer
unpack_buffer(wheel_bytes, filename=wheel_name, extract_dir=get_install_dir(),
              calculate_dynlibs=True, metadata={"INSTALLER": "pyodide.loadPackage", "PYODIDE_SOURCE": wheel_name})
del wheel_bytes, wheel_name
importlib.invalidate_caches()
import secrets  # rng.py, for a game started without a seed
import pygames_core.app.bridge
import pygames_core.games.chains.solver  # chains.py, on a Chains solitaire hint or analysis
pygames_core.bridge.call('{"op": "games"}')  # reads the how-to-play documents through importlib.resources
gc.collect()  # no proxy of a JavaScript object may be left: makeMemorySnapshot cannot keep one
`;

async function make(indexURL, wheel, out) {
  const started = performance.now();
  // Python keeps sys.executable (and os.environ["_"]) from the start: Node would give it this
  // script's path on the build machine; a browser's start gives Emscripten's default.
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, _sysExecutable: "./this.program" });
  pyodide.globals.set("wheel_bytes", new Uint8Array(readFileSync(wheel)));
  pyodide.globals.set("wheel_name", basename(wheel));
  pyodide.runPython(PREPARE);
  const snapshot = pyodide.makeMemorySnapshot();
  writeFileSync(out, snapshot);
  console.log(JSON.stringify({ bytes: snapshot.length, ms: Math.round(performance.now() - started) }));
}

async function check(indexURL, wheel, snapshotFile) {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: readFileSync(snapshotFile) });
  await pyodide.loadPackage(wheel, { messageCallback: () => {} });
  const bridge = pyodide.pyimport("pygames_core.app.bridge");
  const restoredMs = Math.round(performance.now() - started);
  const modules = () => new Set(pyodide.runPython("import sys; list(sys.modules)").toJs());
  const before = modules();
  const report = await exercise(async (request) => JSON.parse(bridge.call(JSON.stringify(request))));
  const importedLater = [...modules()].filter((name) => !before.has(name)).sort();
  console.log(JSON.stringify({ restoredMs, importedLater, games: report }, null, 1));
}

const [command, pyodideDir, wheel, file] = process.argv.slice(2);
if (!["make", "check"].includes(command) || !file) {
  console.error("usage: node bench/snapshot.mjs make|check <pyodide dir> <wheel> <snapshot>");
  process.exit(2);
}
const indexURL = resolve(pyodideDir) + "/";
await (command === "make" ? make : check)(indexURL, resolve(wheel), resolve(file));
