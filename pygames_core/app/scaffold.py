"""`pygames new-game NAME`: write a new game package from the template in app/template/, a small
complete game (two players, the higher card takes the trick) that plays, tests itself with the shared
contract tests (pygames_core.testing) and builds into a wheel: docs/adding-a-game.md, "Your own game
as a package".

In the template, `__game__` stands for the game's id (also its Python package), `__title__` for its
title and `__dist__` for its distribution's name."""

from __future__ import annotations

import keyword
import re
import shlex
import sys
from importlib import resources
from importlib.util import find_spec
from pathlib import Path

from pygames_core.engine.errors import PygamesError
from pygames_core.games import find_entry

NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
# each template file and where it goes in the new package ({} is the game's id)
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "init.py.tmpl": "{}/__init__.py",
    "state.py.tmpl": "{}/state.py",
    "rules.py.tmpl": "{}/rules.py",
    "knowledge.py.tmpl": "{}/knowledge.py",
    "bot.py.tmpl": "{}/bot.py",
    "test_contract.py.tmpl": "tests/test_contract.py",
}


class BadGameName(PygamesError):
    """A name `new-game` cannot use, or a folder it would overwrite. Nothing was written."""


def check_name(name: str) -> None:
    """A game id that is also a Python package of its own: lowercase letters, digits and `_`, from a
    letter, at most 32 characters; not a Python keyword, nor a module Python already finds (the
    package would hide it or be hidden), nor a game already installed."""
    if not NAME.fullmatch(name) or name.endswith("_") or "__" in name:
        raise BadGameName(f"{name!r} is not a game id: use lowercase letters, digits and single _ between them, "
                          "starting with a letter, at most 32 characters (e.g. my_game)")
    if keyword.iskeyword(name):
        raise BadGameName(f"{name!r} is a Python keyword: choose another name")
    try:
        find_entry(name)
    except PygamesError:
        pass
    else:
        raise BadGameName(f"there is already a game {name!r}: choose another name")
    if find_spec(name) is not None:
        raise BadGameName(f"Python already has a module named {name!r}: choose another name")


def new_game_package(name: str, into: Path) -> Path:
    """Write the package of a new game `name` into the folder `into / name` (which must not exist);
    returns that folder."""
    check_name(name)
    folder = into / name
    if folder.exists():
        raise BadGameName(f"{folder} already exists: nothing was written (choose another name or folder)")
    words = {"__game__": name, "__title__": name.replace("_", " ").title(), "__dist__": name.replace("_", "-")}
    template = resources.files("pygames_core.app") / "template"
    for source, target in FILES.items():
        text = (template / source).read_text(encoding="utf-8")
        for word, value in words.items():
            text = text.replace(word, value)
        path = folder / target.format(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def next_steps(folder: Path, name: str) -> list[str]:
    """The commands that take the new game in `folder` on, each one working as printed from any folder:
    absolute paths, and the Python that ran `new-game` (the one with pygames_core) rather than a bare
    `pip` or `python`, which may be another. The type check points mypy at a pygames_core installed
    editable from a checkout (PEP 561: mypy does not run the import hook such an install puts in
    site-packages, so it would not find the package there); a site is built by the checkout's build.py,
    when there is one."""
    python = shlex.quote(sys.executable)
    game = shlex.quote(str(folder.resolve()))
    wheels = shlex.quote(str(folder.resolve() / "dist"))
    checkout = Path(__file__).resolve().parents[2]  # the folder pygames_core is in
    editable = "site-packages" not in checkout.parts
    mypy_path = f"MYPYPATH={shlex.quote(str(checkout))} " if editable else ""
    steps = [
        f"{python} -m pip install --no-build-isolation -e {game}",
        f"cd {game} && {python} -m pytest -q",
        f"{python} -m pygames_core play {name}",
        f"cd {game} && {mypy_path}{python} -m mypy --strict {name} tests",
        f"{python} -m pip wheel --no-deps --no-build-isolation -w {wheels} {game}",
    ]
    if editable and (checkout / "build.py").is_file():
        steps.append(f"{python} {shlex.quote(str(checkout / 'build.py'))} --game-wheel {wheels} serve")
    return steps
