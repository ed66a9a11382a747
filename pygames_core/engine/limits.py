"""Bounds on what callers hand in, checked before anything else touches it.

Set-ups, options, actions and saves are plain JSON data, and a real one is small and shallow (a
Chains set-up, the deepest, nests six levels). Data nested thousands deep would make `copy`, `json`
and `repr` recurse until Python gives up (RecursionError) or, under Pyodide's smaller stack, until
the runtime dies; so depth, size and text are checked first, without recursion, and refused with the
caller's own error class (BadSetup, IllegalAction, BadSave). Strings must be text that can be
written out: a lone surrogate (JSON's "\\ud800") cannot be encoded, so no save could hold it.
"""

from __future__ import annotations

import re
from typing import Any

MAX_DEPTH = 24  # nesting levels: four times the deepest real input
MAX_VALUES = 200_000  # numbers, strings, lists and objects in one input
MAX_TEXT = 4_000_000  # characters of a save or request text (a long 10-player Chains game: ~0.1 M)

# A JSON string, in one pass: possessive quantifiers over disjoint alternatives never backtrack.
_STRING = r'"[^"\\]*+(?:\\.[^"\\]*+)*+"'
_STRINGS = re.compile(_STRING, re.DOTALL)
# The text up to its first quote that is never closed (all of it when every string is closed). A
# search for strings past such a quote would start again at every later quote and run each time to
# the end: quadratic in a quote followed by many escaped ones.
_UP_TO_UNCLOSED = re.compile(rf'(?:[^"]++|{_STRING})*+', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def check_value(value: Any, what: str, error: type[Exception]) -> None:
    """Raise `error` unless `value` is JSON data within the bounds: at most MAX_DEPTH levels, at most
    MAX_VALUES values, dict keys that are strings, and strings that are encodable text."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    count = 0
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise error(f"{what} is too large: more than {MAX_VALUES} values")
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise error(f"{what} is nested too deep: more than {MAX_DEPTH} levels")
            if isinstance(item, dict):
                for key in item:
                    if not isinstance(key, str):
                        raise error(f"{what} has a key that is not a string")
                    _check_text(key, what, error)
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            _check_text(item, what, error)


def check_json_text(text: str, what: str, error: type[Exception]) -> None:
    """Raise `error` when a JSON text is too long or nests deeper than MAX_DEPTH, before it is parsed
    (the parser itself recurses). Brackets inside strings do not count."""
    if len(text) > MAX_TEXT:
        raise error(f"{what} is too long: more than {MAX_TEXT} characters")
    depth = 0
    # the strings go; from a quote never closed on, the text stays and its brackets count (a JSON
    # parser refuses such a text anyway)
    prefix = _UP_TO_UNCLOSED.match(text)
    assert prefix is not None  # it matches any text (an empty prefix at least)
    closed = prefix.end()
    for bracket in _BRACKETS.finditer(_STRINGS.sub("", text[:closed]) + text[closed:]):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise error(f"{what} is nested too deep: more than {MAX_DEPTH} levels")
    _check_text(text, what, error)


def _check_text(text: str, what: str, error: type[Exception]) -> None:
    try:
        text.encode()
    except UnicodeEncodeError:
        raise error(f"{what} holds text that is not valid Unicode (a lone surrogate such as \\ud800)") from None
