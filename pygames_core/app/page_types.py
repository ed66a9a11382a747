"""The page's types, generated from the Python: `python -m pygames_core.app.page_types` writes

- web/generated/messages.d.ts: TypeScript types of every built-in game's actions, events and view (the
  TypedDicts its messages.py declares, read from its `Rules[S, A, E, V]`, and every TypedDict they
  name), one namespace per game (`Arsene.Action`, `Arsene.Event`, `Arsene.View`, `Arsene.Snapshot`),
  and, in the namespace `Common`, what they share: the snapshot the bridge sends (engine/game.py's
  `Snapshot`, generic in the action and view: `Common.Snapshot<A, V>`) and the kit's messages (a trick,
  the doubling cube);
- web/generated/wire.js: the bridge's operations (app/bridge.py's registry, `OPS`) and the error
  types it can answer, as frozen objects the page's client imports instead of string literals.

Both files are committed; `--check` (what tests/test_page_types.py and build.py run) fails, naming
this command, when either differs from what the Python would write now.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import types
from pathlib import Path
from typing import Any, Literal, NotRequired, Required, TypeVar, Union, get_args, get_origin, get_type_hints

from pygames_core import list_games
from pygames_core.app import bridge
from pygames_core.engine.errors import PygamesError
from pygames_core.engine.game import Snapshot
from pygames_core.engine.rules import Rules
from pygames_core.games import find_entry

ROOT = Path(__file__).resolve().parents[2]
GENERATED = Path("web") / "generated"
MESSAGES = GENERATED / "messages.d.ts"
WIRE = GENERATED / "wire.js"
COMMAND = "python -m pygames_core.app.page_types"
SHARED = "Common"  # the namespace of what several games' messages share: the snapshot, the kit's
# the modules whose errors reach the bridge's replies: the public package's (engine/errors.py's and
# engine/howto.py's, which it re-exports under its own name), the scenarios' and the bridge's own
ANSWERED_FROM = ("pygames_core", "pygames_core.app.scenario", "pygames_core.app.bridge")
BUILT_IN = "pygames_core.games."  # the package of the built-in games, the ones the site draws
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
SCALARS: dict[object, str] = {str: "string", int: "number", float: "number", bool: "boolean",
                              type(None): "null", Any: "unknown", object: "unknown"}


class Namespace:
    """The TypeScript of one namespace: its interfaces, written once each, by the TypedDicts' names. A
    game's namespace (`package`: its messages' package) leaves the TypedDicts of others (the kit's, the
    engine's) to the `shared` namespace, `name`d in front of them."""

    def __init__(self, name: str, package: str = "", shared: Namespace | None = None) -> None:
        self.name, self.package, self.shared = name, package, shared
        self.interfaces: dict[str, str] = {}
        self.sources: dict[str, type] = {}

    def ts(self, hint: object) -> str:
        """`hint`, a type as get_type_hints gives it, in TypeScript (its TypedDicts written down too)."""
        origin, args = get_origin(hint), get_args(hint)
        if hint in SCALARS:
            return SCALARS[hint]
        if isinstance(hint, TypeVar):
            return hint.__name__
        if origin is Literal:
            return " | ".join(json.dumps(value) for value in args)
        if origin in (Union, types.UnionType):
            return " | ".join(self.ts(arg) for arg in args)
        if origin is list:
            item = self.ts(args[0])
            return f"({item})[]" if " | " in item else f"{item}[]"
        if origin is dict:
            return f"Record<{self.ts(args[0])}, {self.ts(args[1])}>"
        if isinstance(hint, type) and is_typeddict(hint):
            return self.interface(hint)
        if origin is not None and isinstance(origin, type) and is_typeddict(origin):  # a generic TypedDict
            return f"{self.interface(origin)}<{', '.join(self.ts(arg) for arg in args)}>"
        raise TypeError(f"no TypeScript for {hint!r}")

    def interface(self, typed: type) -> str:
        """The interface of a TypedDict, written once; its name."""
        if self.shared is not None and not typed.__module__.startswith(self.package):
            return f"{self.shared.name}.{self.shared.interface(typed)}"
        name = typed.__name__
        if self.sources.setdefault(name, typed) is not typed:
            raise TypeError(f"two TypedDicts named {name} in one namespace: {self.sources[name]} and {typed}")
        if name in self.interfaces:
            return name
        self.interfaces[name] = ""  # reserved first: a TypedDict may name itself
        keys = []
        for key, hint in get_type_hints(typed, include_extras=True).items():
            optional = get_origin(hint) is NotRequired
            if get_origin(hint) in (NotRequired, Required):
                hint = get_args(hint)[0]
            shown = key if IDENTIFIER.match(key) else json.dumps(key)
            keys.append(f"  {shown}{'?' if optional else ''}: {self.ts(hint)};")
        parameters = getattr(typed, "__parameters__", ())
        generic = f"<{', '.join(p.__name__ for p in parameters)}>" if parameters else ""
        self.interfaces[name] = "\n".join([f"export interface {name}{generic} {{", *keys, "}"])
        return name

    def text(self, aliases: tuple[str, ...] | list[str] = ()) -> str:
        """The namespace's declaration: its type `aliases`, then its interfaces by name."""
        blocks = ["\n".join(aliases)] if aliases else []
        blocks += [indent(self.interfaces[name]) for name in sorted(self.interfaces)]
        return "\n".join([f"export namespace {self.name} {{", "\n\n".join(blocks), "}"])


def is_typeddict(value: type) -> bool:
    return isinstance(getattr(value, "__annotations__", None), dict) and hasattr(value, "__total__")


def messages_of(rules: object) -> tuple[object, object, object]:
    """The action, event and view types a game's rules are declared with (`Rules[S, A, E, V]`)."""
    for klass in type(rules).__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if get_origin(base) is Rules:
                _, action, event, view = get_args(base)
                return action, event, view
    raise TypeError(f"{type(rules).__name__} does not say its messages: declare it as Rules[S, A, E, V]")


def namespace_name(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.split("_"))


def messages_ts() -> str:
    """web/generated/messages.d.ts's text."""
    shared = Namespace(SHARED)
    snapshot = f"{SHARED}.{shared.interface(Snapshot)}"
    games = []
    for game in list_games():
        rules = find_entry(game["id"]).rules
        package = type(rules).__module__.rpartition(".")[0]
        if not package.startswith(BUILT_IN):
            continue  # a plugin's types are its own
        action, event, view = messages_of(rules)
        space = Namespace(namespace_name(game["id"]), package + ".", shared)
        aliases = [f"  export type Action = {space.ts(action)};", f"  export type Event = {space.ts(event)};",
                   f"  export type View = {space.ts(view)};", f"  export type Snapshot = {snapshot}<Action, View>;"]
        games.append(space.text(aliases))
    header = (f"// Generated from the games' messages.py (the TypedDicts of their Rules[S, A, E, V]) by\n"
              f"// `{COMMAND}`: do not edit.")
    return "\n\n".join([header, shared.text(), *games]) + "\n"


def indent(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


def error_types() -> list[str]:
    """Every error type the bridge can answer: the PygamesError classes of ANSWERED_FROM, and InternalError."""
    found: set[str] = {bridge.INTERNAL_ERROR}
    waiting: list[type[PygamesError]] = [PygamesError]
    while waiting:
        error = waiting.pop()
        if error.__module__ in ANSWERED_FROM:  # not a test's, a plugin's or the scaffold's own
            found.add(error.__name__)
        waiting += error.__subclasses__()
    return sorted(found)


def frozen(names: list[str]) -> str:
    return "Object.freeze({ " + ", ".join(f"{name}: {json.dumps(name)}" for name in sorted(names)) + " })"


def wire_js() -> str:
    """web/generated/wire.js's text."""
    return ("// Generated from the Python bridge's op registry (pygames_core/app/bridge.py): do not edit.\n"
            f"export const OP = {frozen(list(bridge.OPS))};\n"
            f"export const ERROR = {frozen(error_types())};\n")


def generated() -> dict[Path, str]:
    return {MESSAGES: messages_ts(), WIRE: wire_js()}


def stale(root: Path = ROOT) -> list[Path]:
    """The generated files under `root` that differ from what the Python writes now."""
    return [path for path, text in generated().items()
            if not (root / path).exists() or (root / path).read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check that the committed files are current")
    arguments = parser.parse_args(argv)
    if arguments.check:
        out_of_date = stale()
        for path in out_of_date:
            print(f"{path} is out of date: run `{COMMAND}`", file=sys.stderr)
        return 1 if out_of_date else 0
    for path, text in generated().items():
        (ROOT / path).parent.mkdir(parents=True, exist_ok=True)
        (ROOT / path).write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
