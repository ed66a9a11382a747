// A live game on a table: the loop the site and the embeds share. It draws the snapshot the bridge
// returns with the game's renderer, sends back one of the snapshot's legal actions when the player
// picks it, and lets the bots move one at a time, paced so a person can follow, until it is the
// player's turn again or the game ends. It never decides what is legal: the rules (Python) do.
// A saved game is drawn at once from the snapshot stored with it, while Python is still starting
// (a "starting" table): a move made then waits, and is sent once the engine has loaded the game.
import { onCubeKey, renderCube } from "./cube.js";
import { focusInView, h } from "./dom.js";
import { rendererOf } from "./games/index.js";
import { addStrings, t } from "./i18n.js";
import { seatName } from "./seats.js";

addStrings({
  en: {
    tableStarting: "Starting the game engine… you can choose your move already.",
    tableStartingQueued: "Starting the game engine… your move is played as soon as it is ready.",
    tableStartingQueuedWhat: "Starting the game engine… your move ({what}) is played as soon as it is ready.",
    tableStartingBot: "Starting the game engine… {name} moves once it is ready.",
    tableStartingOver: "Starting the game engine…",
    tableQueuedDropped: "The saved game was not at the position shown: your move was not played. Here is the game as it was saved.",
  },
  ja: {
    tableStarting: "ゲームエンジンを起動しています… 先に手を選んでおけます。",
    tableStartingQueued: "ゲームエンジンを起動しています… 準備ができしだい、あなたの手を打ちます。",
    tableStartingQueuedWhat: "ゲームエンジンを起動しています… 準備ができしだい、あなたの手（{what}）を打ちます。",
    tableStartingBot: "ゲームエンジンを起動しています… 準備ができたら{name}が手を打ちます。",
    tableStartingOver: "ゲームエンジンを起動しています…",
    tableQueuedDropped: "保存されたゲームは表示していた局面ではありませんでした。あなたの手は打たれていません。保存されたとおりのゲームを表示します。",
  },
});

// Bot moves are slowed down so a person can follow them; ?pace=0 (tests, demos) removes the waits.
export const PACE = Math.max(0, Number(new URLSearchParams(location.search).get("pace") ?? 1) || 0);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms * PACE));

// The snapshot as stored beside a save: without its `save` text, which the save record already holds.
export function storedSnapshot(snap) {
  const { save, ...rest } = snap;
  return rest;
}

// The snapshot a save stored (storedSnapshot's), whole again with the save's text; null when there is
// none or it is not one this page can draw (an old save).
export function drawableSnapshot(stored, text) {
  if (stored === null || typeof stored !== "object" || typeof stored.game !== "string" || !Array.isArray(stored.legal)
    || typeof text !== "string") return null;
  return { ...stored, save: text };
}

// Two snapshots of the same position: same game and seat, as many moves, the same save text.
function samePosition(a, b) {
  return a.game === b.game && a.seat === b.seat && a.moves === b.moves && a.save === b.save;
}

export class LiveTable {
  // reply: the bridge's {sid, snapshot} for the opened game. Callbacks: onChange(table) after every
  // step (save it, resize the frame), onSummary(table, summary) -> Promise (the deal's or the
  // game's summary; resolves when the player closes it), onError(error). cubeRoot (optional): where
  // the doubling cube and match score go, for a game played with the cube (cube.js).
  // A starting table: `reply` is {sid: null, snapshot: the saved one} and `opening` the promise of
  // the bridge's reply to the `load` already sent; onOpenFailed(reply) when that load is refused (the
  // table is closed by then), onNotice(key) for what the player must hear that is not an error.
  constructor({ root, cubeRoot = null, bridge, reply, opening = null, level, onChange, onSummary, onError,
    onOpenFailed = () => {}, onNotice = () => {} }) {
    Object.assign(this, { root, cubeRoot, bridge, opening, level, onChange, onSummary, onError, onOpenFailed, onNotice });
    this.sid = reply.sid;
    this.snap = reply.snapshot;
    this.events = [];
    this.shell = { act: (action) => this.act(action) }; // what the renderer may ask of the table
    this.renderer = this.createRenderer();
    this.busy = false; // a request is on its way (or a move waits for the engine): no second action meanwhile
    this.queued = null; // the move made on a starting table, sent once the game is loaded
    this.closed = false;
    this.keyboard = false;
  }

  // Drawn from a saved snapshot, the engine not yet holding the game: what needs Python waits.
  get starting() {
    return this.opening !== null;
  }

  // The game's table on this table's root: the renderer keeps what it remembers (the cards picked,
  // the hint's mark) to itself, and acts through the shell it is given.
  createRenderer() {
    return rendererOf(this.snap.game).createTable(this.root, this.shell);
  }

  // What the renderer is told with each drawing (the cube bar also gets `act`).
  context() {
    return {
      myTurn: !this.busy && this.snap.legal.length > 0,
      keyboard: this.keyboard,
      events: this.events,
    };
  }

  // Redraw, keeping keyboard focus on the same control when it is still there.
  draw() {
    const focusKey = document.activeElement?.dataset?.focusKey;
    const context = this.context();
    this.renderer.render(this.snap, context);
    if (this.cubeRoot) renderCube(this.cubeRoot, this.snap, { ...context, ...this.shell });
    const find = (selector) => this.cubeRoot?.querySelector(selector) ?? this.root.querySelector(selector);
    const again = focusKey && find(`[data-focus-key="${focusKey}"]`);
    if (again) focusInView(again);
    else if (this.keyboard && document.activeElement === document.body) focusInView(find("[data-autofocus]"));
    this.drawStarting();
  }

  // The line above a starting table saying what waits for the engine; gone once the game is loaded.
  // The table's root carries data-starting meanwhile (for the tests and the benchmark).
  drawStarting() {
    let line = this.root.parentElement?.querySelector(":scope > .table-starting");
    this.root.toggleAttribute("data-starting", this.starting && !this.closed);
    if (!this.starting || this.closed) {
      line?.remove();
      return;
    }
    if (!line) {
      line = h("p", { class: "table-starting", id: "table-starting", role: "status" });
      this.root.before(line);
    }
    const { snap } = this;
    line.dataset.queued = String(this.queued !== null);
    // the waiting move in words, where the game has words for it: the table itself shows it no more
    const what = this.queued && this.renderer.describeAction(this.queued, snap);
    line.textContent = this.queued ? (what ? t("tableStartingQueuedWhat", { what }) : t("tableStartingQueued"))
      : snap.is_over ? t("tableStartingOver")
        : snap.current_player !== snap.seat && snap.current_player !== null
          ? t("tableStartingBot", { name: seatName(snap.view, snap.current_player) })
          : t("tableStarting");
  }

  onKey(event) {
    this.keyboard = true;
    const context = this.context();
    return onCubeKey(event, this.snap, { ...context, ...this.shell })
      || this.renderer.onKey(event, this.snap, context);
  }

  async start() {
    try {
      this.draw();
    } catch (error) {
      if (!this.starting) throw error;
      // a stored snapshot this renderer cannot draw (one from an older version of the site, say):
      // the table waits for the loaded one
      console.warn("the stored snapshot could not be drawn:", error);
      this.root.replaceChildren();
      this.drawStarting();
    }
    const queued = this.starting ? await this.opened() : null;
    if (this.closed) return;
    this.busy = queued !== null; // the waiting move goes first: nothing else is asked of the engine before it
    this.onChange(this);
    if (queued) await this.send(queued);
    else if (this.snap.is_over) await this.onSummary(this, null);
    else await this.drive();
  }

  // A starting table once the engine has answered its `load`: the table is drawn again from the
  // loaded snapshot, and the move made meanwhile is given back to be sent, unless the loaded game is
  // not at the position that was drawn (the move was chosen on another position: it is dropped, and
  // said). A refused load closes the table.
  async opened() {
    const reply = await this.opening;
    this.opening = null;
    const queued = this.queued;
    this.queued = null;
    this.busy = false;
    if (this.closed) {
      if (reply.ok) this.bridge.call({ op: "close", sid: reply.sid }); // left before it was loaded
      return null;
    }
    if (!reply.ok) {
      this.closed = true;
      this.drawStarting();
      this.onOpenFailed(reply);
      return null;
    }
    const moved = !samePosition(this.snap, reply.snapshot);
    const otherGame = reply.snapshot.game !== this.snap.game;
    this.sid = reply.sid;
    this.snap = reply.snapshot;
    if (otherGame) this.renderer = this.createRenderer();
    this.draw();
    if (queued && moved) this.onNotice("tableQueuedDropped");
    return moved ? null : queued;
  }

  async act(action) {
    if (this.busy || this.closed) return;
    if (this.starting) {
      this.queued = action;
      this.busy = true;
      this.draw();
      return;
    }
    await this.send(action);
  }

  // The move sent to the engine, which checks it: a refused one is said, the table unchanged.
  async send(action) {
    this.busy = true;
    this.draw();
    const reply = await this.bridge.call({ op: "act", sid: this.sid, action });
    this.busy = false;
    if (this.closed) return;
    if (!reply.ok) {
      this.onError(reply.error);
      this.draw();
      return;
    }
    await this.advance(reply);
    await this.drive(reply.events);
  }

  async drive(lastEvents = []) {
    let events = lastEvents;
    while (!this.closed && !this.snap.is_over && this.snap.current_player !== this.snap.seat) {
      await sleep(this.renderer.botDelay(this.snap, events));
      if (this.closed) return;
      const reply = await this.bridge.call({ op: "bot", sid: this.sid, level: this.level });
      if (this.closed) return;
      if (!reply.ok) {
        this.onError(reply.error);
        return;
      }
      await this.advance(reply);
      events = reply.events;
    }
  }

  async advance(reply) {
    this.snap = reply.snapshot;
    this.events = reply.events;
    this.draw();
    this.onChange(this);
    const summaryType = this.renderer.summaryEvent ?? "deal_over";
    const dealOver = reply.events.find((event) => event.type === summaryType);
    // the event's own `summary`, or the event itself when it is the summary (a cube game's stake_won)
    if (dealOver || this.snap.is_over) await this.onSummary(this, dealOver ? dealOver.summary ?? dealOver : null);
  }

  // stopped: the worker that held the session has stopped, so there is nothing to close (and its sid
  // may already name another game in the new worker)
  close({ stopped = false } = {}) {
    if (this.closed) return;
    this.closed = true;
    this.drawStarting();
    // a starting table has no session yet: opened() closes the one its load makes
    if (!stopped && !this.starting) this.bridge.call({ op: "close", sid: this.sid });
  }
}
