// The Apples table's summaries: a deal's contract, each player's sets and points, and the game's result.
import { cardFace, cardName, rankLabel, SUIT_SYMBOL } from "../../cards.js";
import { h } from "../../dom.js";
import { labelled, noted, t } from "../../i18n.js";
import { seatName, seatsFromBottom } from "../../seats.js";
import { headline } from "./words.js";

function summarySet(set) {
  return h("li", {
    class: `set size-${Math.min(set.count, 4)} ${set.target ? "target-rank" : ""} ${set.points < 0 ? "minus" : ""}`,
    "data-rank": set.rank, "data-count": set.count, "data-points": set.points, "data-target": set.target ? "" : null,
    title: t("apSetTitle", { rank: rankLabel(set.rank), count: set.count, points: set.points,
      target: set.target ? noted(t("apTargetBonus")) : "" }),
  }, t("apSetPoints", { rank: rankLabel(set.rank), count: set.count, points: set.points }),
  set.target && h("span", { class: "target-tag", text: ` ◎ ${t("apTargetBonus")}` }));
}

export function dealSummary(summary, snap) {
  const view = snap.view;
  const goal = snap.view.scoring.goal;
  return h("section", { class: "deal-summary ap-summary", "data-deal": summary.deal },
    h("h2", { id: "summary-title", text: t("apSummaryTitle", { n: summary.deal }) }),
    h("p", { class: "headline", "data-declarer": summary.declarer, "data-bid": `${summary.bid.count}${summary.bid.suit}`,
      text: t("apSummaryContract", { name: seatName(view, summary.declarer), count: summary.bid.count,
        symbol: SUIT_SYMBOL[summary.bid.suit] }) }),
    h("table", { class: "seat-results" },
      h("thead", {}, h("tr", {}, ["apColPlayer", "apColSets", "apColDeal", "apColTotal"].map((key) =>
        h("th", { scope: "col", class: ["apColDeal", "apColTotal"].includes(key) ? "num" : "", text: t(key) })))),
      h("tbody", {}, seatsFromBottom(view).map((seat) => h("tr", {
        class: `seat-${seat}`, "data-seat": seat, "data-points": summary.points[seat], "data-total": summary.scores[seat],
        "data-target": summary.targets[seat] ?? "",
      },
      h("th", { scope: "row" }, h("div", { class: "player-cell" }, h("span", { text: seatName(view, seat) }),
        summary.targets[seat] && cardFace(summary.targets[seat], { class: "mini",
          "aria-label": labelled(t("apColTarget"), cardName(summary.targets[seat])) }))),
      h("td", {}, summary.sets[seat].length === 0 ? t("apNoSets")
        : h("ul", { class: "summary-sets" }, summary.sets[seat].map(summarySet))),
      h("td", { class: "num deal-points", text: summary.points[seat] }),
      h("td", { class: "num total", text: summary.scores[seat] }))))),
    h("p", { class: "fine", text: t("apGoalNote", { goal }) }));
}

export function finalSummary(snap) {
  const view = snap.view;
  const { scores, winners, deals } = snap.result;
  return h("section", { class: "final-summary", "data-winners": winners.join(" ") },
    h("h2", { id: "final-title", text: t("apFinalTitle") }),
    h("p", { class: "headline", text: headline(view, snap.result) }),
    h("ul", { class: "scores" }, seatsFromBottom(view).map((seat) => h("li", {
      class: `seat-${seat} ${winners.includes(seat) ? "winner" : ""}`, "data-seat": seat, "data-total": scores[seat],
      text: labelled(seatName(view, seat), scores[seat]),
    }))),
    h("p", { class: "fine", text: t("apDealsPlayed", { n: deals }) }));
}
