// The lint of the page's JavaScript (web/), of its unit tests (tests/web/) and of the Node scripts beside
// it (tools/, bench/, trim/, e2e/): ESLint's recommended rules and those below, each catching a kind of
// real defect (`./dev test`).
import js from "@eslint/js";
import globals from "globals";

// The names build.py writes above the two workers (types/workers.d.ts says what they are).
const WORKER_CONSTANTS = { RUNTIME: "readonly", WHEEL: "readonly", VERSION: "readonly", GAME_WHEELS: "readonly" };
const SW_CONSTANTS = { RUNTIME: "readonly", CACHE_PREFIX: "readonly", CACHE_NAME: "readonly", PRECACHE: "readonly" };

export default [
  // what is built or installed here, not written: the site, the venv (whose packages ship JavaScript)
  { ignores: ["dist/", "build/", "node_modules/", ".venv/", "e2e/artifacts/", "bench/results/"] },
  js.configs.recommended,
  {
    rules: {
      "no-unused-vars": ["error", { ignoreRestSiblings: true }], // a rest sibling is how a key is left out
      eqeqeq: ["error", "smart"], // == only against null, where it means null or undefined
      "no-var": "error",
      "prefer-const": "error",
      "no-shadow": "error", // an inner name hiding an outer one: the outer one is read by mistake
      "no-unused-expressions": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error", // "${x}" meant as a template
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "array-callback-return": "error", // a map or filter callback that forgets to return
      "no-return-assign": "error",
      "no-loop-func": "error",
      "no-throw-literal": "error",
      "prefer-promise-reject-errors": "error",
      "no-constructor-return": "error",
      "consistent-return": "error",
      "default-case-last": "error",
      "no-implied-eval": "error", // the pages' Content-Security-Policy refuses eval in every form
      "no-eval": "error",
      "no-new-func": "error",
      "no-extend-native": "error",
      "no-proto": "error",
    },
  },
  { files: ["web/**/*.js"], languageOptions: { globals: globals.browser } },
  { files: ["web/worker.js"], languageOptions: { globals: { ...globals.worker, ...WORKER_CONSTANTS } } },
  { files: ["web/sw.js"], languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, ...SW_CONSTANTS } } },
  { files: ["tests/web/**/*.js", "tools/*.js", "tools/*.mjs", "bench/*.mjs", "trim/*.mjs", "eslint.config.js"],
    languageOptions: { globals: globals.node } },
  // the Firefox smoke test runs in Node and hands functions to the page, which run there
  { files: ["e2e/*.mjs"], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
