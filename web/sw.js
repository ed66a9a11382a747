// The offline service worker. build.py writes CACHE_PREFIX, CACHE_NAME (derived from the content
// hashes of this build), RUNTIME (the Pyodide runtime's folder, named by the hash of its files) and
// PRECACHE (every file of the site) above this line.
//
// The runtime (10 MB of WebAssembly, 1.3 MB of JavaScript) is fetched from the network, where the
// HTTP cache answers it, and from Cache Storage only when the network fails or has it no longer:
// Chromium keeps the code it compiled from the WebAssembly beside the HTTP cache's copy and reuses it
// for the worker's `fetch` of the very request passed on, but not for the copy read from Cache
// Storage, which it compiles again (seen in the profile: Chromium's wasm code cache grew by 1.6 MB
// on a second visit served from Cache Storage, and not at all on one passed on to the network).
// Every other file comes from Cache Storage first.

// `self`, typed as what it is here: TypeScript's worker library types it as any worker's scope, which
// has no service worker's events, clients or skipWaiting.
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const runtimeFolder = new URL(RUNTIME, worker.location.href).href;

worker.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    // The runtime's addresses change with its content: the HTTP cache's copy is the right one. Every
    // other file is asked again ("no-cache"), so a new build never precaches an older file, and a
    // file the browser already has costs a "304 Not Modified", not its bytes again.
    await cache.addAll(PRECACHE.map((url) => new Request(url, {
      cache: new URL(url, worker.location.href).href.startsWith(runtimeFolder) ? "default" : "no-cache",
    })));
    await worker.skipWaiting();
  })());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
        .map((name) => caches.delete(name)),
    );
    await worker.clients.claim();
  })());
});

/** @type {Promise<Cache> | null} */
let siteCache = null; // this build's cache, opened once: every request of a page load reads it

/** @param {Request} request */
async function fromCache(request) {
  siteCache ??= caches.open(CACHE_NAME);
  // Pages may carry query strings (?pace=0, shared links): they are all the same files. The query is
  // cut off here, not matched with `ignoreSearch`, which makes Chromium read every entry of the cache
  // for each request (Chromium issue 682677): a returning visitor's page waited on ~30 such reads.
  const url = new URL(request.url);
  url.search = "";
  return (await siteCache).match(url.href);
}

// A network that neither answers nor fails (a train's Wi-Fi between stations) must not hold the
// game: after this long without an answer the runtime comes from Cache Storage, compiled again but at
// once. Its folder is named by its content, so that copy is the same file.
const NETWORK_WAIT_MS = 3000;

/** @param {Request} request */
async function runtimeFile(request) {
  const network = fetch(request);
  const late = new Promise((resolve) => { setTimeout(resolve, NETWORK_WAIT_MS, null); });
  try {
    const response = await Promise.race([network, late]);
    if (response?.ok) return response;
    return (await fromCache(request)) ?? response ?? await network;
  } catch {
    // not cached yet (the first visit's precache still running) and the network failed once: ask it
    // once more before the page's load fails (a Firefox run under load saw one such failure)
    return (await fromCache(request)) ?? fetch(request);
  }
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== worker.location.origin) return;
  if (request.url.startsWith(runtimeFolder)) {
    event.respondWith(runtimeFile(request));
    return;
  }
  event.respondWith((async () => (await fromCache(request)) ?? fetch(request))());
});
