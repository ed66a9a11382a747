"""tools/compile_pyc.py, which build.py runs inside Pyodide, checked here with this CPython: the
zip it writes holds bytecode that zipimport loads without the sources (and without docstrings but a
dataclass's), and a wheel (without its functions' annotations and its long description) has a RECORD
that names every file with its true hash and size."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def compile_pyc() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compile_pyc", ROOT / "tools" / "compile_pyc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_zip(path: Path, files: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)


def test_the_compiled_zip_imports_without_its_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, target = tmp_path / "lib.zip", tmp_path / "lib.out.zip"
    write_zip(source, {
        "probe_pkg/__init__.py": "from .inner import answer\n",
        "probe_pkg/inner.py": ('"""Module doc."""\n\nfrom dataclasses import dataclass\n\n\n'
                               'class Plain:\n    """Class doc."""\n\n\n'
                               '@dataclass\nclass Kept:\n    """Dataclass doc."""\n\n    value: int\n\n\n'
                               'def answer() -> int:\n    """Function doc."""\n    return 42\n\n\n'
                               'def only_a_docstring() -> None:\n    """Nothing else."""\n\n\n'
                               "def broken() -> None:\n    raise ValueError('here')\n"),
        "probe_pkg/data.json": '{"kept": true}',
    })
    compile_pyc().compile_zip(source, target, "/lib/python.zip/")
    with zipfile.ZipFile(target) as archive:
        names = sorted(archive.namelist())
        assert names == ["probe_pkg/__init__.pyc", "probe_pkg/data.json", "probe_pkg/inner.pyc"]
        assert archive.read("probe_pkg/data.json") == b'{"kept": true}'
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    monkeypatch.syspath_prepend(str(target))
    try:
        import probe_pkg  # type: ignore[import-not-found]

        assert probe_pkg.answer() == 42
        # the docstrings are left out, but a dataclass's (without one it would compute one from its
        # signature); outside a wheel, functions keep their annotations
        assert (probe_pkg.inner.__doc__, probe_pkg.answer.__doc__, probe_pkg.inner.Plain.__doc__) == (None, None, None)
        assert probe_pkg.inner.Kept.__doc__ == "Dataclass doc."
        assert probe_pkg.answer.__annotations__ == {"return": int}
        assert probe_pkg.inner.only_a_docstring() is None
        assert probe_pkg.__file__.endswith("probe_pkg/__init__.pyc")
        # a traceback names the file where Pyodide will find it
        with pytest.raises(ValueError) as raised:
            probe_pkg.inner.broken()
        assert raised.traceback[-1].frame.code.path == "/lib/python.zip/probe_pkg/inner.py"
    finally:
        for name in [name for name in sys.modules if name.startswith("probe_pkg")]:
            del sys.modules[name]


def test_the_same_sources_compile_to_the_same_bytes(tmp_path: Path) -> None:
    source = tmp_path / "lib.zip"
    write_zip(source, {"same/__init__.py": "VALUE = [1, 2, 3]\n"})
    compiler = compile_pyc()
    compiler.compile_zip(source, tmp_path / "a.zip", "/lib/")
    compiler.compile_zip(source, tmp_path / "b.zip", "/lib/")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()


def test_a_wheel_loses_its_signatures_annotations_and_description_and_its_record_is_written_anew(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, target = tmp_path / "probe-1.0-py3-none-any.whl", tmp_path / "out.whl"
    write_zip(source, {
        "probe/__init__.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass Point:\n    x: int\n\n\n"
                             "def twice(x: int) -> int:\n    return 2 * x\n",
        "probe-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: probe\nVersion: 1.0\n\n# Probe\n\nLong text.\n",
        "probe-1.0.dist-info/RECORD": "probe/__init__.py,sha256=stale,6\n",
    })
    compile_pyc().compile_zip(source, target, "/lib/site-packages/")
    with zipfile.ZipFile(target) as archive:
        record = archive.read("probe-1.0.dist-info/RECORD").decode().splitlines()
        listed = {line.split(",")[0]: line.split(",")[1:] for line in record}
        assert set(listed) == set(archive.namelist())
        assert listed["probe-1.0.dist-info/RECORD"] == ["", ""]
        for name, (hashed, size) in listed.items():
            if name.endswith("RECORD"):
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (hashed, int(size)) == (f"sha256={expected}", len(data))
        assert archive.read("probe-1.0.dist-info/METADATA") == b"Metadata-Version: 2.1\nName: probe\nVersion: 1.0\n"
    monkeypatch.syspath_prepend(str(target))
    try:
        import probe  # type: ignore[import-not-found]

        assert probe.twice.__annotations__ == {}
        assert probe.Point(3) == probe.Point(x=3)  # a dataclass keeps its fields' annotations
    finally:
        del sys.modules["probe"]
