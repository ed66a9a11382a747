// Whole games played by the Python rules through the bridge (tests/web/record_play.py, run here with
// the project's virtual environment): what the unit tests feed the page's modules, never data written
// by hand. `recorded(...tables)` → {"<table>": {steps: [{before, action, events, after}, ...], finished:
// [the finished game as each seat sees it]}}.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function recorded(...tables) {
  const text = execFileSync(`${ROOT}.venv/bin/python`, [`${ROOT}tests/web/record_play.py`, ...tables], {
    cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}:${ROOT}tests` }, encoding: "utf8", maxBuffer: 1 << 30,
  });
  return JSON.parse(text);
}
