// The site page's message bar: what every part of the site's shell shows its
// messages with.
import { STOPPED } from "../client.js";
import { $ } from "../dom.js";
import { PLUGIN_FAILED } from "../engines.js";
import { t } from "../i18n.js";
import { logEngineError } from "../table-broken.js";

// The message bar's text, which keeps the function that says it (showMessage): made of the page's words,
// it is said again in the new language when the reader switches (retranslateMessage).
const messageText = () => /** @type {HTMLElement & {sayAgain?: () => string}} */ ($("message-text"));

// text: the message, or the function that says it in the current language (then said again on a switch);
// errorType: the engine's name for the error said (the tests read it as data-error)
/** @param {string | (() => string)} text @param {{label: string, run: () => void} | null} [action] a button
 *  beside the text @param {string | null} [errorType] */
export function showMessage(text, action = null, errorType = null) {
  const shown = messageText();
  shown.sayAgain = typeof text === "function" ? text : () => text;
  shown.textContent = shown.sayAgain();
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
  const words = error?.type === PLUGIN_FAILED ? error.message
    : () => t("engineError", { message: error?.message ?? String(error) });
  showMessage(words, null, error?.type ?? "Error");
}

// The message shown, said again in the language just chosen.
export function retranslateMessage() {
  const shown = messageText();
  if (!$("message").hidden && shown.sayAgain) shown.textContent = shown.sayAgain();
}

export function hideMessage() {
  $("message").hidden = true;
}
