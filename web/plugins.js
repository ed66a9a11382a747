// Third-party games, shipped with the site by `build.py --game-wheel`: catalog.json lists them beside the
// built-in games (the build listed them in its sandbox), and each wheel's games run in an engine of
// their own (engines.js), which installs the wheel when one of its games is first asked for. A wheel
// that failed there is named in that engine's "ready" message (plugins.failed), said here in the
// reader's language; the other games play on.
import { t } from "./i18n.js";

// Each wheel the engine could not install or load, in words: [] when all were.
export const pluginFailures = (ready) => (ready.plugins?.failed ?? [])
  .map(({ name, message }) => t("pluginFailed", { name, message }));
