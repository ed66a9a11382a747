// The site page's message bar: what every part of the site's shell shows its
// messages with.
import { STOPPED } from "../client.js";
import { $ } from "../dom.js";
import { PLUGIN_FAILED } from "../engines.js";
import { t } from "../i18n.js";
import { logEngineError } from "../table-broken.js";

// errorType: the engine's name for the error said (the tests read it as data-error)
/** @param {string} text @param {{label: string, run: () => void} | null} [action] a button beside the text
 *  @param {string | null} [errorType] */
export function showMessage(text, action = null, errorType = null) {
  $("message-text").textContent = text;
  if (errorType) $("message").dataset.error = errorType;
  else delete $("message").dataset.error;
  $("message-action").hidden = !action;
  if (action) {
    $("message-action").textContent = action.label;
    $("message-action").onclick = () => {
      $("message").hidden = true;
      action.run();
    };
  }
  $("message").hidden = false;
}

export function showError(error) {
  if (error?.type === STOPPED) return; // the table life's engineStopped says it, and what became of the game
  logEngineError(error); // a bug in a game's code (a new game's set-up, say): where, for its designer
  // an added game its engine could not load is already said in full, in the reader's words (plugins.js)
  const words = error?.type === PLUGIN_FAILED ? error.message : t("engineError", { message: error?.message ?? String(error) });
  showMessage(words, null, error?.type ?? "Error");
}

export function hideMessage() {
  $("message").hidden = true;
}
