// Third-party games, shipped with the site by `build.py --game-wheel`: catalog.json lists them beside the
// built-in games (the build listed them in its sandbox), and each wheel's games run in an engine of
// their own (engines.js), which installs the wheel when one of its games is first asked for. A wheel
// that failed there is named in that engine's "ready" message (plugins.failed), said here in the
// reader's language; the other games play on.
import { t } from "./i18n.js";

/** @typedef {{name: string, message: string, reason?: Record<string, string>, wheel?: string}} Failure worker.js's */

// An engine's failures as the games they cost (a failure's `name` is then a game's id): a wheel that
// could not be installed (its `wheel`) costs each game it carries, as `pluginGames` (build.json's
// plugin_games: each game's wheels) says; a game that could not be loaded costs itself.
/** @param {Failure[]} failed @param {Record<string, string[]>} pluginGames @returns {Failure[]} */
export function failedGames(failed, pluginGames) {
  return failed.flatMap((failure) => {
    const carried = failure.wheel === undefined ? []
      : Object.keys(pluginGames).filter((game) => pluginGames[game].includes(/** @type {string} */ (failure.wheel)));
    return carried.length === 0 ? [failure] : carried.map((game) => ({ ...failure, name: game }));
  });
}

// Why a game could not be loaded, in the reader's language: its reason's kind in words, with the
// names it gives (a Python module, the error the game's code raised, as Python says them); Python's
// own message for a reason this page has no words for.
/** @param {Failure} failure */
export function unavailableReason({ message, reason }) {
  const key = `unavailable_${reason?.kind}`;
  const words = reason ? t(key, reason) : key;
  return words === key ? message : words;
}

// Each game the engine could not install or load, in words, by its title (`titleOf` its name: a game's id,
// or a wheel's file that carries no game the site lists): [] when all were.
/** @param {any} ready @param {(name: string) => string} [titleOf] */
export const pluginFailures = (ready, titleOf = (name) => name) => (ready.plugins?.failed ?? [])
  .map((/** @type {Failure} */ failure) => t("pluginFailed", { name: titleOf(failure.name), message: unavailableReason(failure) }));
