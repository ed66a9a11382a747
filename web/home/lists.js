// The home's contents in words: a saved game's state for the picker's line, and the statistics and
// finished-games lists of the home page (each finished game with its options, a replay and a share).
import { h } from "../dom.js";
import { rendererOf } from "../games/index.js";
import { labelled, language, pick, t, tn } from "../i18n.js";
import { seatName } from "../seats.js";
import { packText, siteLink } from "../share.js";
import { gameStats } from "../stats.js";
import { fitsSnapshot, statsProblem } from "./check.js";

// The saved game's state in words, from its stored snapshot: the table's own words for how far it is
// (its renderer's progress), then whose turn. Without a stored snapshot, or with one of another shape
// (stored by another version of the site, say), plainly that there is a game.
export function stateInWords(record) {
  const snap = record.snap;
  if (!fitsSnapshot(snap, record.game)) return t("hmInProgress");
  try {
    const progress = rendererOf(snap.game).progress?.(snap);
    if (!progress) return t("hmInProgress");
    const turn = snap.is_over ? t("hmOver") : snap.legal.length > 0 || snap.current_player === null
      ? t("hmYourTurn") : t("hmTheirTurn", { name: seatName(snap.view, snap.current_player) });
    return t("hmState", { progress, turn });
  } catch (error) {
    console.warn("the stored snapshot could not be put in words:", error);
    return t("hmInProgress");
  }
}

export function statsBody(stats, history, title, levelName) {
  const problem = statsProblem(stats);
  if (problem !== null) {
    return h("p", { class: "home-empty", id: "stats-unreadable", text: t("hmStatsUnreadable", { message: problem }) });
  }
  const played = Object.entries(stats.games);
  if (played.length === 0) return h("p", { class: "home-empty", text: t("stNone") });
  return h("div", { class: "stats-games" }, played.map(([game, counted]) => h("section", { class: "stats-game", "data-game": game },
    h("h3", { text: title(game) }),
    gameStats(counted, history.filter((entry) => entry.game === game), levelName))));
}

export function historyBody(history, games, title, levelName, onShare) {
  if (history.length === 0) return h("p", { class: "home-empty", text: t("hmNoHistory") });
  const date = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" });
  return h("ol", { class: "history" }, history.map((entry, i) => {
    const outcome = entry.shared ? t("hmSharedWin") : entry.won ? t("hmWon") : t("hmLost");
    const score = entry.penalty !== null ? t("hmPenalty", { n: entry.penalty }) : t("hmScore", { score: entry.score });
    return h("li", { class: "history-entry", "data-game": entry.game, "data-index": i, "data-won": String(entry.won) },
      h("div", { class: "history-what" },
        h("strong", { text: title(entry.game) }),
        h("span", { class: "fine", text: [date.format(new Date(entry.date)), levelName(entry.level),
          ...optionsInWords(games.find((game) => game.id === entry.game), entry)].join(" · ") })),
      h("span", { class: `history-outcome outcome-${entry.won ? "won" : "lost"}`, text: t("hmOutcome", { outcome, score }) }),
      h("span", { class: "history-actions" },
        h("button", { type: "button", class: "ghost history-replay", text: t("hmReplay"),
          onclick: async () => location.assign(siteLink("embed.html", new URLSearchParams({ save: await packText(entry.text) }))) }),
        h("button", { type: "button", class: "ghost history-share", text: t("hmShare"), onclick: () => onShare(entry) })));
  }));
}

// A finished game's players and options in words, as the picker names them (those left as they
// were offered are not said), and a numbered deal's number.
function optionsInWords(game, entry) {
  const words = [tn("hmPlayers", entry.players)];
  if (entry.penalty !== null && entry.deal !== null) words.push(t("hmDealN", { n: entry.deal }));
  for (const option of game?.options ?? []) {
    const value = entry.options?.[option.name];
    if (value === undefined || value === option.default) continue;
    const chosen = option.type === "choice" ? pick(option.choice_labels?.[option.choices.indexOf(value)]) || String(value)
      : option.type === "bool" ? "" : String(value);
    words.push(chosen ? labelled(pick(option.label), chosen) : pick(option.label));
  }
  return words;
}
