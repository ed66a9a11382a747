import { OP } from "./generated/wire.js";
import { t } from "./i18n.js";

// The bot levels, weakest first, as Python lists them (pygames_core.list_levels: {name, budget_ms},
// the default time budget of a searching level's move, null for a level that does not search): read
// from levels.json, which build.py writes, so that a picker needs no Python; else asked of the engine
// with `call(op, fields)` (client.js's call, or one like it: a promise of the bridge's reply).
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

// The level's name and its one-line explanation ("level_<name>", "levelHelp_<name>" in i18n.js); a
// searching level's says how long it thinks.
export function levelText(level) {
  return { name: t(`level_${level.name}`), help: t(`levelHelp_${level.name}`, { seconds: (level.budget_ms ?? 0) / 1000 }) };
}
