// One table's life, the same on the site (app.js) and in an embed (embed.js): the table opened on a
// game (closing the one before), drawn at once from the snapshot stored with a save while the engine
// starts (snapshots.js drawableSnapshot, openDrawn), its summaries (summary.js) and the language redrawn on it and
// on an open summary, the engine-stop recovery: the bridge has started a new engine, and the game
// comes back from its save; and the way out of a table whose game's own code failed (table-broken.js),
// with the shell's new game and way back, instead of a table frozen on its last step. A feature of
// the table's life goes here, once, for both shells; what a table does on its own (undo, hints,
// saving a step) is the table's (table.js).
import { present } from "./dom.js";
import { OP } from "./generated/wire.js";
import { t } from "./i18n.js";
import { showSummary } from "./summary.js";
import { LiveTable } from "./table.js";
import { drawWayOut, isGameFailure, logEngineError, removeWayOut } from "./table-broken.js";

/**
 * What a shell tells its table life. say(key, values): a message in the shell's place for them.
 * saved(table): what the table's game is reloaded from after an engine stop, its save text as `text`;
 * reload(saved): that game opened again, resolving to whether it is loaded. summaryButtons(table):
 * the shell's buttons under a finished game's summary (summary.js). wayOut(table): what the way out of
 * a table whose game failed offers besides Undo (table-broken.js drawWayOut). table: the options every
 * LiveTable of this shell gets (its roots, its callbacks; its onError hears every error but a game's
 * failure, which the way out says). client: null where the page starts no engine (the site in another
 * page's frame, app.js), and opens no table.
 * @typedef {{client: import("./client.js").Client | null, summaryDialog: HTMLDialogElement,
 *   say: (key: string, values?: Record<string, any>) => void,
 *   saved: (table: LiveTable) => {text: string} & Record<string, any>,
 *   reload: (saved: any) => Promise<boolean>,
 *   summaryButtons?: (table: LiveTable) => (close: () => void) => any[],
 *   wayOut: (table: LiveTable) => {newGame: (() => void) | null, back: () => void, backLabel: string},
 *   table: Record<string, any>}} LifeOptions
 */

export class TableLife {
  /** @param {LifeOptions} options */
  constructor({ client, summaryDialog, say, saved, reload, summaryButtons = () => () => [], wayOut, table }) {
    this.client = client;
    this.summaryDialog = summaryDialog;
    this.say = say;
    this.saved = saved;
    this.reload = reload;
    this.summaryButtons = summaryButtons;
    this.wayOut = wayOut;
    this.tableOptions = table;
    /** @type {LiveTable | null} the table on the page */
    this.table = null;
    /** @type {string | null} the game text last reloaded after a stop: a second stop there is not retried */
    this.restoredSave = null;
    /** @type {(() => void) | null} redraws the open summary dialog in a new language */
    this.refreshSummary = null;
    /** @type {any} the error of the table's game whose way out is shown (table-broken.js) */
    this.failure = null;
  }

  // The table of the game the bridge opened (`reply`: its {sid, snapshot}); `opening`: for a table
  // drawn from a saved snapshot, the bridge's answer to its `load` (LiveTable). The table before closes.
  /** @param {any} reply @param {import("./table.js").TableSettings} settings @param {Promise<any> | null} [opening] */
  open(reply, settings, opening = null, options = {}) {
    this.close();
    /** @type {{onError: (error: any) => void, onChange?: (table: LiveTable) => void}} */
    const { onError, onChange = () => {} } = /** @type {any} */ ({ ...this.tableOptions, ...options });
    const table = new LiveTable(/** @type {any} */ ({ client: present(this.client, "the game engine"), reply, opening, settings,
      onSummary: (_, summary) => this.summarize(table, summary), ...this.tableOptions, ...options,
      onError: (error) => this.failed(table, error, onError),
      onChange: () => {
        this.leaveWayOut(table); // the game went on (a move that works, an undo)
        onChange(table);
      } }));
    this.table = table;
    return table;
  }

  // An error of `table`'s: logged with its frames for the game's designer; a failure of the game's
  // own code gets the way out, in view, any other is said by the shell (`said`).
  failed(table, error, said) {
    logEngineError(error);
    if (!isGameFailure(error)) said(error);
    else if (table === this.table && !table.closed) {
      this.failure = error;
      drawWayOut(table, error, this.wayOut(table));
    }
  }

  // A saved game drawn at once from the snapshot stored with it (drawableSnapshot), while `opening`,
  // its `load`, waits for the engine: a starting table.
  openDrawn(drawn, settings, opening, options = {}) {
    return this.open({ sid: null, snapshot: drawn }, settings, opening, options);
  }

  // The table closed and gone from the page (the player left it).
  close() {
    if (this.table) this.leaveWayOut(this.table);
    this.table?.close();
    this.table = null;
  }

  // The summary of a deal or game (summary.js), with the shell's buttons; resolves when it is closed.
  async summarize(table, summary) {
    const buttons = /** @type {any} */ (this.summaryButtons(table));
    const { closed, refresh } = showSummary(this.summaryDialog, table, summary, buttons);
    this.refreshSummary = refresh;
    await closed;
    this.refreshSummary = null;
  }

  // The way out of `table` gone, and forgotten: the game went on, or the table closes.
  leaveWayOut(table) {
    this.failure = null;
    table.stopped = false;
    removeWayOut(table.root);
  }

  closeSummary() {
    if (this.summaryDialog.open) this.summaryDialog.close();
  }

  // The table and its open summary in a new language.
  retranslate() {
    this.table?.draw();
    this.refreshSummary?.();
    if (this.table && this.failure) drawWayOut(this.table, this.failure, this.wayOut(this.table));
  }

  // The engine stopped, and the bridge is starting a new one: the table's game comes back from its
  // save, the one stored after the table's last step, so a move or an undo that was on its way is not
  // in it: it was not made, and the player is told to make it again (never sent twice). A bot that
  // was thinking simply thinks again; a hint is asked for again. A game that stops the engine again
  // at the same save is not reloaded a second time.
  // `serves(game)`: whether the engine that stopped runs that game (engines.js: the site's engine runs
  // the built-in games, a third-party game's engine its own); another game's table is left alone.
  /** @param {{cause: string, lost: any[], serves?: (game: string) => boolean}} stop */
  async engineStopped({ cause, lost, serves = () => true }) {
    const because = t(`engineCause_${cause}`);
    if (this.table && !this.table.closed && !serves(this.table.snap.game)) return;
    // a starting table's `load` names no session: it goes to the new engine by itself, like a new game
    const table = this.table?.closed || this.table?.starting ? null : this.table;
    if (this.table) this.leaveWayOut(this.table);
    table?.close({ stopped: true });
    if (!table) {
      // a request on its way (a new game, say) goes to the new engine by itself, and answers for itself
      this.say("engineRestarted", { cause: because });
      return;
    }
    const saved = this.saved(table);
    if (saved.text === this.restoredSave) {
      this.say("engineStoppedAgain", { cause: because });
      return;
    }
    this.restoredSave = saved.text;
    const interrupted = lost.filter((request) => request.sid === table.sid).map((request) => request.op);
    const said = interrupted.includes(OP.act) ? "engineBackMove" : interrupted.includes(OP.undo_turn) ? "engineBackUndo"
      : "engineBack";
    const reloaded = this.reload(saved);
    this.say("engineRestarting", { cause: because });
    if (await reloaded) this.say(said, { cause: because });
  }
}
