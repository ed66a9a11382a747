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
from contextlib import contextmanager
from pathlib import Path
from typing import cast

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


# A layout test parametrized over both languages and both sizes checks, in every run, one diagonal
# of that matrix: English on a phone and Japanese on a wide screen (each language and each size once);
# `PYGAMES_E2E=full` (a nightly run) checks all four. Tests given only some of the four are all kept.
LANGUAGES = ("en", "ja")
SIZES = ("phone", "laptop", "desktop")
EVERY_RUN = {("en", "phone"), ("ja", "laptop"), ("ja", "desktop")}


def _language_and_size(item: pytest.Item) -> tuple[str, str, tuple[str, ...]] | None:
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    parts = callspec.id.split("-")
    languages = [part for part in parts if part in LANGUAGES]
    sizes = [part for part in parts if part in SIZES]
    if len(languages) != 1 or len(sizes) != 1:
        return None
    others = tuple(part for part in parts if part not in LANGUAGES and part not in SIZES
                   and not part.startswith("viewport"))
    return languages[0], sizes[0], others


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("PYGAMES_E2E") == "full":
        return
    matrices: dict[tuple[str, tuple[str, ...]], list[tuple[pytest.Item, str, str]]] = {}
    for item in items:
        found = _language_and_size(item)
        if found is not None:
            language, size, others = found
            matrices.setdefault((item.path.name + "::" + item.originalname, others), []).append(
                (item, language, size))
    later = [item for cells in matrices.values() if len(cells) == 4
             for item, language, size in cells if (language, size) not in EVERY_RUN]
    if later:
        config.hook.pytest_deselected(items=later)
        items[:] = [item for item in items if item not in later]


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


def _run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run_dir = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_dir = run_dir.parent  # this run's folder, shared by its workers (popen-gw0, popen-gw1, …)
    return run_dir


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # A site of its own per test run: runs started at the same time (several engineers, one checkout)
    # must not rebuild dist/ under each other's servers. The run's xdist workers share one, built by
    # whichever comes first: two wheel builds in one source tree at once would trip over each other.
    build = _build_module()
    run_dir = _run_dir(tmp_path_factory)
    site = run_dir / "site"
    with open(run_dir / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (run_dir / "site.built").exists():
            site.mkdir()
            build.build(site)
            (run_dir / "site.built").touch()
    with served(site) as url:
        yield url


@contextmanager
def served(site: Path) -> Iterator[str]:
    """The built site in `site` served on a free port (build.py's server): its address."""
    server = _build_module().make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_dir(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder site_url serves, built: a test that changes a site (a new deploy) changes a copy."""
    return _run_dir(tmp_path_factory) / "site"


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(**launch_options())
    yield browser
    browser.close()


class _VisitorContext:
    """A worker's long-lived context lent to one test: its pages open at the size the test asked for.
    Everything else is the shared context's (the test never closes it: the fixture clears it)."""

    def __init__(self, context: BrowserContext, viewport: dict) -> None:
        self._context = context
        self._viewport = viewport

    def new_page(self) -> Page:
        page = self._context.new_page()
        page.set_viewport_size(self._viewport)
        return page

    def __getattr__(self, name: str) -> object:
        return getattr(self._context, name)


def _forget_visitor(context: BrowserContext, site_url: str) -> None:
    """Make a long-lived context a first-time visitor of the site again: its pages closed, the site's
    storage (local and session storage, IndexedDB, Cache Storage, service workers) and all cookies
    and permissions gone. Only the HTTP cache stays, with the compiled code Chromium keeps beside it:
    the same build's files, which change how fast a page starts, never what it does."""
    for page in context.pages:
        page.close()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": site_url.rstrip("/"), "storageTypes": "all"})
    cdp.send("Network.clearBrowserCookies")
    cdp.detach()
    page.close()
    context.clear_permissions()
    context.set_offline(False)


@pytest.fixture(scope="session")
def visitor_contexts(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory,
                     site_url: str) -> Iterator[Callable[[str], BrowserContext]]:
    """One browser with a profile on disk per locale, kept for the whole run of this worker and
    cleared between tests. Why: a fresh context compiles Pyodide's 10 MB of WebAssembly and its
    JavaScript from scratch (several CPU-seconds per test); a profile kept on disk lets Chromium
    reuse the compiled code. Service workers are blocked here: each test's visitor is a first-time
    one, whom a service worker left by an earlier test would serve from its cache; the returning
    visitor's tests (`persistent_context`) have theirs."""
    launched: dict[str, BrowserContext] = {}

    def for_locale(locale: str) -> BrowserContext:
        if locale not in launched:
            context = playwright.chromium.launch_persistent_context(
                str(tmp_path_factory.mktemp(f"visitor-{locale}")), viewport=DESKTOP, locale=locale,
                service_workers="block", **launch_options())
            context.set_default_timeout(TIMEOUT_MS)
            launched[locale] = context
        return launched[locale]

    yield for_locale
    for context in launched.values():
        context.close()


@pytest.fixture
def new_context(visitor_contexts: Callable[[str], BrowserContext], site_url: str,
                request: pytest.FixtureRequest) -> Iterator[Callable[..., BrowserContext]]:
    """Opens contexts of first-time visitors (no storage, no service worker), each a visitor of its
    own; all pages are closed after the test. The first one of a locale is the worker's
    long-lived context of that locale, cleared; a second one of the same locale in one test (a
    friend the link is sent to) is a fresh context of its own."""
    lent: list[BrowserContext] = []
    opened: list[BrowserContext] = []

    def open_context(viewport: dict = DESKTOP, locale: str = "en-US") -> BrowserContext:
        shared = visitor_contexts(locale)
        if shared not in lent:
            _forget_visitor(shared, site_url)
            lent.append(shared)
            return cast(BrowserContext, _VisitorContext(shared, viewport))
        browser: Browser = request.getfixturevalue("browser")
        context = browser.new_context(viewport=viewport, locale=locale, service_workers="block")
        context.set_default_timeout(TIMEOUT_MS)
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        context.close()
    for shared in lent:  # its games stop here; its storage is cleared when it is lent again
        for page in shared.pages:
            page.close()


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
