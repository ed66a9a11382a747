"""How fast the site starts, against the floor: a bare page that does nothing but start the same
Pyodide. Reported figures, never asserted.

    .venv/bin/python bench/start.py [--runs 5] [--dwell 5] [--json FILE]

The floor is built here: a page whose module worker calls loadPyodide() and loadPackage() on a
one-function wheel and calls that function, served from the same pinned Pyodide files as
node_modules/pyodide ships them (the whole standard library, the whole lock file). The site is
built by build.py. Both are served by the site's own local server (build.SiteHandler, so with the
same caching headers), each on a port of its own (an origin of its own: separate caches).

Each run is one visitor of each page, in a fresh Chromium profile on disk, site and floor in turns
(the order alternates run by run, so that a drift in the machine's load falls on both):
- cold: the first visit. The site's visitor presses Start as soon as the picker shows; the site is
  playable when its table offers the player a move and the engine has answered for it. The floor
  is ready when its worker has answered. Bytes are what the server sent for the visit (counted until
  the service worker, if any, has finished installing), raw and as gzip would send them.
- warm: the browser is closed and opened again on the same profile (disk cache, code cache and
  service worker kept) and the page visited again; the site resumes the game saved on the first
  visit: "visible" when the saved table is drawn, "playable" when it is also live. Then once more
  in a new tab of that running browser ("new tab": a player whose browser is already open).
- warm offline (the site only; the floor has no offline mode): the same, with the network off.
After the first visit the visitor stays `--dwell` seconds on the page, as a person would: Chromium
writes its compiled-code cache for the runtime some time after the page has started.

Times are the page's own clock (performance.now(): milliseconds since the navigation started) at the
first animation frame where the condition holds, watched from the page's start by an init script.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import _build_module, launch_options  # noqa: E402  (the e2e tests' browser and build)

TIMEOUT_MS = 180_000
build = _build_module()

# --- the floor: a bare Pyodide page ----------------------------------------------------------------

FLOOR_PACKAGE = "floor_probe"
FLOOR_WHEEL = f"{FLOOR_PACKAGE}-1.0-py3-none-any.whl"
FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="main.js"></script></head><body>starting</body></html>
"""
FLOOR_MAIN = """const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  window.floorReady = performance.now();
  document.body.textContent = data;
};
"""
FLOOR_WORKER = f"""import {{ loadPyodide }} from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({{ indexURL: new URL("pyodide/", self.location).href }});
await pyodide.loadPackage(new URL("{FLOOR_WHEEL}", self.location).href);
self.postMessage(pyodide.pyimport("{FLOOR_PACKAGE}").ready());
"""


def floor_wheel() -> bytes:
    """A wheel of one module with one function, as small as a wheel can be."""
    info = f"{FLOOR_PACKAGE}-1.0.dist-info"
    files = {
        f"{FLOOR_PACKAGE}/__init__.py": 'def ready() -> str:\n    return "ready"\n',
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {FLOOR_PACKAGE}\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: bench/start.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{name},,\n" for name in [*files, f"{info}/RECORD"])
    path = Path(tempfile.mkdtemp()) / FLOOR_WHEEL
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
    data = path.read_bytes()
    shutil.rmtree(path.parent)
    return data


def build_floor(target: Path) -> None:
    target.mkdir(parents=True)
    (target / "index.html").write_text(FLOOR_PAGE, encoding="utf-8")
    (target / "main.js").write_text(FLOOR_MAIN, encoding="utf-8")
    (target / "worker.js").write_text(FLOOR_WORKER, encoding="utf-8")
    (target / FLOOR_WHEEL).write_bytes(floor_wheel())
    runtime = target / "pyodide"
    runtime.mkdir()
    for name in build.PYODIDE_FILES:  # as the npm package has them: not trimmed, not compiled
        shutil.copy2(build.PYODIDE_SOURCE / name, runtime / name)


# --- serving, counting what is sent ----------------------------------------------------------------

class CountingHandler(build.SiteHandler):
    """The site's handler, noting each file it sends whole (a 304 sends none)."""

    quiet = True
    sent: ClassVar[list[Path]]

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def do_GET(self) -> None:
        self.status = 0
        super().do_GET()
        if self.status == 200:
            path = Path(self.translate_path(self.path))
            self.sent.append(path / "index.html" if path.is_dir() else path)


@contextmanager
def serving(directory: Path) -> Iterator[tuple[str, list[Path]]]:
    sent: list[Path] = []
    handler = type("Handler", (CountingHandler,), {"sent": sent})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", sent
    finally:
        server.shutdown()
        server.server_close()


@cache
def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def bytes_sent(paths: list[Path]) -> dict[str, int]:
    return {"raw": sum(path.stat().st_size for path in paths), "gzip": sum(gzip_size(path) for path in paths),
            "requests": len(paths)}


# --- visits ----------------------------------------------------------------------------------------

# What is timed, as conditions checked in the page on every animation frame from the moment its
# document starts (an init script: the time is the page's own, not when Playwright next looks). The
# site's table offers the player a move (a renderer draws its table as the one child of #game, with
# data-my-turn): "visible"; and the engine is up and has answered for this table (a table drawn from
# a saved snapshot carries data-starting until then): "playable". The floor: its worker answered.
CONDITIONS = {
    "visible": "document.querySelector('#game:not([hidden]) > [data-my-turn=\"true\"]')",
    "playable": ("document.querySelector('#game:not([hidden]) > [data-my-turn=\"true\"]')"
                 " && window.pygamesTimings && !document.querySelector('#game[data-starting]')"),
    "ready": "window.floorReady !== undefined",
}
FIRST_SEEN = """(() => {
  const conditions = CONDITIONS;
  const seen = window.benchFirstSeen = {};
  const look = () => {
    const now = performance.now();
    for (const [name, holds] of Object.entries(conditions)) if (!(name in seen) && holds()) seen[name] = now;
    if (Object.keys(seen).length < Object.keys(conditions).length) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def first_seen_script(names: tuple[str, ...]) -> str:
    """The init script that watches for the conditions named."""
    conditions = ", ".join(f"{name}: () => Boolean({CONDITIONS[name]})" for name in names)
    return FIRST_SEEN.replace("CONDITIONS", f"{{ {conditions} }}")


# the service worker's install (its precache) is part of a first visit's bytes
SERVICE_WORKER_DONE = """async () => {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (registration) await navigator.serviceWorker.ready;
  return true;
}"""


def page_time(page: Any, condition: str) -> float:
    """Milliseconds from the navigation to the first frame where `condition` (of CONDITIONS) held."""
    return page.wait_for_function(f"() => window.benchFirstSeen?.{condition}", timeout=TIMEOUT_MS).json_value()


class Visitor:
    """One person with one browser profile on disk, visiting one page again and again."""

    def __init__(self, playwright: Playwright, url: str, sent: list[Path], watch: tuple[str, ...]) -> None:
        self.playwright, self.url, self.sent = playwright, url, sent
        self.watch = first_seen_script(watch)
        self.profile = Path(tempfile.mkdtemp(prefix="bench-profile-"))

    @contextmanager
    def browser(self, *, offline: bool = False) -> Iterator[Any]:
        context: BrowserContext = self.playwright.chromium.launch_persistent_context(
            str(self.profile), viewport={"width": 1280, "height": 800}, **launch_options())
        context.set_offline(offline)
        context.add_init_script(self.watch)
        page = context.pages[0] if context.pages else context.new_page()
        try:
            yield page
        finally:
            context.close()

    def visit(self, measure: Callable[[Any], dict[str, Any]], *, offline: bool = False,
              dwell_s: float = 0.0, count_bytes: bool = False) -> dict[str, Any]:
        self.sent.clear()
        with self.browser(offline=offline) as page:
            result = measure(page)
            if count_bytes:
                page.evaluate(SERVICE_WORKER_DONE)
                result["bytes"] = bytes_sent(list(self.sent))
            time.sleep(dwell_s)
        return result

    def forget(self) -> None:
        shutil.rmtree(self.profile, ignore_errors=True)


def site_first_visit(page: Any, url: str) -> dict[str, Any]:
    page.goto(f"{url}?pace=0", wait_until="commit")
    page.wait_for_selector("#picker:not([hidden]) #start, #game:not([hidden])", timeout=TIMEOUT_MS)
    picker = page.evaluate("performance.now()")
    if page.is_visible("#picker"):
        page.click("#start")
    playable = page_time(page, "playable")
    return {"picker_ms": picker, "playable_ms": playable, "worker_ms": page.evaluate("window.pygamesTimings")}


def site_return_visit(page: Any, url: str) -> dict[str, Any]:
    page.goto(f"{url}?pace=0", wait_until="commit")
    visible = page_time(page, "visible")
    playable = page_time(page, "playable")
    return {"visible_ms": visible, "playable_ms": playable, "worker_ms": page.evaluate("window.pygamesTimings")}


def floor_visit(page: Any, url: str) -> dict[str, Any]:
    page.goto(url, wait_until="commit")
    return {"ready_ms": page_time(page, "ready")}


def and_again_in_a_new_tab(visit: Callable[[Any], dict[str, Any]]) -> Callable[[Any], dict[str, Any]]:
    """`visit` in the browser just opened, then once more in a new tab of that running browser (the
    first tab closed): the return of a player whose browser is already open."""
    def visits(page: Any) -> dict[str, Any]:
        first = visit(page)
        tab = page.context.new_page()
        page.close()
        return {**first, "new_tab": visit(tab)}
    return visits


def one_run(playwright: Playwright, site: tuple[str, list[Path]], floor: tuple[str, list[Path]],
            dwell_s: float, site_first: bool) -> dict[str, dict[str, Any]]:
    def site_visits() -> dict[str, Any]:
        visitor = Visitor(playwright, *site, watch=("visible", "playable"))
        try:
            return {
                "cold": visitor.visit(partial(site_first_visit, url=site[0]), dwell_s=dwell_s, count_bytes=True),
                "warm": visitor.visit(and_again_in_a_new_tab(partial(site_return_visit, url=site[0]))),
                "warm_offline": visitor.visit(partial(site_return_visit, url=site[0]), offline=True),
            }
        finally:
            visitor.forget()

    def floor_visits() -> dict[str, Any]:
        visitor = Visitor(playwright, *floor, watch=("ready",))
        try:
            return {
                "cold": visitor.visit(partial(floor_visit, url=floor[0]), dwell_s=dwell_s, count_bytes=True),
                "warm": visitor.visit(and_again_in_a_new_tab(partial(floor_visit, url=floor[0]))),
            }
        finally:
            visitor.forget()

    if site_first:
        return {"site": site_visits(), "floor": floor_visits()}
    floor_result = floor_visits()
    return {"site": site_visits(), "floor": floor_result}


# --- the report ------------------------------------------------------------------------------------

def median(runs: list[dict], *keys: str) -> float:
    values = []
    for run in runs:
        value: Any = run
        for key in keys:
            value = value[key]
        values.append(value)
    return statistics.median(values)


def summarize(runs: list[dict]) -> dict[str, Any]:
    site = partial(median, runs, "site")
    floor = partial(median, runs, "floor")
    rows = {
        "cold: site playable / floor ready": (site("cold", "playable_ms"), floor("cold", "ready_ms")),
        "warm: site playable (resumed) / floor ready": (site("warm", "playable_ms"), floor("warm", "ready_ms")),
        "warm: site table visible / floor ready": (site("warm", "visible_ms"), floor("warm", "ready_ms")),
        "warm offline: site playable / floor warm ready":
            (site("warm_offline", "playable_ms"), floor("warm", "ready_ms")),
        "warm, new tab: site playable (resumed) / floor ready":
            (site("warm", "new_tab", "playable_ms"), floor("warm", "new_tab", "ready_ms")),
        "warm, new tab: site table visible / floor ready":
            (site("warm", "new_tab", "visible_ms"), floor("warm", "new_tab", "ready_ms")),
        "cold bytes, raw": (site("cold", "bytes", "raw"), floor("cold", "bytes", "raw")),
        "cold bytes, gzip": (site("cold", "bytes", "gzip"), floor("cold", "bytes", "gzip")),
    }
    summary = {name: {"site": round(a), "floor": round(b), "ratio": round(a / b, 2)} for name, (a, b) in rows.items()}
    summary["site picker shown, cold (ms)"] = round(site("cold", "picker_ms"))
    summary["site table visible, warm offline (ms)"] = round(site("warm_offline", "visible_ms"))
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="visitors of each page (medians over them)")
    parser.add_argument("--dwell", type=float, default=5.0, help="seconds spent on the page after the first visit")
    parser.add_argument("--json", type=Path, help="also write every run's figures to this file")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-start-"))
    try:
        build.build(work / "site")
        build_floor(work / "floor")
        load_before = os.getloadavg()
        runs = []
        with serving(work / "site") as site, serving(work / "floor") as floor, sync_playwright() as playwright:
            for run in range(args.runs):
                runs.append(one_run(playwright, site, floor, args.dwell, site_first=run % 2 == 0))
                print(f"run {run + 1}/{args.runs}: site cold {runs[-1]['site']['cold']['playable_ms']:.0f} ms, "
                      f"floor cold {runs[-1]['floor']['cold']['ready_ms']:.0f} ms, "
                      f"site warm {runs[-1]['site']['warm']['playable_ms']:.0f} ms, "
                      f"floor warm {runs[-1]['floor']['warm']['ready_ms']:.0f} ms", file=sys.stderr)
        report = {"runs": args.runs, "load_average": {"before": load_before, "after": os.getloadavg()},
                  "medians": summarize(runs)}
        if args.json:
            args.json.write_text(json.dumps({**report, "every_run": runs}, indent=1) + "\n", encoding="utf-8")
        print(json.dumps(report, indent=2))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
