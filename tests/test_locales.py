"""The page's words (web/locales/<language>.json, docs/words.md): every language has every key of
every area, a plural form only where the language has one, a key names one text on the whole page;
every key the code names is defined, and every key defined is used by the code (directly, or built
by one of the patterns DYNAMIC lists)."""

from __future__ import annotations

import re
from pathlib import Path

from pygames_core.engine.errors import SAVE_PROBLEMS
from tests.locales import LOCALES, WEB, locale, modules

# The page's languages (i18n.js's LANGUAGES), and those whose words have a singular form, written
# `<key>_one` beside `<key>` (i18n.js tn): "1 chip", "3 chips". Japanese has none.
LANGUAGES = tuple(re.findall(r"(\w+): \"", re.search(r"LANGUAGES = \{([^}]*)\}",
                                                          (WEB / "i18n.js").read_text(encoding="utf-8")).group(1)))
SINGULAR = {"en"}
ONE = "_one"

# Keys the code builds from a value, each pattern with the template that builds it: a key matching
# one of them counts as used, and each template must still be in the code.
DYNAMIC = {
    r"level_\w+": "`level_${",  # a bot level's name (levels.js, the levels Python lists)
    r"levelHelp_\w+": "`levelHelp_${",  # its help
    r"engineCause_\w+": "`engineCause_${",  # why the engine stopped (the worker's cause)
    r"hmPart_\w+": "`hmPart_${",  # a part of the saved-games list (home.js)
    r"rank_\w": "`rank_${",  # a card's rank, by its code (cards.js)
    r"suit_\w(?:_one)?": "`suit_${",  # a suit's name, by its code (cards.js)
    r"seat_\w+": "`seat_${",  # a seat's name, by place (seats.js)
    r"seatShort_\w+": "`seatShort_${",  # its short name
    r"unavailable_\w+": "`unavailable_${",  # why an added game cannot be played (plugins.js, its reason's kind)
    r"saveProblem_\w+": "`saveProblem_${",  # what is wrong with a save (i18n.js, a BadSave's reason)
    r"startCause_\w+": "`startCause_${",  # why the engine could not start (i18n.js, client.js START_CAUSES)
}
# Chains and Dominuxen name their keys without their prefix (tx("place") is ch_place), and build some
# from a base key: `${key}One` (one of a count), `${key}Solo` (the solitaire table), `${key}You`.
PREFIXED = {"ch_": "chains", "dx_": "dominuxen"}
SUFFIXES = ("One", "Solo", "You", "Yours")
# A key named where a text is expected: t("key"), tn("key", n), data-i18n="key" (markup) or
# "data-i18n": "key" (h()), a help list's step and line (games/index.js helpKeys).
CALL = re.compile(r"\b(tx|tn|t)\(")
NAMED = re.compile(r'data-i18n(?:-label)?"?(?:=|: )"(\w+)"|\bwhen: "(\w+)"|\{ text: "(\w+)", names:')
LITERAL = re.compile(r'(?<![=!]== )"(\w+)"')  # a string, not one compared with (`kind === "high"`)
ANY_LITERAL = re.compile(r"[\"'`](\w+)[\"'`]")


def defined(language: str) -> dict[str, str]:
    """Every key of `language` on the page: its locale file's areas."""
    return {key: text for area in locale(language).values() for key, text in area.items()}


def missing_keys(areas: dict[str, dict[str, dict[str, str]]]) -> list[str]:
    """What one language's locale has that another's lacks, by area and key: the plural forms of a
    language with a singular aside, which need their key, and which no other language has."""
    wrong = []
    for language, own in areas.items():
        for area in sorted(set(own) ^ set(areas["en"])):
            wrong.append(f"{language}: area {area} {'missing' if area not in own else 'extra'}")
        for area, keys in own.items():
            plain = {key for key in keys if not key.endswith(ONE)}
            for other, theirs in areas.items():
                missing = {key for key in theirs.get(area, {}) if not key.endswith(ONE)} - plain
                wrong += [f"{language}: {area}.{key} missing ({other} has it)" for key in sorted(missing)]
            for key in sorted(set(keys) - plain):
                if language not in SINGULAR:
                    wrong.append(f"{language}: {area}.{key}: the language has no singular form")
                elif key.removesuffix(ONE) not in keys:
                    wrong.append(f"{language}: {area}.{key}: a singular form without {key.removesuffix(ONE)}")
    return wrong


def first_argument(source: str, start: int) -> str:
    """The text of a call's first argument, from just after its opening parenthesis."""
    depth = 0
    for end in range(start, len(source)):
        char = source[end]
        if char in "([{":
            depth += 1
        elif char in ")]}," and depth == 0:
            return source[start:end]
        elif char in ")]}":
            depth -= 1
    return source[start:]


def renderer_files(game: str) -> list[Path]:
    """A game's renderer: web/games/<game>.js and its modules in web/games/<game>/."""
    return [WEB / "games" / f"{game}.js", *sorted((WEB / "games" / game).glob("*.js"))]


def named_keys(path: Path) -> set[str]:
    """The keys a module or page names as a text (CALL, NAMED), with a prefixed table's prefix."""
    source = path.read_text(encoding="utf-8")
    prefix = next((prefix for prefix, game in PREFIXED.items() if path in renderer_files(game)), "")
    names = {name for match in NAMED.finditer(source) for name in match.groups() if name}
    for call in CALL.finditer(source):
        argument = first_argument(source, call.end())
        if "`" in argument:
            continue  # a key built from a value: DYNAMIC, SUFFIXES
        names |= {(prefix if call.group(1) == "tx" else "") + name for name in LITERAL.findall(argument)}
    return names


def used(key: str, literals: set[str], prefixed: dict[str, set[str]]) -> bool:
    """Whether the code uses `key`: written as a string, built by a DYNAMIC template, the singular of a
    used key, or a prefixed table's key (its name without the prefix, or a base key and a suffix)."""
    if key in literals or any(re.fullmatch(pattern, key) for pattern in DYNAMIC):
        return True
    if key.endswith(ONE):
        return used(key.removesuffix(ONE), literals, prefixed)
    for prefix, names in prefixed.items():
        if key.startswith(prefix):
            name = key.removeprefix(prefix)
            return name in names or any(name.endswith(suffix) and name.removesuffix(suffix) in names
                                        for suffix in SUFFIXES)
    return False


def code_files() -> list[Path]:
    return [*modules(), *sorted(WEB.glob("*.html"))]


def test_the_locale_files_are_the_pages_languages() -> None:
    assert LANGUAGES == ("en", "ja")
    assert sorted(path.stem for path in LOCALES.glob("*.json")) == sorted(LANGUAGES)


def test_every_language_has_every_key() -> None:
    wrong = missing_keys({language: locale(language) for language in LANGUAGES})
    assert not wrong, "\n".join(wrong)


def test_a_missing_or_extra_key_is_found() -> None:
    areas = {"en": {"a": {"one": "1", "n": "{n}", "n_one": "one"}},
             "ja": {"a": {"one": "1", "two": "2", "n": "{n}", "x_one": "ひとつ"}, "b": {}}}
    assert missing_keys(areas) == [
        "en: a.two missing (ja has it)",
        "ja: area b extra",
        "ja: a.x_one: the language has no singular form",
    ]
    assert missing_keys({"en": {"a": {"x_one": "1"}}}) == ["en: a.x_one: a singular form without x"]


def test_a_key_names_one_text_on_the_page() -> None:
    for language in LANGUAGES:
        seen: dict[str, str] = {}
        for area, keys in locale(language).items():
            twice = [f"{key}: {seen[key]} and {area}" for key in keys if key in seen]
            assert not twice, "\n".join(twice)
            seen.update(dict.fromkeys(keys, area))


def test_every_key_the_code_names_is_defined() -> None:
    keys = set(defined("en"))
    undefined = [f"{path.relative_to(WEB)}: {name}" for path in code_files()
                 for name in sorted(named_keys(path) - keys)]
    assert not undefined, "\n".join(undefined)
    assert len(set().union(*map(named_keys, code_files()))) > 500  # the scan finds the calls


def test_every_key_is_used() -> None:
    sources = {path: path.read_text(encoding="utf-8") for path in code_files()}
    literals = {name for source in sources.values() for name in ANY_LITERAL.findall(source)}
    prefixed = {prefix: {name for path in renderer_files(game) for name in ANY_LITERAL.findall(sources[path])}
                for prefix, game in PREFIXED.items()}
    unused = [key for area in locale("en").values() for key in area if not used(key, literals, prefixed)]
    assert not unused, "keys nothing uses:\n" + "\n".join(unused)
    code = "".join(sources.values())
    stale = [template for template in DYNAMIC.values() if template not in code]
    stale += [prefix for prefix, game in PREFIXED.items()
              if not any(f"`{prefix}${{" in sources[path] for path in renderer_files(game))]
    stale += [suffix for suffix in SUFFIXES if f"${{key}}{suffix}`" not in code]
    assert not stale, f"templates no longer in the code: {stale}"


def test_every_problem_a_save_can_have_is_said_in_every_language() -> None:
    for language in LANGUAGES:
        said = {key.removeprefix("saveProblem_") for key in defined(language) if key.startswith("saveProblem_")}
        assert said == set(SAVE_PROBLEMS), language


def test_every_cause_of_a_failed_start_is_said_in_every_language() -> None:
    # client.js START_CAUSES: what a worker that could not start names as its cause (worker.js startCause)
    listed = re.search(r"export const START_CAUSES = \[([^\]]*)\]", (WEB / "client.js").read_text(encoding="utf-8"))
    assert listed is not None
    causes = set(re.findall(r'"(\w+)"', listed.group(1)))
    assert "download" in causes
    for language in LANGUAGES:
        said = {key.removeprefix("startCause_") for key in defined(language) if key.startswith("startCause_")}
        assert said == causes, language
