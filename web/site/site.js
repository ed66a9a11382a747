// The site's state: one object with declared fields, shared by the parts of the site's shell (the
// loading screen, the picker, the table's wiring, the start-up of games, the share dialog, help),
// each of which app.js creates with it. The parts reach one another through it (site.picker…), so
// that none imports another. Also the page's sections (showOnly) and the top bar's tools.
import { Catalog } from "../catalog.js";
import { $, present } from "../dom.js";
import { t } from "../i18n.js";

export const HUMAN_SEAT = 0;

export class Site {
  /** @param {import("../client.js").Client | null} client null in another page's frame (app.js) */
  constructor(client) {
    this.client = client;
    this.catalog = new Catalog();
    this.loadingStage = "runtime"; // how far the engine's start has come (loading.js)
    this.pythonReady = false;
    /** @type {Promise<boolean> | null} whether the games and levels could be read (games.js) */
    this.gamesKnown = null;
    /** @type {Promise<boolean> | null} whether the levels could be read */
    this.levelsKnown = null;
    this.savesKnown = false; // whether every game's save has been read (the picker's resume lines)
    this.usingKeyboard = false;
    /** @type {(() => void) | null} redraws the open help or rules dialog in a new language */
    this.refreshHelp = null;
    // The parts, created by app.js with this site.
    /** @type {import("../table-life.js").TableLife} */ this.life = /** @type {any} */ (null);
    /** @type {import("../learn.js").Captions} the hint line and "Explain as we play", above the table */
    this.captions = /** @type {any} */ (null);
    /** @type {import("./picker.js").Picker} */ this.picker = /** @type {any} */ (null);
    /** @type {import("./tables.js").Tables} */ this.tables = /** @type {any} */ (null);
    /** @type {import("./games.js").Games} */ this.games = /** @type {any} */ (null);
  }

  // The engine, for the parts that send it requests: none of them runs in another page's frame (app.js).
  /** @returns {import("../client.js").Client} */
  get engine() {
    return present(this.client, "the game engine");
  }

  // The LiveTable on the page (the table life's), with its game in progress or just over.
  get session() {
    return this.life.table;
  }

  // The table is what is shown (not the picker, the loading screen, the statistics).
  /** @returns {this is {session: import("../table.js").LiveTable}} */
  onTable() {
    return Boolean(this.session && !$("game").hidden);
  }

  showOnly(sectionId) {
    for (const id of ["loading", "picker", "game", "home-page"]) $(id).hidden = id !== sectionId;
    $("new-game").hidden = sectionId !== "game";
    if (sectionId !== "game") $("cube-bar").hidden = true;
    this.captions?.draw(sectionId === "game" ? this.session : null);
    this.updateTools();
  }

  // Whether the engine failed to start (app.js says so): a request's failure is then not its own.
  async engineDown() {
    try {
      await this.client?.ready;
      return false;
    } catch {
      return true;
    }
  }

  /** @returns {this is {session: import("../table.js").LiveTable}} */
  undoOffered() {
    return this.onTable() && this.session.undoOffered();
  }

  /** @returns {this is {session: import("../table.js").LiveTable}} */
  hintOffered() {
    return this.onTable() && this.session.hintOffered();
  }

  updateTools() {
    const table = this.onTable() ? this.session : null;
    $("undo").hidden = !(table?.undo && !table.challenge);
    $("undo").disabled = !this.undoOffered();
    // what needs Python says that it is starting: undo and the hint (a bot's move says it on the table)
    const starting = Boolean(table?.starting);
    $("undo").setAttribute("aria-busy", String(starting));
    $("undo").querySelector(".tool-label").textContent = t(starting ? "loadingStart" : "undo");
    $("share").hidden = !table;
    $("shared-note").hidden = !table?.challenge;
    this.updateHintButton();
  }

  updateHintButton() {
    const button = $("hint");
    button.hidden = !this.hintOffered();
    const thinking = Boolean(this.session?.hintThinking);
    const starting = Boolean(this.session?.starting);
    button.disabled = starting;
    button.setAttribute("aria-busy", String(thinking || starting));
    button.querySelector("span").textContent = t(starting ? "loadingStart" : thinking ? "hintThinking" : "hint");
  }
}
