"""The trimming of Pyodide's standard library and lock file (build.py), and the list of modules kept
(trim/stdlib_modules.txt) checked against what CPython imports doing everything the site does.
Pyodide's own imports are checked in the browser, on the built site: e2e/test_trimmed_runtime.py."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "trim"))
from discover import build  # noqa: E402  (build.py, loaded as a module; trim/ is a folder of scripts)

PYODIDE_ZIP = build.PYODIDE_SOURCE / build.STDLIB_ZIP


def _zip(entries: dict[str, bytes]) -> bytes:
    """A zip as Pyodide's is made: deflated files, stored folders."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    return data.getvalue()


SMALL = {
    "json/": b"", "json/__init__.py": b"from .decoder import x\n", "json/decoder.py": b"x = 1\n",
    "json/tool.py": b"import argparse\n", "os.py": b"sep = '/'\n", "argparse.py": b"import os\n" * 50,
    "pyodide/": b"", "pyodide/py.typed": b"", "pyodide/ffi/": b"", "pyodide/ffi/__init__.py": b"y = 2\n",
    "site-packages/": b"", "site-packages/README.txt": b"a folder\n",
}


@pytest.mark.parametrize(("entry", "module"), [
    ("os.py", "os"), ("json/__init__.py", "json"), ("json/decoder.py", "json.decoder"), ("os.pyc", "os"),
    ("json/__init__.pyc", "json"),
    ("pyodide/ffi/__init__.py", "pyodide.ffi"), ("json/", None), ("pyodide/py.typed", None),
    ("site-packages/README.txt", None),
    ("_sysconfigdata__emscripten_wasm32-emscripten.py", "_sysconfigdata__emscripten_wasm32-emscripten"),
])
def test_a_zip_entry_names_the_module_it_holds(entry: str, module: str | None) -> None:
    assert build.zip_module(entry) == module


def test_only_the_listed_modules_and_their_folders_are_kept_in_order() -> None:
    trimmed = zipfile.ZipFile(io.BytesIO(build.trim_stdlib(_zip(SMALL), frozenset({"json", "json.decoder",
                                                                                     "os", "pyodide.ffi"}))))
    assert trimmed.namelist() == ["json/", "json/__init__.py", "json/decoder.py", "os.py", "pyodide/",
                                  "pyodide/ffi/", "pyodide/ffi/__init__.py"]
    assert trimmed.read("json/decoder.py") == SMALL["json/decoder.py"]
    assert trimmed.testzip() is None


def test_a_listed_module_the_zip_lacks_fails_the_build_naming_it() -> None:
    with pytest.raises(build.BuildError, match=r"no module json\.encoder, pyodide\.http: a new Pyodide\?.*discover"):
        build.trim_stdlib(_zip(SMALL), frozenset({"os", "json.encoder", "pyodide.http"}))


def test_the_trimmed_pyodide_zip_keeps_each_entry_as_the_original_has_it() -> None:
    """Same files, compression (method and level: the same compressed sizes), dates and attributes."""
    modules = build.read_stdlib_modules()
    original = zipfile.ZipFile(PYODIDE_ZIP)
    trimmed = zipfile.ZipFile(io.BytesIO(build.trim_stdlib(PYODIDE_ZIP.read_bytes(), modules)))
    assert {build.zip_module(name) for name in trimmed.namelist()} - {None} == modules
    for entry in trimmed.infolist():
        source = original.getinfo(entry.filename)
        assert (entry.compress_type, entry.compress_size, entry.CRC, entry.date_time, entry.external_attr) == (
            source.compress_type, source.compress_size, source.CRC, source.date_time, source.external_attr)
    # Pyodide's own bootstrap modules, and what starting Python and loading a wheel need
    assert {"_pyodide._base", "_pyodide._importhook", "pyodide._package_loader", "encodings.utf_8", "site",
            "zipfile"} <= modules


def test_the_list_is_read_without_its_comments_and_an_unreadable_list_fails_the_build(tmp_path: Path) -> None:
    listing = tmp_path / "modules.txt"
    listing.write_text("# the modules\nos\n\njson  # and its package\njson.decoder\n", encoding="utf-8")
    assert build.read_stdlib_modules(listing) == {"os", "json", "json.decoder"}
    with pytest.raises(build.BuildError, match="cannot read the list of standard-library modules"):
        build.read_stdlib_modules(tmp_path / "missing.txt")


LOCK = {"info": {"python": "3.14.2"}, "packages": {
    "aiohttp": {"depends": ["yarl", "attrs"]}, "attrs": {"depends": []}, "micropip": {"depends": []},
    "numpy": {"depends": []}, "yarl": {"depends": ["multidict"]}, "multidict": {"depends": []},
}}


def test_the_lock_file_keeps_the_named_packages_with_their_dependencies_in_its_order() -> None:
    assert build.trim_lock(LOCK, ()) == {"info": {"python": "3.14.2"}, "packages": {}}
    assert list(build.trim_lock(LOCK, ("micropip", "aiohttp"))["packages"]) == [
        "aiohttp", "attrs", "micropip", "yarl", "multidict"]
    with pytest.raises(build.BuildError, match="numpyy is no package of the pinned Pyodide"):
        build.trim_lock(LOCK, ("numpyy",))


def test_the_site_s_lock_packages_are_in_the_pinned_pyodide() -> None:
    lock = json.loads((build.PYODIDE_SOURCE / build.LOCK_FILE).read_text(encoding="utf-8"))
    trimmed = build.trim_lock(lock, build.LOCK_PACKAGES)
    assert trimmed["info"] == lock["info"]
    assert set(build.LOCK_PACKAGES) <= set(trimmed["packages"])


def test_every_stdlib_module_cpython_imports_doing_what_the_site_does_is_kept() -> None:
    """trim/exercise.py in a fresh CPython; a module it imports that Pyodide's zip holds must be on the
    list, or the site would lack it on a path that this Python version takes."""
    result = subprocess.run([sys.executable, str(ROOT / "trim" / "exercise.py"), str(ROOT / "web" / "scenarios")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    imported = set(json.loads(result.stdout))
    with zipfile.ZipFile(PYODIDE_ZIP) as stdlib:
        in_zip = {build.zip_module(name) for name in stdlib.namelist()}
    missing = sorted((imported & in_zip) - build.read_stdlib_modules())
    assert not missing, f"not in trim/stdlib_modules.txt (run trim/discover.py): {', '.join(missing)}"
