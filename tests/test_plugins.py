"""Games as plugins (docs/api.md, "Games as plugins"; docs/adding-a-game.md, "Your own game as a
package"): the built-in games come through their entry points; a broken or shadowing plugin is named
and the others play on; `pygames new-game` writes a package whose own tests pass straight away; and the
example game, built into a wheel and installed into a fresh virtual environment, plays through
pygames_core found by its entry point."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from helpers import fake_distribution, run_command

import pygames_core as pg
from pygames_core import games as games_module
from pygames_core.app.cli import main as cli_main
from pygames_core.app.scaffold import BadGameName, new_game_package
from pygames_core.games import discover

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "german_whist"
BUILT_IN = ["arsene", "chains", "on_schedule", "dominuxen", "apples", "roller_derby"]



def pytest_in(package: Path, dist_folder: Path) -> str:
    """The package's own tests, with it and its fake distribution on the path (its entry point found)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(package), str(dist_folder)])}
    return run_command(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", cwd=package, env=env)


def test_the_built_in_games_are_entry_points_in_their_order() -> None:
    from importlib.metadata import entry_points

    registered = {point.name: point.value for point in entry_points(group="pygames.games")}
    assert registered == {point.name: point.value for point in games_module._entry_points()}  # the same reading
    assert {game: registered[game] for game in BUILT_IN} == {game: f"pygames_core.games.{game}:ENTRY"
                                                              for game in BUILT_IN}
    assert [g["id"] for g in pg.list_games()] == BUILT_IN
    assert pg.plugin_errors() == []


def test_importing_the_package_imports_no_game_and_the_catalog_no_importlib_metadata() -> None:
    code = "import sys, pygames_core; print(sorted(m for m in sys.modules if m.startswith('pygames_core.games.')))"
    assert run_command(sys.executable, "-c", code, cwd=ROOT).strip() == "[]"
    code = "import sys, pygames_core as pg; pg.list_games(); print('importlib.metadata' in sys.modules)"
    assert run_command(sys.executable, "-c", code, cwd=ROOT).strip() == "False"
    code = ("import sys, pygames_core as pg; pg.new_game('arsene'); "
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('pygames_core.games.')}))")
    assert run_command(sys.executable, "-c", code, cwd=ROOT).strip() == "['arsene']"


def test_an_old_egg_info_in_a_checkout_does_not_hide_the_installed_games(tmp_path: Path) -> None:
    # what a build leaves in a source checkout, older than the entry points (Python runs from there)
    (tmp_path / "pygames_core.egg-info").mkdir()
    (tmp_path / "pygames_core.egg-info" / "entry_points.txt").write_text("[console_scripts]\npygames = x:y\n")
    code = "import pygames_core as pg; print(len(pg.list_games()))"
    assert run_command(sys.executable, "-c", code, cwd=tmp_path).strip() == str(len(BUILT_IN))


def test_broken_and_shadowing_plugins_are_named_and_the_others_play_on(plugins: Path) -> None:
    (plugins / "broken_game.py").write_text("raise RuntimeError('the deck is missing')\n", encoding="utf-8")
    (plugins / "not_an_entry.py").write_text("ENTRY = 42\n", encoding="utf-8")
    (plugins / "needy_game.py").write_text("import no_such_module_here\n", encoding="utf-8")
    (plugins / "other_id.py").write_text("from pygames_core.games.arsene import ENTRY\n", encoding="utf-8")
    fake_distribution(plugins, "pygames-broken", {
        "broken_game": "broken_game:ENTRY", "not_an_entry": "not_an_entry:ENTRY", "other_id": "other_id:ENTRY",
        "arsene": "other_id:ENTRY", "needy_game": "needy_game:ENTRY"})
    discover()
    assert [g["id"] for g in pg.list_games()] == BUILT_IN
    errors = {problem["game"]: problem["message"] for problem in pg.plugin_errors()}
    assert errors.keys() == {"broken_game", "not_an_entry", "other_id", "arsene", "needy_game"}
    assert "pygames_broken" in errors["broken_game"] and "RuntimeError: the deck is missing" in errors["broken_game"]
    assert "not a pygames_core.games.Entry" in errors["not_an_entry"]
    assert "holds the game 'arsene'" in errors["other_id"]
    assert "pygames_core already has a game with that id" in errors["arsene"]
    reasons = {problem["game"]: problem["reason"] for problem in pg.plugin_errors()}
    assert reasons == {"broken_game": {"kind": "raised", "error": "RuntimeError: the deck is missing"},
                       "not_an_entry": {"kind": "bad_entry"}, "other_id": {"kind": "bad_entry"},
                       "arsene": {"kind": "taken"},
                       "needy_game": {"kind": "missing_module", "module": "no_such_module_here"}}
    with pytest.raises(pg.BadPlugin, match="the deck is missing"):
        pg.new_game("broken_game")
    assert issubclass(pg.BadPlugin, pg.UnknownGame)
    game = pg.new_game("arsene", seed=3)  # still pygames_core's own
    game.apply(pg.bot_action(game, "normal", seed=1))
    assert pg.load_game(game.to_json()).history == game.history


def test_a_plugin_ships_its_how_to_play_in_its_own_package(plugins: Path) -> None:
    # the example's package as it is installed, with its entry point
    shutil.copytree(EXAMPLE / "german_whist", plugins / "german_whist")
    fake_distribution(plugins, "pygames-german-whist", {"german_whist": "german_whist:ENTRY"})
    discover()
    document = pg.how_to_play("german_whist")
    assert {"goal", "deal", "turn", "scoring", "end"} <= {section["id"] for section in document["sections"]}
    listed = next(game for game in pg.list_games() if game["id"] == "german_whist")
    assert listed["pitch"] == document["pitch"] and listed["length"] == document["length"]


def test_a_game_installed_in_the_builds_python_is_neither_listed_nor_run_by_the_build(
        plugins: Path, build: ModuleType, tmp_path: Path) -> None:
    """The guide installs a designer's game into the build's venv; a plain build.py must not list it
    (it would not ship its wheel: Start said "no game 'sevens'"), nor run its code."""
    shutil.copytree(EXAMPLE / "german_whist", plugins / "german_whist")
    fake_distribution(plugins, "pygames-german-whist", {"german_whist": "german_whist:ENTRY"})
    discover()
    assert [game["id"] for game in build.site_catalog(tmp_path / "core.whl", [])] == BUILT_IN
    howto = tmp_path / "howto"
    build.write_how_to_play(howto)
    assert sorted(path.stem for path in howto.iterdir()) == sorted(BUILT_IN)
    assert "german_whist" not in sys.modules
    assert [game["id"] for game in pg.list_games()] == [*BUILT_IN, "german_whist"]  # installed, it plays here


def test_a_plugins_broken_how_to_play_is_said_and_the_game_plays_on(plugins: Path) -> None:
    shutil.copytree(EXAMPLE / "german_whist", plugins / "german_whist")
    fake_distribution(plugins, "pygames-german-whist", {"german_whist": "german_whist:ENTRY"})
    path = plugins / "german_whist" / "howto" / "german_whist.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["sections"][0]["example"] = "arsene-push"  # one of the site's own scenarios: not the plugin's
    path.write_text(json.dumps(document), encoding="utf-8")
    discover()
    listed = next(game for game in pg.list_games() if game["id"] == "german_whist")
    assert listed["pitch"] is None and pg.plugin_errors() == []  # no "How to play" offered; the game is
    with pytest.raises(pg.BadHowToPlay, match=r"german_whist/howto/german_whist\.json: section 'goal': example"):
        pg.how_to_play("german_whist")
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(pg.BadHowToPlay, match=r"german_whist/howto/german_whist\.json: not a JSON document"):
        pg.how_to_play("german_whist")
    game = pg.new_game("german_whist", seed=2)
    game.apply(pg.bot_action(game, "normal", seed=1))
    assert len(game.history) == 1


def test_the_scaffold_refuses_bad_names_and_existing_folders(tmp_path: Path) -> None:
    for name in ("", "My_game", "2game", "my-game", "game_", "a__b", "x" * 33, "class", "json", "arsene"):
        with pytest.raises(BadGameName):
            new_game_package(name, tmp_path)
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "mine.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(BadGameName, match="already exists"):
        new_game_package("taken", tmp_path)
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["mine.txt"]
    assert cli_main(["new-game", "Bad-Name", "--into", str(tmp_path)]) == 2


def test_the_scaffold_writes_a_game_whose_own_tests_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["new-game", "high_card", "--into", str(tmp_path)]) == 0
    assert f"wrote the game 'high_card' in {tmp_path / 'high_card'}" in capsys.readouterr().out
    package = tmp_path / "high_card"
    assert "high_card = \"high_card:ENTRY\"" in (package / "pyproject.toml").read_text(encoding="utf-8")
    fake_distribution(tmp_path / "site", "pygames-high-card", {"high_card": "high_card:ENTRY"})
    assert "16 passed" in pytest_in(package, tmp_path / "site")


def test_the_scaffolds_next_steps_work_as_printed_from_another_folder(tmp_path: Path) -> None:
    """`new-game --into` prints its next steps with absolute paths and the Python that ran it: run from
    a folder that is neither the game's nor this checkout, in a fresh virtual environment (which sees
    this one's packages, and gets the game installed in it alone), they install the game, pass its
    tests, play it, type-check it with mypy --strict and build its wheel, which the printed site build
    takes."""
    venv, elsewhere = tmp_path / "venv", tmp_path / "elsewhere"
    elsewhere.mkdir()
    run_command(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    (site_packages,) = venv.glob("lib/python*/site-packages")
    ours = next(folder for folder in sys.path if folder.endswith("site-packages") and Path(folder).is_dir())
    (site_packages / "this_checkouts_packages.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    printed = run_command(python, "-m", "pygames_core", "new-game", "sevens", "--into", "games", cwd=elsewhere)
    commands = [line.strip() for line in printed.splitlines()[1:] if not line.strip().startswith("#")]
    assert len(commands) == 6 and all(str(python) in command for command in commands), printed
    install, tests, play, types, wheel, site = commands
    game = elsewhere / "games" / "sevens"
    assert f"-e {game}" in install and f"cd {game} &&" in tests
    for command in (install, tests, types, wheel):
        run_command("bash", "-c", command, cwd=elsewhere)
    played = subprocess.run(["bash", "-c", play], cwd=elsewhere, input="q\n", capture_output=True, text=True,
                            check=False)
    assert played.returncode == 0 and "saved game:" in played.stdout, played.stderr
    assert [path.name for path in (game / "dist").iterdir()] == ["pygames_sevens-0.1.0-py3-none-any.whl"]
    assert site == f"{python} {ROOT / 'build.py'} --game-wheel {game / 'dist'} serve"


def test_the_command_line_names_the_file_and_line_of_a_bug_in_a_game(
        plugins: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    package = new_game_package("buggy", plugins / "source") / "buggy"
    rules = package / "rules.py"
    source = rules.read_text(encoding="utf-8")
    bug = "        state.hands[seat][len(state.hands[seat])]  # one past the end\n"
    line = "        state.hands[seat].remove(card)\n"
    rules.write_text(source.replace(line, bug + line), encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    fake_distribution(plugins, "pygames-buggy", {"buggy": "buggy:ENTRY"})
    discover()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))  # the first card
    assert cli_main(["play", "buggy", "--seed", "1"]) == 1
    said = capsys.readouterr().err
    number = 1 + rules.read_text(encoding="utf-8").splitlines().index(bug[:-1])
    assert said.startswith("error: the game's code failed:\nIndexError: list index out of range\n")
    assert f"{rules}, line {number}, in apply: state.hands[seat][len(state.hands[seat])]" in said


def test_the_example_passes_its_own_tests(tmp_path: Path) -> None:
    fake_distribution(tmp_path, "pygames-german-whist", {"german_whist": "german_whist:ENTRY"})
    assert " passed" in pytest_in(EXAMPLE, tmp_path)


PLAY_THROUGH = """
import json, pygames_core as pg
from pygames_core.app import bridge
ids = [g["id"] for g in pg.list_games()]
game = pg.new_game("german_whist", seed=5)
hint = pg.hint(game, seed=1, time_budget_ms=50)
while not game.is_over:
    game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
loaded = pg.load_game(game.to_json())
reply = json.loads(bridge.call(json.dumps({"op": "new", "game": "german_whist", "seed": "9", "seat": 0})))
first = pg.new_game("german_whist", seed=5).legal_actions()[0]
scenario = {"game": "german_whist", "seed": 5, "seat": 0, "steps": [{"action": first, "caption": {"en": "A lead"}}]}
shown = json.loads(bridge.call(json.dumps({"op": "scenario", "scenario": scenario})))
print(json.dumps({"ids": ids, "moves": len(game.history), "result": game.result(), "hint": hint["action"],
                  "same": loaded.result() == game.result(), "labels": sorted(reply["snapshot"]["view"]["labels"]),
                  "errors": pg.plugin_errors(), "scenario": shown["ok"] and len(shown["frames"]) >= 1,
                  "pitch": pg.how_to_play("german_whist")["pitch"] == pg.list_games()[-1]["pitch"] is not None}))
"""


def test_the_example_wheel_installs_into_a_fresh_venv_and_plays(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    # no build isolation: the development environment's setuptools builds both, without a download
    # the example from a copy: a build in place would leave build/ and an .egg-info in examples/
    example = shutil.copytree(EXAMPLE, tmp_path / "example", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    run_command(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", wheels, ROOT,
                example, cwd=tmp_path)
    (example_wheel,) = wheels.glob("pygames_german_whist-*-py3-none-any.whl")
    venv = tmp_path / "venv"
    run_command(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run_command(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index", "--no-compile",
                "--no-deps", *wheels.glob("*.whl"), cwd=tmp_path)
    played = json.loads(run_command(python, "-c", PLAY_THROUGH, cwd=tmp_path))
    assert played["ids"] == [*BUILT_IN, "german_whist"] and played["errors"] == []
    assert played["moves"] == 52 and played["result"]["over"] and sum(played["result"]["scores"]) == 13
    assert played["hint"]["type"] == "play" and played["same"]
    assert played["labels"] == ["actions", "events"] and played["scenario"]
    assert played["pitch"]  # its how-to-play document came in the wheel
    assert example_wheel.name.endswith("-py3-none-any.whl")
    summary = run_command(venv / "bin" / "pygames", "simulate", "german_whist", "-n", "2", cwd=tmp_path)
    assert "mean_moves: 52.0" in summary
    run_command(venv / "bin" / "pygames", "new-game", "from_wheel", cwd=tmp_path)  # the template ships in the wheel
    assert (tmp_path / "from_wheel" / "from_wheel" / "rules.py").is_file()
