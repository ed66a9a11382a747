"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest

from pygames_core import search


@pytest.fixture
def deterministic_search(monkeypatch: pytest.MonkeyPatch) -> int:
    """The hard bot without the clock: a fixed number of samples whatever the machine's speed. Returns a
    time budget (ms) long enough never to cut the search short."""
    monkeypatch.setattr(search, "MAX_SAMPLES", 3)
    return 600_000
