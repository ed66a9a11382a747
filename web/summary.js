// The summary dialog of a live table (table.js), on the site and in embeds: the deal's summary, the
// final result once the game is over, and the game's hindsight (the bridge's `analysis`, e.g. whether
// a solitaire deal was winnable) for tables that can show it, filled in when it arrives.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// Hindsight may search for a while (a hard solitaire deal: a minute or more). It is asked for in
// slices, so that the worker stays free for whatever the player does next, and goes on while the
// summary is open, up to ANALYSIS_LIMIT_MS at a time; then a button offers to look further.
const ANALYSIS_SLICE_MS = 1500;
const ANALYSIS_LIMIT_MS = 60000;

// Opens `dialog` for `table`; `buttons(close)` gives the caller's extra buttons. Returns
// {closed: a promise resolved when the player closes it, refresh(): redraw (a new language)}.
/** @param {HTMLDialogElement} dialog @param {(close: () => void) => Node[]} [buttons] */
export function showSummary(dialog, table, summary, buttons = () => []) {
  const close = () => dialog.close();
  // the analysis has a box of its own, redrawn alone as it improves: the buttons keep the focus
  const analysisBox = h("div", { class: "analysis", "aria-live": "polite" });
  const lookFurther = () => {
    analyse(table, dialog, drawAnalysis);
    /** @type {HTMLButtonElement | null} */ (dialog.querySelector("#summary-continue"))?.focus();
  };
  const drawAnalysis = () => {
    const line = analysisLine(table, lookFurther);
    if (line?.outerHTML !== analysisBox.firstElementChild?.outerHTML) analysisBox.replaceChildren(...[line].filter(Boolean));
  };
  const fill = () => {
    const { renderer, snap } = table;
    const over = snap.is_over;
    const hindsight = over && renderer.analysisSummary;
    if (hindsight) drawAnalysis();
    // the game's result first, where the dialog opens (on a phone the last deal's table would push it
    // below the fold), then the last deal's summary
    const parts = [
      over && renderer.finalSummary(snap),
      summary && renderer.dealSummary(summary, snap),
      hindsight && analysisBox,
      h("form", { method: "dialog", class: "form-actions" },
        over && buttons(close),
        h("button", { class: "primary", id: "summary-continue", text: over ? t("close") : t("continue") })),
    ];
    dialog.replaceChildren(...parts.filter(Boolean));
  };
  const { analysis } = table;
  if (table.snap.is_over && table.renderer.analysisSummary && (!analysis || (analysis.result?.unfinished && !analysis.running))) {
    analyse(table, dialog, drawAnalysis);
  }
  fill();
  dialog.showModal();
  const closed = new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  return { closed, refresh: fill };
}

// Asks for the analysis slice by slice while `dialog` is open, redrawing it (`draw`) as it improves.
async function analyse(table, dialog, draw) {
  const analysis = table.analysisRecord();
  analysis.running = true;
  const until = analysis.spent + ANALYSIS_LIMIT_MS;
  do {
    draw();
    const reply = await table.analyse(ANALYSIS_SLICE_MS);
    analysis.result = reply.ok ? reply.analysis : null;
    analysis.spent += ANALYSIS_SLICE_MS;
  } while (analysis.result?.unfinished && dialog.open && table.analysis === analysis && analysis.spent < until);
  analysis.running = false;
  draw();
}

function analysisLine(table, lookFurther) {
  const { renderer, snap, analysis } = table;
  if (!analysis?.result) {
    return analysis?.running ? h("p", { class: "analysis-pending", "aria-busy": "true", text: t("analysing") }) : null;
  }
  const line = renderer.analysisSummary(analysis.result, snap, { searching: analysis.running });
  if (!analysis.result.unfinished || analysis.running) return line;
  return h("div", { class: "analysis-unfinished" }, line,
    h("button", { type: "button", id: "analysis-further", onclick: lookFurther, text: t("lookFurther") }));
}
