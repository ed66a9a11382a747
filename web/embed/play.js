// A play embed's live game: the cover (play, or continue the game this frame kept), the live table
// (through the table life both shells share: table-life.js), the frame's own save of it (keyed by the
// frame's address), and, where the browser refuses to keep it, a link that continues it on the site.
import { renderCube } from "../cube.js";
import { $, h } from "../dom.js";
import { OP } from "../generated/wire.js";
import { pick, t } from "../i18n.js";
import { unavailableReason } from "../plugins.js";
import { packText, siteLink } from "../share.js";
import { drawableSnapshot, storedSnapshot } from "../snapshots.js";
import { storage } from "../storage.js";

const SAVE_PREFIX = "pygames.embed."; // + the frame's own URL: each embed resumes its own game
// + the frame's own URL: the snapshot last drawn beside that save (storedSnapshot), which draws the
// table at once when the game is continued. A key of its own: the save stays the game's text.
const DRAWN_PREFIX = "pygames.embed-drawn.";

function saveKey() {
  return SAVE_PREFIX + location.pathname + location.search + location.hash;
}

function drawnKey() {
  return DRAWN_PREFIX + location.pathname + location.search + location.hash;
}

// The snapshot stored beside the save `text`, ready to draw; null when there is none to trust.
function drawnSnapshot(text) {
  const stored = storage.get(drawnKey());
  if (stored === null) return null;
  try {
    return drawableSnapshot(JSON.parse(stored), text);
  } catch {
    return null;
  }
}

function forgetGame() {
  storage.remove(saveKey());
  storage.remove(drawnKey());
}

export class Play {
  /** @param {import("../embed.js").Embed} embed */
  constructor(embed) {
    this.embed = embed;
    this.packing = 0; // the last save being packed into the link: an earlier one finishing late is dropped
    /** @type {(() => void) | null} the live game's way back to its example (a scenario played from a step) */
    this.backToExample = null;
  }

  // The table options of the embed's live tables (table-life.js).
  tableOptions() {
    return {
      root: $("embed-stage"),
      cubeRoot: $("embed-cube"),
      onSave: (table) => {
        if (!this.backToExample) this.storeGame(table.snap);
      },
      onChange: () => this.embed.frame.postHeight(),
    };
  }

  // A play embed: the cover first, the live game once asked for. A game its engine could not load (an
  // added game: engines.js, noted in the catalog) is said unavailable there, with why, and the way out
  // is the site's other games, in a tab of their own.
  showCover() {
    const { embed } = this;
    const { params } = embed;
    const game = embed.gameOf(params.game);
    const saved = storage.get(saveKey());
    embed.setTitle(pick(game.title));
    embed.showOnStage();
    // continued, the game is drawn at once from its stored snapshot while the engine starts
    const start = (resume) => (resume
      ? this.playLive(() => embed.ask(OP.load, { text: saved, seat: params.seat }), null, drawnSnapshot(saved))
      : this.playNew()).catch((error) => {
      if (!embed.catalog.failed.has(game.id)) embed.showError(error);
      else this.showCover(); // the cover says it
    });
    const failure = embed.catalog.failed.get(game.id);
    if (failure) embed.clearError();
    $("embed-stage").replaceChildren(h("div", { class: "embed-cover" },
      h("p", { class: "embed-cover-title", text: pick(game.title) }),
      failure ? [
        h("p", { class: "game-unavailable", id: "embed-unavailable", role: "alert",
          text: t("pickerUnavailable", { message: unavailableReason(failure) }) }),
        h("div", { class: "form-actions" }, h("a", { class: "embed-way-out", id: "embed-other-games", target: "_blank",
          rel: "noopener", href: siteLink("index.html", new URLSearchParams()), text: t("emOtherGames") }))]
        : [h("p", { class: "fine", text: t("emPlayHint") }),
          h("div", { class: "form-actions" },
            saved && h("button", { type: "button", class: "primary", id: "embed-resume", text: t("emResume"),
              onclick: () => start(true) }),
            h("button", { type: "button", class: saved ? "ghost" : "primary", id: "embed-play",
              text: saved ? t("emRestart") : t("emPlay"), onclick: () => start(false) }))]));
    $("embed-controls").hidden = true;
    $("embed-caption").hidden = true;
    this.hideUnkept();
    renderCube($("embed-cube"), null, null);
    embed.redraw = () => this.showCover();
  }

  // A new game of the address's game, with its players, seed, options and set-up.
  playNew() {
    const { params } = this.embed;
    return this.playLive(() => this.embed.ask(OP.new, { game: params.game, players: params.players, seed: params.seed,
      options: params.options, setup: params.setup, seat: params.seat }));
  }

  // The way out of a table whose game's code failed (table-life.js): a new game of the address's, or
  // back to the cover; a game played from an example's step, back to the example only.
  wayOut() {
    const { embed } = this;
    const { backToExample } = this;
    const leave = () => {
      embed.life.close();
      if (backToExample) backToExample();
      else this.showCover();
    };
    return {
      newGame: backToExample ? null : () => {
        forgetGame();
        embed.life.close();
        this.playNew().catch((error) => embed.showError(error));
      },
      back: leave, backLabel: backToExample ? "emBackToExample" : "emLeaveGame",
    };
  }

  // open(): the request opening the game (embed.ask). drawn: a saved snapshot, drawn at once as a
  // starting table (LiveTable) while that request waits for the engine.
  /** @param {(() => void) | null} [backToExample] @param {Record<string, any> | null} [drawn] */
  async playLive(open, backToExample = null, drawn = null) {
    const { embed } = this;
    const { life } = embed;
    embed.clearError();
    let failure = null;
    const opening = open().catch((error) => {
      failure = error;
      return { ok: false, error };
    });
    const reply = drawn ? null : await opening;
    if (failure) throw failure;
    embed.showOnStage();
    this.backToExample = backToExample;
    // a deal from the address's seed: its bots reproducible, as the site's shared deals (a game resumed
    // here is the same address's game)
    const settings = { level: embed.params.level, seeded: embed.params.seed !== undefined };
    const table = drawn ? life.openDrawn(drawn, settings, opening) : life.open(reply, settings);
    // a new language: the table, its open summary and the button under it
    embed.redraw = () => {
      life.retranslate();
      this.showControls(backToExample);
    };
    this.showControls(backToExample);
    $("embed-caption").hidden = true;
    const played = table.start();
    if (drawn && !(await opening).ok && life.table === table) {
      // the table closed itself: back to the cover, and the error said
      life.close();
      this.showCover();
      throw failure;
    }
    await played;
  }

  // The button under a live game: back to its example (a scenario played from a step), or start again
  // from the cover.
  /** @param {(() => void) | null} backToExample */
  showControls(backToExample) {
    const { life } = this.embed;
    const controls = $("embed-controls");
    controls.replaceChildren(backToExample
      ? h("button", { type: "button", class: "ghost", id: "embed-back-to-example", text: t("emBackToExample"),
        onclick: () => { life.close(); backToExample(); } })
      : h("button", { type: "button", class: "ghost", id: "embed-restart", text: t("emRestart"),
        onclick: () => { forgetGame(); life.close(); this.showCover(); } }));
    controls.hidden = false;
  }

  // The game reloaded after an engine stop (table-life.js), from the save its table had; resolves to
  // whether the engine has loaded it.
  reload({ text, seat, backToExample }) {
    return new Promise((loaded) => {
      this.playLive(async () => {
        const reply = await this.embed.ask(OP.load, { text, seat });
        loaded(true);
        return reply;
      }, backToExample).catch((error) => {
        loaded(false);
        this.embed.showError(error);
      });
    });
  }

  // The save and the snapshot drawn with it; the old snapshot goes first, so that one that cannot be
  // written leaves none rather than one of an earlier step. Where the save cannot be kept (a frame on
  // another site, whose storage the browser refuses), that is said, with a link that opens the game as
  // it stands on the site, in a tab of its own.
  storeGame(snap) {
    storage.remove(drawnKey());
    if (!storage.set(saveKey(), snap.save)) {
      this.offerTheSite(snap);
      return;
    }
    storage.set(drawnKey(), JSON.stringify(storedSnapshot(snap)));
  }

  // "This page cannot keep your game", said once, above the table, and its link to the site kept on the
  // game's latest position (the save packed as share links pack one: index.html#game=…&save=…).
  async offerTheSite(snap) {
    const note = $("embed-unkept");
    note.hidden = false;
    const asked = ++this.packing;
    const code = await packText(snap.save);
    if (asked !== this.packing) return;
    // the level the table plays: the address's, fitted to the game's (an expert where hard is its strongest)
    const level = this.embed.life.table?.level ?? this.embed.params.level;
    const link = new URLSearchParams({ game: snap.game, level, save: code });
    if (snap.seat !== null) link.set("seat", String(snap.seat));
    $("embed-continue").href = siteLink("index.html", link);
    $("embed-continue").hidden = false;
  }

  // Out of a live game (the cover, an example), no game is left unkept.
  hideUnkept() {
    this.packing += 1;
    $("embed-unkept").hidden = true;
  }
}
