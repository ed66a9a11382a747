"""build.py's preload links: a page names every module its script imports, however deep, and every
stylesheet its stylesheets @import, so that the browser asks for them all at once."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType


def test_a_page_preloads_its_whole_module_graph_and_imported_styles(tmp_path: Path, build: ModuleType) -> None:
    (tmp_path / "games").mkdir()
    files = {
        "index.html": ('<head>\n  <link rel="stylesheet" href="tables.css">\n'
                       '  <script type="module" src="app.js"></script>\n</head>\n'),
        "other.html": '<head>\n  <script type="module" src="leaf.js"></script>\n</head>\n',
        "app.js": ('import { a } from "./a.js";\nimport {\n  b,\n  c,\n} from "./games/b.js";\n'
                   'const later = () => import("./lazy.js");\n'),
        "a.js": 'import "./leaf.js";\nexport const a = 1;\n',
        "games/b.js": 'import { a } from "../a.js";\nimport { app } from "../app.js";\nexport const b = a, c = app;\n',
        "leaf.js": "export {};\n",
        "lazy.js": "export {};\n",
        "tables.css": '@import url("games/one.css");\n@import url("two.css");\n.table { color: red; }\n',
        "games/one.css": "", "two.css": "",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    build.preload_imports(tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert index == (
        '<head>\n  <link rel="stylesheet" href="tables.css">\n'
        '  <link rel="preload" href="games/one.css" as="style">\n'
        '  <link rel="preload" href="two.css" as="style">\n'
        '  <script type="module" src="app.js"></script>\n'
        '  <link rel="modulepreload" href="a.js">\n'
        '  <link rel="modulepreload" href="games/b.js">\n'
        '  <link rel="modulepreload" href="leaf.js">\n</head>\n')  # not lazy.js: a dynamic import
    assert (tmp_path / "other.html").read_text(encoding="utf-8") == files["other.html"]
