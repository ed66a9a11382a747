// The page's client of the worker bridge, the one module that sends requests: `call(OP.x, fields)`
// sends {op: x, ...fields}; replies are {ok: true, ...} or {ok: false, error: {type, message}} exactly as
// pygames_core.app.bridge returns them. The op names and the engine's error types are the bridge's
// own (generated/wire.js, written from its registry); the page adds the types below (WorkerStopped…).
//
// Every request gets a reply, whatever happens to the worker:
// - a request is sent as JSON text (a string always crosses to the worker, where a deeply nested
//   object cannot be cloned), and one that cannot be written as JSON is answered BadRequest at once;
// - the worker acknowledges each request when it picks it up and answers it in turn; a watchdog
//   gives the request at the head of the queue WATCHDOG_MS to be picked up (an idle worker does so at
//   once: one that does not is gone, closed or frozen), then its own time_budget_ms (a bot, a hint,
//   the analysis, the Chains solver) plus WATCHDOG_MS to be answered;
// - a worker that is gone, silent, crashed (an `error` event once running) or whose Python runtime
//   failed fatally (the worker says "dead") is replaced by a new one. Its sessions died with it: the
//   requests naming a session (sid) are answered WorkerStopped, and onStopped tells the page, which
//   reloads its game from the save it keeps. A request naming no session only reads or opens
//   something afresh, so it is sent once more to the new worker: nothing can happen twice; if that
//   worker stops too, the request is answered EngineStoppedTwice (it may be what stops it).
//
// A worker that fails to start (its script fails, its runtime cannot load, or it takes longer than
// GAMES_LOAD_MS to load its added games' code) answers every request, then and later, WorkerError with
// why: a game's module whose import never ends would otherwise keep its first request waiting for ever.
//
// The worker comes from `transport`: by default the site's own engine (worker.js, the built-in games);
// a third-party game's engine is a worker in a sandboxed frame (engines.js), which speaks the same
// messages through a port and is replaced the same way.
//
// `?watchdog=ms` in the page's address shortens WATCHDOG_MS (the resilience test notices a dead worker
// in a few seconds instead of half a minute). A request's own allowance stays as asked: a seeded game's
// search is allowed its five minutes, and only its search (levels.js searchFields).
import { ERROR } from "./generated/wire.js";

const WATCHDOG_MS = Number(new URLSearchParams(location.search).get("watchdog")) || 30_000;
// The page's own error types, beside the engine's (ERROR): a request whose worker stopped (STOPPED),
// one whose second worker stopped too, a worker that failed to start or sent an unreadable reply.
export const STOPPED = "WorkerStopped";
const STOPPED_TWICE = "EngineStoppedTwice";
export const WORKER_ERROR = "WorkerError";
// Why a worker could not start, as the page says it (i18n.js startFailure): its files not downloaded (its
// script not run, or the runtime's files refused), the device's memory, or anything else (worker.js).
export const START_CAUSES = ["download", "memory", "failed"];
// How long a worker may take from its "games" stage (worker.js: installing the added games' wheels and
// importing their modules, where a game's own code first runs) to saying it is ready: seconds of work
// on a slow phone; beyond, a module that never finishes importing (a loop). The site's own engine has
// no such stage: its start is never cut short (the loading screen offers a way out instead).
const GAMES_LOAD_MS = 2 * WATCHDOG_MS;

/**
 * What the client talks to: a Worker, or what stands for one (engines.js): its messages and its
 * `error` (a failed or crashed script, with its `message`) and `messageerror` events.
 * @typedef {{postMessage: (message: any) => void, terminate: () => void,
 *   addEventListener: (type: string, listener: (event: any) => void) => void}} Transport
 * @typedef {{type: string, message: string}} WireError
 * @typedef {{ok: true} & Record<string, any> | {ok: false, error: WireError}} Reply
 * @typedef {{ready: Promise<any>, call: (op: string, fields?: Record<string, any>) => Promise<any>}} Client
 */

// The site's own engine: a module worker of the page.
/** @returns {Transport} */
const siteWorker = () => new Worker(new URL("./worker.js", import.meta.url), { type: "module" });

// onProgress(stage) while a worker starts; onStopped({cause, lost}) when a worker stopped and a new
// one is starting: cause is "silent", "slow", "crashed" or "fatal", lost the requests that will not
// be answered with a result (answered just after onStopped returns). transport() makes a worker.
/**
 * @param {{onProgress?: (stage: string) => void, onStopped?: (stop: {cause: string, lost: any[]}) => void,
 *   transport?: () => Transport}} [handlers]
 * @returns {Client}
 */
export function startClient({ onProgress = () => {}, onStopped = () => {}, transport = siteWorker } = {}) {
  const pending = new Map(); // id -> {request, text, resolve, started, resent}, in the order sent
  let nextId = 1;
  // the current worker and its start, set by startWorker before anything reads them
  /** @type {Transport} */
  let worker;
  /** @type {Promise<any>} */
  let ready;
  let running = false; // the current worker said "ready": the watchdog watches it
  /** @type {ReturnType<typeof setTimeout> | undefined} the watchdog's */
  let timer;
  /** @type {ReturnType<typeof setTimeout> | undefined} the current worker's GAMES_LOAD_MS, from its "games" stage */
  let loadTimer;
  /** @type {(Error & {reason?: Record<string, string>, startCause?: string}) | null} why the worker could not start */
  let startFailure = null;

  function startWorker() {
    const current = transport();
    worker = current;
    running = false;
    let settle;
    ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    ready.catch(() => {}); // said by whoever awaits it; a restarted worker's failure is answered per request
    current.addEventListener("message", ({ data }) => {
      if (worker === current) onMessage(data, settle);
    });
    current.addEventListener("error", (event) => {
      if (worker !== current) return;
      const message = event.message || "the Python worker could not start";
      if (running) stop("crashed", message);
      else failStart(settle, Object.assign(new Error(message), { startCause: "download" })); // its script did not run
    });
    // a reply the page cannot read: the worker answers in order, so it was the oldest request's
    current.addEventListener("messageerror", () => {
      if (worker === current) answer(pending.keys().next().value, failure(WORKER_ERROR, "the game engine's reply could not be read"));
    });
  }

  function onMessage(data, settle) {
    if (typeof data !== "object" || data === null) return; // not the worker's: it only posts objects
    if (data.type === "progress") {
      if (data.stage === "games") {
        const seconds = String(GAMES_LOAD_MS / 1000);
        loadTimer = setTimeout(() => failStart(settle, Object.assign(
          new Error(`the added games' code did not finish loading in ${seconds} s`),
          { reason: { kind: "load_timeout", seconds } })), GAMES_LOAD_MS);
      }
      onProgress(data.stage);
    } else if (data.type === "ready") {
      clearTimeout(loadTimer);
      running = true;
      settle.resolve(data);
      watch();
    } else if (data.type === "failed") {
      const startCause = START_CAUSES.includes(data.cause) ? data.cause : "failed";
      failStart(settle, Object.assign(new Error(data.message), { startCause }));
    }
    else if (data.type === "started") {
      const entry = pending.get(data.id);
      if (entry) entry.started = true;
      if (data.id === pending.keys().next().value) watch();
    } else if (data.type === "unreadable") {
      // messages arrive in order: the one the worker could not read is the oldest not yet picked up
      const [id] = [...pending].find(([, entry]) => !entry.started) ?? [];
      answer(id, failure(ERROR.BadRequest, "the game engine could not read the request"));
    } else if (data.type === "reply") {
      let reply;
      try {
        reply = JSON.parse(data.text);
      } catch (error) {
        reply = failure(WORKER_ERROR, `the game engine's reply could not be read: ${error.message}`);
      }
      answer(data.id, reply);
    } else if (data.type === "dead") stop("fatal", data.message);
  }

  // The worker could not start: it is let go, and every request, waiting or to come, is answered why.
  function failStart(settle, error) {
    clearTimeout(loadTimer);
    startFailure = error;
    worker.terminate();
    settle.reject(error);
    answerAll({ type: WORKER_ERROR, message: error.message });
  }

  function failure(type, message) {
    return { ok: false, error: { type, message } };
  }

  function answer(id, reply) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    watch();
    entry.resolve(reply);
  }

  function answerAll(error) {
    for (const id of [...pending.keys()]) answer(id, { ok: false, error });
  }

  // The watchdog on the request at the head of the queue (the one the worker works on or picks up next).
  function watch() {
    clearTimeout(timer);
    const [head] = pending.values();
    if (!running || !head) return;
    const budget = head.started ? Math.max(0, Number(head.request.time_budget_ms) || 0) : 0;
    timer = setTimeout(() => {
      // a page in the background may be frozen with its worker: they are judged once it is back
      if (document.visibilityState === "hidden") watch();
      else if (head.started) stop("slow", `no answer to “${head.request.op}” in ${Math.round((budget + WATCHDOG_MS) / 1000)} s`);
      else stop("silent", `the game engine did not pick up “${head.request.op}”`);
    }, budget + WATCHDOG_MS);
  }
  document.addEventListener("visibilitychange", watch);

  function send(id, entry) {
    worker.postMessage({ id, text: entry.text });
    pending.set(id, entry);
    if (pending.size === 1) watch();
  }

  function stop(cause, message) {
    clearTimeout(timer);
    worker.terminate();
    console.warn(`the game engine stopped (${cause}): ${message}`);
    const waiting = [...pending];
    pending.clear();
    startWorker();
    const lost = [];
    for (const [id, entry] of waiting) {
      if (!("sid" in entry.request) && !entry.resent) send(id, { ...entry, started: false, resent: true });
      else lost.push(entry);
    }
    onStopped({ cause, lost: lost.map((entry) => entry.request) });
    for (const entry of lost) {
      entry.resolve(entry.resent
        ? failure(STOPPED_TWICE, `the game engine stopped twice on this request: ${message}`)
        : failure(STOPPED, `the game engine stopped: ${message}`));
    }
  }

  // The request {op, ...fields} sent; the promise of its reply (never rejected).
  function call(op, fields = {}) {
    const request = { op, ...fields };
    return new Promise((resolve) => {
      if (startFailure) {
        resolve(failure(WORKER_ERROR, startFailure.message));
        return;
      }
      try {
        send(nextId++, { request, text: JSON.stringify(request), resolve, started: false, resent: false });
      } catch (error) {
        // a structure nested too deeply (or cyclic) for the page to write down, or a worker that refuses it
        resolve(failure(ERROR.BadRequest, `the request cannot be sent to the game engine: ${error.message}`));
      }
    });
  }

  startWorker();
  return {
    // the current worker's start: a restarted worker has a new one
    get ready() {
      return ready;
    },
    call,
  };
}
