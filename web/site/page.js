// The site page's message bar: what every part of the site's shell shows its
// messages with.
import { STOPPED } from "../client.js";
import { $ } from "../dom.js";
import { PLUGIN_FAILED } from "../engines.js";
import { t } from "../i18n.js";
import { logEngineError } from "../table-broken.js";

// The message bar's text and its button's label, each keeping the function that says it (showMessage):
// made of the page's words, they are said again in the new language when the reader switches
// (retranslateMessage).
/** @typedef {HTMLElement & {sayAgain?: () => string}} Said */
/** @typedef {string | (() => string)} Words the words, or the function that says them in the current language */
const messageText = () => /** @type {Said} */ ($("message-text"));
const messageAction = () => /** @type {Said} */ ($("message-action"));

/** The element says `words`, and keeps how to say them again. @param {Said} element @param {Words} words */
function say(element, words) {
  element.sayAgain = typeof words === "function" ? words : () => words;
  element.textContent = element.sayAgain();
}

// text: the message (then said again on a switch); errorType: the engine's name for the error said (the
// tests read it as data-error)
/** @param {Words} text @param {{label: Words, run: () => void} | null} [action] a button beside the text
 *  @param {string | null} [errorType] */
export function showMessage(text, action = null, errorType = null) {
  say(messageText(), text);
  if (errorType) $("message").dataset.error = errorType;
  else delete $("message").dataset.error;
  $("message-action").hidden = !action;
  if (action) {
    say(messageAction(), action.label);
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

// The message shown and its button, said again in the language just chosen.
export function retranslateMessage() {
  if ($("message").hidden) return;
  for (const shown of [messageText(), messageAction()]) {
    if (!shown.hidden && shown.sayAgain) shown.textContent = shown.sayAgain();
  }
}

export function hideMessage() {
  $("message").hidden = true;
}
