"""The repository stands on its own: no doc or code sends a reader to a file outside it (the rules'
sources and the API contract this project began from live elsewhere; their content is carried in
docs/games/*.md and docs/api.md), and every relative Markdown link leads to a file inside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED_FOLDERS = ("docs", "pygames_core", "web", "tests", "e2e", "bench", "tools", "trim")
SCANNED_FILES = ("README.md", "build.py", "dev", "pyproject.toml")
SKIPPED_FOLDERS = {"__pycache__", "artifacts", "node_modules"}  # caches and screenshots, not the project's text
THIS_FILE = Path(__file__).resolve()  # it names the references it looks for

# references to the material beside the repository (read at the start, never shipped with it)
OUTSIDE = re.compile(r"\.\./shared|shared/rules|shared/seeds|API-CONTRACT")
# [text](target) and ![alt](target); the target up to white space or the closing parenthesis
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # https:, mailto:, data: ...


def scanned_texts() -> list[tuple[Path, str]]:
    """Every text file of the scanned folders and files, with its content (a binary one is skipped)."""
    paths = [ROOT / name for name in SCANNED_FILES]
    for folder in SCANNED_FOLDERS:
        paths += [p for p in sorted((ROOT / folder).rglob("*"))
                  if p.is_file() and not SKIPPED_FOLDERS & set(p.relative_to(ROOT).parts)]
    texts = []
    for path in paths:
        if path.resolve() == THIS_FILE:
            continue
        try:
            texts.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue  # an image or a font: no references to read
    return texts


def places(pattern: re.Pattern[str], text: str) -> list[tuple[int, re.Match[str]]]:
    """Each match of `pattern` in `text` with its line number."""
    return [(number, match) for number, line in enumerate(text.splitlines(), 1) for match in pattern.finditer(line)]


def test_the_scan_reads_the_docs_and_the_code() -> None:
    read = {path.relative_to(ROOT).as_posix() for path, _ in scanned_texts()}
    assert {"README.md", "docs/api.md", "pygames_core/__init__.py", "build.py"} <= read
    assert any(name.startswith("web/") for name in read) and any(name.startswith("e2e/") for name in read)


def test_nothing_refers_to_a_file_outside_the_repository() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {match.group()}"
             for path, text in scanned_texts() for number, match in places(OUTSIDE, text)]
    assert not found, "references to files outside the repository:\n" + "\n".join(found)


def broken_links(path: Path, text: str) -> list[str]:
    """The relative links of a Markdown text that lead to no file or folder inside the repository."""
    broken = []
    for number, match in places(LINK, text):
        target = match.group(1)
        if EXTERNAL.match(target) or target.startswith("#"):
            continue
        resolved = (path.parent / target.split("#")[0]).resolve()
        if not resolved.is_relative_to(ROOT) or not resolved.exists():
            broken.append(f"{path.relative_to(ROOT)}:{number}: {target}")
    return broken


def test_every_relative_markdown_link_resolves_inside_the_repository() -> None:
    found = [line for path, text in scanned_texts() if path.suffix == ".md" for line in broken_links(path, text)]
    assert not found, "Markdown links that lead nowhere inside the repository:\n" + "\n".join(found)


@pytest.mark.parametrize(("target", "broken"), [
    ("api.md", False),
    ("games/arsene.md#decisions", False),
    ("../README.md", False),
    ("https://pyodide.org", False),
    ("#the-game-object", False),
    ("missing.md", True),
    ("../../shared/rules/arsene.md", True),
])
def test_the_link_check_tells_a_broken_link(target: str, broken: bool) -> None:
    assert bool(broken_links(ROOT / "docs" / "example.md", f"see [this]({target}) here")) is broken


@pytest.mark.parametrize(("line", "outside"), [
    ("the digest in ../shared/rules/arsene.md says", True),
    ("see shared/seeds/apples.txt", True),
    ("API-CONTRACT.md", True),
    ("a shared deal's link", False),
])
def test_the_scan_tells_a_reference_outside(line: str, outside: bool) -> None:
    assert bool(places(OUTSIDE, line)) is outside


# a path into the repository as the docs and docstrings write one: pygames_core/ai/search.py, web/games/
# (all of it, possessively: docs/games/<game>.md is a placeholder, not the path docs/games/)
REPO_PATH = re.compile(r"(?<![\w./-])((?:pygames_core|web|tests|e2e|bench|tools|trim|docs)/[\w./-]*+)(?![<*{])")
MADE_BY_THE_TESTS = "e2e/artifacts/"  # screenshots, not kept in the repository


def test_every_path_the_docs_and_the_code_name_exists() -> None:
    """A file moved or renamed leaves no reader following its old name (a placeholder such as
    docs/games/<game>.md is not a path; the screenshots the tests take are not kept)."""
    missing = [f"{path.relative_to(ROOT)}:{number}: {match.group(1)}"
               for path, text in scanned_texts() for number, match in places(REPO_PATH, text)
               if not match.group(1).startswith(MADE_BY_THE_TESTS)
               and not (ROOT / match.group(1).rstrip(".-")).exists()]
    assert not missing, "paths that lead nowhere in the repository:\n" + "\n".join(missing)


def test_a_path_is_read_whole_and_a_placeholder_is_not_one() -> None:
    found = [match.group(1).rstrip(".-") for _, match in places(REPO_PATH, "see pygames_core/search.py. And "
                                                                "docs/games/<game>.md, web/games/*.js, `tests/`")]
    assert found == ["pygames_core/search.py", "tests/"]
    assert not (ROOT / found[0]).exists()  # the old place of the search: the check above would name it
