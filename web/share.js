// Links that carry a game: a deal (game, players, seed, options) or a whole finished game (its save
// text, deflated and base64url-encoded so it fits in a URL fragment, which never reaches a server).

export async function packText(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The inverse of packText; a damaged code throws (the caller shows its own message).
export async function unpackText(code) {
  const base64 = code.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

// The fragment parameters that reproduce a deal (and its set-up, if any): the same cards for whoever
// opens the link. `seed` is the snapshot's, a string of digits: a seed has 64 bits, more than a
// JavaScript number holds exactly, so the page never turns one into a number.
export function dealParameters({ game, players, seed, options, setup }) {
  const params = new URLSearchParams({ game, players: String(players), seed: String(seed) });
  if (options && Object.keys(options).length) params.set("options", JSON.stringify(options));
  if (setup) params.set("setup", JSON.stringify(setup));
  return params;
}

// The seed an address gives (seed=…), as its text, for Python to judge (a bad one is a named error,
// never a random deal); undefined when the address gives none.
export function seedParameter(params) {
  const text = params.get("seed");
  return text === null || text === "" ? undefined : text;
}

// A parameter's JSON (options=…, setup=…), read (else a ParameterFault naming it): Python judges what it
// holds.
/** @param {string} name @param {string} text */
export function jsonParameter(name, text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new ParameterFault(name, text, "errParamObject");
  }
}

// A whole-number parameter of an address (players=…, seat=…): undefined when the address gives none,
// a ParameterFault naming it when it is not one (a link cut short or edited by hand is said, never read as
// the default).
export function wholeParameter(params, name) {
  const text = params.get(name);
  return text === null || text === "" ? undefined : wholeNumber(text, name);
}

// An address's parameter that does not hold what it must: its name (`parameter`), the text it holds and
// `words`, the key of the locale files' sentence that says so to a reader (paramWhole: a whole number;
// errParamObject: a JSON object). Its message is the same in English, for a developer's console.
export class ParameterFault extends Error {
  /** @param {string} parameter @param {string} text @param {"paramWhole" | "errParamObject"} words */
  constructor(parameter, text, words) {
    super(`${parameter} must be ${words === "paramWhole" ? "a whole number" : "a JSON object"}, not “${text}”`);
    this.parameter = parameter;
    this.text = text;
    this.words = words;
  }
}

// `text`, a whole number in an address's parameter `name`, as a number (else a ParameterFault naming it).
export function wholeNumber(text, name) {
  if (!/^\d{1,16}$/.test(text)) throw new ParameterFault(name, text, "paramWhole");
  return Number(text);
}

// A page of this site (index.html, embed.html) with the given fragment parameters.
export function siteLink(page, params) {
  return new URL(`${page}#${params}`, location.href).href;
}

// `text` as it may stand between the double quotes of an HTML attribute: it stays text, whatever it
// holds (a third-party game's title is its author's: `Evil" onload="…` must not become an attribute).
export const attributeText = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;")
  .replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The HTML of an iframe with these attributes, in this order, each value escaped: the snippet a blogger
// pastes into a post (the Share dialog's, the embedding page's). `wrapBefore`: the attribute that starts
// a second line, so that a textarea shows the address and the title whole.
/** @param {string | null} [wrapBefore] */
export function iframeSnippet(attributes, wrapBefore = null) {
  const written = Object.entries(attributes)
    .map(([name, value]) => `${name === wrapBefore ? "\n        " : " "}${name}="${attributeText(value)}"`);
  return `<iframe${written.join("")}></iframe>`;
}
