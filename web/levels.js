import { OP } from "./generated/wire.js";
import { t } from "./i18n.js";

// The bot levels, weakest first, as Python lists them (pygames_core.list_levels: {name, budget_ms,
// samples}, the default time and sample budgets of a searching level's move, null for a level that does
// not search): read from levels.json, which build.py writes, so that a picker needs no Python; else
// asked of the engine with `call(op, fields)` (client.js's call, or one like it: a promise of the
// bridge's reply).
export async function loadLevels(call) {
  try {
    const response = await fetch("levels.json");
    if (response.ok) return await response.json();
  } catch {
    // asked of Python below
  }
  const reply = await call(OP.levels);
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.levels;
}

// The level's name and its one-line explanation ("level_<name>", "levelHelp_<name>" in i18n.js) in the
// game's word for its `pieces` (cards, tiles: table-screens.js handPieces); a searching level's says how
// long it thinks, and in a game from a chosen seed (`seeded`: searchFields) that it draws its sample
// budget instead, whatever the time; the strongest level the game offers (`strongest`: catalog.js
// offeredLevels) says so.
export function levelText(level, { pieces = "", seeded = false, strongest = false } = {}) {
  // "about 0.3 s": to a tenth of a second, as a player reads a time (a game's own 125 to 330 ms say 0.1 to 0.3)
  const seconds = Math.round((level.budget_ms ?? 0) / 100) / 10;
  const own = t(`levelHelp_${level.name}`, { seconds, pieces });
  const help = strongest ? t("levelStrongest", { help: own }) : own;
  return { name: t(`level_${level.name}`),
    help: seeded && searches(level) ? t("levelHelpSeeded", { help, samples: level.samples }) : help };
}

// How long a reproducible search may keep the worker before the client's watchdog calls it frozen (it
// gives a request its time_budget_ms and 30 s more): not a budget, since a search given a sample budget
// ignores the clock (levels.py), and a sample budget takes as long as the machine needs. Measured in
// Chromium on this project's loaded 2-core machine: hard's 100 samples of a Dominuxen move 4 to 21 s,
// the expert's 300 over 30 s; a phone is slower still.
const REPRODUCIBLE_WAIT_MS = 300_000;

// Whether a level searches: Python gives a searching level a time budget (list_levels), null otherwise.
export function searches(level) {
  return level.budget_ms !== null;
}

// What a table's bot and hint requests are given besides the level. A game started from a chosen seed
// (`seeded`) plays reproducibly: each decision seeded from the game's seed and the move number, with the
// level's sample budget (Python derives both: levels.py), so it is the same game as in CPython and a
// seed replays the bots' moves too. Only a request that searches (`searching`: a searching level's bot,
// a hint) is allowed the long wait; the others answer at once however slow the machine, so one that
// hangs is caught by the watchdog's ordinary margin. A game dealt at random keeps the time budgets, so
// that the bots answer on time on a slow phone (docs/api.md, "Seeded bots": the one place this is chosen).
export function searchFields(seeded, searching) {
  if (!seeded) return {};
  return searching ? { reproducible: true, time_budget_ms: REPRODUCIBLE_WAIT_MS } : { reproducible: true };
}
