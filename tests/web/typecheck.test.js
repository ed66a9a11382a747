// tools/typecheck.js: tsc's diagnostics read whole, each one said in full when the check fails.
import assert from "node:assert/strict";
import { test } from "node:test";
import { diagnostics } from "../../tools/typecheck.js";

test("tsc's diagnostics are read whole, with the lines under them and the configuration's own", () => {
  const output = [
    "web/share.js(55,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'.",
    "web/sw.js(13,40): error TS2345: Argument of type 'WorkerLocation' is not assignable to parameter of type 'string | URL'.",
    "  Type 'WorkerLocation' is missing the following properties from type 'URL': password, searchParams",
    "error TS5083: Cannot read file '/work/tsconfig.json'.",
    "",
  ].join("\n");
  assert.deepEqual(diagnostics(output).map(({ path, text }) => [path, text.split("\n").length]),
    [["web/share.js", 1], ["web/sw.js", 2], [null, 1]]);
});
