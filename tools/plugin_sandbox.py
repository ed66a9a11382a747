"""Third-party game wheels checked apart from the build, inside the pinned Pyodide under Node.

Run by tools/plugin_sandbox.mjs (build.py's check_in_sandbox calls it), in the Python the page runs
(Pyodide's 3.14, its standard library), with the wheel of pygames_core the site ships and the given
wheels installed, as the page installs them. For each wheel: every module it imports is one that it,
pygames_core, the standard library or another given wheel provides (read from its sources, not run);
each game it declares loads through its entry point; and each passes the kit's contract suite
(pygames_core.testing). main() returns, as JSON, the catalog's entries of the declared games
(list_games(), as the page lists them) and each error found, naming the wheel and the cause.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Where the page's Python installs wheels (micropip): a folder of sys.path, read by the catalog.
SITE_PACKAGES = Path(next(folder for folder in sys.path if folder.endswith("site-packages")))
IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError"}


def top_level_modules(names: list[str]) -> set[str]:
    """The top-level modules and packages of a wheel's files (not its .dist-info or .data folder)."""
    found = set()
    for name in names:
        first, folder, _ = name.partition("/")
        if folder and not first.endswith((".dist-info", ".data")):
            found.add(first)
        elif not folder and name.endswith(".py"):
            found.add(name.removesuffix(".py"))
    return found


def guarded(node: ast.AST) -> bool:
    """An `if TYPE_CHECKING:` block, or a `try:` whose handlers catch an ImportError: what they import
    is for the type checker, or optional."""
    if isinstance(node, ast.If):
        test = node.test
        return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    if isinstance(node, ast.Try):
        caught = [handler.type for handler in node.handlers]
        names = {part.id if isinstance(part, ast.Name) else getattr(part, "attr", "")
                 for kind in caught for part in (kind.elts if isinstance(kind, ast.Tuple) else [kind])
                 if part is not None}
        return bool(names & IMPORT_ERRORS) or None in caught
    return False


def imports(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """Each absolute import's top-level module and its line, outside guarded blocks."""
    for node in ast.iter_child_nodes(tree):
        if guarded(node):
            continue
        if isinstance(node, ast.Import):
            yield from ((alias.name.split(".")[0], node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0], node.lineno
        yield from imports(node)


def undeclared_imports(wheel: Path, provided: set[str]) -> list[str]:
    """Each import of the wheel's sources that nothing given provides, as `file, line N: imports 'x'`."""
    problems = []
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if not name.endswith(".py") or ".dist-info/" in name:
                continue
            try:
                tree = ast.parse(archive.read(name), name)
            except SyntaxError as error:
                problems.append(f"{name}, line {error.lineno}: not Python this page can run ({error.msg})")
                continue
            problems += [f"{name}, line {line}: imports {module!r}"
                         for module, line in imports(tree) if module not in provided]
    return problems


def standard_library() -> set[str]:
    """The standard library's modules this Pyodide can import (it leaves a few of CPython's out)."""
    return {name for name in sys.stdlib_module_names if importlib.util.find_spec(name) is not None}


def contract_suite(entry: Any) -> None:
    """The kit's contract suite on one game, as pygames_core.testing offers it to a game's own tests: the
    one place the build calls it. Its check of what views hide needs the game's own list of secrets,
    which only the game's tests have."""
    from pygames_core import testing

    testing.check_game(entry, installed=True)


def failure(error: BaseException) -> str:
    """What the contract suite said: an assertion's message, or a bug's traceback's last frames."""
    from pygames_core.engine.errors import broken_game_report

    if isinstance(error, AssertionError) and str(error):
        return f"AssertionError: {error}"
    return broken_game_report(error)


def main(job_file: str) -> str:
    job = json.loads(Path(job_file).read_text(encoding="utf-8"))
    folder = Path(job_file).parent
    wheels = [folder / job["core"], *(folder / wheel["file"] for wheel in job["wheels"])]
    provided = {"pygames_core"} | standard_library()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            provided |= top_level_modules(archive.namelist())
            archive.extractall(SITE_PACKAGES)
    errors = []
    for wheel in job["wheels"]:
        errors += [f"{wheel['file']}: {problem}, which neither the wheel, pygames_core, the standard library "
                   f"nor another --game-wheel provides (give that package's wheel too, and declare it)"
                   for problem in undeclared_imports(folder / wheel["file"], provided)]
    if errors:
        return json.dumps({"games": [], "errors": errors})

    from pygames_core import PygamesError
    from pygames_core.games import find_entry, list_games

    declared = {game: wheel["file"] for wheel in job["wheels"] for game in wheel["games"]}
    loaded = []
    for game, wheel_file in declared.items():
        try:
            entry = find_entry(game)
        except PygamesError as error:
            errors.append(f"{wheel_file}: {error}")
            continue
        try:
            contract_suite(entry)
        except Exception as error:  # whatever a game's code raises is that game's failure, said
            errors.append(f"{wheel_file}: the game {game!r} fails the contract suite (pygames_core.testing):\n"
                          f"{failure(error)}")
            continue
        loaded.append(game)
    games = [entry for entry in list_games() if entry["id"] in loaded]
    return json.dumps({"games": games, "errors": errors}, ensure_ascii=False)
