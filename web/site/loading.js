// The site's loading screen: how far the engine's start has come, the way out offered when it takes
// long, and, inside another page's frame, only a link to the site in a tab of its own.
import { $, h } from "../dom.js";
import { startFailure, t } from "../i18n.js";
import { showMessage } from "./page.js";

// Each stage of the engine's start: its words and its step on the progress bar ("failed": none, the bar is
// hidden: the engine could not start).
export const LOADING_STAGES = { runtime: ["loadingRuntime", 1], rules: ["loadingRules", 2], games: ["loadingGames", 2],
  start: ["loadingStart", 3], failed: ["loadingFailed", 0] };
// The loading screen offers a way out (the picker, the statistics) when the table has not appeared
// after this long: a runtime that cannot start, a save that cannot be drawn and waits for it.
// `?wayout=ms` in the page's address shortens it (the tests).
export const WAY_OUT_MS = Number(new URLSearchParams(location.search).get("wayout")) || 15_000;

/** @param {import("./site.js").Site} site */
export function showLoadingStage(site) {
  const [key, step] = LOADING_STAGES[site.loadingStage];
  const failed = site.loadingStage === "failed";
  $("loading-text").textContent = t(key);
  $("loading-progress").value = step;
  $("loading-progress").hidden = failed;
  const slow = $("loading-slow"); // "taking longer than it should" is no longer so once it has failed
  if (slow) slow.hidden = failed;
  const pickerStatus = $("picker-status"); // the picker drawn before Python is ready says how far it is
  if (pickerStatus) pickerStatus.textContent = t(key);
}

// In another page's frame: only a link to the site in a tab of its own.
/** @param {import("./site.js").Site} site */
export function showInOwnTab(site) {
  $("loading").setAttribute("aria-busy", "false");
  $("loading").replaceChildren(h("p", { id: "framed", "data-i18n": "framedSite", text: t("framedSite") }),
    h("p", {}, h("a", { id: "framed-open", class: "primary", href: location.href, target: "_blank", rel: "noopener",
      "data-i18n": "framedOpen", text: t("framedOpen") })));
  site.showOnly("loading");
}

// The loading screen's way out, offered once it has been up for WAY_OUT_MS: to the picker (a new game,
// the games in progress) or to the statistics (with the export, the import and "Clear everything").
// A resume still waiting then opens nothing once loaded: the player has gone elsewhere.
/** @param {import("./site.js").Site} site */
export function offerWayOut(site) {
  if ($("loading-way-out")) return; // offered already: the engine could not start
  const leave = async (open) => {
    site.games.leaveWaiting();
    if (await site.gamesKnown) open();
  };
  $("loading").append(h("div", { id: "loading-way-out", class: "loading-way-out" },
    h("p", { id: "loading-slow", "data-i18n": "loadingSlow", text: t("loadingSlow") }),
    h("div", { class: "form-actions" },
      h("button", { type: "button", class: "primary", id: "loading-picker", "data-i18n": "loadingPicker",
        text: t("loadingPicker"), onclick: () => leave(() => site.picker.show()) }),
      h("button", { type: "button", class: "ghost", id: "loading-stats", "data-i18n": "loadingStats",
        text: t("loadingStats"), onclick: () => leave(() => site.picker.openHomePage("stats")) }))));
  showLoadingStage(site);
}

// The engine could not start (at the page's opening, or again after it stopped): said in the reader's
// words with its cause (i18n.js startFailure), the worker's own words in the console for whoever
// debugs it; the loading screen, if it is up, says so too and offers its way out at once.
/** @param {import("./site.js").Site} site @param {Error} error */
export function showStartFailed(site, error) {
  console.warn("the game engine could not start:", error.message);
  site.loadingStage = "failed";
  $("loading").setAttribute("aria-busy", "false");
  $("picker-status")?.remove(); // the failure is said in the message: no "loading…" left beside Start
  offerWayOut(site);
  showMessage(() => t("loadFailed", { message: startFailure(error) }));
}
