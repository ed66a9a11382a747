"""Pyodide memory snapshot against the normal start, in Chromium, alternating in one run.

    .venv/bin/python bench/snapshot.py [--runs 5] [--check]

Builds the site twice into a temporary folder: as it is ("normal") and with a memory snapshot made
by `node bench/snapshot.mjs make` from that build's own runtime and wheel ("snapshot"): its worker
gets the snapshot (pyodide-snapshot.bin, in the runtime's folder) as loadPyodide's `_loadSnapshot`,
falling back to the normal start when that fails, and its service worker precaches the snapshot too.
Each run visits both, in alternating order, as bench/start.py does: a cold visit (a new profile on
disk: no HTTP cache, no compiled code, no service worker), `--dwell` seconds on the page, then the
browser closed and opened again on the same profile and a warm visit (the service worker, the HTTP
cache, the code cache kept). Reported per visit: the worker's marks (window.pygamesTimings: ms from
the worker's start to the runtime, the wheel and the bridge imported), the wall-clock time from
navigation until the page has them, and the bytes the server sent (raw, and as gzip -9 of the same
files: what a host compressing everything would send; GitHub Pages compresses by MIME type, see
docs/benchmarks.md). Medians.

--check also plays every game from the snapshot in Chromium (bench/snapshot_exercise.mjs: bots, a
hint, save and load, the how-to-play document, the analysis with the Chains solver) and checks the
fall-back: with the snapshot file missing, and with a corrupt one, the page still starts and plays.
Figures for docs/benchmarks.md, never asserted in tests.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import _build_module, launch_options  # noqa: E402  (the e2e tests' browser and build)

BUILD = _build_module()
TIMEOUT_MS = 180_000
SNAPSHOT_FILE = "pyodide-snapshot.bin"
EXERCISE = "snapshot_exercise.mjs"
# The only change to the site's worker: its loadPyodide call given the snapshot, and the normal
# start when restoring it fails (a missing or corrupt file, a runtime of another build). It says
# which it did. The snapshot lies in the runtime's folder (named by its content, precached like it).
WORKER_CALL = "await loadPyodide("
SNAPSHOT_WORKER_CALL = "await loadPyodideFromSnapshot(loadPyodide, "
SNAPSHOT_WORKER_FUNCTION = f"""
async function fetchSnapshot(folder) {{
  const response = await fetch(new URL("{SNAPSHOT_FILE}", folder));
  if (!response.ok) throw new Error(`{SNAPSHOT_FILE}: HTTP ${{response.status}}`);
  return response.arrayBuffer();
}}

async function loadPyodideFromSnapshot(loadPyodide, options) {{
  const snapshot = fetchSnapshot(options.indexURL);
  // loadPyodide awaits it only after importing the runtime: a failure before that is not unhandled
  snapshot.catch(() => {{}});
  try {{
    const pyodide = await loadPyodide({{ ...options, _loadSnapshot: snapshot }});
    console.info("pygames snapshot: restored");
    return pyodide;
  }} catch (error) {{
    console.warn(`pygames snapshot: not used (${{error?.message ?? error}}), starting normally`);
    return loadPyodide(options);
  }}
}}
"""
# What GitHub Pages sends compressed (gzip), by the file's type; everything else goes as it is.
# application/wasm: seen compressed by GitHub Pages (maxence-charriere/go-app#866, 2023); the zips
# and application/octet-stream (a .bin file): not compressed, as is usual for binary types.
PAGES_COMPRESSES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm"}


class CountingHandler(BUILD.SiteHandler):
    """The site's own handler, noting every file it sends: (path, bytes)."""

    sent: list[tuple[str, int]]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        try:
            outputfile.write(data)
        except ConnectionError:  # a context closed while its service worker was still precaching
            return
        self.sent.append((self.path.split("?")[0], len(data)))


def serve(directory: Path) -> tuple[ThreadingHTTPServer, list[tuple[str, int]]]:
    sent: list[tuple[str, int]] = []
    handler = type("Handler", (CountingHandler,), {"quiet": True, "sent": sent})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, sent


def build_sites(work: Path) -> tuple[dict[str, Path], str]:
    """The normal site and the snapshot site, built from this checkout, and the runtime's folder."""
    normal, snapshot = work / "normal", work / "snapshot"
    normal.mkdir()
    info = BUILD.build(normal)
    shutil.copytree(normal, snapshot)
    runtime = info["runtime"]
    made = subprocess.run(
        ["node", str(ROOT / "bench" / "snapshot.mjs"), "make", str(snapshot / runtime), str(snapshot / info["wheel"]),
         str(snapshot / runtime / SNAPSHOT_FILE)], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        raise SystemExit(f"making the snapshot failed:\n{made.stderr[-3000:]}")
    print("snapshot made:", made.stdout.strip().splitlines()[-1], flush=True)
    worker = snapshot / "worker.js"
    source = worker.read_text(encoding="utf-8")
    if source.count(WORKER_CALL) != 1:
        raise SystemExit(f"web/worker.js no longer calls `{WORKER_CALL}` once: update bench/snapshot.py")
    worker.write_text(source.replace(WORKER_CALL, SNAPSHOT_WORKER_CALL) + SNAPSHOT_WORKER_FUNCTION, encoding="utf-8")
    for site in (normal, snapshot):
        shutil.copy2(ROOT / "bench" / EXERCISE, site / EXERCISE)
        (site / BUILD.SERVICE_WORKER).write_text(BUILD.service_worker(site, runtime), encoding="utf-8")
    return {"normal": normal, "snapshot": snapshot}, runtime


@functools.cache
def gzipped_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def byte_counts(site: Path, sent: list[tuple[str, int]]) -> dict[str, int]:
    files = [(site / (path.lstrip("/") or "index.html"), size) for path, size in sent]
    return {
        "raw": sum(size for _, size in files),
        "gzip": sum(gzipped_size(file) for file, _ in files),
        "pages": sum(gzipped_size(file) if file.suffix in PAGES_COMPRESSES else size for file, size in files),
    }


def visit(page: Page, url: str) -> dict[str, Any]:
    """Open the site and wait for the worker's marks; the snapshot worker's console says which start it took."""
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text) if "pygames snapshot" in message.text else None)
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function("() => window.pygamesTimings !== undefined", timeout=TIMEOUT_MS)
    wall_ms = round((time.perf_counter() - start) * 1000)
    timings = page.evaluate("() => window.pygamesTimings")
    # the service worker's precache complete (or given up on: it fails to install when a file is missing)
    page.evaluate("""() => Promise.race([navigator.serviceWorker.ready.then(() => true),
                                         new Promise((resolve) => setTimeout(() => resolve(false), 60000))])""")
    return {"wall_ms": wall_ms, **timings, "said": said}


def measure(playwright: Playwright, variant: str, url: str, site: Path, sent: list[tuple[str, int]],
            dwell: float) -> dict:
    """A cold visit in a new profile on disk, `dwell` seconds on the page (Chromium writes its
    compiled-code cache for the runtime a while after the page started), then the browser closed,
    opened again on the same profile and the page visited again: the warm visit."""
    figures = {}
    with tempfile.TemporaryDirectory() as profile:
        for name in ("cold", "warm"):
            context = playwright.chromium.launch_persistent_context(profile, **launch_options())
            try:
                sent.clear()
                figures[name] = visit(context.pages[0] if context.pages else context.new_page(), url)
                figures[name]["bytes"] = byte_counts(site, sent)
                if name == "cold":
                    time.sleep(dwell)
            finally:
                context.close()
            print(f"  {variant:8} {name}: {json.dumps(figures[name])}", flush=True)
    return figures


def exercise(browser: Browser, url: str, *, every_game: bool = True) -> dict:
    """Start the page and play every game (bench/snapshot_exercise.mjs), or only deal an Arsène game
    and let the bots make a few moves; the page's uncaught errors are reported with it."""
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        result = visit(page, url)
        if every_game:
            result["games"] = page.evaluate(
                f"async () => (await import('./{EXERCISE}')).exercise(window.pygamesBridge)")
        else:
            result["arsene"] = page.evaluate("""async () => {
                const { sid, snapshot } = await window.pygamesBridge({op: "new", game: "arsene", seed: "7", seat: 0});
                let moves = snapshot.moves;
                for (let step = 0; step < 5; step++) {
                    moves = (await window.pygamesBridge({op: "bot", sid, level: "easy", seed: step})).snapshot.moves;
                }
                return {moves};
            }""")
        result["page_errors"] = errors
        return result
    finally:
        context.close()


def check(browser: Browser, sites: dict[str, Path], runtime: str, urls: dict[str, str]) -> None:
    print("every game from the snapshot:", json.dumps(exercise(browser, urls["snapshot"])), flush=True)
    snapshot_file = sites["snapshot"] / runtime / SNAPSHOT_FILE
    kept = snapshot_file.read_bytes()
    half = len(kept) // 2
    broken = {
        "missing": None,
        "random bytes": os.urandom(1 << 20),
        # a valid header (magic number, build id) over memory that is not Python's: nothing tells
        "second half random": kept[:half] + os.urandom(len(kept) - half),
    }
    service_worker = sites["snapshot"] / BUILD.SERVICE_WORKER
    kept_service_worker = service_worker.read_text(encoding="utf-8")
    try:
        for name, content in broken.items():
            if content is None:
                snapshot_file.unlink()  # a site deployed without it: its service worker does not list it
                service_worker.write_text(BUILD.service_worker(sites["snapshot"], runtime), encoding="utf-8")
            else:
                snapshot_file.write_bytes(content)
                service_worker.write_text(kept_service_worker, encoding="utf-8")
            try:
                outcome = json.dumps(exercise(browser, urls["snapshot"], every_game=False))
            except PlaywrightError as error:
                outcome = f"FAILED: {str(error).splitlines()[0]}"
            print(f"snapshot {name}: {outcome}", flush=True)
    finally:
        snapshot_file.write_bytes(kept)
        service_worker.write_text(kept_service_worker, encoding="utf-8")


def medians(results: list[dict], visit_name: str) -> dict[str, float]:
    keys = ("wall_ms", "runtime", "wheel", "import")
    figures = {key: statistics.median(r[visit_name][key] for r in results) for key in keys}
    for kind in ("raw", "gzip", "pages"):
        figures[f"bytes_{kind}"] = statistics.median(r[visit_name]["bytes"][kind] for r in results)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dwell", type=float, default=5.0, help="seconds on the page after the cold visit")
    parser.add_argument("--check", action="store_true",
                        help="also play every game from the snapshot and check the fall-backs")
    args = parser.parse_args()
    print("load average before:", os.getloadavg(), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        sites, runtime = build_sites(Path(tmp))
        served = {variant: serve(site) for variant, site in sites.items()}
        urls = {variant: f"http://127.0.0.1:{server.server_address[1]}/?pace=0"
                for variant, (server, _) in served.items()}
        results: dict[str, list[dict]] = {variant: [] for variant in sites}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            if args.check:
                check(browser, sites, runtime, urls)
            for run in range(args.runs):
                order = list(sites) if run % 2 == 0 else list(reversed(sites))
                print(f"run {run + 1} (load {os.getloadavg()[0]:.2f})", flush=True)
                for variant in order:
                    results[variant].append(measure(playwright, variant, urls[variant], sites[variant],
                                                    served[variant][1], args.dwell))
            browser.close()
        for server, _ in served.values():
            server.shutdown()
    print("load average after:", os.getloadavg())
    for visit_name in ("cold", "warm"):
        normal, snapshot = medians(results["normal"], visit_name), medians(results["snapshot"], visit_name)
        print(f"\n{visit_name} visit, medians of {args.runs}: normal / snapshot / ratio")
        for key in normal:
            ratio = snapshot[key] / normal[key] if normal[key] else float("nan")
            print(f"  {key:12} {normal[key]:>12,.0f} {snapshot[key]:>12,.0f} {ratio:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
