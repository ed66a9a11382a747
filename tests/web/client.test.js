// web/client.js: a worker that cannot start answers every request with why, waiting or to come, rather
// than keeping them waiting for ever; one that loads its added games' code too long is let go.
import "./browser.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { startClient, WORKER_ERROR } from "../../web/client.js";

const GAMES_LOAD_MS = 60_000; // twice the watchdog's 30 s: the page's address sets no ?watchdog

// A stand-in for a worker: what the client posts to it, whether it was terminated, and say(data) for
// the worker's messages.
function fakeWorker() {
  const events = new EventTarget();
  const worker = {
    posted: [],
    terminated: false,
    postMessage(message) {
      this.posted.push(JSON.parse(message.text));
    },
    terminate() {
      this.terminated = true;
    },
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    say: (data) => events.dispatchEvent(Object.assign(new Event("message"), { data })),
    dispatchError: () => events.dispatchEvent(new Event("error")), // as a worker whose script could not be fetched
  };
  return worker;
}

// The client on a fake worker, with the timers in the test's hands.
function started(t) {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const worker = fakeWorker();
  const client = startClient({ transport: () => worker });
  client.ready.catch(() => {});
  return { worker, client };
}

const settled = (promise) => Promise.race([promise, new Promise((resolve) => { setImmediate(() => resolve("waiting")); })]);

test("a worker that never finishes loading its added games is let go, and every request answered why", async (t) => {
  const { worker, client } = started(t);
  worker.say({ type: "progress", stage: "games" });
  const asked = client.call("new", { game: "endless" });
  t.mock.timers.tick(GAMES_LOAD_MS - 1);
  assert.equal(await settled(asked), "waiting");
  t.mock.timers.tick(1);
  const reply = await asked;
  assert.deepEqual(reply, { ok: false, error: { type: WORKER_ERROR, message: "the added games' code did not finish loading in 60 s" } });
  assert.equal(worker.terminated, true);
  await assert.rejects(client.ready, (error) => error.reason.kind === "load_timeout" && error.reason.seconds === "60");
  // a request after it is answered at once, and never posted to the worker let go
  assert.equal((await client.call("games")).error.type, WORKER_ERROR);
  assert.deepEqual(worker.posted.map((request) => request.op), ["new"]);
});

test("a worker that says it is ready in time is kept", async (t) => {
  const { worker, client } = started(t);
  worker.say({ type: "progress", stage: "games" });
  t.mock.timers.tick(GAMES_LOAD_MS - 1);
  worker.say({ type: "ready", version: "test" });
  t.mock.timers.tick(GAMES_LOAD_MS);
  assert.equal((await client.ready).version, "test");
  assert.equal(worker.terminated, false);
  const asked = client.call("games");
  worker.say({ type: "reply", id: 1, text: JSON.stringify({ ok: true, games: [] }) });
  assert.deepEqual(await asked, { ok: true, games: [] });
});

test("the site's own engine, which loads no added games, is never cut short while it starts", async (t) => {
  const { worker, client } = started(t);
  const asked = client.call("games");
  worker.say({ type: "progress", stage: "runtime" });
  t.mock.timers.tick(10 * GAMES_LOAD_MS);
  assert.equal(await settled(asked), "waiting");
  assert.equal(worker.terminated, false);
});

test("a worker whose runtime failed to load answers the requests waiting for it", async (t) => {
  const { worker, client } = started(t);
  const asked = client.call("games");
  worker.say({ type: "failed", message: "could not load pygames_core.whl" });
  assert.deepEqual(await asked, { ok: false, error: { type: WORKER_ERROR, message: "could not load pygames_core.whl" } });
  await assert.rejects(client.ready, /could not load pygames_core.whl/);
});


test("a start failure names its cause for the page to say: the worker's, one the page knows, else 'failed'", async (t) => {
  for (const [cause, named] of [["download", "download"], ["memory", "memory"], ["constructor", "failed"], [undefined, "failed"]]) {
    const { worker, client } = started(t);
    worker.say({ type: "failed", message: "TypeError: Failed to fetch", cause });
    await assert.rejects(client.ready, (error) => error.startCause === named && error.message === "TypeError: Failed to fetch");
    t.mock.timers.reset();
  }
});

test("a worker whose script never ran failed to download it", async (t) => {
  const { worker, client } = started(t);
  const asked = client.call("games");
  worker.dispatchError();
  assert.equal((await asked).error.type, WORKER_ERROR);
  await assert.rejects(client.ready, (error) => error.startCause === "download");
});
