"""How to play each game: the documents a newcomer reads in the app (the picker and the "?" dialog).

Each game's document is package data, `pygames_core/howto/<game_id>.json` (UTF-8), written by the
game's owner for a player who has never seen the game:

    {"pitch":  {"en": "...", "ja": "..."},          one line that makes someone want to play
     "length": {"en": "about 15 minutes", "ja": "約15分"},
     "sections": [                                  in playing order; ids at least goal, deal, turn,
       {"id": "goal",                               scoring and end
        "title": {"en": "Goal", "ja": "目的"},
        "paragraphs": [{"en": "...", "ja": "..."},
                       {"en": "...", "ja": "...", "decision": true}],   a decision this project took
                                                    where the original is silent; or
                                                    "reconstruction": true, a rule of the original
                                                    lost from it and rebuilt; or "addition": true,
                                                    something this project added (at most one mark)
        "cards": ["AS", "TH"],                      optional: codes as the game's view writes them
        "example": "arsene-push"}]}                 optional: a shipped scenario (web/scenarios/)

`read_document(game_id)` reads and checks one (the public `pygames_core.how_to_play` looks the game
up first); a malformed document raises BadHowToPlay naming the file and the place, so a broken
document is found by the tests and the build, never by a player.

A game added as a plugin ships its document the same way, in its own top-level package:
`<package>/howto/<game_id>.json` (the package of its entry point's module: `german_whist` for
`german_whist:ENTRY`). Its sections may not name an example: the examples are the site's own
scenarios (web/scenarios/), which a game added to the site does not have.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from pygames_core.engine.errors import PygamesError

LANGUAGES = ("en", "ja")
REQUIRED_SECTIONS = ("goal", "deal", "turn", "scoring", "end")
_KEYS = {"pitch", "length", "sections"}
_SECTION_KEYS = {"id", "title", "paragraphs", "cards", "example"}
# a paragraph's marks, each a yes/no of which at most one is true: a decision taken where the original is
# silent, a rule of the original lost from it and rebuilt, something the project added to the game
MARKS = ("decision", "reconstruction", "addition")
_PARAGRAPH_KEYS = {*LANGUAGES, *MARKS}


class BadHowToPlay(PygamesError):
    """A game's how-to-play document that is missing or does not follow the format."""


BUILT_IN_PACKAGE = "pygames_core"


FOLDER = "howto"  # in the game's top-level package


def document_path(game_id: str, package: str) -> str:
    """Where the game's document is from the folder its top-level package `package` is installed in:
    its name in errors, and its member's name in a wheel (the build reads a plugin's from there)."""
    return f"{package}/{FOLDER}/{game_id}.json"


def _document_file(game_id: str, package: str) -> resources.abc.Traversable:
    return resources.files(package).joinpath(FOLDER, f"{game_id}.json")


def is_shipped(game_id: str, package: str = BUILT_IN_PACKAGE) -> bool:
    """Whether the game's how-to-play document is in `package` (the game's top-level package)."""
    return _document_file(game_id, package).is_file()


def read_document(game_id: str, package: str = BUILT_IN_PACKAGE) -> dict[str, Any]:
    """The how-to-play document of the game `game_id` (a known id) from `package` (the game's top-level
    package), checked against the format above.

    Raises BadHowToPlay when the game has no document or its document is malformed.
    """
    source = _document_file(game_id, package)
    where = document_path(game_id, package)
    if not source.is_file():
        raise BadHowToPlay(f"{where}: {game_id} has no how-to-play document")
    return parse_document(source.read_bytes(), where, examples=package == BUILT_IN_PACKAGE)


def parse_document(data: bytes, where: str, *, examples: bool) -> dict[str, Any]:
    """A how-to-play document from its file's bytes, checked against the format above (`examples`: whether
    it may name the site's example scenarios, which only the built-in games' documents do); `where` names
    the file in a BadHowToPlay. The build reads a plugin's document from its wheel with it, running none
    of the plugin's code."""
    try:
        document: dict[str, Any] = json.loads(data.decode("utf-8"))
    except ValueError as error:  # not UTF-8 (UnicodeDecodeError is a ValueError), or not JSON
        raise BadHowToPlay(f"{where}: not a JSON document ({error})") from None
    except RecursionError:
        raise BadHowToPlay(f"{where}: not a how-to-play document (nested too deep to read)") from None
    _check_document(document, where, examples)
    return document


def _check_document(document: Any, where: str, examples: bool) -> None:
    if not isinstance(document, dict):
        raise BadHowToPlay(f"{where}: a how-to-play document is a JSON object, not {type(document).__name__}")
    _check_keys(document, _KEYS, {"pitch", "length", "sections"}, where)
    _check_text(document["pitch"], f"{where}: pitch")
    _check_text(document["length"], f"{where}: length")
    sections = document["sections"]
    if not isinstance(sections, list) or not sections:
        raise BadHowToPlay(f"{where}: sections must be a non-empty list")
    ids = []
    for number, section in enumerate(sections, 1):
        place = f"{where}: section {number}"
        if not isinstance(section, dict):
            raise BadHowToPlay(f"{place} is not an object")
        _check_keys(section, _SECTION_KEYS, {"id", "title", "paragraphs"}, place)
        if not isinstance(section["id"], str) or not section["id"]:
            raise BadHowToPlay(f"{place}: id must be a non-empty text")
        place = f"{where}: section {section['id']!r}"
        ids.append(section["id"])
        _check_text(section["title"], f"{place}: title")
        paragraphs = section["paragraphs"]
        if not isinstance(paragraphs, list) or not paragraphs:
            raise BadHowToPlay(f"{place}: paragraphs must be a non-empty list")
        for index, paragraph in enumerate(paragraphs, 1):
            _check_paragraph(paragraph, f"{place}: paragraph {index}")
        cards = section.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(code, str | int) and not isinstance(code, bool)
                                                  for code in cards):
            raise BadHowToPlay(f"{place}: cards must be a list of card or tile codes")
        if "example" in section and not examples:
            raise BadHowToPlay(f"{place}: example names one of the site's own scenarios, which a game added "
                               f"to the site does not have")
        if "example" in section and (not isinstance(section["example"], str) or not section["example"]):
            raise BadHowToPlay(f"{place}: example must name a shipped scenario")
    repeated = sorted({section_id for section_id in ids if ids.count(section_id) > 1})
    if repeated:
        raise BadHowToPlay(f"{where}: section ids must be unique; repeated: {', '.join(repeated)}")
    missing = [section_id for section_id in REQUIRED_SECTIONS if section_id not in ids]
    if missing:
        raise BadHowToPlay(f"{where}: missing the sections {', '.join(missing)}")


def _check_keys(value: dict[str, Any], allowed: set[str], required: set[str], place: str) -> None:
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise BadHowToPlay(f"{place}: unknown keys {', '.join(unknown)}")
    absent = sorted(required - set(value))
    if absent:
        raise BadHowToPlay(f"{place}: missing {', '.join(absent)}")


def _check_text(text: Any, place: str) -> None:
    if not isinstance(text, dict) or set(text) != set(LANGUAGES):
        raise BadHowToPlay(f"{place} must be {{\"en\": ..., \"ja\": ...}}, not {text!r}")
    for language in LANGUAGES:
        if not isinstance(text[language], str) or not text[language].strip():
            raise BadHowToPlay(f"{place}: the {language!r} text is empty")


def _check_paragraph(paragraph: Any, place: str) -> None:
    if not isinstance(paragraph, dict):
        raise BadHowToPlay(f"{place} is not an object")
    _check_keys(paragraph, _PARAGRAPH_KEYS, set(LANGUAGES), place)
    for mark in MARKS:
        if not isinstance(paragraph.get(mark, False), bool):
            raise BadHowToPlay(f"{place}: {mark} must be true or false")
    marked = [mark for mark in MARKS if paragraph.get(mark, False)]
    if len(marked) > 1:
        raise BadHowToPlay(f"{place}: one mark at most, not {' and '.join(marked)}")
    _check_text({language: paragraph[language] for language in LANGUAGES}, place)
