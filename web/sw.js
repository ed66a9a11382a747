// The offline service worker. build.py prepends CACHE_PREFIX, CACHE_NAME (derived from the content
// hashes of this build) and PRECACHE (every file of the site).

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    // "reload" skips the HTTP cache, so a new build never precaches an older file.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
        .map((name) => caches.delete(name)),
    );
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE_NAME);
    // Pages may carry query strings (?pace=0, shared links): they are all the same files.
    const cached = await cache.match(request, { ignoreSearch: true });
    return cached ?? fetch(request);
  })());
});
