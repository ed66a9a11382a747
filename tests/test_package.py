"""The package as PyPI users get it: `python -m build` makes a wheel and an sdist that `twine check`
accepts, holding the package and nothing of the repository around it, and the wheel installed into a
fresh virtual environment (no network: the package has no dependencies) gives the `pygames` command,
which plays a game, and the typed package with its how-to-play documents."""

from __future__ import annotations

import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

from helpers import run_command

ROOT = Path(__file__).resolve().parents[1]
# What the sdist may hold besides the package: its description, its build settings, what setuptools
# writes about it, and MANIFEST.in (which keeps tests, the site, node_modules/, dist/, build/ and
# .venv out)
SDIST_FILES = {"PKG-INFO", "README.md", "LICENSE", "pyproject.toml", "setup.cfg", "MANIFEST.in"}



def test_the_built_package_passes_twine_and_plays_from_a_fresh_venv(tmp_path: Path) -> None:
    out = tmp_path / "dist"
    # -P: the repository's own build.py must not shadow the `build` package; no isolation: the
    # pinned setuptools of the development environment builds it, without a download
    run_command(sys.executable, "-P", "-m", "build", "--no-isolation", "--outdir", out, ROOT, cwd=tmp_path)
    (wheel,) = out.glob("pygames_core-*.whl")
    (sdist,) = out.glob("pygames_core-*.tar.gz")
    run_command(sys.executable, "-m", "twine", "check", "--strict", wheel, sdist, cwd=tmp_path)

    with tarfile.open(sdist) as archive:
        top = sdist.name.removesuffix(".tar.gz")
        members = [Path(name).relative_to(top) for name in archive.getnames() if name != top]
    strays = [str(member) for member in members if member.parts[0] not in {"pygames_core", "pygames_core.egg-info"}
              and str(member) not in SDIST_FILES]
    assert not strays, f"the sdist holds files of the repository that are not the package: {strays}"

    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (metadata_name,) = (name for name in names if name.endswith(".dist-info/METADATA"))
        metadata = HeaderParser().parsestr(archive.read(metadata_name).decode())
        entry_points = next(archive.read(name).decode() for name in names if name.endswith("entry_points.txt"))
    assert {"pygames_core/py.typed", "pygames_core/howto/arsene.json"} <= names
    assert metadata["Description-Content-Type"] == "text/markdown" and "# pygames" in metadata.get_payload()
    assert metadata["License-Expression"] == "MIT"
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names), "the wheel lacks the licence text"
    assert "pygames = pygames_core.app.cli:main" in entry_points

    venv = tmp_path / "venv"
    run_command(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run_command(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-compile", "--no-index",
                "--no-deps", wheel, cwd=tmp_path)
    summary = run_command(venv / "bin" / "pygames", "simulate", "arsene", "-n", "1", cwd=tmp_path)
    assert "game: arsene" in summary and "games: 1" in summary, summary
    installed = run_command(python, "-c", "import importlib.resources as r, pygames_core as p;"
                    "print(p.__file__); print(r.files(p).joinpath('py.typed').is_file());"
                    "print(len(p.how_to_play('arsene')['sections']) > 0)", cwd=tmp_path).split()
    assert installed == [str(venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
                             / "site-packages" / "pygames_core" / "__init__.py"), "True", "True"]
