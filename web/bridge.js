// The page's side of the worker bridge: requests are plain objects, replies are
// {ok: true, ...} or {ok: false, error: {type, message}} exactly as pygames_core.bridge returns them.

export function startBridge(onProgress) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  let nextId = 1;
  let settle;
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });

  worker.addEventListener("message", ({ data }) => {
    if (data.type === "progress") onProgress(data.stage);
    else if (data.type === "ready") settle.resolve(data);
    else if (data.type === "failed") settle.reject(new Error(data.message));
    else if (data.type === "reply") {
      pending.get(data.id)(data.reply);
      pending.delete(data.id);
    }
  });
  worker.addEventListener("error", (event) => {
    settle.reject(new Error(event.message || "the Python worker could not start"));
  });

  function call(request) {
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, request });
    });
  }
  return { ready, call };
}
