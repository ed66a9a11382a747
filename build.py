"""Build the pygames static site into dist/, and optionally serve it.

    python build.py                 # build only
    python build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:N/
    python build.py --game-wheel PATH_OR_DIR [...] [serve]   # with third-party games (repeatable)

The site is self-contained: the page and its modules (web/), the Pyodide runtime copied from
node_modules/pyodide (run `npm ci` first; its standard library trimmed to the modules the site
imports, its lock file to the packages it loads), the wheel of pygames_core, the web app manifest and
its icons (web/icons/: an SVG and the PNGs drawn from it, checked in), and a service worker that
precaches all of it, so that the site works offline after one visit. Nothing is fetched from another
origin, at build time or at run time.

For embeds, which show a static preview before they start Pyodide, the build also writes what
Python would answer without the runtime: catalog.json (list_games), levels.json (list_levels: the
pickers' bot levels) and, for each scenario in web/scenarios/, its frames (the reader's snapshot
after every step, played through the rules here, so a scenario the rules refuse fails the build).
The rules pages read each game's how-to-play document from howto/<game>.json
(pygames_core.how_to_play, checked here: a malformed one fails the build), so the rules are there
before Python starts, and offline.

The standard library's zip and the wheel ship as bytecode, compiled by the pinned Pyodide's own
Python in Node (tools/compile_pyc.py): Python no longer compiles them on every visit.

Third-party games (`--game-wheel`, a wheel or a folder of wheels, repeatable) are checked (a pure-Python
wheel with a `pygames.games` entry point) and shipped under plugins/, with Pyodide's micropip, which each
game wheel's own sandboxed engine in the page installs it with (web/engines.js, docs/plugins-security.md:
build.json names each game's wheels and the files the page hands that engine); such a site ships the
whole standard library, since a game may import any of it. A site without them ships neither micropip
nor the extra modules. A game wheel's how-to-play documents are read from the wheel, checked and shipped
in howto/ too. Each wheel's code runs in a
sandbox only (check_in_sandbox: the pinned Pyodide under Node, which may read nothing of the host but
the runtime and the wheels), where it must pass the kit's contract suite, or the build fails naming
the cause; its games are listed there in catalog.json, so that pages and embeds draw them before the
engine starts. catalog.json lists exactly the games the site ships: the built-in ones and the given
wheels', never another game installed in the build's own Python.
"""

from __future__ import annotations

import argparse
import base64
import configparser
import contextlib
import email.parser
import functools
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from typing import Any, ClassVar, NamedTuple

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
PYODIDE_SOURCE = ROOT / "node_modules" / "pyodide"
COMPILE_PYC = ROOT / "tools" / "compile_pyc.mjs"  # and compile_pyc.py, which it runs in Pyodide
# Compiled zips are kept here by the hash of what made them: the compiler starts a Pyodide in Node
# (about 15 s), which a build whose Python sources did not change can skip.
PYC_CACHE = ROOT / "build" / "pyc-cache"
STDLIB_ZIP = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB_ZIP, LOCK_FILE)
# The standard-library modules the site ships (of Pyodide's 2.5 MB zip): those the runtime imports
# to start, to load the wheel and to run everything the page asks of the rules, found by running
# it (trim/discover.py). A list kept in the repository rather than found in every build: finding
# it starts Pyodide in Node and plays every game (12 s on this machine, more than the rest of the
# build), and the build runs in every browser-test session and every `./dev serve`; the list changes
# only with an import in pygames_core or a new Pyodide, and tests/test_trim.py (CPython) and
# e2e/test_trimmed_runtime.py (the built site in Chromium) fail, naming the module, when it falls short.
STDLIB_MODULES = ROOT / "trim" / "stdlib_modules.txt"
# The packages of Pyodide's distribution the site loads by name, kept in the lock file with what they
# depend on; every other package of the distribution is left out of it. Without third-party games,
# none: the wheel of pygames_core is loaded by its address. With them, micropip, which installs them.
LOCK_PACKAGES: tuple[str, ...] = ()
# The page's modules are bundled at build time (bundle_modules): a returning visitor's page made ~30
# requests through the service worker before it could draw the saved table, and half of its time to
# a visible table went to them. The modules as written go to src/, which the source maps name.
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
SOURCES = "src"
LOCALES = "locales"  # the page's words, one JSON file a language (docs/words.md)
PLUGIN_LOCK_PACKAGES = ("micropip",)
# The npm package of Pyodide lists micropip in its lock file but does not hold the wheel: the build
# takes it from PyPI with pip (never from a CDN), pinned to the lock's version and to the PyPI file's
# own hash. (The lock's sha256 is of Pyodide's own rebuild of the same version, a different file: the
# lock entry shipped names the file shipped, whose hash Pyodide checks when it loads it.) micropip
# 0.11.1 vendors `packaging`, so its lock entry depends on nothing.
PYPI_WHEELS = {"micropip": ("0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")}
WHEEL_CACHE = ROOT / "build" / "wheel-cache"
# Third-party games go here in the site, under their own file names (micropip reads a wheel's name
# and version from its file name).
GAMES_FOLDER = "plugins"
PLUGIN_GROUP = "pygames.games"  # the entry-point group a game package registers its game in
SERVICE_WORKER = "sw.js"
PYTHON_WORKER = "worker.js"
PLUGIN_HOST = "plugin-host.js"  # the script of a third-party game's sandboxed frame (web/engines.js)
# The runtime's files go to a folder of this one named by their content (name_runtime).
RUNTIME_FOLDER = "pyodide"
# Cache names start with this, so a new build deletes only its own old caches (GitHub Pages
# serves every project of a user from one origin).
CACHE_PREFIX = "pygames-"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}


class BuildError(Exception):
    """A build step that cannot go on; its message says what to do."""


# --- build steps ---------------------------------------------------------------------------------

def build_wheel(out_dir: Path, source: Path = ROOT) -> Path:
    """The wheel of pygames_core built from `source`: this checkout, or another commit's exported tree."""
    # setuptools copies the package into build/lib and never removes a module that has since been
    # moved or deleted: start from an empty copy, or the wheel ships stale modules beside the new ones
    for stale in [source / "build" / "lib", *(source / "build").glob("bdist.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", str(out_dir)],
        cwd=source, capture_output=True, text=True, check=False,
    )
    wheels = sorted(out_dir.glob("pygames_core-*.whl"))
    if result.returncode != 0 or len(wheels) != 1:
        raise BuildError(f"building the wheel failed:\n{result.stdout}{result.stderr}")
    return wheels[0]


def zip_module(entry: str) -> str | None:
    """The module a standard-library zip entry holds ("json/__init__.py": json, "json/decoder.py":
    json.decoder; as source or, once compiled for the site, as bytecode: .pyc), or None for a folder
    or a file that is no module (py.typed, README.txt)."""
    for suffix in (".py", ".pyc"):
        if entry.endswith(suffix):
            return entry.removesuffix(suffix).removesuffix("/__init__").replace("/", ".")
    return None


def read_stdlib_modules(listing: Path = STDLIB_MODULES) -> frozenset[str]:
    """The module names of the list, one a line ("#" begins a comment)."""
    try:
        lines = listing.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise BuildError(f"cannot read the list of standard-library modules to ship: {error}") from None
    return frozenset(line.split("#")[0].strip() for line in lines) - {""}


def trim_stdlib(original: bytes, modules: frozenset[str]) -> bytes:
    """Pyodide's standard-library zip holding only `modules` (and the folders they are in), each entry
    as the original has it: the same source file, order, date and attributes, and the same deflate
    level (zipfile's default, 6: the original's entries come out byte for byte). A module of the list
    that the zip lacks is a BuildError: the pinned Pyodide changed, and the list must be found again."""
    with zipfile.ZipFile(io.BytesIO(original)) as source:
        files = {entry.filename for entry in source.infolist() if zip_module(entry.filename) in modules}
        missing = sorted(modules - {zip_module(name) for name in files})
        if missing:
            raise BuildError(f"node_modules/pyodide/{STDLIB_ZIP} has no module {', '.join(missing)}: a new Pyodide? "
                             f"Run `.venv/bin/python trim/discover.py` to find the modules the site needs again")
        folders = {f"{folder}/" for name in files for folder in PurePosixPath(name).parents if folder.name}
        written = io.BytesIO()
        with zipfile.ZipFile(written, "w") as trimmed:
            for entry in source.infolist():
                if entry.filename in files or entry.filename in folders:
                    trimmed.writestr(entry, source.read(entry))
    return written.getvalue()


def trim_lock(lock: dict, packages: tuple[str, ...]) -> dict:
    """Pyodide's lock file listing only `packages` and what they depend on, in the original's order."""
    known = lock["packages"]
    kept: set[str] = set()
    wanted = list(packages)
    while wanted:
        name = wanted.pop()
        if name not in known:
            raise BuildError(f"{name} is no package of the pinned Pyodide (node_modules/pyodide/{LOCK_FILE})")
        if name not in kept:
            kept.add(name)
            wanted.extend(known[name]["depends"])
    return {**lock, "packages": {name: entry for name, entry in known.items() if name in kept}}


def copy_pyodide(target: Path, *, plugins: bool = False) -> None:
    """The runtime's files, the standard library and the lock file trimmed to what the site uses.
    With `plugins` (third-party games), micropip too, and the whole standard library: a game from
    outside may import any module of it, which trim/stdlib_modules.txt cannot know."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_SOURCE / name).is_file()]
    if missing:
        raise BuildError(f"node_modules/pyodide lacks {', '.join(missing)}: run `npm ci` first")
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name not in (STDLIB_ZIP, LOCK_FILE):
            shutil.copy2(PYODIDE_SOURCE / name, target / name)
    if plugins:
        shutil.copy2(PYODIDE_SOURCE / STDLIB_ZIP, target / STDLIB_ZIP)
    else:
        stdlib = trim_stdlib((PYODIDE_SOURCE / STDLIB_ZIP).read_bytes(), read_stdlib_modules())
        (target / STDLIB_ZIP).write_bytes(stdlib)
    lock = json.loads((PYODIDE_SOURCE / LOCK_FILE).read_text(encoding="utf-8"))
    trimmed = trim_lock(lock, PLUGIN_LOCK_PACKAGES if plugins else LOCK_PACKAGES)
    for name, entry in trimmed["packages"].items():
        wheel = shutil.copy2(pypi_wheel(name, entry), target / entry["file_name"])
        entry["sha256"] = digest(Path(wheel).read_bytes())
    (target / LOCK_FILE).write_text(json.dumps(trimmed), encoding="utf-8")


def pypi_wheel(name: str, lock_entry: dict[str, Any]) -> Path:
    """The wheel of a package of Pyodide's lock file that its npm package lacks, from PyPI (kept in
    build/wheel-cache/): the lock's version, checked against the hash pinned in PYPI_WHEELS."""
    if name not in PYPI_WHEELS:
        raise BuildError(f"no pinned wheel for {name} (build.py PYPI_WHEELS)")
    version, sha256 = PYPI_WHEELS[name]
    if lock_entry["version"] != version:
        raise BuildError(f"the pinned Pyodide wants {name} {lock_entry['version']}, build.py pins {version}: "
                         f"update PYPI_WHEELS to the new version and its PyPI file's sha256")
    cached: Path = WHEEL_CACHE / lock_entry["file_name"]
    if cached.is_file() and digest(cached.read_bytes()) == sha256:
        return cached
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        requirement = Path(tmp) / "requirements.txt"
        requirement.write_text(f"{name}=={version} --hash=sha256:{sha256}\n", encoding="utf-8")
        major, minor = pyodide_python()
        result = subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--python-version", f"{major}.{minor}", "--require-hashes",
             "-r", str(requirement), "-d", tmp],
            capture_output=True, text=True, check=False)
        downloaded = Path(tmp) / lock_entry["file_name"]
        if result.returncode != 0 or not downloaded.is_file():
            raise BuildError(f"downloading {name} {version} from PyPI failed:\n{result.stdout}{result.stderr}")
        shutil.copyfile(downloaded, cached)
    return cached


def pyodide_python() -> tuple[str, str]:
    """The major and minor version of the pinned Pyodide's Python, as its lock file says."""
    lock = json.loads((PYODIDE_SOURCE / LOCK_FILE).read_text(encoding="utf-8"))
    major, minor, *_ = lock["info"]["python"].split(".")
    return major, minor


def zip_contents(path: Path) -> bytes:
    """What a zip holds, without the times it was written at (a wheel built again differs only there)."""
    with zipfile.ZipFile(path) as archive:
        return b"".join(f"{info.filename}\0{info.CRC}\0{info.file_size}\0".encode()
                        for info in sorted(archive.infolist(), key=lambda info: info.filename))


def compile_for_pyodide(zips: list[tuple[Path, str]]) -> None:
    """Replace each zip of Python sources (a path, and the directory Pyodide will import it from)
    with the same zip holding bytecode, compiled by the pinned Pyodide's own Python in Node (see
    tools/compile_pyc.py for why), reusing what an earlier build compiled from the same bytes."""
    version = json.loads((PYODIDE_SOURCE / "package.json").read_text(encoding="utf-8"))["version"]
    compiler = digest(COMPILE_PYC.read_bytes() + COMPILE_PYC.with_suffix(".py").read_bytes() + version.encode())
    keys = {path: PYC_CACHE / f"{digest(compiler.encode() + prefix.encode() + zip_contents(path))}.zip"
            for path, prefix in zips}
    missing = [(path, prefix) for path, prefix in zips if not keys[path].exists()]
    if missing:
        node = shutil.which("node")
        if node is None:
            raise BuildError("compiling Python for Pyodide needs Node.js (run ./dev setup)")
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            jobs = [{"source": str(work / f"{i}.zip"), "target": str(work / f"{i}.out.zip"), "prefix": prefix}
                    for i, (path, prefix) in enumerate(missing)]
            for job, (path, _) in zip(jobs, missing, strict=True):
                shutil.copyfile(path, job["source"])
            (work / "job.json").write_text(json.dumps(jobs), encoding="utf-8")
            result = subprocess.run([node, str(COMPILE_PYC), str(PYODIDE_SOURCE), str(work)],
                                    capture_output=True, text=True, check=False)
            if result.returncode != 0:
                raise BuildError(f"compiling Python for Pyodide failed:\n{result.stdout}{result.stderr[-4000:]}")
            PYC_CACHE.mkdir(parents=True, exist_ok=True)
            for job, (path, _) in zip(jobs, missing, strict=True):
                shutil.copyfile(job["target"], keys[path])
    for path, _ in zips:
        shutil.copyfile(keys[path], path)
    for kept in PYC_CACHE.glob("*.zip"):  # what this build did not use is out of date
        if kept not in keys.values():
            kept.unlink()


# A wheel's file name (PEP 427): distribution-version(-build)?-python-abi-platform.whl
WHEEL_NAME = re.compile(r"^(?P<name>[A-Za-z0-9_.]+)-(?P<version>[A-Za-z0-9_.+!]+)(?:-\d[^-]*)?"
                        r"-(?P<python>[^-]+)-(?P<abi>[^-]+)-(?P<platform>[^-]+)\.whl$")


class GameWheel(NamedTuple):
    """A third-party game's wheel, checked: its file, its distribution's name, the ids of the games it
    registers, and the how-to-play documents it ships, by game id (the files' bytes, not yet checked:
    write_plugin_how_to_play); the distributions it requires (its METADATA's Requires-Dist, by their
    normalized names). A wheel that registers no game is a dependency another given wheel requires."""

    path: Path
    distribution: str
    games: tuple[str, ...]
    documents: dict[str, bytes]
    requires: tuple[str, ...]


def normalized(distribution: str) -> str:
    """A distribution's name as pip compares them (PEP 503): `More_Itertools` is `more-itertools`."""
    return re.sub(r"[-_.]+", "-", distribution).lower()


def requirements(metadata: str) -> tuple[str, ...]:
    """The distributions a wheel's METADATA requires (its Requires-Dist, but an extra's), normalized."""
    found = []
    for value in email.parser.HeaderParser().parsestr(metadata).get_all("Requires-Dist") or []:
        requirement, _, marker = value.partition(";")
        if "extra" not in marker:
            found.append(normalized(re.split(r"[\s\[(<>=!~;]", requirement.strip(), maxsplit=1)[0]))
    return tuple(found)


def find_game_wheels(sources: Sequence[Path]) -> list[GameWheel]:
    """The wheels `--game-wheel` names (a wheel, or a folder: every *.whl in it), each checked."""
    wheels: list[GameWheel] = []
    for source in sources:
        if source.is_dir():
            found = sorted(source.glob("*.whl"))
            if not found:
                raise BuildError(f"--game-wheel {source}: the folder holds no wheel (*.whl)")
        elif source.is_file():
            found = [source]
        else:
            raise BuildError(f"--game-wheel {source}: no such file or folder")
        wheels.extend(check_game_wheel(path) for path in found)
    names = [wheel.distribution for wheel in wheels]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise BuildError(f"--game-wheel: more than one wheel of {', '.join(twice)}: give one version of each")
    # the page installs the given wheels only (never from an index): what a wheel requires must be given too
    given = {normalized(name) for name in names} | {normalized("pygames_core")}
    for wheel in wheels:
        missing = [requirement for requirement in wheel.requires if requirement not in given]
        if missing:
            raise BuildError(f"{wheel.path}: requires {', '.join(missing)} (its Requires-Dist), which no --game-wheel "
                             f"provides: the page installs only the wheels given, so give each as a wheel too")
    required = {requirement for wheel in wheels for requirement in wheel.requires}
    for wheel in wheels:
        if not wheel.games and normalized(wheel.distribution) not in required:
            raise BuildError(f"{wheel.path}: registers no game: no entry point in the group {PLUGIN_GROUP} "
                             f"(docs/adding-a-game.md), and no game given requires it")
    return wheels


def check_game_wheel(path: Path) -> GameWheel:
    """`path` checked as a game micropip can install in the page: a wheel (by its name and its
    contents), pure Python, its entry points in PLUGIN_GROUP read. BuildError says
    what is wrong otherwise. Nothing of it is imported here (check_in_sandbox runs it apart). A wheel
    registering no game passes here: find_game_wheels takes it as a dependency of a given game."""
    name = WHEEL_NAME.match(path.name)
    if not name:
        raise BuildError(f"{path}: not a wheel's file name (name-version-python-abi-platform.whl)")
    distribution = name["name"]
    if distribution.lower().replace(".", "_") == "pygames_core":
        raise BuildError(f"{path}: the rules package itself; --game-wheel takes games built on it")
    if name["abi"] != "none" or name["platform"] != "any":
        raise BuildError(f"{path}: not a pure-Python wheel (its tags say {name['abi']}-{name['platform']}, "
                         f"not none-any): the page installs pure-Python games only")
    try:
        with zipfile.ZipFile(path) as archive:
            damaged = archive.testzip()
            members = archive.namelist()
            dist_info = [member.removesuffix("/WHEEL") for member in members
                         if member.count("/") == 1 and member.endswith(".dist-info/WHEEL")]
            if damaged is not None or len(dist_info) != 1:
                raise BuildError(f"{path}: not a wheel: " + (f"{damaged} is damaged" if damaged is not None
                                                             else "it needs exactly one *.dist-info/WHEEL"))
            wheel_file = archive.read(f"{dist_info[0]}/WHEEL").decode("utf-8")
            metadata_file = f"{dist_info[0]}/METADATA"
            metadata = archive.read(metadata_file).decode("utf-8") if metadata_file in members else ""
            entry_points_file = f"{dist_info[0]}/entry_points.txt"
            entry_points = archive.read(entry_points_file).decode("utf-8") if entry_points_file in members else ""
    except zipfile.BadZipFile as error:
        raise BuildError(f"{path}: not a wheel ({error})") from None
    if "root-is-purelib: true" not in wheel_file.lower():
        raise BuildError(f"{path}: not a pure-Python wheel (its WHEEL file lacks Root-Is-Purelib: true)")
    sections = configparser.ConfigParser(delimiters=("=",), interpolation=None)
    sections.optionxform = str  # type: ignore[assignment,method-assign]  # entry-point names keep their case
    try:
        sections.read_string(entry_points)
    except configparser.Error as error:
        raise BuildError(f"{path}: its entry_points.txt cannot be read: {error}") from None
    games = dict(sections[PLUGIN_GROUP]) if sections.has_section(PLUGIN_GROUP) else {}
    from pygames_core.engine.howto import document_path

    # a game's document is in the top-level package of its entry point's `module:attribute`
    places = {game: document_path(game, value.partition(":")[0].strip().split(".")[0]) for game, value in games.items()}
    with zipfile.ZipFile(path) as archive:
        documents = {game: archive.read(place) for game, place in places.items() if place in members}
    return GameWheel(path, distribution, tuple(games), documents, requirements(metadata))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def site_files(dist: Path) -> list[Path]:
    return sorted(p for p in dist.rglob("*") if p.is_file())


def content_hash(folder: Path) -> str:
    """A hash of every file's path (under `folder`) and content: it changes with any of them."""
    hashed = hashlib.sha256()
    for path in site_files(folder):
        hashed.update(f"{path.relative_to(folder).as_posix()}\0{digest(path.read_bytes())}\0".encode())
    return hashed.hexdigest()[:16]


def name_runtime(dist: Path) -> str:
    """Move the runtime's files (once complete) from pyodide/ into pyodide/<hash of them>/ and return
    that folder's address ("pyodide/1a2b…/").

    An address that changes with the content lets the service worker precache the runtime without
    asking the server again, and a page of an older build, still asking for the older address,
    never gets a newer runtime (a deploy's pages and runtime always belong together).
    """
    folder = dist / RUNTIME_FOLDER
    files = list(folder.iterdir())
    named = folder / content_hash(folder)
    named.mkdir()
    for path in files:
        path.rename(named / path.name)
    return f"{RUNTIME_FOLDER}/{named.name}/"


def with_constants(script: str, constants: dict[str, Any]) -> str:
    """A script of web/ preceded by the constants build.py writes for it."""
    header = "// Written by build.py: what this build is made of.\n" + "".join(
        f"const {name} = {json.dumps(value, indent=1)};\n" for name, value in constants.items())
    return f"{header}\n{script}"


def precached(dist: Path) -> list[Path]:
    """The files the service worker keeps for offline: every file of the site but the modules as
    written and the source maps, which only a browser's developer tools ask for."""
    sources = dist / SOURCES
    return [path for path in site_files(dist) if sources not in path.parents and path.suffix != ".map"]


def service_worker(dist: Path, runtime: str) -> str:
    """web/sw.js, preceded by the cache name, the runtime's folder and the list of every file to
    precache.

    The cache name hashes every file's path and content, so any change to the site makes a new
    cache (and a byte-different worker, which is what makes browsers install the update).
    """
    urls = ["./", *(path.relative_to(dist).as_posix() for path in precached(dist))]
    constants = {"CACHE_PREFIX": CACHE_PREFIX, "CACHE_NAME": CACHE_PREFIX + content_hash(dist),
                 "RUNTIME": runtime, "PRECACHE": urls}
    return with_constants((WEB / SERVICE_WORKER).read_text(encoding="utf-8"), constants)


def check_plugin_host(dist: Path) -> None:
    """The script of a third-party game's sandboxed frame (web/plugin-host.js, which web/engines.js
    writes inline into the frame) is allowed by its hash in every page's Content-Security-Policy, which
    the frame inherits: a page whose policy names another hash could not start such a game."""
    hashed = base64.b64encode(hashlib.sha256((WEB / PLUGIN_HOST).read_bytes()).digest()).decode()
    for page in sorted(dist.glob("*.html")):
        if f"'sha256-{hashed}'" not in page.read_text(encoding="utf-8"):
            raise BuildError(f"{page.name}: its Content-Security-Policy's script-src must name web/{PLUGIN_HOST} "
                             f"by its hash, 'sha256-{hashed}' (the script changed: put the new hash in web/*.html)")


def write_workers(dist: Path, info: dict[str, Any]) -> None:
    """worker.js, told where the runtime and the wheel are (build.json's "runtime" and "wheel": it starts
    the runtime without asking the server first), the sandboxed frame's script of a third-party game's
    engine (checked against the pages' policy), then sw.js, last: its cache name hashes every other file
    of the site."""
    worker = (WEB / PYTHON_WORKER).read_text(encoding="utf-8")
    (dist / PYTHON_WORKER).write_text(
        with_constants(worker, {"RUNTIME": info["runtime"], "WHEEL": info["wheel"], "VERSION": info["version"]}),
        encoding="utf-8")
    check_plugin_host(dist)
    shutil.copy2(WEB / PLUGIN_HOST, dist / PLUGIN_HOST)
    (dist / SERVICE_WORKER).write_text(service_worker(dist, info["runtime"]), encoding="utf-8")


# A static import of a module of the site: `import … from "./x.js"` (over several lines, too),
# `import "./x.js"` or a re-export `export … from "./x.js"`; a dynamic import() is not a static one.
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\s+(?:[^;"\']*?\sfrom\s+)?"(\.{1,2}/[^"]+\.js)"', re.MULTILINE)
MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"></script>\n')
CSS_IMPORT = re.compile(r'^@import url\("([^"]+)"\);', re.MULTILINE)
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)">\n')


def module_graph(entry: Path) -> list[Path]:
    """Every module `entry` imports statically, directly or not, in the order first met."""
    found: list[Path] = []
    waiting = [entry]
    while waiting:
        module = waiting.pop(0)
        for name in STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            imported = (module.parent / name).resolve()
            if imported not in found and imported != entry.resolve():
                found.append(imported)
                waiting.append(imported)
    return found


def bundle_modules(dist: Path) -> None:
    """Each page's module script bundled with everything it imports (code that several pages share
    goes to chunk files, so the embed and the site do not each carry a copy), and each stylesheet
    with the stylesheets it @imports, by the pinned esbuild. The output is not minified: gzip takes
    the whitespace away, and a stack trace keeps the names. The modules as written and the locale files
    they import move to src/."""
    if not ESBUILD.exists():
        raise BuildError(f"{ESBUILD.relative_to(ROOT)} is missing: run `npm ci` (./dev setup does)")
    sources = dist / SOURCES
    modules = [path for path in dist.rglob("*.js") if RUNTIME_FOLDER not in path.relative_to(dist).parts]
    for module in modules + sorted((dist / LOCALES).glob("*.json")):  # the words the modules import
        moved = sources / module.relative_to(dist)
        moved.parent.mkdir(parents=True, exist_ok=True)
        module.rename(moved)
    pages = sorted(dist.glob("*.html"))
    entries = sorted({name for page in pages for name in MODULE_SCRIPT.findall(page.read_text(encoding="utf-8"))})
    esbuild(sources, *entries, "--splitting", "--format=esm", f"--outdir={dist}", "--chunk-names=chunk-[hash]",
            "--sourcemap=linked", "--sources-content=false")
    sheets = sorted({name for page in pages for name in STYLESHEET.findall(page.read_text(encoding="utf-8"))})
    for sheet in sheets:
        imported = CSS_IMPORT.findall((dist / sheet).read_text(encoding="utf-8"))
        if imported:
            esbuild(dist, sheet, f"--outfile={dist / sheet}", "--allow-overwrite")
            for name in imported:
                ((dist / sheet).parent / name).unlink()
    for folder in [path for path in dist.iterdir() if path.is_dir() and not any(path.iterdir())]:
        folder.rmdir()  # games/, whose modules and stylesheets are all in the bundles now


def esbuild(folder: Path, *arguments: str) -> None:
    run = subprocess.run([str(ESBUILD), "--bundle", "--log-level=warning", *arguments], cwd=folder,
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise BuildError(f"esbuild failed:\n{run.stderr}")


def preload_imports(dist: Path) -> None:
    """Each page's module script, followed by a modulepreload link for every module it imports (the
    chunks its bundle shares with other pages): the browser asks for them with the page instead of
    once the bundle has been read."""
    for page in dist.glob("*.html"):
        html = page.read_text(encoding="utf-8")

        def with_preloads(script: re.Match[str], page: Path = page) -> str:
            modules = module_graph((page.parent / script.group(1)).resolve())
            links = "".join(f'  <link rel="modulepreload" href="{module.relative_to(dist.resolve()).as_posix()}">\n'
                            for module in modules)
            return script.group(0) + links

        page.write_text(MODULE_SCRIPT.sub(with_preloads, html), encoding="utf-8")


def compile_scenarios(source: Path, target: Path) -> list[dict]:
    """Each scenario with its frames, and an index of them (name, game, title)."""
    from pygames_core import PygamesError
    from pygames_core.app.scenario import parse_scenario

    index = []
    for path in sorted(source.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        try:
            scenario = parse_scenario(document)
            frames = scenario.frames()
        except PygamesError as error:
            raise BuildError(f"{path.relative_to(ROOT)}: {error}") from None
        compiled = {"scenario": document, "title": scenario.title, "intro": scenario.intro, "seat": scenario.seat,
                    "frames": frames}
        (target / path.name).write_text(json.dumps(compiled, ensure_ascii=False), encoding="utf-8")
        index.append({"name": path.stem, "game": scenario.game, "title": scenario.title, "steps": len(frames) - 1})
    (target / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return index


def write_how_to_play(target: Path) -> None:
    """Each shipped how-to-play document as howto/<game>.json."""
    from pygames_core import PygamesError, how_to_play, list_games
    from pygames_core.engine.howto import is_shipped

    target.mkdir(exist_ok=True)
    for game in list_games(plugins=False):
        if not is_shipped(game["id"]):
            continue
        try:
            document = how_to_play(game["id"])
        except PygamesError as error:
            raise BuildError(str(error)) from None
        (target / f"{game['id']}.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")


def write_plugin_how_to_play(target: Path, games: Sequence[GameWheel]) -> None:
    """Each game wheel's how-to-play documents as howto/<game>.json beside the built-in ones, checked
    (a malformed one, or a game id a built-in game or another wheel has, fails the build), so that a plugin
    game's rules are there before Python starts, and offline, like the others'."""
    from pygames_core import PygamesError
    from pygames_core.engine.howto import parse_document

    for wheel in games:
        for game, data in wheel.documents.items():
            shipped = target / f"{game}.json"
            if shipped.exists():
                raise BuildError(f"{wheel.path}: the game id {game!r} is taken: its how-to-play document would "
                                 f"replace another game's")
            try:
                parse_document(data, f"{wheel.path.name}: {game}'s how-to-play document", examples=False)
            except PygamesError as error:
                raise BuildError(str(error)) from None
            shipped.write_bytes(data)


SANDBOX = ROOT / "tools" / "plugin_sandbox.mjs"  # and plugin_sandbox.py, which it runs in Pyodide
SANDBOX_SECONDS = 900  # a game's contract suite plays whole games at every bot level, in Pyodide


def check_in_sandbox(core_wheel: Path, games: Sequence[GameWheel]) -> list[dict[str, Any]]:
    """The catalog's entries of the wheels' games (catalog.json: a page or an embed then lists and
    draws them before Python is up, as it does the built-in games), once each wheel has passed the
    checks of tools/plugin_sandbox.py: no import that nothing given provides, each declared game
    loading through its entry point, the kit's contract suite passed. A BuildError names each wheel
    that fails, and why (the suite's message, or a bug's traceback's last frames).

    The wheels' code runs in the pinned Pyodide under Node, never in the build's Python: Node's
    permission model lets it read the runtime's files, the sandbox's scripts and a copy of the
    wheels, and nothing else; it may write no file, start no process nor worker, and it is given no
    environment variable. (Node 20's permission model does not cover the network: a wheel's code
    could still open a connection, with nothing of the builder's to send.)"""
    if not games:
        return []
    node = shutil.which("node")
    if node is None:
        raise BuildError("checking the game wheels needs Node.js (run ./dev setup)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp).resolve()
        shutil.copy2(core_wheel, work / core_wheel.name)
        for game in games:
            shutil.copy2(game.path, work / game.path.name)
        job = {"core": core_wheel.name,
               "wheels": [{"file": game.path.name, "games": list(game.games)} for game in games]}
        (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
        readable = [PYODIDE_SOURCE.resolve(), SANDBOX.parent.resolve(), work]
        command = [node, "--experimental-permission", "--no-warnings",
                   *(f"--allow-fs-read={folder}/" for folder in readable), str(SANDBOX), str(PYODIDE_SOURCE.resolve()),
                   str(work)]
        try:
            run = subprocess.run(command, cwd=work, env={}, capture_output=True, text=True, encoding="utf-8",
                                 timeout=SANDBOX_SECONDS, check=False)
        except subprocess.TimeoutExpired:
            raise BuildError(f"checking the game wheels took more than {SANDBOX_SECONDS} s: does a game end "
                             f"(its contract suite plays whole games at every bot level)?") from None
    try:
        answer = json.loads(run.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise BuildError(f"checking the game wheels failed:\n{run.stderr[-4000:]}") from None
    if answer["errors"]:
        raise BuildError("\n".join(answer["errors"]))
    return list(answer["games"])


def plugin_engines(games: Sequence[GameWheel]) -> dict[str, list[str]]:
    """The wheels each third-party game's engine installs, by game id (build.json's "plugin_games"): the
    game's own wheel, then the wheels it requires, directly or not. Each game wheel gets an engine of its
    own in the page (web/engines.js), which holds none of another wheel's games."""
    by_name = {normalized(game.distribution): game for game in games}
    engines: dict[str, list[str]] = {}
    for game in games:
        wheels = [game]
        for wheel in wheels:
            wheels.extend(by_name[name] for name in wheel.requires if name in by_name and by_name[name] not in wheels)
        for game_id in game.games:
            engines[game_id] = [f"{GAMES_FOLDER}/{wheel.path.name}" for wheel in wheels]
    return engines


def site_catalog(core_wheel: Path, games: Sequence[GameWheel]) -> list[dict[str, Any]]:
    """catalog.json: the built-in games, listed by the build's Python, then the given wheels' games,
    listed in the sandbox (check_in_sandbox). A game installed in the build's Python (a designer's,
    with `pip install -e .`) is neither imported nor listed: the site lists exactly what it ships."""
    from pygames_core import list_games

    return list_games(plugins=False) + check_in_sandbox(core_wheel, games)


def check_page_types() -> None:
    """The page's generated types and wire constants (web/generated/) as the Python writes them now: the
    committed files are the ones the page's modules import and the type checker reads, so a stale one
    fails the build, naming the command that writes them (pygames_core/app/page_types.py)."""
    from pygames_core.app.page_types import COMMAND, stale

    out_of_date = stale(ROOT)
    if out_of_date:
        raise BuildError(f"{', '.join(map(str, out_of_date))} out of date: run `{COMMAND}`")


def build(dist: Path = DIST, game_wheels: Sequence[Path] = ()) -> dict[str, Any]:
    """Assemble the whole site in `dist` (replacing it) and return build.json's contents.
    `game_wheels`: third-party games (wheels, or folders of them) to ship (find_game_wheels)."""
    games = find_game_wheels(game_wheels)  # first: a wrong wheel fails the build before anything is written
    check_page_types()
    if dist.exists():
        shutil.rmtree(dist)
    # the generated TypeScript types are for the type checker, not the page
    shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns(SERVICE_WORKER, PYTHON_WORKER, PLUGIN_HOST, "*.d.ts"))
    copy_pyodide(dist / RUNTIME_FOLDER, plugins=bool(games))
    if games:
        (dist / GAMES_FOLDER).mkdir()
    for game in games:
        shutil.copy2(game.path, dist / GAMES_FOLDER / game.path.name)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = shutil.copy2(build_wheel(Path(tmp)), dist)
    wheel_path = Path(wheel)
    major, minor = pyodide_python()
    compile_for_pyodide([(dist / RUNTIME_FOLDER / STDLIB_ZIP, f"/lib/python{major}{minor}.zip/"),
                         (wheel_path, f"/lib/python{major}.{minor}/site-packages/")])
    runtime = name_runtime(dist)
    info = {
        "wheel": wheel_path.name,
        "version": wheel_path.name.split("-")[1],
        "sha256": digest(wheel_path.read_bytes()),
        "runtime": runtime,
        "game_wheels": [f"{GAMES_FOLDER}/{game.path.name}" for game in games],
        # a third-party game's engine (web/engines.js) is handed these files by the page, which reads them
        "engine_files": [path.relative_to(dist).as_posix() for path in site_files(dist / runtime)] + [wheel_path.name],
        "plugin_games": plugin_engines(games),
    }
    (dist / "build.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    write_how_to_play(dist / "howto")  # first: a malformed document is reported as such
    write_plugin_how_to_play(dist / "howto", games)
    from pygames_core import list_levels

    catalog = site_catalog(wheel_path, games)
    (dist / "catalog.json").write_text(json.dumps(catalog, ensure_ascii=False) + "\n", encoding="utf-8")
    (dist / "levels.json").write_text(json.dumps(list_levels()) + "\n", encoding="utf-8")
    (dist / "scenarios").mkdir(exist_ok=True)
    compile_scenarios(WEB / "scenarios", dist / "scenarios")
    bundle_modules(dist)
    preload_imports(dist)
    write_workers(dist, info)
    return info


# --- serving -------------------------------------------------------------------------------------

class SiteHandler(SimpleHTTPRequestHandler):
    """Serves the site with the caching headers GitHub Pages sends, so that the tests and benchmarks
    see what a visitor's browser does: every file may be kept for ten minutes (Cache-Control:
    max-age=600), then it is asked for again with its ETag (or Last-Modified date) and answered
    304 Not Modified when unchanged. (Within those ten minutes a browser without the service worker
    may show an older build; the service worker checks sw.js and revalidates what it precaches.)"""

    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    cache_control = "max-age=600"
    etag: str | None = None

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        self.etag = None
        if path.is_file():
            stat = path.stat()
            self.etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
            if self.etag in (tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        if self.etag:
            self.send_header("ETag", self.etag)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        # a page closed while a file was on its way (a browser test ending, a visitor leaving) is no fault
        # of the site's: not worth a traceback in the log
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().copyfile(source, outputfile)


def make_server(directory: Path = DIST, port: int = 0, *, quiet: bool = False,
                cache_control: str = SiteHandler.cache_control) -> ThreadingHTTPServer:
    """A threaded server for `directory` on 127.0.0.1 (port 0: any free port)."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet, "cache_control": cache_control})
    return ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the pygames static site into dist/.")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    parser.add_argument("--game-wheel", action="append", type=Path, default=[], metavar="PATH_OR_DIR",
                        help="a third-party game's wheel, or a folder of them, to ship with the site (repeatable)")
    args = parser.parse_args(argv)
    try:
        info = build(DIST, args.game_wheel)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    print(f"built {DIST.relative_to(ROOT)}/ with {', '.join([info['wheel'], *info['game_wheels']])}")
    if args.command == "serve":
        # a developer's preview asks for every file again (a 304 when unchanged): an edit shows at once
        with make_server(DIST, args.port, cache_control="no-cache") as server:
            print(f"serving on http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
