// h(tag, attributes, ...children): the one DOM helper the shell and the game renderers share; $, an
// element of the page's markup by id;
// present and required, what the code knows is there though its type allows null; focusInView, a
// focus that scrolls no more than it must; arrowFocus, the arrow-key moves between a table's controls;
// markHinted, the hint's mark; and keysSpoken, whether the page may talk of keys.
// Attributes named on* become listeners, `class` and `text` are shorthands, false/null are skipped.
// `style` is set through the CSSOM: the pages' Content-Security-Policy (style-src 'self') refuses a
// style attribute written as markup or with setAttribute, but not declarations set by a script.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "class") element.className = value;
    else if (name === "text") element.textContent = value;
    else if (name === "style") element.style.cssText = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

// The page's element with that id (its markup: index.html, embed.html): any, since each caller knows
// what kind it named (an input's value, a dialog's showModal) and whether the page it runs in has it.
/** @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);

// A value the code knows is there though its type allows null or undefined: the table a renderer's
// hook acts on (the shell calls it only once the table is drawn), the drag a pointer listener was
// added for. Missing, it is a bug, said by name (`what`) rather than as "cannot read properties of null".
/** @template T @param {T | null | undefined} value @param {string} what @returns {T} */
export function present(value, what) {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

// The element `selector` finds under `root`, which the page's markup or the module itself put there
// (a table's status line, a dialog's bar): a renamed id or class is said at once, with its selector.
/** @param {ParentNode} root @param {string} selector @returns {HTMLElement} */
export const required = (root, selector) =>
  present(/** @type {HTMLElement | null} */ (root.querySelector(selector)), `the element ${selector}`);

// A step's sentences, each a span, spaced: read as one text, and a table may set each on a line of its
// own (generic.css: a generic table's events, one a line).
export const sentenceSpans = (sentences) => sentences.flatMap((text, at) => {
  const said = h("span", { class: "said", text });
  return at > 0 ? [" ", said] : [said];
});

// Focus `element`, scrolling the page only as far as needed to show it whole: a plain focus() centres
// an element it finds out of view, which on a phone can push the trick above the screen.
export function focusInView(element) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "nearest", inline: "nearest" });
}

// Arrow keys move the focus round a table's controls marked data-nav (disabled ones skipped), in
// document order; from outside them, to the one marked data-autofocus. True when the focus moved.
export function arrowFocus(root, key) {
  const step = { arrowleft: -1, arrowup: -1, arrowright: 1, arrowdown: 1 }[key];
  if (step === undefined || !root) return false;
  const items = [...root.querySelectorAll("[data-nav]:not(:disabled)")];
  const at = items.indexOf(document.activeElement);
  const next = at < 0 ? root.querySelector("[data-autofocus]") ?? items[0]
    : items[(at + step + items.length) % items.length];
  focusInView(next);
  return next !== undefined;
}

// The hint's mark on a drawn table: the controls whose data-hint-key is `key` (the suggested action's
// key, as the renderer writes it) get the class "hinted", and the first takes the focus (Enter or
// Space then does it), unless `focus` is false. Returns the first one, or null when none is drawn.
export function markHinted(root, key, { focus = true } = {}) {
  const marked = [...root.querySelectorAll("[data-hint-key]")].filter((element) => element.dataset.hintKey === key);
  for (const element of marked) element.classList.add("hinted");
  if (focus) focusInView(marked[0]);
  return marked[0] ?? null;
}

// Keys are talked of (status lines, the keys in the help, the keys' marks on buttons) unless the
// device is a touch screen alone — no mouse or trackpad anywhere: a phone, a tablet — on which no key
// has been pressed outside a text field (a phone's on-screen keyboard types only into one). The page's
// root carries data-keys="on" or "off" for the CSS (the keys' marks on buttons go with "off").
let keyPressed = false;
const finePointer = matchMedia("(any-pointer: fine)");

export const keysSpoken = () => keyPressed || finePointer.matches;

// A sentence's key marks — "draw (D)", 「めくる（D）」, "on a slot (1–5)", "take (T) or pass (P)" — left out
// where keys are not talked of: the sentence reads the same without them.
const KEY_MARK = / ?[（(](?:[A-Z](?: [A-Z])*|\d+[–〜]\d+)[)）]/g;
export const keyMarked = (text) => (keysSpoken() ? text : text.replace(KEY_MARK, ""));

function markKeysSpoken() {
  document.documentElement.dataset.keys = keysSpoken() ? "on" : "off";
}
markKeysSpoken();
finePointer.addEventListener("change", markKeysSpoken);
addEventListener("keydown", (event) => {
  if (keyPressed || (event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]"))) return;
  keyPressed = true;
  markKeysSpoken();
}, { capture: true });
