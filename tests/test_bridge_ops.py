"""The bridge's operations are declared once, in its registry (`bridge.OPS`: each op with its fields and
its handler); the module's docstring and docs/api.md's table describe them: both must name every op,
in the registry's order, with the same required and optional (`?`) fields."""

from __future__ import annotations

import re
from pathlib import Path

from pygames_core.app import bridge

ROOT = Path(__file__).resolve().parents[1]
Fields = tuple[frozenset[str], frozenset[str]]


def fields(listed: str) -> Fields:
    """`a, b?, c` as (required, optional)."""
    names = [name.strip() for name in listed.split(",") if name.strip()]
    return (frozenset(n for n in names if not n.endswith("?")),
            frozenset(n.removesuffix("?") for n in names if n.endswith("?")))


def registry() -> list[tuple[str, Fields]]:
    return [(name, (op.required, op.optional)) for name, op in bridge.OPS.items()]


def test_the_docstring_lists_every_op_with_its_fields() -> None:
    assert bridge.__doc__ is not None
    listed = [(match[1], fields(match[2] or "")) for match in
              re.finditer(r"^- `(\w+)`\s*(?:\{([^}]*)\})?\s*->", bridge.__doc__, re.MULTILINE)]
    assert listed == registry()


def test_the_api_doc_table_lists_every_op_with_its_fields() -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text[text.index("## The bridge (the page's side)"):]
    rows = [(match[1], fields(match[2].strip("` "))) for match in
            re.finditer(r"^\| `(\w+)` \|([^|]*)\|", section, re.MULTILINE)]
    assert rows == registry()


def test_each_op_that_changes_a_game_is_kept_when_it_fails() -> None:
    # the ops whose failure `_kept` undoes: those that apply or take back actions
    assert {name for name, op in bridge.OPS.items() if op.changes} == {"act", "bot", "undo", "undo_turn"}
