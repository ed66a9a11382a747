// Starts the pinned Pyodide in Node and runs tools/compile_pyc.py in it on the job file given, with
// the host's file system mounted at the same paths (build.py calls this; see compile_pyc.py).
//   node tools/compile_pyc.mjs PYODIDE_DIR WORK_DIR   (WORK_DIR holds job.json and the files)
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, workDir] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree(workDir);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: workDir }, workDir);
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "compile_pyc.py"), "utf8");
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(script, { globals: namespace });
namespace.get("main")(join(workDir, "job.json"));
