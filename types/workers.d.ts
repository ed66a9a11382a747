// The constants build.py writes above web/worker.js and web/sw.js (build.py's with_constants), for the
// type check of those two scripts (tsconfig.workers.json).

// web/worker.js: the runtime's folder, pygames_core's wheel and the site's version (build.json's
// "runtime", "wheel" and "version")
declare const RUNTIME: string;
declare const WHEEL: string;
declare const VERSION: string;

// web/sw.js: the prefix of every build's cache, this build's cache and every file to precache (RUNTIME
// too, above)
declare const CACHE_PREFIX: string;
declare const CACHE_NAME: string;
declare const PRECACHE: string[];
