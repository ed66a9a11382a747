"""The page's types and wire constants are generated from the Python (pygames_core/app/page_types.py)
and committed under web/generated/: they must be what the Python writes now."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal, NotRequired, TypedDict

import pytest

import build
from pygames_core.app import bridge, page_types
from pygames_core.engine import errors

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_files_are_what_the_python_writes() -> None:
    stale = page_types.stale(ROOT)
    assert not stale, f"{', '.join(map(str, stale))} out of date: run `{page_types.COMMAND}`"


def test_a_stale_file_is_named_with_the_command(tmp_path: Path) -> None:
    for path, text in page_types.generated().items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert page_types.stale(tmp_path) == []
    (tmp_path / page_types.WIRE).write_text("export const OP = {};\n", encoding="utf-8")
    assert page_types.stale(tmp_path) == [page_types.WIRE]


def test_the_build_refuses_stale_page_types(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page_types, "stale", lambda root: [page_types.MESSAGES])
    with pytest.raises(build.BuildError, match=re.escape("python -m pygames_core.app.page_types")):
        build.check_page_types()


def test_wire_names_every_op_and_every_error_the_bridge_answers() -> None:
    text = page_types.wire_js()
    assert text.splitlines()[0] == ("// Generated from the Python bridge's op registry "
                                    "(pygames_core/app/bridge.py): do not edit.")
    for name in bridge.OPS:
        assert f"{name}: \"{name}\"" in text.splitlines()[1]
    library = [name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, Exception)]
    answered = page_types.error_types()
    assert {*library, "BadRequest", "BridgeError", "WrongSeat", "InternalError", "BadScenario", "BadHowToPlay"} \
        == set(answered)
    assert text.splitlines()[2] == f"export const ERROR = {page_types.frozen(answered)};"


class Example(TypedDict):
    type: Literal["a", "b"]
    count: NotRequired[int]
    cards: list[str | None]


Odd = TypedDict("Odd", {"from": int, "table": dict[str, Example]})


def test_typeddicts_become_interfaces() -> None:
    space = page_types.Namespace("Test")
    assert space.ts(Odd) == "Odd"
    assert space.text() == "\n".join([
        "export namespace Test {",
        "  export interface Example {", '    type: "a" | "b";', "    count?: number;", "    cards: (string | null)[];",
        "  }", "", "  export interface Odd {", "    from: number;", "    table: Record<string, Example>;", "  }", "}"])


def test_every_built_in_game_has_its_namespace_and_view() -> None:
    text = page_types.messages_ts()
    for name in ("Arsene", "Chains", "Dominuxen", "OnSchedule", "Apples", "RollerDerby"):
        assert f"export namespace {name} {{" in text
    assert text.count("export type View = ") == 6


def python_blocks(text: str, heading: str) -> list[str]:
    """The ```python blocks of the section of `text` under `heading` (up to the next heading)."""
    section = text[text.index(heading) + len(heading):]
    section = re.split(r"^#{2,3} ", section, flags=re.MULTILINE)[0]
    return re.findall(r"```python\n(.*?)```", section, re.DOTALL)


@pytest.mark.parametrize(("doc", "heading"), [("docs/adding-a-game.md", "### Its messages"),
                                              ("docs/api.md", "### The messages' declared shapes")])
def test_the_docs_quote_the_example_games_real_code(doc: str, heading: str) -> None:
    game = ROOT / "pygames_core" / "games" / "arsene"
    code = "".join((game / name).read_text(encoding="utf-8") for name in ("messages.py", "rules.py", "bot.py"))
    blocks = python_blocks((ROOT / doc).read_text(encoding="utf-8"), heading)
    assert blocks
    for block in blocks:
        assert block in code, f"{doc} quotes code that Arsène's messages.py, rules.py and bot.py do not hold:\n{block}"
