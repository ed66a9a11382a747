"""The built site on its trimmed runtime (build.py ships only the standard-library modules of
trim/stdlib_modules.txt and a lock file of the packages it loads): every game's bots at every level, a
hint, save and load, the Chains solver on a finished solitaire deal, every scenario and the errors a page
can cause, all through the page's own bridge (trim/exercise.py: a module the runtime lacks makes a
reply an InternalError naming it)."""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

from conftest import _build_module
from driver import open_site
from playwright.sync_api import Page

import pygames_core as pg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "trim"))
from exercise import exercise, read_scenarios  # noqa: E402  (trim/ is a folder of scripts, not a package)


def test_the_site_serves_the_trimmed_runtime(page: Page, site_url: str) -> None:
    build = _build_module()
    runtime = site_url + page.request.get(f"{site_url}build.json").json()["runtime"]
    stdlib = zipfile.ZipFile(io.BytesIO(page.request.get(f"{runtime}{build.STDLIB_ZIP}").body()))
    assert {build.zip_module(name) for name in stdlib.namelist()} - {None} == build.read_stdlib_modules()
    lock = json.loads(page.request.get(f"{runtime}{build.LOCK_FILE}").body())
    original = json.loads((build.PYODIDE_SOURCE / build.LOCK_FILE).read_text(encoding="utf-8"))
    assert lock == build.trim_lock(original, build.LOCK_PACKAGES)


def finished_solitaire(seed: int) -> str:
    """A Chains solitaire deal played to its end here by easy bots: its save."""
    game = pg.new_game("chains", players=1, seed=seed)
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    return game.to_json()


def test_everything_the_page_asks_of_the_rules_runs_on_the_trimmed_runtime(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.wait_for_function("() => window.pygamesBridge !== undefined")
    # one scenario of each game: they all take the same code path, and each costs a second here
    scenarios = list({scenario["game"]: scenario for scenario in read_scenarios(str(ROOT / "web" / "scenarios"))}
                     .values())
    exercise(lambda request: page.evaluate("request => window.pygamesBridge(request)", request), scenarios,
             finished_solitaire(0))
