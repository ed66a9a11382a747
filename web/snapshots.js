// A table's snapshot as a save stores it beside its text (the site's record, an embed's last drawn
// position), and whole again: what lets a save be drawn at once, before Python has started.

// The snapshot as stored beside a save: without its `save` text, which the save record already holds.
export function storedSnapshot(snap) {
  const { save: _save, ...rest } = snap;
  return rest;
}

// The snapshot a save stored (storedSnapshot's), whole again with the save's text; null when there is
// none or it is not one this page can draw (an old save).
export function drawableSnapshot(stored, text) {
  if (stored === null || typeof stored !== "object" || typeof stored.game !== "string" || !Array.isArray(stored.legal)
    || typeof text !== "string") return null;
  return { ...stored, save: text };
}
