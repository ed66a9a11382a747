// A live game on a table: the loop the site and the embeds share. It draws the snapshot the bridge
// returns with the game's renderer, sends back one of the snapshot's legal actions when the player
// picks it, and lets the bots move one at a time, paced so a person can follow, until it is the
// player's turn again or the game ends. It never decides what is legal: the rules (Python) do.
// A saved game is drawn at once from the snapshot stored with it, while Python is still starting
// (a "starting" table): a move made then waits, and is sent once the engine has loaded the game.
// Pass-and-play: several seats may be played by people at this device (`people`). The table shows one
// person's seat at a time; when another person is to move, every hand goes from the page (the
// renderer's drawing is replaced, not hidden) and a hand-over screen asks for the device to be passed
// on to the next person to move (bots' turns in between are played first, on the last person's table);
// their tap (or Enter, Space) asks the bridge for their seat's view (hand_over), and only then is
// the table drawn again, from that seat. A resumed game opens with every hand hidden: bots to move
// first move behind the screen, then the device goes to the person whose turn it is.
import { onCubeKey, renderCube } from "./cube.js";
import { focusInView, h, keysSpoken } from "./dom.js";
import { rendererOf } from "./games/index.js";
import { addStrings, t } from "./i18n.js";
import { seatName, setPeopleSeats } from "./seats.js";

addStrings({
  en: {
    tableStarting: "Starting the game engine… you can choose your move already.",
    tableStartingQueued: "Starting the game engine… your move is played as soon as it is ready.",
    tableStartingQueuedWhat: "Starting the game engine… your move ({what}) is played as soon as it is ready.",
    tableStartingBot: "Starting the game engine… {name} moves once it is ready.",
    tableStartingOver: "Starting the game engine…",
    tableQueuedDropped: "The saved game was not at the position shown: your move was not played. Here is the game as it was saved.",
    handOverTitle: "Pass the device to {name}",
    handOverText: "Every hand is hidden. {name}: tap when ready.",
    handOverTextKeys: "Every hand is hidden. {name}: tap when ready (or press Enter).",
    handOverReady: "I am {name}: show my {pieces}",
    handOverBots: "The bots move first",
    handOverBotsText: "Every hand stays hidden until the next person's turn.",
    handPieces: "cards",
  },
  ja: {
    tableStarting: "ゲームエンジンを起動しています… 先に手を選んでおけます。",
    tableStartingQueued: "ゲームエンジンを起動しています… 準備ができしだい、あなたの手を行います。",
    tableStartingQueuedWhat: "ゲームエンジンを起動しています… 準備ができしだい、あなたの手（{what}）を行います。",
    tableStartingBot: "ゲームエンジンを起動しています… 準備ができたら{name}が手を選びます。",
    tableStartingOver: "ゲームエンジンを起動しています…",
    tableQueuedDropped: "保存されたゲームは表示していた局面ではありませんでした。あなたの手は行われていません。保存されたとおりのゲームを表示します。",
    handOverTitle: "{name}に端末を渡してください",
    handOverText: "{pieces}はすべて隠しています。{name}の人は、準備ができたらタップしてください。",
    handOverTextKeys: "{pieces}はすべて隠しています。{name}の人は、準備ができたらタップしてください（Enter キーでも可）。",
    handOverReady: "{name}です：自分の{pieces}を見る",
    handOverBots: "先にボットの番です",
    handOverBotsText: "次の人の番まで、{pieces}はすべて隠しています。",
    handPieces: "手札",
  },
});

// The word for the pieces in a hand of `game` (cards, or the renderer's own: tiles), in the current
// language: "show my tiles".
export const handPieces = (game) => t(rendererOf(game).handPieces ?? "handPieces");

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

// The summary of the deal that `events` ended (the renderer's summaryEvent, deal_over unless it names
// another): the event's own `summary`, or the event itself when it is the summary (a cube game's
// stake_won); null when they ended none.
export function dealSummaryOf(renderer, events) {
  const summaryType = renderer.summaryEvent ?? "deal_over";
  const dealOver = events.find((event) => event.type === summaryType);
  return dealOver ? dealOver.summary ?? dealOver : null;
}

export class LiveTable {
  // reply: the bridge's {sid, snapshot} for the opened game. Callbacks: onChange(table) after every
  // step (save it, resize the frame), onSummary(table, summary) -> Promise (the deal's or the
  // game's summary; resolves when the player closes it), onError(error). cubeRoot (optional): where
  // the doubling cube and match score go, for a game played with the cube (cube.js).
  // A starting table: `reply` is {sid: null, snapshot: the saved one} and `opening` the promise of
  // the bridge's reply to the `load` already sent; onOpenFailed(reply) when that load is refused (the
  // table is closed by then), onNotice(key) for what the player must hear that is not an error.
  // Pass-and-play: `people`, the seats played by people at this device (the bridge's session was
  // opened with them; default: the snapshot's seat alone); onHandOver(table) when a hand-over screen
  // is shown (the shell forgets what it showed of the last person's seat); handOverFirst: a resumed
  // game with several people opens on the hand-over screen, not on the last person's hand.
  constructor({ root, cubeRoot = null, bridge, reply, opening = null, level, onChange, onSummary, onError,
    onOpenFailed = () => {}, onNotice = () => {}, people = null, onHandOver = () => {}, handOverFirst = false }) {
    Object.assign(this, { root, cubeRoot, bridge, opening, level, onChange, onSummary, onError, onOpenFailed, onNotice,
      onHandOver });
    this.sid = reply.sid;
    this.snap = reply.snapshot;
    this.events = [];
    this.shell = { act: (action) => this.act(action) }; // what the renderer may ask of the table
    this.renderer = this.createRenderer();
    this.busy = false; // a request is on its way (or a move waits for the engine): no second action meanwhile
    this.queued = null; // the move made on a starting table, sent once the game is loaded
    this.closed = false;
    this.keyboard = false;
    this.people = people ?? [reply.snapshot.seat];
    this.handsHidden = false; // no hand is on the page: the hand-over screen is up
    this.handingTo = null; // the seat it names, the next person to move; null while bots move first
    this.handedOver = null; // resolves when that person says they have the device
    // A resumed game does not know who holds the device: it opens with every hand hidden, on the
    // hand-over to the person to move, or, a bot to move, behind the screen until a person is (drive).
    // (A finished game has nothing secret left: its end is shown as it is.)
    if (handOverFirst && this.people.length > 1 && !this.snap.is_over) {
      const mover = this.snap.current_player;
      if (this.people.includes(mover)) this.waitForHandOver(mover);
      else this.handsHidden = true;
    }
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
      myTurn: !this.busy && !this.handsHidden && this.snap.legal.length > 0,
      keyboard: this.keyboard,
      events: this.events,
    };
  }

  // Redraw, keeping keyboard focus on the same control when it is still there.
  draw() {
    setPeopleSeats(this.people);
    if (this.handsHidden) {
      this.drawHandOver();
      return;
    }
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

  // The hand-over screen, in place of the table: no hand of any seat is on the page. The seat is named
  // as the picker named it, the same for everyone at a pass-and-play table (seats.js); the hand's
  // pieces in the game's own word (a renderer's handPieces: tiles in a domino game). Bots moving first
  // (handingTo null): the screen says so, with nothing to tap yet.
  drawHandOver() {
    const pieces = handPieces(this.snap.game);
    const section = (...children) => h("section", { class: "hand-over", id: "hand-over",
      "data-seat": this.handingTo, "aria-labelledby": "hand-over-title" }, ...children);
    if (this.handingTo === null) {
      this.root.replaceChildren(section(h("h2", { id: "hand-over-title", text: t("handOverBots") }),
        h("p", { text: t("handOverBotsText", { pieces }) })));
    } else {
      const name = seatName(this.snap.view, this.handingTo);
      const ready = h("button", { type: "button", class: "primary hand-over-ready", id: "hand-over-ready",
        "data-autofocus": "", text: t("handOverReady", { name, pieces }), onclick: () => this.handedOver?.() });
      this.root.replaceChildren(section(h("h2", { id: "hand-over-title", text: t("handOverTitle", { name }) }),
        h("p", { text: t(keysSpoken() ? "handOverTextKeys" : "handOverText", { name, pieces }) }), ready));
      ready.focus({ preventScroll: true });
    }
    if (this.cubeRoot) renderCube(this.cubeRoot, this.snap, { ...this.context(), ...this.shell });
    this.drawStarting();
  }

  // The hand-over screen put up for `seat`; handedOver resolves the wait when they tap.
  waitForHandOver(seat) {
    this.handsHidden = true;
    this.handingTo = seat;
    this.handOverTapped = new Promise((resolve) => { this.handedOver = resolve; });
  }

  // The device passed to the person at `seat`: the hand-over screen until they tap, then their seat's
  // table (a new renderer: nothing the last person picked or was hinted is kept). False when the
  // table closed meanwhile or the bridge refused.
  async handOver(seat) {
    if (this.handingTo !== seat) this.waitForHandOver(seat);
    this.draw();
    this.onHandOver(this);
    await this.handOverTapped;
    if (this.closed) return false;
    this.busy = true;
    const reply = await this.bridge.call({ op: "hand_over", sid: this.sid, seat });
    this.busy = false;
    if (this.closed) return false;
    if (!reply.ok) {
      this.onError(reply.error);
      return false;
    }
    Object.assign(this, { handsHidden: false, handingTo: null, handedOver: null, snap: reply.snapshot, events: [] });
    this.renderer = this.createRenderer();
    this.draw();
    this.onChange(this);
    return true;
  }

  get handingOver() {
    return this.handsHidden;
  }

  onKey(event) {
    this.keyboard = true;
    if (this.handingOver) { // only the hand-over's own keys: the last person's table is not there
      if (event.key !== "Enter" && event.key !== " ") return false;
      this.handedOver?.();
      return true;
    }
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
    else await this.drive(); // a resumed game's hand-over (to the loaded game's next person) among the rest
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

  // The bots move until a person is to move: the one whose table this is, or another person at this
  // device, to whom it is handed over (so is anyone, the one whose table this is included, once every
  // hand is hidden: a resumed game's table does not know who holds the device).
  async drive(lastEvents = []) {
    let events = lastEvents;
    while (!this.closed && !this.snap.is_over) {
      const mover = this.snap.current_player;
      if (this.people.includes(mover)) {
        if (mover === this.snap.seat && !this.handsHidden) return;
        if (!await this.handOver(mover)) return;
        continue;
      }
      if (!this.handsHidden) await sleep(this.renderer.botDelay(this.snap, events)); // nothing to follow behind the screen
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
    // a game ended behind the hand-over screen (bots moving first) is shown as it is: nothing is secret
    if (this.snap.is_over) Object.assign(this, { handsHidden: false, handingTo: null });
    this.draw();
    this.onChange(this);
    const summary = dealSummaryOf(this.renderer, reply.events);
    if (summary || this.snap.is_over) await this.onSummary(this, summary);
  }

  // stopped: the worker that held the session has stopped, so there is nothing to close (and its sid
  // may already name another game in the new worker)
  close({ stopped = false } = {}) {
    if (this.closed) return;
    this.closed = true;
    this.drawStarting();
    this.handedOver?.(); // a hand-over waiting for its tap ends (handOver sees the table closed)
    // a starting table has no session yet: opened() closes the one its load makes
    if (!stopped && !this.starting) this.bridge.call({ op: "close", sid: this.sid });
  }
}
