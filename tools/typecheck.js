// The type check of the page's JavaScript (./dev test): `tsc` over the page's modules (tsconfig.json)
// and over the two workers (tsconfig.workers.json). Exit 1 on any error, each said in full.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = `${ROOT}node_modules/.bin/tsc`;
const CONFIGS = ["tsconfig.json", "tsconfig.workers.json"];

// tsc's diagnostics (--pretty false): "path(line,col): error TSnnnn: message", any further lines of a
// message indented under it. Returns [{path, text}], text with those further lines.
export function diagnostics(output) {
  const found = [];
  for (const line of output.split("\n")) {
    const head = /^(\S[^(]*)\(\d+,\d+\): error TS\d+/.exec(line);
    if (head) found.push({ path: head[1], text: line });
    else if (line.startsWith(" ") && found.length) found.at(-1).text += `\n${line}`;
    else if (line.trim()) found.push({ path: null, text: line }); // an error of the configuration itself
  }
  return found;
}

function check(config) {
  const run = spawnSync(TSC, ["-p", config, "--pretty", "false"], { cwd: ROOT, encoding: "utf8" });
  if (run.error) throw run.error;
  const found = diagnostics(run.stdout + run.stderr);
  if (run.status !== 0 && found.length === 0) found.push({ path: null, text: `tsc -p ${config} failed (exit ${run.status})` });
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failing = CONFIGS.flatMap(check).map((diagnostic) => diagnostic.text);
  if (failing.length) {
    console.error(failing.join("\n"));
    console.error(`type check: ${failing.length} errors (tsc -p ${CONFIGS.join(", tsc -p ")})`);
    process.exit(1);
  }
  console.log(`type check: no errors (tsc -p ${CONFIGS.join(", tsc -p ")})`);
}
