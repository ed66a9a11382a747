"""Find the standard-library modules the site ships, write them to trim/stdlib_modules.txt, and check
the trimmed runtime: run again after a change of imports in pygames_core or a new pinned Pyodide.

    .venv/bin/python trim/discover.py            # find, write, check (two minutes on a busy 2-core machine)
    .venv/bin/python trim/discover.py --time 5   # then time the runtime's start, original vs trimmed

The modules: those imported, when trim/exercise.py has done everything the site asks of the rules, by
the pinned Pyodide in Node (its own start and the loading of the wheel included: its bootstrap
modules, _pyodide, pyodide, encodings, site, ...) and by this CPython (pygames_core supports 3.11 to
3.14; an import on a path that only another version takes shows up there), and that Pyodide's zip
holds (the others are built into the runtime). The check: Pyodide in Node, started on the trimmed
zip and lock file, loads the wheel and does it all again.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
TRIM = ROOT / "trim"
SCENARIOS = ROOT / "web" / "scenarios"
HEADER = """\
# The standard-library modules of Pyodide's python_stdlib.zip that the site ships (build.py keeps
# only these): written by trim/discover.py, which says how they are found. Checked by
# tests/test_trim.py (CPython) and e2e/test_trimmed_runtime.py (the built site in Chromium).
"""


def load_build() -> ModuleType:  # build.py is a script at the repository root, not a package
    spec = importlib.util.spec_from_file_location("pygames_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build()


def run_json(command: list[str]) -> dict | list:
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout[-2000:]}{result.stderr[-4000:]}")
    return json.loads(result.stdout.splitlines()[-1])


def cpython_modules() -> set[str]:
    return set(run_json([sys.executable, str(TRIM / "exercise.py"), str(SCENARIOS)]))


def pyodide_run(wheel: Path, runtime: Path | None = None, *, start_only: bool = False) -> dict | list:
    command = ["node", str(TRIM / "pyodide_modules.mjs"), str(wheel), str(SCENARIOS)]
    if runtime is not None:
        command.append(str(runtime))
    if start_only:
        command.append("--start-only")
    return run_json(command)


def sizes(path: Path) -> str:
    data = path.read_bytes()
    return f"{len(data):>9,} bytes, {len(gzip.compress(data, 9)):>9,} gzipped"


def time_starts(wheel: Path, runtimes: dict[str, Path], runs: int) -> None:
    """Each runtime's start in a Node process of its own, alternating: median ms to Pyodide loaded
    (loadPyodide), to the wheel loaded and to the bridge imported."""
    timings: dict[str, list[dict]] = {name: [] for name in runtimes}
    for _ in range(runs):
        for name, folder in runtimes.items():
            timings[name].append(pyodide_run(wheel, folder, start_only=True))
    for name, marks in timings.items():
        medians = {mark: statistics.median(run[mark] for run in marks) for mark in marks[0]}
        print(f"{name:>9}: median of {runs}: " + ", ".join(f"{mark} {ms:.0f} ms" for mark, ms in medians.items())
              + f" (runtime, each run: {', '.join(str(run['runtime']) for run in marks)} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=int, default=0, metavar="RUNS", help="then time the start, RUNS times each")
    args = parser.parse_args()
    if shutil.which("node") is None:
        raise SystemExit("trim/discover.py needs Node (node_modules/pyodide runs in it)")
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build.build_wheel(Path(tmp))
        found = cpython_modules() | set(pyodide_run(wheel))
        with zipfile.ZipFile(build.PYODIDE_SOURCE / build.STDLIB_ZIP) as stdlib:
            in_zip = {build.zip_module(entry) for entry in stdlib.namelist()}
        modules = sorted(found & in_zip)
        build.STDLIB_MODULES.write_text(HEADER + "".join(f"{name}\n" for name in modules), encoding="utf-8")
        print(f"{len(modules)} of the zip's {len(in_zip - {None})} modules: {build.STDLIB_MODULES.relative_to(ROOT)}")
        trimmed = Path(tmp) / "trimmed"
        build.copy_pyodide(trimmed)  # as the build writes it
        again = set(pyodide_run(wheel, trimmed))
        print(f"the trimmed runtime did it all again ({len(again & in_zip)} of the kept modules imported)")
        for name in (build.STDLIB_ZIP, build.LOCK_FILE):
            print(f"{name:>18}: original {sizes(build.PYODIDE_SOURCE / name)}; trimmed {sizes(trimmed / name)}")
        if args.time:
            time_starts(wheel, {"original": build.PYODIDE_SOURCE, "trimmed": trimmed}, args.time)


if __name__ == "__main__":
    main()
