"""build.py --game-wheel: the checks a third-party game's wheel passes before it is shipped (those that run
its code, in the sandbox: test_broken_wheels.py), and the
runtime's lock file and micropip that such a site ships. The install in the page is e2e/test_plugin.py."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

WHEEL_FILE = "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
ENTRY_POINTS = "[pygames.games]\ntricks = tricks_game:ENTRY\n"


def make_wheel(folder: Path, name: str = "tricks_game-0.1-py3-none-any.whl", *, wheel_file: str = WHEEL_FILE,
               entry_points: str | None = ENTRY_POINTS, files: dict[str, str | bytes] | None = None) -> Path:
    """A wheel as setuptools writes one: a module (and any more `files`) and its dist-info."""
    path = folder / name
    distribution = "-".join(name.split("-")[:2])
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("tricks_game/__init__.py", "ENTRY = None\n")
        for member, data in (files or {}).items():
            archive.writestr(member, data)
        archive.writestr(f"{distribution}.dist-info/WHEEL", wheel_file)
        archive.writestr(f"{distribution}.dist-info/METADATA", "Metadata-Version: 2.1\nName: tricks-game\n")
        if entry_points is not None:
            archive.writestr(f"{distribution}.dist-info/entry_points.txt", entry_points)
    return path


def test_a_game_wheel_and_a_folder_of_them_are_taken(build: ModuleType, tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path)
    folder = tmp_path / "more"
    folder.mkdir()
    other = make_wheel(folder, "cards_game-2.0-py3-none-any.whl")
    found = build.find_game_wheels([wheel, folder])
    assert [(game.path, game.distribution) for game in found] == [(wheel, "tricks_game"), (other, "cards_game")]


@pytest.mark.parametrize(("make", "said"), [
    (lambda folder: folder / "nothing.whl", "no such file or folder"),
    (lambda folder: folder, "the folder holds no wheel"),
    (lambda folder: make_wheel(folder, "tricks_game.zip"), "not a wheel's file name"),
    (lambda folder: make_wheel(folder, "pygames_core-0.1.0-py3-none-any.whl"), "the rules package itself"),
    (lambda folder: make_wheel(folder, "tricks_game-0.1-cp314-cp314-emscripten_4_0_wasm32.whl"),
     "not a pure-Python wheel (its tags say cp314-emscripten_4_0_wasm32"),
    (lambda folder: make_wheel(folder, wheel_file="Wheel-Version: 1.0\nRoot-Is-Purelib: false\n"),
     "lacks Root-Is-Purelib: true"),
    (lambda folder: make_wheel(folder, entry_points=None), "registers no game"),
    (lambda folder: make_wheel(folder, entry_points="[console_scripts]\ntricks = tricks_game:main\n"),
     "registers no game: no entry point in the group pygames.games"),
    (lambda folder: make_wheel(folder, entry_points="pygames.games]\n"), "entry_points.txt cannot be read"),
])
def test_a_wheel_that_is_no_game_fails_the_build_saying_why(build: ModuleType, tmp_path: Path, make, said: str) -> None:
    with pytest.raises(build.BuildError, match=re.escape(said)):
        build.find_game_wheels([make(tmp_path)])


def test_a_file_that_is_no_zip_is_no_wheel(build: ModuleType, tmp_path: Path) -> None:
    fake = tmp_path / "tricks_game-0.1-py3-none-any.whl"
    fake.write_text("not a zip", encoding="utf-8")
    with pytest.raises(build.BuildError, match="not a wheel"):
        build.find_game_wheels([fake])


def test_two_versions_of_one_game_fail_the_build(build: ModuleType, tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    make_wheel(first)
    make_wheel(second, "tricks_game-0.2-py3-none-any.whl")
    with pytest.raises(build.BuildError, match="more than one wheel of tricks_game"):
        build.find_game_wheels([first, second])


def test_micropip_is_the_only_package_a_site_with_games_adds_to_the_lock(build: ModuleType) -> None:
    lock = json.loads((build.PYODIDE_SOURCE / build.LOCK_FILE).read_text(encoding="utf-8"))
    assert list(build.trim_lock(lock, build.PLUGIN_LOCK_PACKAGES)["packages"]) == ["micropip"]
    assert build.trim_lock(lock, build.LOCK_PACKAGES)["packages"] == {}
    version, _ = build.PYPI_WHEELS["micropip"]
    assert lock["packages"]["micropip"]["version"] == version


def test_a_new_pyodide_wanting_another_micropip_fails_the_build_naming_the_pin(build: ModuleType) -> None:
    with pytest.raises(build.BuildError, match=r"wants micropip 9\.9, build\.py pins 0\.11\.1"):
        build.pypi_wheel("micropip", {"version": "9.9", "file_name": "micropip-9.9-py3-none-any.whl"})


# a valid document of a plugin game: the example game's
HOW_TO_PLAY = json.loads((Path(__file__).resolve().parents[1] / "examples" / "german_whist" / "german_whist" / "howto"
                          / "german_whist.json").read_text(encoding="utf-8"))


def test_a_wheels_how_to_play_is_shipped_beside_the_built_in_ones(build: ModuleType, tmp_path: Path) -> None:
    """A game's document, <its top-level package>/howto/<id>.json in the wheel, is read without running
    the plugin and written as howto/<id>.json (the page reads the rules from there before Python starts);
    a wheel without one ships none."""
    document = json.dumps(HOW_TO_PLAY, ensure_ascii=False)
    wheel = make_wheel(tmp_path, entry_points="[pygames.games]\ntricks = tricks_game.entry:ENTRY\n",
                       files={"tricks_game/howto/tricks.json": document})
    bare = make_wheel(tmp_path, "cards_game-2.0-py3-none-any.whl",
                      entry_points="[pygames.games]\ncards = cards_game:ENTRY\n")
    found = build.find_game_wheels([wheel, bare])
    assert found[0].documents == {"tricks": document.encode("utf-8")} and found[1].documents == {}
    howto = tmp_path / "howto"
    howto.mkdir()
    build.write_plugin_how_to_play(howto, found)
    assert json.loads((howto / "tricks.json").read_text(encoding="utf-8")) == HOW_TO_PLAY
    assert sorted(path.name for path in howto.iterdir()) == ["tricks.json"]


@pytest.mark.parametrize(("document", "said"), [
    (b"{not json", "tricks's how-to-play document: not a JSON document"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deep"),
    (json.dumps({**HOW_TO_PLAY, "sections": [{**HOW_TO_PLAY["sections"][0], "example": "arsene-basics"}]}).encode(),
     "example"),
])
def test_a_malformed_how_to_play_in_a_wheel_fails_the_build_saying_why(build: ModuleType, tmp_path: Path,
                                                                        document: bytes, said: str) -> None:
    wheel = make_wheel(tmp_path, files={"tricks_game/howto/tricks.json": document})
    found = build.find_game_wheels([wheel])
    with pytest.raises(build.BuildError, match=re.escape(said)):
        build.write_plugin_how_to_play(tmp_path, found)
    assert not (tmp_path / "tricks.json").exists()


def test_a_wheels_game_id_that_is_taken_fails_the_build(build: ModuleType, tmp_path: Path) -> None:
    """A plugin naming its game like a built-in one would replace that game's rules page."""
    wheel = make_wheel(tmp_path, entry_points="[pygames.games]\narsene = tricks_game:ENTRY\n",
                       files={"tricks_game/howto/arsene.json": json.dumps(HOW_TO_PLAY)})
    (tmp_path / "arsene.json").write_text("{}", encoding="utf-8")  # the built-in game's, written first
    with pytest.raises(build.BuildError, match="the game id 'arsene' is taken"):
        build.write_plugin_how_to_play(tmp_path, build.find_game_wheels([wheel]))
    assert (tmp_path / "arsene.json").read_text(encoding="utf-8") == "{}"


def test_each_game_wheels_engine_installs_it_and_what_it_requires(build: ModuleType, tmp_path: Path) -> None:
    """build.json's plugin_games: each game's engine in the page (web/engines.js) installs its own wheel and
    the wheels it requires, directly or not, and none of another game wheel's."""
    def wheel(name: str, games: str, requires: tuple[str, ...] = ()) -> Path:
        path = tmp_path / f"{name}-1.0-py3-none-any.whl"
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr(f"{name}/__init__.py", "")
            archive.writestr(f"{name}-1.0.dist-info/WHEEL", WHEEL_FILE)
            archive.writestr(f"{name}-1.0.dist-info/METADATA", f"Metadata-Version: 2.1\nName: {name}\n"
                             + "".join(f"Requires-Dist: {required}\n" for required in requires))
            if games:
                archive.writestr(f"{name}-1.0.dist-info/entry_points.txt", f"[pygames.games]\n{games}")
        return path

    found = build.find_game_wheels([
        wheel("tricks_game", "tricks = tricks_game:ENTRY\nmore_tricks = tricks_game:MORE\n", ("card_kit",)),
        wheel("card_kit", "", ("deck_kit",)), wheel("deck_kit", ""), wheel("dice_game", "dice = dice_game:ENTRY\n")])
    tricks = ["plugins/tricks_game-1.0-py3-none-any.whl", "plugins/card_kit-1.0-py3-none-any.whl",
              "plugins/deck_kit-1.0-py3-none-any.whl"]
    assert build.plugin_engines(found) == {"tricks": tricks, "more_tricks": tricks,
                                           "dice": ["plugins/dice_game-1.0-py3-none-any.whl"]}


def test_every_page_allows_the_plugin_frames_script_by_its_hash(build: ModuleType, tmp_path: Path) -> None:
    """A third-party game's sandboxed frame inherits the page's policy, which must name its one script
    (web/plugin-host.js) by its hash: a page naming another fails the build, saying which hash to write."""
    for page in (build.WEB).glob("*.html"):
        (tmp_path / page.name).write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    build.check_plugin_host(tmp_path)
    index = tmp_path / "index.html"
    index.write_text(re.sub(r"'sha256-[^']+'", "'sha256-stale='", index.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(build.BuildError, match=r"index\.html: .* by its hash, 'sha256-[A-Za-z0-9+/]+=*'"):
        build.check_plugin_host(tmp_path)
