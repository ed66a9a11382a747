"""The browser tests' waits can fail. Playwright's wait_for_function takes the promise an async page
function returns for a truthy answer, so a wait written with one returns at once whatever the answer
will be (a test then reads the page before it is ready: the Dominuxen hint test failed that way once
in CI). The browser tests wait on async page functions with driver.wait_until; this keeps the other
form out of them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parents[1] / "e2e"


def async_waits(source: str) -> list[int]:
    """The lines of `source` where wait_for_function is given an async page function (as a literal,
    an f-string or a module's string constant)."""
    tree = ast.parse(source)
    constants = {target.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for target in node.targets if isinstance(target, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            continue
        script = node.args[0]
        if isinstance(script, ast.Name):
            script = constants.get(script.id, script)
        if isinstance(script, ast.JoinedStr):
            script = script.values[0] if script.values else script
        if isinstance(script, ast.Constant) and isinstance(script.value, str) \
                and script.value.lstrip().startswith("async"):
            found.append(node.lineno)
    return found


@pytest.mark.parametrize(("source", "lines"), [
    ('page.wait_for_function("async () => (await f()).ok")', [1]),
    ('page.wait_for_function(f"async (n) => (await f()).moves > {n}", arg=3)', [1]),
    ('WAIT = """\n  async () => true"""\npage.wait_for_function(WAIT)', [3]),
    ('page.wait_for_function("() => document.querySelector(\'#summary[open]\')")', []),
    ('page.wait_for_function(f"() => window.count > {n}")', []),
])
def test_the_scan_tells_an_async_wait(source: str, lines: list[int]) -> None:
    assert async_waits(source) == lines


def test_no_browser_test_waits_on_an_async_page_function_with_wait_for_function() -> None:
    scripts = sorted(E2E.glob("*.py"))
    assert len(scripts) > 10
    found = {path.name: lines for path in scripts if (lines := async_waits(path.read_text(encoding="utf-8")))}
    assert found == {}, "use driver.wait_until for these waits"
