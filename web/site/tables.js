// The site's table: a LiveTable (table.js) opened through the table life (table-life.js), wired to
// the page: its saves go to the home (home.js keepSave), its steps to the captions and the top bar's
// tools, its summary gets the site's buttons, and the top bar's Undo and Hint ask the table.
import { $, h, present } from "../dom.js";
import { OP } from "../generated/wire.js";
import { keepSave, newPlayId } from "../home.js";
import { t } from "../i18n.js";
import { showError, showMessage } from "./page.js";
import { prefs, rememberPrefs } from "./prefs.js";
import { openShare } from "./share-dialog.js";

// The table's root, cube bar and callbacks on the site page: the options of every LiveTable the
// site's table life opens.
/** @param {import("./site.js").Site} site */
export function siteTableOptions(site) {
  return {
    root: $("game"),
    cubeRoot: $("cube-bar"),
    catalog: site.catalog,
    onSave: (table, { fresh, over }) => {
      keepSave(table.record(), { fresh, ...over && { snap: table.snap, level: table.level } });
      site.updateTools();
    },
    onChange: (table) => site.tables.stepped(table),
    onHint: (table) => {
      if (table !== site.session) return;
      site.captions.draw(table); // the suggestion and its reason in words, above the table
      site.updateHintButton();
    },
    onError: showError,
    onNotice: (key) => showMessage(() => t(key)),
    onHandOver: (table) => site.tables.handedOver(table),
    inView: () => !$("game").hidden,
    focusOnTurn: true,
  };
}

export class Tables {
  /** @param {import("./site.js").Site} site */
  constructor(site) {
    this.site = site;
  }

  // The table of the game the bridge opened (`reply`), with its settings (the picker's, a save's: saved
  // with it as they came); opening: for a table drawn from a saved snapshot, the bridge's answer to
  // its `load` (LiveTable). playId: the game's identity, kept by its every save.
  /** @param {Promise<any> | null} [opening] */
  open(reply, settings, opening = null) {
    const { site } = this;
    const playId = typeof settings.playId === "string" ? settings.playId : newPlayId();
    const table = site.life.open(reply, { ...settings, playId }, opening, { keyboard: site.usingKeyboard });
    site.captions.clear();
    site.showOnly("game");
    scrollTo(0, 0); // the picker's Start is far down a phone's page: the table opens at its top
    table.start();
    return table;
  }

  // The hand-over screen is up (pass-and-play): nothing said of the last person's seat stays in view.
  handedOver(table) {
    if (table !== this.site.session) return;
    this.site.captions.clear();
    this.site.captions.draw(table);
    this.site.updateTools();
  }

  // After every step of the table (saved by then), said in words when the player asked for explanations.
  stepped(table) {
    if (table !== this.site.session) return;
    this.site.captions.record(table);
    this.site.captions.draw(table);
  }

  // "Explain as we play" switched off at the table: remembered for this game.
  stopExplaining() {
    const session = present(this.site.session, "the table"); // its switch is drawn with the table's captions
    session.stopExplaining();
    const remembered = prefs();
    rememberPrefs({ ...remembered, explain: { ...remembered.explain, [session.snap.game]: false } });
    this.site.captions.draw(session);
    $("hint").focus(); // the button pressed has gone: the focus stays in the top bar, by the tools
  }

  // The buttons under a finished game's summary.
  summaryButtons(table) {
    const { site } = this;
    return (close) => [
      // a renderer's replayLabel is null when there is nothing to replay (a set-up position, say)
      table.renderer.replayLabel?.(table.snap) && h("button", { type: "button", class: "ghost", id: "summary-replay",
        text: table.renderer.replayLabel(table.snap), onclick: () => { close(); this.replayDeal(table); } }),
      h("button", { type: "button", class: "ghost", id: "summary-share", text: t("share"),
        onclick: () => { close(); openShare(site); } }),
      h("button", { type: "button", class: "ghost", id: "summary-new-game", text: t("newGame"),
        onclick: () => { close(); site.picker.show(); } }),
    ];
  }

  // The same game again from its start: same options, seed and set-up (a numbered deal replayed), its
  // bots seeded (a deal chosen again, as a seed typed in the picker). The seed is the snapshot's text:
  // read from the save as a number, one above 2^53 would be another deal. `fresh`: a new deal instead,
  // the player's own game (the way out of a table whose game's code failed: table-broken.js).
  async replayDeal(table, { fresh = false } = {}) {
    const { game, players, options, setup } = JSON.parse(table.snap.save);
    const several = table.people.length > 1;
    const reply = await this.site.engine.call(OP.new, { game, players, ...!fresh && { seed: table.snap.seed }, options,
      setup, seat: table.snap.seat, ...several && { people: table.people } });
    if (!reply.ok) showError(reply.error);
    else this.open(reply, { ...table.settings, level: table.level, undo: table.undo, challenge: table.challenge && !fresh,
      people: table.people, seeded: !fresh, handOverFirst: false, resumed: false, playId: null });
  }

  // The way out of a table whose game's code failed (table-life.js): a new deal of the game, or back
  // to the games, leaving the table (its save stays: the picker offers to resume it).
  wayOut(table) {
    const back = () => {
      this.site.life.close();
      this.site.picker.show();
    };
    return { newGame: () => this.replayDeal(table, { fresh: true }), back, backLabel: "backToGames" };
  }

  // The top bar's Undo: back to the player's previous decision, taking back the bots' moves since.
  undo() {
    if (this.site.undoOffered()) this.site.session.undoTurn();
  }

  // The top bar's Hint (or H): a suggested move for the player, from their own view.
  hint() {
    if (this.site.hintOffered()) this.site.session.requestHint();
  }
}
