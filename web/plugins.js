// Third-party games, shipped with the site by `build.py --game-wheel` and installed by the worker
// with micropip before the rules start (worker.js). catalog.json lists them beside the built-in games
// where the build could list them (build.py's plugin_catalog); any other is asked of Python once it is
// up, as list_games() describes it after the install. A wheel that failed is named in the worker's
// "ready" message (plugins.failed), said here in the reader's language; the other games play on.
import { OP } from "./generated/wire.js";
import { t } from "./i18n.js";

// The games Python lists beyond `known` (the catalog's), once the engine is `ready` (the worker's
// "ready" message): [] on a site without added games, which is never asked. A refused request is
// thrown as the bridge's error. `client`: client.js's.
export async function addedGames(client, ready, known) {
  if (!ready.plugins?.wheels) return [];
  const reply = await client.call(OP.games);
  if (!reply.ok) throw reply.error;
  return reply.games.filter((game) => !known.some((entry) => entry.id === game.id));
}

// Each wheel the worker could not install or load, in words: [] when all were.
export const pluginFailures = (ready) => (ready.plugins?.failed ?? [])
  .map(({ name, message }) => t("pluginFailed", { name, message }));
