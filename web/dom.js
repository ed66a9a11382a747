// h(tag, attributes, ...children): the one DOM helper the shell and the game renderers share; and
// arrowFocus, the arrow-key moves between a table's controls.
// Attributes named on* become listeners, `class` and `text` are shorthands, false/null are skipped.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "class") element.className = value;
    else if (name === "text") element.textContent = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
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
  next?.focus();
  return next !== undefined;
}
