// The site's help: the rules of the game on the table (or of a game in the picker), its keys, and
// the general help with every game's rules (learn.js).
import { $, keysSpoken } from "../dom.js";
import { rendererOf } from "../games/index.js";
import { t } from "../i18n.js";
import { showGeneralHelp, showRules } from "../learn.js";

/** @param {import("./site.js").Site} site */
export function openHelp(site) {
  const session = site.onTable() ? site.session : null;
  const onTableGame = session && site.catalog.game(session.snap.game);
  if (onTableGame) { // (a table drawn before the catalog has been read offers the general help)
    openRules(site, onTableGame, { cube: Boolean(session.snap.view.cube), undo: session.undo && !session.challenge });
  } else {
    site.refreshHelp = showGeneralHelp($("help"), { games: site.catalog.games, openRules: (game) => openRules(site, game) });
  }
}

// The rules of `game`, then its keys by the step they act in, so that a key means one thing in each
// list: the table's own (its renderer's helpKeys), the cube's, then the shell's, which work at any
// step that does not take the key for itself (a suit letter, S for the supply…). From the picker, the
// cube's keys are listed for a game that has the cube option. No keys on a touch screen alone; what the
// marks on the table mean (its renderer's legend) is listed after them, on any screen.
/** @param {import("./site.js").Site} site @param {any} game */
export function openRules(site, game, { cube = game.options.some((option) => option.name === "cube"), undo = true } = {}) {
  const renderer = rendererOf(game.id);
  const line = (text, names) => ({ text: t(text), names });
  const keys = () => (keysSpoken() ? [
    ...(renderer.helpKeys ?? []).map(({ when, keys: lines }) => ({ when: t(when),
      lines: lines.map(({ text, names }) => line(text, names)) })),
    cube && { when: t("keysCube"), lines: [line("keyCube", "X T P")] },
    { when: t("keysAnyTime"), lines: [line("keyHint", "H"), undo && line("keyUndo", "U"), line("keyShare", "S"),
      line("keyNew", "N"), line("keyHelpRules", "?")].filter(Boolean) },
  ].filter(Boolean) : []);
  const marks = () => (renderer.legend ?? []).map((key) => t(key));
  site.refreshHelp = showRules($("help"), { game, renderer, keys, marks, bridge: site.client });
}
