"""Rewrite zips of Python sources as zips of bytecode, inside the pinned Pyodide.

Run by tools/compile_pyc.mjs (build.py calls it): the bytecode must be made by the Python that will
run it (Pyodide's 3.14), which this machine's CPython cannot do. Pyodide compiles its own packages
the same way before shipping them; its standard library zip and our wheel come as sources, which
Python would otherwise compile again on every start of every visit (about 2.4 s for the modules
Pyodide imports while it starts, against 0.04 s to load them as bytecode, measured in Node).

The .pyc files are sourceless and hash-based without a check (PEP 552): nothing compares them with a
source, and a build of the same sources gives the same bytes. They are compiled without column
positions (PYTHONNODEBUGRANGES, set by compile_pyc.mjs: a traceback still names the line) and
without docstrings, which make a bytecode zip a quarter larger than it need be. A wheel (the rules
package: the standard library's zip is not one) also loses what only tools read: its functions'
annotations (mypy reads the sources; nothing in the package reads them at run time) and the long
description in its METADATA (the README, for PyPI's page).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib.util
import json
import marshal
import sys
import zipfile
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the oldest time a zip can hold: the same bytes on every build
UNCHECKED_HASH = 0b01  # PEP 552 flags: a hash-based .pyc whose source is never checked


def without_docstrings(tree: ast.Module) -> ast.Module:
    """`tree` without its docstrings: a sixth of the standard library's bytecode, which nothing the
    site runs reads (help() is not there to read them; the terminal's command line, which reads its
    module's, is not shipped to run in the browser). A dataclass keeps its own: without one, it
    computes one from its signature, slowly, each time the module is imported."""
    for node in ast.walk(tree):
        documented = isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef) or (
            isinstance(node, ast.ClassDef) and not any("dataclass" in ast.unparse(d) for d in node.decorator_list))
        if documented and ast.get_docstring(node, clean=False) is not None:
            docstring = node.body[0]
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), docstring)]
    return tree


def without_signature_annotations(tree: ast.Module) -> ast.Module:
    """`tree` with its functions' parameters and returns unannotated. Classes keep their field
    annotations, which dataclasses and TypedDicts are made of."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            node.returns = None
            arguments = node.args
            for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             *filter(None, [arguments.vararg, arguments.kwarg])]:
                argument.annotation = None
    return tree


def bytecode(source: bytes, path: str, annotations: bool = True) -> bytes:
    """The .pyc of `source`, which tracebacks will name `path`; without its functions' annotations
    unless `annotations`."""
    tree = without_docstrings(ast.parse(source, path))
    if not annotations:
        tree = without_signature_annotations(tree)
    code = compile(tree, path, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little") + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def compile_zip(source: Path, target: Path, prefix: str) -> None:
    """Every .py of `source` as a .pyc beside where it was (zipimport and the path finder both load
    a sourceless .pyc found there); other files as they were. A wheel's RECORD is written anew."""
    files: dict[str, bytes] = {}
    record = None
    with zipfile.ZipFile(source) as archive:
        wheel = any(name.endswith(".dist-info/RECORD") for name in archive.namelist())
        for info in archive.infolist():
            if info.is_dir():
                continue
            data = archive.read(info)
            if info.filename.endswith(".py"):
                files[info.filename[:-3] + ".pyc"] = bytecode(data, prefix + info.filename, annotations=not wheel)
            elif info.filename.endswith(".dist-info/RECORD"):
                record = info.filename
            elif info.filename.endswith(".dist-info/METADATA"):
                files[info.filename] = data.split(b"\n\n", 1)[0] + b"\n"  # the headers, not the description
            else:
                files[info.filename] = data
    if record is not None:
        lines = [record_line(name, data) for name, data in files.items()]
        files[record] = "".join([*lines, f"{record},,\n"]).encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files.items():
            archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), data, zipfile.ZIP_DEFLATED, 9)


def main(job_file: str) -> None:
    """job_file: a JSON list of {"source", "target", "prefix"}, paths as this Python sees them."""
    for job in json.loads(Path(job_file).read_text(encoding="utf-8")):
        compile_zip(Path(job["source"]), Path(job["target"]), job["prefix"])


if __name__ == "__main__":
    main(sys.argv[1])
