"""A third-party game in the browser: a site built with `build.py --game-wheel` and the example game of
examples/ (built into a wheel here) lists it, plays it to its end on the generic table against its bot,
resumes it after a reload, plays it offline and in an embed; a wheel whose game fails to load in the
page (added to the site after the build, which would have refused it) is said when its game is asked
for, and the built-in games play on. One site for the module (the build is the slow part). (What such a
game cannot reach is e2e/test_plugin_isolation.py's.)"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ARTIFACTS, ROOT, _build_module
from driver import (
    LAPTOP,
    PHONE,
    STORED_SAVE,
    TIMEOUT_MS,
    assert_play_in_view,
    open_site,
    stored_save,
    take_human_turn,
    wait_until,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

BUILT_IN = {"arsene", "chains", "on_schedule", "dominuxen", "apples", "roller_derby"}
BROKEN_WHEEL = "broken_game-1.0-py3-none-any.whl"
BROKEN_GAME = "broken"
# a wheel damaged on the server: its engine cannot even install it
DAMAGED_WHEEL, DAMAGED_GAME = "damaged_game-1.0-py3-none-any.whl", "damaged"
SEED = 7


class PluginSite:
    """The site built with the example game and a broken one, served on a free port."""

    def __init__(self, folder: Path, url: str, game_id: str) -> None:
        self.folder, self.url, self.game_id = folder, url, game_id


def example_project() -> Path:
    projects = sorted(path.parent for path in (ROOT / "examples").glob("*/pyproject.toml"))
    assert len(projects) == 1, f"examples/ should hold one game project, not {projects}"
    return projects[0]


def project_wheel(project: Path, out: Path) -> Path:
    """The wheel of the game project `project`, built into `out` as a designer builds one (pip wheel), from
    a copy of its sources: a build in place leaves build/ and an .egg-info beside them, which a later
    run of the Python tests in this checkout would find as an installed game."""
    source = out / f"{project.name}-source"
    shutil.copytree(project, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out),
                    str(source)], check=True)
    (wheel,) = out.glob("*.whl")
    return wheel


def example_wheel(out: Path) -> Path:
    """The example game's wheel, built from its sources as a designer would (pip wheel)."""
    return project_wheel(example_project(), out)


def broken_wheel(out: Path) -> Path:
    """A well-formed game wheel whose entry point raises as it is loaded."""
    path = out / BROKEN_WHEEL
    dist_info = "broken_game-1.0.dist-info"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("broken_game/__init__.py", 'raise RuntimeError("this game is broken on purpose")\n')
        archive.writestr(f"{dist_info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr(f"{dist_info}/METADATA", "Metadata-Version: 2.1\nName: broken-game\nVersion: 1.0\n")
        archive.writestr(f"{dist_info}/entry_points.txt", "[pygames.games]\nbroken = broken_game:GAME\n")
        archive.writestr(f"{dist_info}/RECORD", "")
    return path


def ship_after_the_build(site: Path, wheel: Path, game: str, like: str) -> None:
    """`wheel` added to a built site as if the build had shipped it: in plugins/, its game `game` in
    build.json's engines (plugin_games) and in catalog.json (as the game `like` is listed there). The build
    refuses a wheel whose game fails (tests/test_broken_wheels.py); a wheel can still fail in the page (a
    file changed on the server), and the page must then say so and play on."""
    info = json.loads((site / "build.json").read_text(encoding="utf-8"))
    info["plugin_games"][game] = [f"plugins/{wheel.name}"]
    (site / "build.json").write_text(json.dumps(info), encoding="utf-8")
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    listed = next(entry for entry in catalog if entry["id"] == like)
    catalog.append({**listed, "id": game, "title": {"en": f"{game} game", "ja": f"{game}ゲーム"}})
    (site / "catalog.json").write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    (site / "plugins" / wheel.name).write_bytes(wheel.read_bytes())


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PluginSite]:
    build = _build_module()
    wheels = tmp_path_factory.mktemp("wheels")
    example, broken = example_wheel(wheels / "example"), broken_wheel(wheels)
    site = tmp_path_factory.mktemp("plugin-site")
    info = build.build(site, [example])
    assert info["game_wheels"] == [f"plugins/{example.name}"]
    entry_points = zipfile.ZipFile(example).read(
        next(name for name in zipfile.ZipFile(example).namelist() if name.endswith(".dist-info/entry_points.txt")))
    game_id = entry_points.decode().split("[pygames.games]")[1].split("=")[0].strip()
    assert info["plugin_games"] == {game_id: [f"plugins/{example.name}"]}
    ship_after_the_build(site, broken, BROKEN_GAME, game_id)
    damaged = wheels / DAMAGED_WHEEL
    damaged.write_bytes(b"not a wheel")
    ship_after_the_build(site, damaged, DAMAGED_GAME, game_id)
    server = build.make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield PluginSite(site, f"http://127.0.0.1:{server.server_address[1]}/", game_id)
    server.shutdown()
    server.server_close()


@pytest.fixture
def visitor(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


def wait_for_added_game(page: Page, site: PluginSite) -> None:
    """The picker lists the example game (from catalog.json, before any engine has started)."""
    expect(page.locator(f'.game-choice[data-game="{site.game_id}"]')).to_be_visible()


def start_from_picker(page: Page, game: str, seed: int) -> None:
    page.click(f'.game-choice[data-game="{game}"]')
    page.select_option("#level", "normal")
    page.fill("#seed", str(seed))
    page.set_checked("#explain-choice", False)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden]) > [data-phase]")


def start_example(page: Page, site: PluginSite) -> None:
    start_from_picker(page, site.game_id, SEED)
    expect(page.locator("#game > .gn-table")).to_be_visible()


def saved(page: Page) -> dict:
    record = stored_save(page)
    assert record is not None
    return record


def turn_or_summary(page: Page) -> str:
    """Waits until the game stops for the player: the summary of a hand, or the player's turn drawn (and, on the
    generic table, saved: the bots before the player have moved and the save holds the state the table offers)."""
    page.wait_for_function(
        "() => document.querySelector('#summary[open]') || document.querySelector('#game > [data-my-turn=\"true\"]')",
        timeout=TIMEOUT_MS)
    if page.is_visible("#summary"):
        return "summary"
    if not page.is_visible("#game > .gn-table"):
        return "turn"
    wait_until(page, f"""async () => {{
            const snap = (await ({STORED_SAVE})())?.snap;
            const key = (action) => JSON.stringify(Object.keys(action).sort().map((name) => [name, action[name]]));
            const offered = [...document.querySelectorAll("#game [data-hint-key]")]
                .map((e) => key(JSON.parse(e.dataset.hintKey))).sort();
            return snap && JSON.stringify(snap.legal.map(key).sort()) === JSON.stringify(offered);
        }}""")
    return "turn"


def take_generic_turn(page: Page) -> None:
    """The first choice the generic table offers (a legal action, as given), checked against the save:
    the table offers exactly the snapshot's legal actions, one control each."""
    snap = saved(page)["snap"]
    offered = page.eval_on_selector_all("#game [data-hint-key]", "els => els.map(e => JSON.parse(e.dataset.hintKey))")
    assert sorted(map(json.dumps, offered)) == sorted(map(json.dumps, snap["legal"]))
    page.locator("#game [data-hint-key]").first.click()
    wait_for_moves_beyond(page, snap["moves"])


def wait_for_moves_beyond(page: Page, moves: int) -> None:
    """Until the saved game has more moves than `moves` (the move made was played and saved)."""
    wait_until(page, f"async (moves) => ((await ({STORED_SAVE})())?.snap.moves ?? -1) > moves", moves)


def play_to_the_end(page: Page) -> None:
    while True:
        if turn_or_summary(page) == "turn":
            take_generic_turn(page)
        elif page.is_visible("#summary-new-game"):
            return
        else:
            page.click("#summary-continue")
            expect(page.locator("#summary")).to_be_hidden()


def test_the_example_game_plays_to_its_end_and_resumes_after_a_reload(visitor: BrowserContext,
                                                                      plugin_site: PluginSite) -> None:
    page = visitor.new_page()
    open_site(page, plugin_site.url)
    wait_for_added_game(page, plugin_site)
    start_example(page, plugin_site)
    assert turn_or_summary(page) == "turn"
    take_generic_turn(page)
    assert turn_or_summary(page) == "turn"
    before = saved(page)
    page.reload()
    expect(page.locator("#game > .gn-table")).to_be_visible()
    expect(page.locator("#game")).not_to_have_attribute("data-starting", "")
    after = saved(page)
    assert (after["game"], after["text"], after["snap"]["moves"]) == (plugin_site.game_id, before["text"],
                                                                       before["snap"]["moves"])
    play_to_the_end(page)
    result = saved(page)["snap"]
    assert result["is_over"]
    expect(page.locator("#summary .gn-winners")).to_be_visible()


def test_a_broken_wheel_is_said_and_the_built_in_games_play_on(browser: Browser, plugin_site: PluginSite) -> None:
    # No service worker: every file a plugin's engine reads comes from the server, through this page's
    # routes, in every run (with one, its cache answered those reads once it had claimed the page, and
    # only sometimes before Start).
    context = browser.new_context(viewport=PHONE, locale="en-US", service_workers="block")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    # the added game is in the picker before Python starts (the build listed it in catalog.json)
    held = []  # the site's engine's script, held back: Python cannot start until it is let through
    page.route("**/worker.js", lambda route: held.append(route))
    open_site(page, plugin_site.url)
    expect(page.locator(f'.game-choice[data-game="{plugin_site.game_id}"]')).to_be_visible()
    expect(page.locator("#picker-status")).to_be_visible()  # still loading the runtime
    assert len(held) == 1
    held[0].continue_()
    # Only that first read is held: a plugin's engine reads worker.js too (engines.js hands its text to
    # the sandboxed frame), and a read held for ever would leave its Start unanswered.
    page.unroute("**/worker.js")
    wait_for_added_game(page, plugin_site)
    listed = set(page.eval_on_selector_all(".game-choice", "els => els.map(e => e.dataset.game)"))
    assert listed == BUILT_IN | {plugin_site.game_id, BROKEN_GAME, DAMAGED_GAME}
    # each one's engine starts when its game is asked for, and says why the game cannot be played: the
    # bridge, of a game that raises as it loads; the page, of a wheel its engine could not install
    expect(page.locator("#picker-status")).to_have_count(0)  # the site's engine is up: Start is offered
    # (a wheel that could not be installed is said by the game it carries, and why, with the wheel's error)
    raised, not_installed = "RuntimeError: this game is broken on purpose", "its file could not be installed"
    for game, error, said, why in [
            (BROKEN_GAME, "BadPlugin", raised, raised),
            # named by its title, as the picker lists it (ship_after_the_build's)
            (DAMAGED_GAME, "PluginFailed", f"The added game {DAMAGED_GAME} game could not be loaded ({not_installed}",
             not_installed)]:
        page.click(f'.game-choice[data-game="{game}"]')
        page.click("#start")
        expect(page.locator("#message")).to_have_attribute("data-error", error)
        expect(page.locator("#message-text")).to_contain_text(said)
        # said in full, not as an unknown failure ("Something went wrong: …")
        expect(page.locator("#message-text")).not_to_contain_text("went wrong")
        page.click("#message-dismiss")
        # from then on the picker marks it unavailable, with why, and it cannot be chosen
        card = page.locator(f'.game-card:has(.game-choice[data-game="{game}"])')
        expect(card.locator(".game-choice")).to_be_disabled()
        expect(card.locator(".game-unavailable")).to_contain_text(why)
    start_from_picker(page, "arsene", 8)
    turn_or_summary(page)
    moves = saved(page)["snap"]["moves"]
    take_human_turn(page)
    wait_for_moves_beyond(page, moves)
    context.close()


def test_the_example_games_how_to_play_from_the_picker(visitor: BrowserContext, plugin_site: PluginSite) -> None:
    # shipped in the game's own package (pygames_core/engine/howto.py), and copied by the build from the
    # wheel to the site's howto/, where the page reads the rules before Python starts (learn.js)
    document = json.loads((example_project() / plugin_site.game_id / "howto" / f"{plugin_site.game_id}.json")
                          .read_text(encoding="utf-8"))
    shipped = plugin_site.folder / "howto" / f"{plugin_site.game_id}.json"
    assert json.loads(shipped.read_text(encoding="utf-8")) == document
    page = visitor.new_page()
    open_site(page, plugin_site.url)
    wait_for_added_game(page, plugin_site)
    choice = page.locator(f'.game-choice[data-game="{plugin_site.game_id}"]')
    expect(choice).to_contain_text(document["pitch"]["en"])
    expect(choice).to_contain_text(document["length"]["en"])
    page.click(f'.how-to-play[data-rules="{plugin_site.game_id}"]')
    shown = page.locator("#help .rules-section[data-section]")
    expect(shown).to_have_count(len(document["sections"]))
    assert shown.evaluate_all("all => all.map(s => s.dataset.section)") == [s["id"] for s in document["sections"]]
    decisions = sum(p.get("decision", False) for section in document["sections"] for p in section["paragraphs"])
    expect(page.locator("#help p.decision .decision-mark")).to_have_count(decisions)
    page.screenshot(path=str(ARTIFACTS / "plugin-how-to-play-phone-en.png"))
    # a Japanese reader on a laptop: the same document in Japanese, the picker's line too
    page.keyboard.press("Escape")
    page.set_viewport_size(LAPTOP)
    page.select_option("#language", "ja")
    expect(choice).to_contain_text(document["pitch"]["ja"])
    page.click(f'.how-to-play[data-rules="{plugin_site.game_id}"]')
    expect(page.locator("#help .rules-section h3").first).to_have_text(document["sections"][0]["title"]["ja"])
    expect(page.locator("#help")).to_contain_text(document["sections"][-1]["paragraphs"][-1]["ja"])
    page.screenshot(path=str(ARTIFACTS / "plugin-how-to-play-laptop-ja.png"))


def test_the_example_game_plays_offline(visitor: BrowserContext, plugin_site: PluginSite) -> None:
    page = visitor.new_page()
    open_site(page, plugin_site.url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    wait_for_added_game(page, plugin_site)
    start_example(page, plugin_site)
    # everything precached, the plugins and micropip too (each poll asks, and reads the answer to the
    # poll before: wait_for_function polls a synchronous predicate); then no network at all
    page.wait_for_function("""() => {
        caches.keys().then((names) => names.length === 1 && caches.open(names[0]))
          .then((cache) => cache && cache.keys())
          .then((requests) => { window.precached = (requests ?? []).map((request) => request.url); });
        const urls = window.precached ?? [];
        return urls.some((url) => url.includes('/plugins/')) && urls.some((url) => url.includes('micropip'));
    }""", timeout=TIMEOUT_MS)
    visitor.set_offline(True)
    cdp = visitor.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()
    page.reload()
    expect(page.locator("#game > .gn-table")).to_be_visible()
    expect(page.locator("#game")).not_to_have_attribute("data-starting", "")
    assert turn_or_summary(page) == "turn"
    take_generic_turn(page)


def test_the_example_game_in_an_embed(visitor: BrowserContext, plugin_site: PluginSite) -> None:
    # the build listed the added game in catalog.json (from the sandbox): an embed in a blog post draws
    # its cover, titled, and starts the engine only when the reader plays
    catalog = json.loads((plugin_site.folder / "catalog.json").read_text(encoding="utf-8"))
    entry = next(game for game in catalog if game["id"] == plugin_site.game_id)
    assert entry["pitch"] is not None
    page = visitor.new_page()
    page.goto(f"{plugin_site.url}embed.html?pace=0#game={plugin_site.game_id}&seed={SEED}&lang=en")
    expect(page.locator("#embed-play")).to_be_visible()
    expect(page.locator("#embed-title")).to_have_text(entry["title"]["en"])
    loaded = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert not [name for name in loaded if "pyodide" in name or "/plugins/" in name], loaded
    page.click("#embed-play")
    expect(page.locator("#embed-stage > .gn-table")).to_be_visible()
    page.wait_for_function("() => document.querySelector('#embed-stage > [data-my-turn=\"true\"]')")
    key = next(name for name in page.evaluate("() => Object.keys(localStorage)") if name.startswith("pygames.embed."))
    before = page.evaluate("(key) => localStorage.getItem(key)", key)
    page.locator("#embed-stage [data-hint-key]").first.click()
    page.wait_for_function("([key, before]) => localStorage.getItem(key) !== before", arg=[key, before])


@pytest.mark.parametrize("size", ["phone", "laptop"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_generic_table_at_phone_and_laptop_sizes(visitor: BrowserContext, plugin_site: PluginSite,
                                                     language: str, size: str) -> None:
    page = visitor.new_page()
    page.set_viewport_size(PHONE if size == "phone" else LAPTOP)
    open_site(page, plugin_site.url)
    wait_for_added_game(page, plugin_site)
    start_example(page, plugin_site)
    page.select_option("#language", language)  # the table is drawn again in that language
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert turn_or_summary(page) == "turn"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"plugin-{plugin_site.game_id}-{language}-{size}.png"))
    assert_play_in_view(page, "hand", "actions")


def test_a_stopped_plugin_engine_is_replaced_and_its_game_comes_back(visitor: BrowserContext,
                                                                      plugin_site: PluginSite) -> None:
    # the site's engine stops under the example game's table (a request for the levels finds it gone):
    # it is replaced, and the table, whose game runs in an engine of its own, is left as it is
    page = visitor.new_page()
    page.goto(f"{plugin_site.url}?pace=0&watchdog=3000")
    start_example(page, plugin_site)
    assert turn_or_summary(page) == "turn"
    before = saved(page)
    table = page.inner_html("#game")
    next(worker for worker in page.workers if worker.url.endswith("/worker.js")).evaluate("self.close()")
    assert page.evaluate("() => window.pygamesBridge({op: 'levels'})")["ok"]  # sent again to the new one
    expect(page.locator("#message")).to_be_hidden()
    assert page.inner_html("#game") == table
    # the example game's engine is gone (its sandboxed frame removed, which ends its worker) when the
    # player moves: the client's watchdog notices, starts the engine again, and the table comes back
    # from its save with the move not made (client.js, engines.js); made again, it plays
    expect(page.locator("iframe.engine-frame")).to_have_count(1)
    page.evaluate("() => document.querySelector('iframe.engine-frame').remove()")
    page.locator("#game [data-hint-key]").first.click()
    expected = page.evaluate("""async () => {
      const { t } = await import("./src/i18n.js");
      return t("engineBackMove", { cause: t("engineCause_silent") });
    }""")
    expect(page.locator("#message-text")).to_have_text(expected)
    expect(page.locator("iframe.engine-frame")).to_have_count(1)  # the new engine's
    assert turn_or_summary(page) == "turn"
    assert saved(page)["text"] == before["text"]
    take_generic_turn(page)
