"""Fixtures shared by the test modules."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from pygames_core.ai import search
from pygames_core.games import discover


@pytest.fixture
def deterministic_search(monkeypatch: pytest.MonkeyPatch) -> int:
    """The hard bot without the clock: a fixed number of samples whatever the machine's speed. Returns a
    time budget (ms) long enough never to cut the search short."""
    monkeypatch.setattr(search, "MAX_SAMPLES", 3)
    return 600_000


@pytest.fixture(scope="session")
def build() -> ModuleType:
    """build.py, a script at the repository's root, loaded as a module."""
    spec = importlib.util.spec_from_file_location("pygames_build", Path(__file__).resolve().parents[1] / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path for fake plugins; the catalog is read again before and after the test, and
    the modules imported from the folder are forgotten (the next test's folder may hold others)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    monkeypatch.undo()
    for name, module in list(sys.modules.items()):
        if str(getattr(module, "__file__", None) or "").startswith(str(tmp_path)):
            del sys.modules[name]
    discover()
