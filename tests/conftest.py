"""Fixtures shared by the test modules."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from pygames_core.ai import search


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
