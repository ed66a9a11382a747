"""The page's shape (web/), as tests/test_layout.py holds the package's: layers that import only the
layers below them — the shells over the table life (table-life.js, catalog.js), over the table, over
the games' renderers, over the pieces they share, over the page's base (the DOM helper, the words, the
storage) — no import cycle, and modules short enough to read whole. Imports are read as build.py reads
them to bundle the pages (STATIC_IMPORT)."""

from __future__ import annotations

import re
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

from helpers import import_cycles

from build import STATIC_IMPORT

WEB = Path(__file__).resolve().parent.parent / "web"
# The layers, bottom up: each module may import its own layer's and the layers' below it. A module of
# web/ named in none is a shell (app.js, embed.js, home.js, learn.js, embedding.js and the modules they
# are split into): nothing below may import it.
LAYERS = [
    ("workers", ["worker.js", "sw.js"]),  # they run without the page and import none of it
    ("base", ["dom.js", "i18n.js", "storage.js", "generated/*.js"]),  # generated: the wire's names
    ("pieces", ["cards.js", "seats.js", "cube.js", "stats.js", "share.js", "levels.js", "plugins.js", "client.js",
                "snapshots.js"]),
    ("renderers", ["games/*.js"]),
    ("table", ["table.js", "table-screens.js", "table-broken.js", "summary.js"]),
    ("table life", ["table-life.js", "catalog.js"]),  # what the site and the embed both do with a table
    ("shells", ["*.js"]),
]
MAY_IMPORT = {
    "workers": set(),
    "base": {"base"},
    "pieces": {"base", "pieces"},
    "renderers": {"base", "pieces", "renderers"},
    "table": {"base", "pieces", "renderers", "table"},
    "table life": {"base", "pieces", "renderers", "table", "table life"},
    "shells": {"base", "pieces", "renderers", "table", "table life", "shells"},
}
MAX_LINES = 500
# An import or export naming a module of the site, in any form (the guard on STATIC_IMPORT's reading).
# (Not a JSDoc type's `import("./x.js")` after an export: a statement's names never hold a parenthesis.)
NAMES_A_MODULE = re.compile(r'^[ \t]*(?:import|export)\b[^;(]*?"(\.{1,2}/[^"]+\.js)"', re.MULTILINE)

MODULES = {path.relative_to(WEB).as_posix(): path for path in sorted(WEB.rglob("*.js"))}


def layer(module: str) -> str:
    return next(name for name, patterns in LAYERS if any(fnmatch(module, pattern) for pattern in patterns))


def imports(module: str) -> set[str]:
    path = MODULES[module]
    return {(path.parent / name).resolve().relative_to(WEB).as_posix()
            for name in STATIC_IMPORT.findall(path.read_text(encoding="utf-8"))}


def test_every_import_of_a_module_is_read():
    unread = []
    for module, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        missed = Counter(NAMES_A_MODULE.findall(text)) - Counter(STATIC_IMPORT.findall(text))
        unread.extend(f"{module}: {name}" for name in sorted(missed))
    assert not unread, "imports or re-exports that build.py's STATIC_IMPORT does not read:\n" + "\n".join(unread)


def test_each_layer_imports_only_the_layers_below_it():
    wrong = []
    for module in MODULES:
        for imported in sorted(imports(module)):
            if imported not in MODULES:
                wrong.append(f"{module} imports {imported}, which is not a module of web/")
            elif layer(imported) not in MAY_IMPORT[layer(module)]:
                wrong.append(f"{module} ({layer(module)}) imports {imported} ({layer(imported)})")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle():
    cycles = import_cycles({module: imports(module) & MODULES.keys() for module in MODULES})
    assert not cycles, "\n".join(cycles)


def test_no_module_is_too_long_to_read_whole():
    lines = {module: len(path.read_text(encoding="utf-8").splitlines()) for module, path in MODULES.items()}
    over = {module: count for module, count in lines.items() if count > MAX_LINES}
    assert not over, f"modules over {MAX_LINES} lines: {over}"
