// The games and the bot levels a page offers, read without Python where the build wrote them
// (catalog.json as list_games() describes the games, third-party ones too; levels.json), else asked of
// the engine. The site and the embed both read them here.
import { OP } from "./generated/wire.js";
import { loadLevels, searches } from "./levels.js";

export class Catalog {
  constructor() {
    /** @type {any[]} the games, as list_games() describes them */
    this.games = [];
    /** @type {any[]} the bot levels, weakest first, as Python lists them (levels.js) */
    this.levels = [];
    /** @type {Map<string, import("./plugins.js").Failure>} each listed game the engine could not load, with why (unavailable) */
    this.failed = new Map();
  }

  // The games from the catalog build.py wrote; false when it cannot be read.
  async readBuilt() {
    try {
      const response = await fetch("catalog.json");
      if (response.ok) {
        this.games = await response.json();
        return true;
      }
    } catch {
      // not there: the caller asks Python
    }
    return false;
  }

  // The games asked of Python: the bridge's reply (the games kept when it is one).
  /** @param {import("./client.js").Client} client */
  async readFromEngine(client) {
    const reply = await client.call(OP.games);
    if (reply.ok) this.games = reply.games;
    return reply;
  }

  // The levels (levels.js loadLevels, `call` asking the engine when levels.json cannot be read).
  async readLevels(call) {
    this.levels = await loadLevels(call);
    return this.levels;
  }

  // The levels the game `gameId` offers at `players`, weakest first, as Python says (list_games' `levels`
  // by number of players): every level for a game or a number of players the catalog does not describe;
  // each with the time budget it has in this game (list_games' `level_budgets`: a game's hard bot may
  // think for less than the levels' own second, so that a round of bots is short).
  offeredLevels(gameId, players) {
    const game = this.game(gameId);
    const names = game?.levels?.[players];
    const offered = names ? this.levels.filter((level) => names.includes(level.name)) : this.levels;
    const budgets = game?.level_budgets ?? {};
    return offered.map((level) => (level.name in budgets ? { ...level, budget_ms: budgets[level.name] } : level));
  }

  // The level a game of `gameId` at `players` plays at when `name` is asked for (by the picker's stored
  // choice, a saved game, a link, an embed): `name` where the game offers it; a level it does not offer,
  // the strongest it offers that is no stronger (the expert in a game whose strongest is hard: hard), so
  // that a save or a link from before keeps its game; a name this site does not know, normal. While the
  // levels are not read yet, `name` as it is (the table fits it once they are: games.js resume).
  fitLevel(gameId, players, name) {
    if (this.levels.length === 0) return name;
    const rank = this.levels.findIndex((level) => level.name === name);
    if (rank === -1) return "normal";
    const offered = this.offeredLevels(gameId, players);
    const rankOf = (level) => this.levels.findIndex((entry) => entry.name === level.name);
    return (offered.filter((level) => rankOf(level) <= rank).at(-1) ?? offered[0]).name;
  }

  // Whether the bot level `name` searches (levels.js searchFields: its seeded requests may keep the
  // engine long); while the levels are not read yet, whether a level may: a search is never cut short.
  levelSearches(name) {
    const level = this.levels.find((entry) => entry.name === name);
    return level ? searches(level) : this.levels.length === 0;
  }

  // The listed games a third-party engine could not load, once it is `ready` (engines.js): its message
  // names each by its id (plugins.js failedGames), with why. Returns whether there was one.
  noteFailures(ready) {
    for (const failure of ready.plugins?.failed ?? []) {
      if (this.game(failure.name)) this.failed.set(failure.name, failure);
    }
    return this.failed.size > 0;
  }

  game(id) {
    return this.games.find((game) => game.id === id);
  }

  // The game's title ({en, ja}), its id for one not listed.
  title(id) {
    return this.game(id)?.title ?? { en: id };
  }
}
