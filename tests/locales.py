"""The page's words as the tests read them: the locale files (web/locales/<language>.json: each module's
area, then key → text; the format is in docs/words.md) and the tables still written inline in a
module (`addStrings({ en: {…}, ja: {…} })`, read as text)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
LOCALES = WEB / "locales"
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# key: "text" or key: "text" + "more text" (over several lines) in an inline table
ENTRY = re.compile(r'\b(\w+): ((?:"(?:[^"\\\n]|\\.)*"\s*(?:\+\s*)?)+)')


def locale(language: str) -> dict[str, dict[str, str]]:
    """A language's locale file: area → key → text."""
    areas: dict[str, dict[str, str]] = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
    return areas


def inline_tables(path: Path, language: str) -> dict[str, str]:
    """Key → text of every `<language>: { … }` table written in a JavaScript module."""
    source = path.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for start in re.finditer(rf"\b{language}: \{{", source):
        depth, end = 0, start.end() - 1
        for end in range(start.end() - 1, len(source)):
            depth += {"{": 1, "}": -1}.get(source[end], 0)
            if depth == 0:
                break
        for entry in ENTRY.finditer(source, start.end(), end):
            found[entry.group(1)] = "".join(json.loads(f'"{part}"') for part in STRING.findall(entry.group(2)))
    return found


def modules() -> list[Path]:
    """Every JavaScript module of the page."""
    return sorted(WEB.rglob("*.js"))
