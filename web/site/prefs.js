// The picker's remembered choices (storage.js, "pygames.prefs"): the game, level, options, seats,
// undo and each game's "Explain as we play" as they were last started.
import { storage } from "../storage.js";

const PREFS_KEY = "pygames.prefs";

// Each one kept only when it has the type the picker reads (the stored text is anyone's to edit, and
// `{"started": 5}` would stop the picker from being drawn).
const PREFS_FIT = {
  game: (value) => typeof value === "string",
  level: (value) => typeof value === "string",
  players: (value) => Number.isSafeInteger(value) && value > 0,
  undo: (value) => typeof value === "boolean",
  options: (value) => isRecord(value),
  roles: (value) => Array.isArray(value) && value.every((role) => typeof role === "string"),
  started: (value) => Array.isArray(value) && value.every((id) => typeof id === "string"),
  explain: (value) => isRecord(value) && Object.values(value).every((on) => typeof on === "boolean"),
};
const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** @returns {Record<string, any>} */
export function prefs() {
  const text = storage.get(PREFS_KEY);
  if (text === null) return {}; // nothing remembered yet
  let stored;
  try {
    stored = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(stored)) return {};
  return Object.fromEntries(Object.entries(PREFS_FIT).filter(([name, fits]) => Object.hasOwn(stored, name) && fits(stored[name]))
    .map(([name]) => [name, stored[name]]));
}

export function rememberPrefs(chosen) {
  storage.set(PREFS_KEY, JSON.stringify(chosen));
}

// "Explain as we play": the player's own choice for this game (as the picker's box was left when they last
// started it, or switched off at the table), else on: a first game explains itself.
export function explainChosen(remembered, gameId) {
  return remembered.explain?.[gameId] ?? true;
}

// The settings of a game opened from a file or a link of the player's own game: the remembered
// level and undo, and the game's explanations.
export function ownGameSettings(gameId, level = prefs().level ?? "normal") {
  const remembered = prefs();
  return { level, undo: remembered.undo !== false, challenge: false, explain: explainChosen(remembered, gameId) };
}
