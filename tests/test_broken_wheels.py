"""build.py --game-wheel ships exactly what it lists, and refuses a game wheel that would break in the
page, naming the cause (issue 47): a bug in `apply` (the contract suite's traceback's last frames), a
dependency that is not given, an entry point that names nothing, a tuple in a legal action. Each wheel
is the scaffold's game (`pygames new-game`) with one mistake, written here into tmp_path; its code runs
in the sandbox (the pinned Pyodide under Node: build.check_in_sandbox), never in this Python."""

from __future__ import annotations

import re
import shutil
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from pygames_core.app.scaffold import new_game_package

GAME = "buggy"
APPLY_LINE = "        state.hands[seat].remove(card)\n"


@pytest.fixture(scope="module")
def core_wheel(build: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of pygames_core the site would ship (as sources: the sandbox's Python compiles them)."""
    wheel: Path = build.build_wheel(tmp_path_factory.mktemp("core"))
    return wheel


def game_wheel(folder: Path, *, replace: dict[str, tuple[str, str]] | None = None, entry: str | None = None,
               requires: tuple[str, ...] = ("pygames_core",), game: str = GAME) -> Path:
    """The scaffold's game `game` (`buggy`) as a wheel, with each `replace`d text of its files (by file
    name in the package) replaced; its entry point `entry` (default: the package's ENTRY), its
    Requires-Dist `requires`. (The browser's tests of a broken game, e2e/test_broken_game.py, ship
    such wheels too.)"""
    package = new_game_package(game, folder / "source") / game
    for name, (old, new) in (replace or {}).items():
        source = (package / name).read_text(encoding="utf-8")
        assert old in source, f"the scaffold's {name} no longer has {old!r}"
        (package / name).write_text(source.replace(old, new, 1), encoding="utf-8")
    path = folder / f"{game}-0.1.0-py3-none-any.whl"
    info = f"{game}-0.1.0.dist-info"
    with zipfile.ZipFile(path, "w") as archive:
        for module in sorted(package.glob("*.py")):
            archive.write(module, f"{game}/{module.name}")
        archive.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {game}\nVersion: 0.1.0\n"
                         + "".join(f"Requires-Dist: {requirement}\n" for requirement in requires))
        archive.writestr(f"{info}/entry_points.txt", f"[pygames.games]\n{game} = {entry or f'{game}:ENTRY'}\n")
    return path


def sandbox_refuses(build: ModuleType, core_wheel: Path, *wheels: Path) -> str:
    with pytest.raises(build.BuildError) as refused:
        build.check_in_sandbox(core_wheel, build.find_game_wheels(list(wheels)))
    return str(refused.value)


def test_the_scaffolds_game_passes_and_is_listed(build: ModuleType, core_wheel: Path, tmp_path: Path) -> None:
    listed = build.check_in_sandbox(core_wheel, build.find_game_wheels([game_wheel(tmp_path)]))
    assert [entry["id"] for entry in listed] == [GAME]
    assert GAME not in sys.modules  # its code ran in the sandbox only


def test_a_bug_in_apply_is_named_with_its_file_and_line(build: ModuleType, core_wheel: Path, tmp_path: Path) -> None:
    bug = "        state.hands[seat][len(state.hands[seat])]  # one past the end\n"
    wheel = game_wheel(tmp_path, replace={"rules.py": (APPLY_LINE, bug + APPLY_LINE)})
    said = sandbox_refuses(build, core_wheel, wheel)
    source = (tmp_path / "source" / GAME / GAME / "rules.py").read_text(encoding="utf-8")
    line = 1 + source.splitlines().index(bug[:-1])
    assert f"{GAME}-0.1.0-py3-none-any.whl: the game '{GAME}' fails the contract suite" in said
    assert "IndexError: list index out of range" in said
    assert f"{GAME}/rules.py, line {line}, in apply: state.hands[seat][len(state.hands[seat])]" in said


def test_a_requirement_that_is_not_given_is_named(build: ModuleType, tmp_path: Path) -> None:
    wheel = game_wheel(tmp_path, requires=("pygames_core", "more-itertools>=10", "pytest; extra == 'test'"))
    with pytest.raises(build.BuildError, match=re.escape("requires more-itertools (its Requires-Dist), which no "
                                                         "--game-wheel provides")):
        build.find_game_wheels([wheel])


def test_an_import_nothing_given_provides_is_named(build: ModuleType, core_wheel: Path, tmp_path: Path) -> None:
    uses = ("from __future__ import annotations\n",
            "from __future__ import annotations\n\nimport more_itertools\n")
    said = sandbox_refuses(build, core_wheel, game_wheel(tmp_path, replace={"state.py": uses}))
    source = (tmp_path / "source" / GAME / GAME / "state.py").read_text(encoding="utf-8")
    line = 1 + source.splitlines().index("import more_itertools")
    assert (f"{GAME}/state.py, line {line}: imports 'more_itertools', which neither the wheel, pygames_core, the "
            "standard library nor another --game-wheel provides") in said


def test_a_dependency_given_as_a_wheel_is_taken(build: ModuleType, tmp_path: Path) -> None:
    """A wheel that registers no game is shipped as the dependency a given game requires, and only so."""
    wheel = game_wheel(tmp_path, requires=("pygames_core", "more_itertools"))
    dependency = tmp_path / "more_itertools-10.0.0-py3-none-any.whl"
    with zipfile.ZipFile(dependency, "w") as archive:
        archive.writestr("more_itertools/__init__.py", "def first(items):\n    return next(iter(items))\n")
        archive.writestr("more_itertools-10.0.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\n")
        archive.writestr("more_itertools-10.0.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: more-itertools\n")
    found = build.find_game_wheels([wheel, dependency])
    assert [(game.distribution, game.games) for game in found] == [(GAME, (GAME,)), ("more_itertools", ())]
    alone = tmp_path / "alone"
    alone.mkdir()
    with pytest.raises(build.BuildError, match=r"registers no game: .* and no game given requires it"):
        build.find_game_wheels([Path(shutil.copy2(dependency, alone))])


def test_an_entry_point_typo_is_named(build: ModuleType, core_wheel: Path, tmp_path: Path) -> None:
    said = sandbox_refuses(build, core_wheel, game_wheel(tmp_path, entry=f"{GAME}:ENTYR"))
    assert f"the game plugin '{GAME}' ({GAME}:ENTYR, from {GAME}) failed to load: AttributeError" in said
    assert "ENTYR" in said


@pytest.fixture(scope="module")
def tuple_in_an_action(build: ModuleType, core_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """What the build says of a game whose legal actions hold a tuple (JSON, the page's, makes it a list,
    which is then no legal action: the player's every move would be refused)."""
    legal = '[{"type": "play", "card": card} for card in state.hands[seat]]'
    with_tuple = '[{"type": "play", "card": card, "at": (seat, len(state.trick))} for card in state.hands[seat]]'
    wheel = game_wheel(tmp_path_factory.mktemp("tuple"), replace={"rules.py": (legal, with_tuple)})
    return sandbox_refuses(build, core_wheel, wheel)


def test_a_tuple_in_a_legal_action_fails_the_build(tuple_in_an_action: str) -> None:
    assert f"the game '{GAME}' fails the contract suite" in tuple_in_an_action


def test_a_tuple_in_a_legal_action_is_named(tuple_in_an_action: str) -> None:
    # the field that does not survive the page's JSON, named
    assert re.search(r"""["']at["']""", tuple_in_an_action) and "tuple" in tuple_in_an_action


# A game module that tries, as it is imported, to read a file of the builder's (Emscripten's NODEFS
# mounts a host folder) and an environment variable, and says what it got. Its imports are hidden from
# the build's reading of its sources, which would refuse them (js, pyodide: no wheel given provides them).
PRYING = """
js, pyodide_js = __import__("js"), __import__("pyodide_js")
to_js = __import__("pyodide.ffi", fromlist=["to_js"]).to_js

try:
    pyodide_js.FS.mkdirTree("/host")
    pyodide_js.FS.mount(pyodide_js.FS.filesystems.NODEFS, to_js({"root": %r}, dict_converter=js.Object.fromEntries),
                        "/host")
    got = "read build.py: " + open("/host/build.py").read(20)
except Exception as error:
    got = f"refused ({type(error).__name__})"
raise RuntimeError(f"{got}; HOME={getattr(js.process.env, 'HOME', None)}")
"""


def test_a_wheels_code_can_read_no_file_nor_variable_of_the_builders(build: ModuleType, core_wheel: Path,
                                                                      tmp_path: Path) -> None:
    """Node's permission model refuses the read, and the sandbox is given no environment (run by hand
    without either, the same code reads build.py and HOME)."""
    prying = PRYING % str(Path(build.__file__).parent)
    init = "from pygames_core.games import Entry\n"
    said = sandbox_refuses(build, core_wheel, game_wheel(tmp_path, replace={"__init__.py": (init, prying + init)}))
    assert "failed to load: RuntimeError: refused (JsException); HOME=None" in said
