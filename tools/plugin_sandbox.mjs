// Starts the pinned Pyodide in Node and runs tools/plugin_sandbox.py in it on the wheels of a work
// folder (job.json names them), printing its JSON answer on stdout (build.py calls this; see
// check_in_sandbox there for the Node permissions it runs under).
//   node tools/plugin_sandbox.mjs PYODIDE_DIR WORK_DIR
// The files are copied into Pyodide's own in-memory file system: nothing of the host's is mounted.
// What the games print goes to stderr, so that stdout holds the answer only.
import { constants, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, workDir] = process.argv.slice(2).map((path) => resolve(path));
// Node's permission model refuses process.binding, where Emscripten's start reads the file flags
// only (NODEFS, which nothing here mounts): the same constants, from the public API.
const denied = process.binding;
process.binding = (name) => (name === "constants" ? { fs: constants } : denied(name));
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const toStderr = (line) => process.stderr.write(`${line}\n`);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: {}, stdout: toStderr, stderr: toStderr });
const job = "/job";
pyodide.FS.mkdirTree(job);
for (const name of readdirSync(workDir)) {
  pyodide.FS.writeFile(`${job}/${name}`, readFileSync(join(workDir, name)));
}
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "plugin_sandbox.py"), "utf8");
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(script, { globals: namespace });
const answer = namespace.get("main")(`${job}/job.json`);
process.stdout.write(`${answer}\n`);
