// The few browser globals the page's modules read when they are imported (or when a test calls them),
// for their unit tests in Node: imported first by every tests/web/*.test.js. Node has the rest
// (URL, URLSearchParams, Blob, CompressionStream, Response, btoa, crypto).
//   location       share.js's siteLink resolves pages against it
//   localStorage   storage.js (i18n.js remembers the language in it): a Map, emptied by clearStorage
//   navigator      i18n.js's first language
//   document, matchMedia, addEventListener   dom.js marks whether keys are talked of on the page's
//                  root and listens for the first key; home.js listens for the page being hidden
// BroadcastChannel is taken away, as a browser without it: home.js would otherwise open one, which
// keeps Node running.

const kept = new Map();
globalThis.localStorage = {
  getItem: (key) => kept.get(key) ?? null,
  setItem: (key, value) => void kept.set(key, String(value)),
  removeItem: (key) => void kept.delete(key),
};
export const clearStorage = () => kept.clear();

globalThis.location = new URL("https://pygames.test/games/index.html");
Object.defineProperty(globalThis, "navigator", { value: { language: "en-GB" }, configurable: true });
globalThis.document = { documentElement: { lang: "", dataset: {} }, addEventListener() {} };
globalThis.matchMedia = () => ({ matches: true, addEventListener() {} });
globalThis.addEventListener = () => {};
delete globalThis.BroadcastChannel;
