// The summary dialog of a live table (table.js), on the site and in embeds: the deal's summary, the
// final result once the game is over, and the game's hindsight (the bridge's `analysis`, e.g. whether
// a solitaire deal was winnable) for tables that can show it, filled in when it arrives.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// Hindsight may search for a while (a solitaire deal's best outcome, say).
const ANALYSIS_BUDGET_MS = 2000;

// Opens `dialog` for `table`; `buttons(close)` gives the caller's extra buttons. Returns
// {closed: a promise resolved when the player closes it, refresh(): redraw (a new language)}.
export function showSummary(dialog, table, summary, buttons = () => []) {
  const close = () => dialog.close();
  const fill = () => {
    const { renderer, snap } = table;
    const over = snap.is_over;
    const parts = [
      summary && renderer.dealSummary(summary, snap),
      over && renderer.finalSummary(snap),
      over && renderer.analysisSummary && analysisLine(table),
      h("form", { method: "dialog", class: "form-actions" },
        over && buttons(close),
        h("button", { class: "primary", id: "summary-continue", text: over ? t("close") : t("continue") })),
    ];
    dialog.replaceChildren(...parts.filter(Boolean));
  };
  if (table.snap.is_over && table.renderer.analysisSummary && !table.analysis) {
    requestAnalysis(table).then(() => { if (dialog.open) fill(); });
  }
  fill();
  dialog.showModal();
  const closed = new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  return { closed, refresh: fill };
}

async function requestAnalysis(table) {
  table.analysis = { pending: true };
  const reply = await table.bridge.call({ op: "analysis", sid: table.sid, time_budget_ms: ANALYSIS_BUDGET_MS });
  table.analysis = { result: reply.ok ? reply.analysis : null };
}

function analysisLine(table) {
  const { renderer, snap, analysis } = table;
  if (analysis.pending) return h("p", { class: "analysis-pending", "aria-busy": "true", text: t("analysing") });
  return analysis.result && renderer.analysisSummary(analysis.result, snap);
}
