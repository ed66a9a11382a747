"""Browser tests of the site: build dist/ once, serve it on a free local port, drive Chromium.

Uses the system Chromium (/usr/bin/chromium) when there is one, else Playwright's own browser.
Screenshots go to e2e/artifacts/ (gitignored).
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from driver import DESKTOP, PHONE, TIMEOUT_MS
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

# Pyodide starts in seconds, but several times slower on a loaded 2-core CI machine.
expect.set_options(timeout=TIMEOUT_MS)

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _build_module():  # build.py is a script at the repository root, not a package
    spec = importlib.util.spec_from_file_location("pygames_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def launch_options() -> dict:
    if SYSTEM_CHROMIUM.exists():
        return {"executable_path": str(SYSTEM_CHROMIUM), "args": CHROMIUM_ARGS, "headless": True}
    return {"headless": True}


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # A site of its own per test run: runs started at the same time (several engineers, one checkout)
    # must not rebuild dist/ under each other's servers. The run's xdist workers share one, built by
    # whichever comes first: two wheel builds in one source tree at once would trip over each other.
    build = _build_module()
    run_dir = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_dir = run_dir.parent  # this run's folder, shared by its workers (popen-gw0, popen-gw1, …)
    site = run_dir / "site"
    with open(run_dir / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (run_dir / "site.built").exists():
            site.mkdir()
            build.build(site)
            (run_dir / "site.built").touch()
    server = build.make_server(site, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(**launch_options())
    yield browser
    browser.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Opens fresh contexts (no storage, no service worker yet); all are closed after the test."""
    opened: list[BrowserContext] = []

    def open_context(viewport: dict = DESKTOP, locale: str = "en-US") -> BrowserContext:
        context = browser.new_context(viewport=viewport, locale=locale)
        context.set_default_timeout(TIMEOUT_MS)
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        context.close()


@pytest.fixture
def context(new_context: Callable[..., BrowserContext]) -> BrowserContext:
    return new_context()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    """A page that fails its test on any uncaught script error."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert errors == []


@pytest.fixture
def persistent_context(playwright: Playwright, tmp_path: Path) -> Iterator[BrowserContext]:
    """A profile on disk, as a returning visitor has: service worker and caches survive reloads."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), viewport=PHONE, locale="en-US", **launch_options())
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
