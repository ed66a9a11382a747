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
//
// The table's own rules of play are its methods, in whatever shell it is: undo to the player's last
// decision (undoTurn), the hint and its staleness (requestHint), the save after every step (save,
// record), "Explain as we play" (explain, stopExplaining), the focus on the player's first turn, the
// game's hindsight for the summary (analysisRecord). The shells (app.js and embed.js, through
// table-life.js) only listen: onChange, onSave, onHint…; nothing outside sets a table's fields.
import { onCubeKey, renderCube } from "./cube.js";
import { focusInView } from "./dom.js";
import { OP } from "./generated/wire.js";
import { rendererOf } from "./games/index.js";
import { searchFields } from "./levels.js";
import { setPeopleSeats } from "./seats.js";
import { storedSnapshot } from "./snapshots.js";
import { sayStopped } from "./table-broken.js";
import { drawHandOver, drawStartingLine, showHint } from "./table-screens.js";

// Bot moves are slowed down so a person can follow them; ?pace=0 (tests, demos) removes the waits.
export const PACE = Math.max(0, Number(new URLSearchParams(location.search).get("pace") ?? 1) || 0);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms * PACE));
// A hint is the hard bot's search from the player's own view: short, so a move made meanwhile waits little.
const HINT_BUDGET_MS = 400;

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

/**
 * The settings a table is opened with, kept with its save (the site's record): the bots' level, undo
 * allowed, a shared deal's challenge (no undo), "Explain as we play", the people at this device
 * (pass-and-play), the game's identity (playId), seeded: the game was started from a chosen seed (its
 * bots and hints reproducible: levels.js searchFields); handOverFirst: a resumed game with several people
 * opens on the hand-over screen; resumed: the game was saved before (its first save is not a new one's).
 * A field the table does not know is kept as it came.
 * @typedef {{level?: string, undo?: boolean, challenge?: boolean, explain?: boolean, people?: number[] | null,
 *   seeded?: boolean, handOverFirst?: boolean, resumed?: boolean, playId?: string | null} & Record<string, any>} TableSettings
 */

export class LiveTable {
  // reply: the bridge's {sid, snapshot} for the opened game. Callbacks: onChange(table) after every
  // step once it is saved (onSave(table, {fresh, over})), onSummary(table, summary) -> Promise (the
  // deal's or the game's summary; resolves when the player closes it), onError(error), onHint(table)
  // when the hint changes. cubeRoot (optional): where the doubling cube and match score go, for a
  // game played with the cube (cube.js). inView(): whether the table is on the screen (the site's
  // picker may be over it: no hint is asked for then); focusOnTurn: the focus goes to the table's
  // first control on the player's first turn, so that a keyboard player can act at once. catalog: the
  // shell's (catalog.js), which says whether the bots' level searches.
  // A starting table: `reply` is {sid: null, snapshot: the saved one} and `opening` the promise of
  // the bridge's reply to the `load` already sent; onOpenFailed(reply) when that load is refused (the
  // table is closed by then), onNotice(key) for what the player must hear that is not an error.
  // Pass-and-play: settings.people, the seats played by people at this device (the bridge's session
  // was opened with them; default: the snapshot's seat alone); onHandOver(table) when a hand-over
  // screen is shown (the shell forgets what it showed of the last person's seat).
  /**
   * @param {{root: HTMLElement, cubeRoot?: HTMLElement | null, client: import("./client.js").Client,
   *   catalog: import("./catalog.js").Catalog, reply: {sid: number | null, snapshot: any}, opening?: Promise<any> | null, settings: TableSettings,
   *   onChange?: (table: LiveTable) => void, onSave?: (table: LiveTable, step: {fresh: boolean, over: boolean}) => void,
   *   onSummary: (table: LiveTable, summary: any) => Promise<any>, onError: (error: any) => void,
   *   onOpenFailed?: (reply: any) => void, onNotice?: (key: string) => void, onHandOver?: (table: LiveTable) => void,
   *   onHint?: (table: LiveTable) => void, inView?: () => boolean, focusOnTurn?: boolean, keyboard?: boolean}} options
   */
  constructor({ root, cubeRoot = null, client, catalog, reply, opening = null, settings, onChange = () => {}, onSave = () => {},
    onSummary, onError, onOpenFailed = () => {}, onNotice = () => {}, onHandOver = () => {}, onHint = () => {},
    inView = () => true, focusOnTurn = false, keyboard = false }) {
    this.root = root;
    this.cubeRoot = cubeRoot;
    this.client = client;
    this.catalog = catalog;
    this.opening = opening;
    this.onChange = onChange;
    this.onSave = onSave;
    this.onSummary = onSummary;
    this.onError = onError;
    this.onOpenFailed = onOpenFailed;
    this.onNotice = onNotice;
    this.onHandOver = onHandOver;
    this.onHint = onHint;
    this.inView = inView;
    this.settings = settings;
    /** @type {string} */
    this.level = "normal";
    this.undo = settings.undo === true; // the player may take back their moves (a shared deal's challenge: never)
    this.challenge = settings.challenge === true;
    this.explain = settings.explain === true; // "Explain as we play": the steps in words, and a hint on each turn
    this.seeded = settings.seeded === true; // a save from before there was the setting: not seeded
    this.sid = reply.sid;
    /** @type {any} */
    this.snap = reply.snapshot;
    this.useLevel(settings.level ?? "normal");
    /** @type {any[]} */
    this.events = [];
    this.shell = { act: (action) => this.act(action) }; // what the renderer may ask of the table
    this.renderer = this.createRenderer();
    this.busy = false; // a request is on its way (or a move waits for the engine): no second action meanwhile
    this.queued = null; // the move made on a starting table, sent once the game is loaded
    this.closed = false;
    this.stopped = false; // its game's code failed: the way out is shown (table-broken.js), nobody is to play
    this.keyboard = keyboard;
    this.focusOnTurn = focusOnTurn;
    /** @type {{moves: number, action: any, reason?: any, auto?: boolean} | null} the hint asked for at `moves` */
    this.hint = null;
    /** @type {{result: any, spent: number, running: boolean} | null} the game's hindsight (summary.js) */
    this.analysis = null;
    this.finished = reply.snapshot.is_over; // over before this table: not counted as finished again
    this.fresh = settings.resumed !== true; // a new game: its first save replaces its game's save (home.js)
    this.people = settings.people ?? [reply.snapshot.seat];
    this.handsHidden = false; // no hand is on the page: the hand-over screen is up
    /** @type {number | null} the seat it names, the next person to move; null while bots move first */
    this.handingTo = null;
    /** @type {(() => void) | null} resolves the wait when that person says they have the device */
    this.handedOver = null;
    /** @type {Promise<void> | null} */
    this.handOverTapped = null;
    // A resumed game does not know who holds the device: it opens with every hand hidden, on the
    // hand-over to the person to move, or, a bot to move, behind the screen until a person is (drive).
    // (A finished game has nothing secret left: its end is shown as it is.)
    if (settings.handOverFirst && this.people.length > 1 && !this.snap.is_over) {
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
    const focused = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = focused?.dataset?.focusKey;
    const context = this.context();
    this.renderer.render(this.snap, context);
    if (this.stopped) sayStopped(this);
    if (this.cubeRoot) renderCube(this.cubeRoot, this.snap, { ...context, ...this.shell });
    const find = (selector) => this.cubeRoot?.querySelector(selector) ?? this.root.querySelector(selector);
    const again = focusKey && find(`[data-focus-key="${focusKey}"]`);
    if (again) focusInView(again);
    else if (this.keyboard && document.activeElement === document.body) focusInView(find("[data-autofocus]"));
    this.drawStarting();
  }

  // The line above a starting table saying what waits for the engine (table-screens.js).
  drawStarting() {
    drawStartingLine(this.root, { starting: this.starting && !this.closed, queued: this.queued, snap: this.snap,
      renderer: this.renderer });
  }

  // The hand-over screen (table-screens.js), in place of the table, with the cube bar as it stands.
  drawHandOver() {
    drawHandOver(this.root, this.snap, this.handingTo, () => this.handedOver?.());
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
    const reply = await this.client.call(OP.hand_over, { sid: this.sid, seat });
    this.busy = false;
    if (this.closed) return false;
    if (!reply.ok) {
      this.onError(reply.error);
      return false;
    }
    this.handsHidden = false;
    this.handingTo = null;
    this.handedOver = null;
    this.snap = reply.snapshot;
    this.events = [];
    this.renderer = this.createRenderer();
    this.draw();
    this.changed();
    return true;
  }

  get handingOver() {
    return this.handsHidden;
  }

  // A tap or a click: the table is drawn for a pointer again (no focus rings moved by the table).
  pointerUsed() {
    this.keyboard = false;
  }

  // The bots' level: `level` where the game offers it, else the one the catalog fits to the game and
  // its number of players (catalog.js fitLevel: a saved expert in a game whose strongest is hard, hard).
  useLevel(level) {
    this.level = this.catalog.fitLevel(this.snap.game, this.snap.view?.players, level);
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
    this.changed();
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
      if (reply.ok) this.client.call(OP.close, { sid: reply.sid }); // left before it was loaded
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
    const reply = await this.client.call(OP.act, { sid: this.sid, action });
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
      const reply = await this.client.call(OP.bot, { sid: this.sid, level: this.level,
        ...searchFields(this.seeded, this.catalog.levelSearches(this.level)) });
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
    if (this.snap.is_over) {
      this.handsHidden = false;
      this.handingTo = null;
    }
    this.draw();
    this.changed();
    const summary = dealSummaryOf(this.renderer, reply.events);
    if (summary || this.snap.is_over) await this.onSummary(this, summary);
  }

  // After every step (and the first drawing): saved, told to the shell, and on the player's turn the
  // focus on the table's first control the first time, and, explaining, a hint.
  changed() {
    this.save();
    if (this.closed) return;
    this.onChange(this);
    if (this.snap.legal.length === 0) return;
    if (this.focusOnTurn && !document.querySelector("dialog[open]")) {
      this.focusOnTurn = false;
      const first = (root) => root?.querySelector("[data-autofocus]:not(:disabled)")
        ?? root?.querySelector("button:not(:disabled), [tabindex='0']");
      focusInView(first(this.cubeRoot) ?? first(this.root));
    }
    if (this.explain && !this.busy) this.requestHint({ auto: true }); // busy: a move made while Python started goes first
  }

  // The game kept as it stands (onSave): `over` for a game over for the first time (counted in the
  // statistics and listed with the finished games), `fresh` for a new game's first save.
  save() {
    const over = this.snap.is_over && !this.finished;
    this.finished = this.snap.is_over;
    this.onSave(this, { fresh: this.fresh, over });
    this.fresh = false;
  }

  // The save record: the table's settings (those it was started with, then the ones the table changes),
  // the game's text, and the snapshot last drawn (without its save text, which is `text`): the next
  // visit draws the table from it at once, before Python is up. With several people at this device
  // (pass-and-play), `humans` lists their seats (`seat` is the one whose table was last shown).
  record() {
    const { people: _people, handOverFirst: _handOverFirst, resumed: _resumed, ...started } = this.settings;
    const { snap, level, undo, challenge, explain, people } = this;
    return { ...started, level, undo, challenge, explain, humans: people.length > 1 ? people : undefined,
      game: snap.game, text: snap.save, seat: snap.seat, snap: storedSnapshot(snap) };
  }

  // "Explain as we play" switched off at the table (kept with its save).
  stopExplaining() {
    this.explain = false;
    this.save();
  }

  // --- undo: back to the player's previous decision, taking back the bots' moves since ------------

  // afterFailure: the way out of a table whose game's code failed (table-broken.js), on whoever's turn
  // it failed and even where the player chose to play without undo (a shared deal's challenge: never).
  undoOffered({ afterFailure = false } = {}) {
    return (this.undo || afterFailure) && !this.challenge && !this.busy && !this.starting
      && (afterFailure || this.snap.legal.length > 0)
      && this.snap.can_undo; // the player's own move to take back, not the bots' from before it
  }

  async undoTurn({ afterFailure = false } = {}) {
    if (!this.undoOffered({ afterFailure })) return;
    this.busy = true;
    const reply = await this.client.call(OP.undo_turn, { sid: this.sid });
    if (reply.ok) this.snap = reply.snapshot;
    this.busy = false;
    if (this.closed) return; // the engine stopped: the game is being reloaded
    if (!reply.ok) this.onError(reply.error);
    this.events = [];
    this.hint = null;
    this.analysis = null;
    this.draw();
    this.changed();
    if (this.snap.current_player !== this.snap.seat) this.drive(); // back at a bot's first move
  }

  // --- the hint: a suggested move for the player, from their own view -----------------------------

  hintOffered() {
    return this.inView() && !this.handingOver && this.snap.legal.length > 0;
  }

  // A hint asked for at this position, not yet answered.
  get hintThinking() {
    return Boolean(this.hint && this.hint.moves === this.snap.moves && !this.hint.action);
  }

  // The worker answers one request at a time: a move made while the hint is computed waits for it
  // (HINT_BUDGET_MS at most; in a seeded game, the hint's sample budget), and a hint that arrives after
  // the table moved on is dropped.
  // auto: asked by "Explain as we play" rather than the player (the focus stays where it is).
  async requestHint({ auto = false } = {}) {
    if (!this.hintOffered() || this.starting || this.hint?.moves === this.snap.moves) return;
    const moves = this.snap.moves;
    this.hint = { moves, action: null };
    this.onHint(this);
    const reply = await this.client.call(OP.hint, { sid: this.sid, time_budget_ms: HINT_BUDGET_MS, ...searchFields(this.seeded, true) });
    if (this.closed || this.snap.moves !== moves) return;
    if (!reply.ok) {
      this.hint = null;
      this.onError(reply.error);
    } else {
      this.hint = { moves, action: reply.hint.action, reason: reply.hint.reason, auto };
      showHint(this, reply.hint.action, auto);
    }
    this.onHint(this); // the suggestion and its reason in words, above the table
  }

  // --- the game's hindsight, asked for slice by slice by the summary (summary.js) ------------------

  analysisRecord() {
    this.analysis ??= { result: null, spent: 0, running: false };
    return this.analysis;
  }

  analyse(budgetMs) {
    return this.client.call(OP.analysis, { sid: this.sid, time_budget_ms: budgetMs });
  }

  // stopped: the worker that held the session has stopped, so there is nothing to close (and its sid
  // may already name another game in the new worker)
  close({ stopped = false } = {}) {
    if (this.closed) return;
    this.closed = true;
    this.drawStarting();
    this.handedOver?.(); // a hand-over waiting for its tap ends (handOver sees the table closed)
    // a starting table has no session yet: opened() closes the one its load makes
    if (!stopped && !this.starting) this.client.call(OP.close, { sid: this.sid });
  }
}
