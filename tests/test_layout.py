"""The package's shape (README, "Architecture"): layers that import only the layers below them, no
import cycle (counting imports inside functions, which only hide one), and modules short enough to
read whole."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import import_cycles

PACKAGE = Path(__file__).resolve().parent.parent / "pygames_core"
# What each layer may import from the package, besides itself.
MAY_IMPORT = {
    "engine": set(),
    "kit": {"engine"},
    "ai": {"engine", "kit"},
    "games": {"engine", "kit", "ai"},
    "app": {"engine", "kit", "ai", "games"},
}
MAX_LINES = 500
LONGER_ALLOWED = {"games/chains/solver.py"}  # a game's solver may be longer (the one exception)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_imports(path: Path) -> set[str]:
    """The pygames_core modules `path` imports, anywhere in it (a `from package import name` counts
    the submodule `name` when there is one, else the package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("pygames_core"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pygames_core"):
            assert node.level == 0, f"{path}: use absolute imports"
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
    return found


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in MAY_IMPORT else None


def test_each_layer_imports_only_the_layers_below_it():
    wrong = []
    for module, path in MODULES.items():
        own = layer(module)
        if own is None:
            continue
        for imported in package_imports(path):
            other = layer(imported)
            if other not in (None, own) and other not in MAY_IMPORT[own]:
                wrong.append(f"{module} imports {imported}")
            if other is None and imported != "pygames_core":
                wrong.append(f"{module} imports {imported}, outside the layers")
            if imported == "pygames_core" and own != "app":  # the app is built on the public functions
                wrong.append(f"{module} imports the public package (which imports everything)")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycle():
    # a package's __init__ is imported by its submodules' imports anyway: only edges between modules
    # count, not a submodule naming its own package
    graph = {module: {imported for imported in package_imports(path) & MODULES.keys()
                      if not module.startswith(imported + ".")}
             for module, path in MODULES.items()}
    cycles = import_cycles(graph)
    assert not cycles, "\n".join(cycles)


def test_no_module_is_too_long_to_read_whole():
    long = {str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
            for path in PACKAGE.rglob("*.py")}
    over = {name: lines for name, lines in long.items() if lines > MAX_LINES and name not in LONGER_ALLOWED}
    assert not over, f"modules over {MAX_LINES} lines: {over}"
