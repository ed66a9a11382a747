// The site's games and how a game comes to the table other than by the picker's Start: the catalog
// and levels read at start-up (catalog.js), a deal shared by link or a game carried
// by its link, a saved game resumed (drawn at once from its stored snapshot: table-life.js), the game
// reloaded after an engine stop, and a newer save of the game made in another tab.
import { $ } from "../dom.js";
import { ERROR, OP } from "../generated/wire.js";
import { fitsSnapshot, keepUnopened, saveVersion, savedGame } from "../home.js";
import { pick, saveProblem, t } from "../i18n.js";
import { jsonParameter, ParameterFault, seedParameter, unpackText, wholeNumber, wholeParameter } from "../share.js";
import { drawableSnapshot } from "../snapshots.js";
import { showStartFailed } from "./loading.js";
import { hideMessage, showError, showMessage } from "./page.js";
import { explainChosen, ownGameSettings, prefs } from "./prefs.js";
import { HUMAN_SEAT } from "./site.js";

// The errors of a `load` that say the save itself cannot be read (not the engine's own trouble): the
// save is then kept as it is and listed as one this build cannot open (home.js keepUnopened).
const UNREADABLE_SAVE = [ERROR.BadSave, ERROR.BadRequest];

export class Games {
  /** @param {import("./site.js").Site} site */
  constructor(site) {
    this.site = site;
    /** @type {object | null} the resume waiting on the loading screen (no table drawn), until the player leaves it */
    this.waiting = null;
    /** @type {Promise<number | null> | null} the save format version this build's engine writes */
    this.engineVersion = null;
  }

  // The bot levels, for the picker and a saved game's level. False when they cannot be read (the error
  // has been said).
  async knowLevels() {
    try {
      await this.site.catalog.readLevels(this.site.engine.call);
      return true;
    } catch (error) {
      if (!await this.site.engineDown()) showError(error);
      return false;
    }
  }

  // The games as list_games() describes them: from the catalog build.py wrote, without Python, else
  // asked of Python once it is up. False when neither can say (the error has been said).
  async knowGames() {
    const { catalog } = this.site;
    if (await catalog.readBuilt()) return true;
    if (await this.site.engineDown()) return false;
    const reply = await catalog.readFromEngine(this.site.engine);
    if (!reply.ok) showError(reply.error);
    return reply.ok;
  }

  // A third-party game's engine could not install its wheel or load its game (engines.js): the game is
  // marked unavailable in the picker, drawn again if it is showing (the start request says why).
  notePluginFailures(ready) {
    if (this.site.catalog.noteFailures(ready) && !$("picker").hidden) this.site.picker.redraw();
  }

  // The game a shared link names (sharedDeal), offered when a game in progress was resumed: a game in
  // progress is never replaced unasked, so the shared deal waits for the player's word.
  offerShared(shared) {
    const game = this.site.catalog.game(shared.game);
    const continued = shared.op === OP.load;
    showMessage(() => t(continued ? "continuedGame" : "sharedDeal", { game: pick(game?.title) || shared.game }),
      { label: () => t(continued ? "playContinued" : "playShared"), run: () => this.startShared(shared) });
  }

  // A deal shared by link (index.html#game=…&seed=…), or a game in progress carried by its link
  // (index.html#game=…&save=…&level=…&seat=…: an embed that could not keep it, embed.js offerTheSite):
  // read once, then dropped from the address so that a reload resumes the game being played rather than
  // dealing the shared one again. Its `op` says which: a new game or a load.
  sharedDeal() {
    const params = new URLSearchParams(location.hash.slice(1));
    if (!params.has("game")) return null;
    history.replaceState(null, "", location.pathname + location.search);
    /** @type {Record<string, any>} */
    const deal = { op: OP.new, game: params.get("game"), seat: HUMAN_SEAT, seed: seedParameter(params) };
    try {
      if (params.has("save")) {
        return { op: OP.load, game: deal.game, packed: params.get("save"), level: params.get("level"),
          seat: wholeParameter(params, "seat") ?? HUMAN_SEAT };
      }
      deal.players = wholeParameter(params, "players");
      // pass-and-play (an extension: a link without it has one person, at seat 0): the people's seats
      const humans = params.get("humans");
      if (humans !== null) deal.people = humans.split(",").map((seat) => wholeNumber(seat, "humans"));
      for (const name of ["options", "setup"]) {
        const given = params.get(name);
        if (given !== null) deal[name] = jsonParameter(name, given);
      }
    } catch (error) {
      showMessage(() => t("linkDamaged", { message: error instanceof ParameterFault
        ? t(error.words, { name: error.parameter, text: error.text }) : error.message }));
      return null;
    }
    return deal;
  }

  async startShared(deal) {
    const { site } = this;
    const continued = deal.op === OP.load;
    const { op, ...fields } = deal;
    let request = fields;
    if (continued) {
      try {
        request = { text: await unpackText(deal.packed), seat: deal.seat };
      } catch (error) {
        if (!site.session && await site.gamesKnown) site.picker.show();
        showMessage(() => t("linkDamaged", { message: error.message }));
        return;
      }
    }
    const reply = await site.engine.call(op, request);
    if (!reply.ok) {
      if (await site.engineDown()) return;
      if (!site.session && await site.gamesKnown) site.picker.show();
      // a game sent in the link (its save, packed) that does not open: the link is said to be damaged
      if (reply.error.type === ERROR.BadSave) showMessage(() => t("linkDamaged", { message: saveProblem(reply.error) }));
      else showError(reply.error);
      return;
    }
    if (continued) {
      // the reader's own game, with its bots' level where this site has it
      const level = await site.levelsKnown && site.catalog.levels.some((known) => known.name === deal.level)
        ? deal.level : prefs().level ?? "normal";
      site.tables.open(reply, ownGameSettings(reply.snapshot.game, level));
      return;
    }
    site.tables.open(reply, { level: prefs().level ?? "normal", undo: false, challenge: true,
      explain: explainChosen(prefs(), deal.game), people: deal.people, seeded: deal.seed !== undefined });
  }

  // A saved game (its record, null when its text `raw` was no JSON), loaded by the engine; with a
  // snapshot stored beside it (saves made before there was one have none), drawn at once while the
  // `load` waits for Python; without one, or with one of another shape, the loading screen waits for it.
  // The record's fields besides the game's own and the time it was kept (`savedAt`) are the table's
  // settings, kept as they were (a field this shell does not know included); with several people at
  // this device (pass-and-play), `humans` lists their seats, and the game opens on the hand-over screen.
  // `raw`: the text of a localStorage copy the visit could not move into the home, null for a save of
  // the home. A save the engine cannot read is kept as it is and listed (home.js keepUnopened). True
  // once it is loaded.
  /** @param {string | null} [raw] */
  async resume(saved, raw = null) {
    const { site } = this;
    const { game, text, seat, snap, humans, savedAt: _savedAt, ...kept } = saved ?? {};
    const people = Array.isArray(humans) ? humans : null;
    const opening = typeof text === "string"
      ? site.engine.call(OP.load, { text, seat: seat ?? HUMAN_SEAT, ...people && { people } })
      : Promise.resolve({ ok: false, error: saved ? { type: ERROR.BadSave, message: "the save has no game text", reason: "not_a_save" }
        : { type: ERROR.BadSave, message: "the save is not JSON", reason: "unreadable" } });
    const settings = { ...kept, level: typeof kept.level === "string" ? kept.level : "normal", undo: kept.undo !== false,
      challenge: kept.challenge === true, explain: kept.explain === true, people, handOverFirst: true, resumed: true };
    const drawn = fitsSnapshot(snap, game) ? drawableSnapshot(snap, text) : null;
    const table = drawn && site.tables.open({ sid: null, snapshot: drawn }, settings, opening);
    const wait = table ? null : (this.waiting = {});
    // The level is fitted to the game once the levels are read (levels.json), not before the table is
    // drawn: a returning player's table appears at once, and a bot moves only once the engine is up,
    // long after. A table opened from the reply below fits it as it is drawn (LiveTable useLevel).
    if (!await site.levelsKnown) settings.level = "normal";
    table?.useLevel(settings.level);
    const reply = await opening;
    const loaded = reply.ok;
    if (table && (table !== site.session || loaded)) return loaded; // the starting table has taken the reply
    if (table) site.life.close(); // it closed itself
    if (!loaded && await site.engineDown()) {
      site.showOnly("loading"); // app.js says why; the save stays as it is
      return false;
    }
    if (!loaded) {
      // the save stays as it is: listed when it cannot be read, offered again when the engine failed
      const unreadable = UNREADABLE_SAVE.includes(reply.error.type);
      const newer = unreadable && typeof text === "string" && await this.madeByNewerSite(text);
      if (unreadable) await keepUnopened({ game, record: saved, raw, reason: { newer, message: reply.error.message, problem: reply.error.reason } });
      if (await site.gamesKnown) site.picker.show();
      if (!unreadable) showError(reply.error);
      else showMessage(() => (newer ? t("resumeNewer") : t("resumeFailed", { message: saveProblem(reply.error) })));
      return false;
    }
    if (wait && this.waiting !== wait) { // the player left the loading screen meanwhile (loading.js offerWayOut)
      site.engine.call(OP.close, { sid: reply.sid });
      return false;
    }
    site.tables.open(reply, settings);
    return true;
  }

  // The player left the loading screen: a resume still waiting there opens nothing once loaded.
  leaveWaiting() {
    this.waiting = null;
  }

  // Whether the save `text` was written by a newer version of the site: its format version is above the
  // one this build's engine writes.
  async madeByNewerSite(text) {
    const version = saveVersion(text);
    const ours = version === null ? null : await this.engineSaveVersion();
    return ours !== null && version > ours;
  }

  // The save format version this build's engine writes (null when it cannot be known): read once, from
  // a save it writes (a new game's, closed at once), so that the page holds no copy of the engine's number.
  engineSaveVersion() {
    const { site } = this;
    this.engineVersion ??= (async () => {
      const { games } = site.catalog;
      if (!await site.gamesKnown || games.length === 0) return null;
      const reply = await site.engine.call(OP.new, { game: games[0].id, seat: HUMAN_SEAT, seed: "0" });
      if (!reply.ok) return null;
      site.engine.call(OP.close, { sid: reply.sid });
      return saveVersion(reply.snapshot.save);
    })();
    return this.engineVersion;
  }

  // Another tab kept a newer save of `record.game` (or a new game of it): the table showing the older one
  // closes and the newer one is shown in its place, said (`said`: the key of the words); a table of that
  // game out of view (the picker over it) just closes, and the picker's Resume opens the newer one.
  showGameFromElsewhere(record, said) {
    const { site } = this;
    const { session } = site;
    if (!session || session.closed || session.snap.game !== record.game) return;
    const shown = site.onTable();
    site.life.close();
    if (!shown) return;
    site.life.closeSummary(); // the game shown has its own, if it is over
    showMessage(() => t(said));
    this.resume(record);
  }

  // A game in progress chosen in the picker: the one on the table is shown again, another one loaded.
  async resumeGame(record) {
    const { session } = this.site;
    if (session && !session.closed && session.snap.game === record.game) {
      this.site.showOnly("game");
      return;
    }
    hideMessage();
    await this.resume(record);
  }

  // After an engine stop (table-life.js): the table's game as the home keeps it (the save of its last
  // step), else as the table has it.
  savedForReload(table) {
    return savedGame(table.snap.game) ?? table.record();
  }

  // That game loaded again once the new engine has started; true once it is.
  async reload(saved) {
    try {
      await this.site.engine.ready;
    } catch (error) {
      showStartFailed(this.site, error);
      return false;
    }
    this.site.life.closeSummary(); // the reloaded game shows its own
    return this.resume(saved);
  }
}
