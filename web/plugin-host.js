// The script of a third-party game's sandboxed frame (web/engines.js writes it inline into the frame's
// srcdoc; the pages' Content-Security-Policy allows it by its hash, which build.py checks). The frame
// is of an opaque origin (sandbox="allow-scripts", no allow-same-origin) and its own policy allows no
// network at all: it only turns the engine's script, sent by the page, into a blob: worker (a worker
// takes the policy and the origin of the document that makes it from a blob: URL), hands it the
// page's message (its port, the files, the wheels) and tells the page when that worker fails.
// Nothing of the game runs here: its code runs in the worker, which cannot reach this document.
addEventListener("message", (event) => {
  if (event.source !== parent || event.data?.type !== "pygames:engine") return;
  const { source, boot } = event.data;
  const engine = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
  engine.addEventListener("error", (error) => {
    error.preventDefault();
    parent.postMessage({ type: "pygames:engine-error", message: error.message || "" }, "*");
  });
  engine.postMessage(boot, [boot.port, ...Object.values(boot.files)]);
}, { once: true });
