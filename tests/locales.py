"""The page's words as the tests read them: the locale files (web/locales/<language>.json: each module's
area, then key → text; the format is in docs/words.md)."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
LOCALES = WEB / "locales"


def locale(language: str) -> dict[str, dict[str, str]]:
    """A language's locale file: area → key → text."""
    areas: dict[str, dict[str, str]] = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
    return areas


def modules() -> list[Path]:
    """Every JavaScript module of the page."""
    return sorted(WEB.rglob("*.js"))
