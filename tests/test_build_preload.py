"""build.py's bundles and preload links: a page's module script comes bundled with everything it
imports (the code pages share in chunks), its stylesheets with what they @import, the modules as
written kept in src/ for the source maps but not precached; and a page names the chunks its bundle
imports, so that the browser asks for them all at once."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def test_a_page_preloads_its_whole_module_graph(tmp_path: Path, build: ModuleType) -> None:
    files = {
        "index.html": '<head>\n  <script type="module" src="app.js"></script>\n</head>\n',
        "other.html": '<head>\n  <script type="module" src="leaf.js"></script>\n</head>\n',
        "app.js": ('import { a } from "./a.js";\nimport {\n  b,\n  c,\n} from "./games/b.js";\n'
                   'const later = () => import("./lazy.js");\n'),
        "a.js": 'import "./leaf.js";\nexport const a = 1;\n',
        "games/b.js": 'import { a } from "../a.js";\nimport { app } from "../app.js";\nexport const b = a, c = app;\n',
        "leaf.js": "export {};\n",
        "lazy.js": "export {};\n",
    }
    write(tmp_path, files)
    build.preload_imports(tmp_path)
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == (
        '<head>\n  <script type="module" src="app.js"></script>\n'
        '  <link rel="modulepreload" href="a.js">\n'
        '  <link rel="modulepreload" href="games/b.js">\n'
        '  <link rel="modulepreload" href="leaf.js">\n</head>\n')  # not lazy.js: a dynamic import
    assert (tmp_path / "other.html").read_text(encoding="utf-8") == files["other.html"]


def test_pages_get_bundles_and_the_modules_as_written_stay_out_of_the_precache(
        tmp_path: Path, build: ModuleType) -> None:
    if not build.ESBUILD.exists():
        pytest.skip("esbuild is not installed: run ./dev setup")
    write(tmp_path, {
        "index.html": ('<head>\n  <link rel="stylesheet" href="tables.css">\n'
                       '  <script type="module" src="app.js"></script>\n</head>\n'),
        "embed.html": '<head>\n  <script type="module" src="embed.js"></script>\n</head>\n',
        "app.js": 'import { shared } from "./games/shared.js";\nconsole.log("app", shared);\n',
        "embed.js": 'import { shared } from "./games/shared.js";\nconsole.log("embed", shared);\n',
        "games/shared.js": 'export const shared = "one copy";\n',
        "tables.css": '@import url("games/one.css");\n.table { color: red; }\n',
        "games/one.css": ".one { color: blue; }\n",
    })
    build.bundle_modules(tmp_path)
    app, embed = ((tmp_path / name).read_text(encoding="utf-8") for name in ("app.js", "embed.js"))
    chunks = sorted(tmp_path.glob("chunk-*.js"))
    assert len(chunks) == 1 and '"one copy"' in chunks[0].read_text(encoding="utf-8")
    assert f'from "./{chunks[0].name}"' in app and f'from "./{chunks[0].name}"' in embed
    assert "games/shared.js" not in app
    styles = (tmp_path / "tables.css").read_text(encoding="utf-8")
    assert ".one" in styles and ".table" in styles and "@import" not in styles
    assert not (tmp_path / "games").exists()  # its modules and stylesheet are in the bundles
    assert (tmp_path / "src" / "games" / "shared.js").exists() and (tmp_path / "app.js.map").exists()
    assert {path.relative_to(tmp_path).as_posix() for path in build.precached(tmp_path)} == {
        "index.html", "embed.html", "app.js", "embed.js", chunks[0].name, "tables.css"}
