"""Every Japanese string of a game uses its glossary's terms (tests/glossary.py) and full-width
punctuation: the game's area of the Japanese locale (web/locales/ja.json), its Python texts (option
labels and help), its how-to-play document and its examples' captions; and the shell's strings (the
locale's other areas, the tables still written in a module, the hints' reasons in Python) against
the shell's glossary.

Punctuation: in a Japanese string (one with kana, kanji or full-width punctuation, or a template of a
Japanese table, which is Japanese once filled in), the half-width ( ) , : are written （ ）、 ：.
A digit on both sides (10:30, 1,000) or "://" (an address) is not punctuation of a sentence and is left;
keys and card codes hold none of the four.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import pygames_core as pg
from tests.glossary import GAMES, SHELL, Term
from tests.locales import LOCALES, locale

ROOT = Path(__file__).resolve().parent.parent
JAPANESE_LOCALE = (LOCALES / "ja.json").relative_to(ROOT)
JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
PLACEHOLDER = re.compile(r"\{\w+\}")  # a Japanese table's template: Japanese once filled in ("{name}：{what}")
HALF_WIDTH = re.compile(r"(?<!\d)[,:](?!\d)|(?<=\d)[,:](?!\d)|(?<!\d)[,:](?=\d)|[()]")
ADDRESS = re.compile(r"[a-z]+://\S+")
# A sentence of the picker ending in a plain form (選ぶ。捨てる。出す。) among polite ones (選びます。): its
# closing note in brackets aside, a verb's dictionary or past form, or す that is not ます or です.
PLAIN_ENDING = re.compile(r"(?:(?<![まで])す|[るうくぐつぬぶむただ])(?:（[^）]*）)?$")


def python_texts(path: Path) -> Iterator[str]:
    """Every Japanese string written in a Python module: the "ja" of an {"en": …, "ja": …} text, a
    Words("…", "…") phrase, a pair in a tuple, a part of an f-string (each a string constant)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # docstrings are the developers' English, which may quote a Japanese word
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and JAPANESE.search(node.value) \
                and id(node) not in docstrings:
            yield node.value


def json_texts(value: object) -> Iterator[str]:
    """The Japanese of every {"en": …, "ja": …} text of a JSON document (a how-to, an example)."""
    if isinstance(value, dict):
        if isinstance(value.get("ja"), str):
            yield value["ja"]
        for inner in value.values():
            yield from json_texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from json_texts(inner)


def game_strings(game: str) -> dict[str, list[str]]:
    """Every Japanese string a player of `game` reads, by the file it is written in."""
    files: dict[str, list[str]] = {}
    files[f"{JAPANESE_LOCALE} ({game})"] = list(locale("ja")[game].values())
    for module in sorted((ROOT / "pygames_core" / "games" / game).glob("*.py")):
        files[str(module.relative_to(ROOT))] = list(python_texts(module))
    documents = [ROOT / "pygames_core" / "howto" / f"{game}.json",
                 *sorted((ROOT / "web" / "scenarios").glob(f"{game.replace('_', '-')}-*.json"))]
    for document in documents:
        files[str(document.relative_to(ROOT))] = list(json_texts(json.loads(document.read_text(encoding="utf-8"))))
    return files


def shell_strings() -> dict[str, list[str]]:
    files: dict[str, list[str]] = {}
    files.update({f"{JAPANESE_LOCALE} ({area})": list(texts.values())
                  for area, texts in locale("ja").items() if area not in GAMES})
    for folder in ("ai", "app", "engine", "kit"):
        for module in sorted((ROOT / "pygames_core" / folder).rglob("*.py")):
            files[str(module.relative_to(ROOT))] = list(python_texts(module))
    return files


def forbidden_terms(files: dict[str, list[str]], terms: tuple[Term, ...]) -> list[str]:
    return [f"{name}: {match.group(0)!r} (use {term.preferred}: {term.why}) in {text!r}"
            for name, texts in files.items() for text in texts for term in terms for pattern in term.forbidden
            for match in re.finditer(pattern, text)]


def half_width(files: dict[str, list[str]]) -> list[str]:
    return [f"{name}: {match.group(0)!r} in {text!r}" for name, texts in files.items() for text in texts
            if JAPANESE.search(text) or PLACEHOLDER.search(text)
            for match in HALF_WIDTH.finditer(ADDRESS.sub("", text))]


def test_the_scan_reads_every_kind_of_file() -> None:
    files = game_strings("roller_derby")
    assert all(files[name] for name in (f"{JAPANESE_LOCALE} (roller_derby)", "pygames_core/games/roller_derby/rules.py",
                                        "pygames_core/howto/roller_derby.json"))
    assert any(texts for name, texts in files.items() if name.startswith("web/scenarios/"))
    assert len(shell_strings()[f"{JAPANESE_LOCALE} (shell)"]) > 40


def test_the_punctuation_check_leaves_numbers_and_addresses() -> None:
    texts = {"x": ["10:30に1,000点", "https://example.org/a:b の例", "目標: 7", "北(あなたのパートナー)", "A, B"]}
    assert [line.split(": ", 1)[1] for line in half_width(texts)] == \
        ["':' in '目標: 7'", "'(' in '北(あなたのパートナー)'", "')' in '北(あなたのパートナー)'"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_japanese_uses_its_glossary(game: str) -> None:
    files = game_strings(game)
    wrong = forbidden_terms(files, GAMES[game] + SHELL)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_japanese_is_punctuated_full_width(game: str) -> None:
    wrong = half_width(game_strings(game))
    assert not wrong, "\n".join(wrong)


def test_the_shells_japanese_uses_its_glossary_and_full_width_punctuation() -> None:
    files = shell_strings()
    wrong = forbidden_terms(files, SHELL) + half_width(files)
    assert not wrong, "\n".join(wrong)


def test_the_pickers_japanese_keeps_one_register() -> None:
    """The picker shows a game's options one under the other: their help is all in the polite form."""
    plain = [f"{game['id']}: {sentence}。" for game in pg.list_games() for option in game["options"]
             for sentence in (option.get("help") or {}).get("ja", "").split("。") if PLAIN_ENDING.search(sentence)]
    assert not plain, "\n".join(plain)
