// The site's chrome: the top bar's buttons and language, the message bar's Dismiss, the keys that
// work anywhere (?, N, H, U, S after the table's own), and the page drawn again in a new language.
import { $, h } from "../dom.js";
import { onHomeMessage, onStaleGame } from "../home.js";
import { LANGUAGES, language, setLanguage, translatePage } from "../i18n.js";
import { Captions } from "../learn.js";
import { openHelp } from "./help.js";
import { showLoadingStage } from "./loading.js";
import { hideMessage, retranslateMessage, showMessage } from "./page.js";
import { openShare } from "./share-dialog.js";

/** @param {import("./site.js").Site} site */
export function setupChrome(site) {
  const select = $("language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    select.append(h("option", { value: code, text: name, lang: code }));
  }
  select.value = language();
  select.addEventListener("change", () => {
    setLanguage(select.value);
    retranslate(site);
  });
  $("help-button").addEventListener("click", () => openHelp(site));
  $("help").addEventListener("close", () => { site.refreshHelp = null; });
  site.captions = new Captions($("explain"), { onSwitchOff: () => site.tables.stopExplaining() });
  $("new-game").addEventListener("click", () => site.picker.show());
  $("hint").addEventListener("click", () => site.tables.hint());
  $("undo").addEventListener("click", () => site.tables.undo());
  $("share").addEventListener("click", () => openShare(site));
  $("message-dismiss").addEventListener("click", hideMessage);
  onHomeMessage((text) => showMessage(text));
  onStaleGame((record, said) => site.games.showGameFromElsewhere(record, said));
  document.addEventListener("keydown", (event) => onKey(site, event));
  document.addEventListener("pointerdown", () => {
    site.usingKeyboard = false;
    site.session?.pointerUsed();
  });
  translatePage();
  showLoadingStage(site);
}

/** @param {import("./site.js").Site} site */
function retranslate(site) {
  translatePage();
  retranslateMessage();
  if (!$("loading").hidden) showLoadingStage(site);
  if (!$("home-page").hidden) site.picker.openHomePage($("home-page").dataset.page ?? "stats");
  if (!$("picker").hidden) site.picker.redraw();
  site.life.retranslate(); // the table and its open summary
  site.captions.draw(site.onTable() ? site.session : null);
  site.updateTools();
  site.refreshHelp?.();
}

/** @param {import("./site.js").Site} site @param {KeyboardEvent} event */
function onKey(site, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  site.usingKeyboard = true;
  const target = /** @type {Element} */ (event.target);
  if (target.closest("input, select, textarea") || document.querySelector("dialog[open]")) return;
  const key = event.key.toLowerCase();
  if (event.key === "?") {
    openHelp(site);
  } else if (key === "n" && site.session) {
    site.picker.show();
  } else if (site.onTable() && site.session.onKey(event)) {
    // the game's own keys come before the shell's H, U and S (Apples and Roller Derby name suits by letter)
  } else if (key === "h" && site.hintOffered()) {
    site.tables.hint();
  } else if (key === "u" && site.undoOffered()) {
    site.tables.undo();
  } else if (key === "s" && site.onTable()) {
    openShare(site);
  } else {
    return;
  }
  event.preventDefault();
}
