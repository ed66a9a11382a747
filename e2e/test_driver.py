"""The driver's own waits, in a real page: they wait for an async page function's answer."""

from __future__ import annotations

import pytest
from driver import wait_until
from playwright.sync_api import Page


def test_wait_until_waits_for_an_async_answer(page: Page) -> None:
    page.set_content("<p>waiting</p>")
    page.evaluate("() => { setTimeout(() => { window.answer = 42; }, 300); }")
    assert wait_until(page, "async () => window.answer") == 42


def test_wait_until_fails_on_an_async_answer_that_never_comes(page: Page) -> None:
    page.set_content("<p>waiting</p>")
    with pytest.raises(AssertionError, match=r"waited 0\.5 s for async"):
        wait_until(page, "async () => false", timeout_ms=500)
