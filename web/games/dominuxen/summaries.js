// The Dominuxen table's summaries: a game of a match (its ending, rows, hands and scores) and the
// match's final result.
import { h } from "../../dom.js";
import { labelled, t } from "../../i18n.js";
import { seatName, seatNames, seatsFromBottom } from "../../seats.js";
import { counted, tileName, tx } from "./words.js";

function summaryTable(summary, view) {
  const match = view.games > 1;
  return h("table", { class: "dx-scores" },
    h("thead", {}, h("tr", {}, ["colPlayer", "colRow", "colHand", "colScore", match && "colTotal"].filter(Boolean)
      .map((key) => h("th", { scope: "col", class: key === "colPlayer" ? null : "num", text: tx(key) })))),
    h("tbody", {}, seatsFromBottom(view).map((seat) => {
      const score = summary.scores[seat];
      return h("tr", {
        class: `seat-${seat}`, "data-seat": seat, "data-score": score, "data-row": summary.rows[seat],
        "data-hand": summary.hands[seat].length, "data-total": summary.totals[seat],
      },
      h("th", { scope: "row", text: seatName(view, seat) }),
      h("td", { class: "num", text: `+${summary.rows[seat]}` }),
      // the hand's penalty is what the engine's score leaves after the row's points
      h("td", { class: "num", title: summary.hands[seat].map(tileName).join(t("dx_listSeparator")),
        text: summary.rows[seat] === score ? "0" : `−${summary.rows[seat] - score}` }),
      h("td", { class: "num score", text: score }),
      match && h("td", { class: "num", text: summary.totals[seat] }));
    })));
}

function gameReport(summary, view) {
  return [
    h("p", { class: "dx-reason", text: summary.reason !== "hand_empty" ? tx("reasonMiddle")
      : summary.ended_by === view.seat ? tx("reasonHandYou") : tx("reasonHand", { name: seatName(view, summary.ended_by) }) }),
    summaryTable(summary, view),
    h("p", { class: "fine", text: tx("scoringNote") + (view.doubles ? ` ${tx("scoringDoubles")}` : "") }),
  ];
}

// A game of a match that is not the last; the last one is shown by finalSummary with the result.
export function dealSummary(summary, snap) {
  if (snap.is_over && summary.game === snap.view.games) return null;
  return h("section", { class: "deal-summary", "data-game": summary.game },
    h("h2", { id: "summary-title", text: tx("summaryTitle", { n: summary.game }) }),
    gameReport(summary, snap.view));
}

export function finalSummary(snap) {
  const view = snap.view;
  const { scores, winners } = snap.result;
  const last = view.finished_games.at(-1);
  const score = counted("points", scores[winners[0]]);
  let headline;
  if (winners.length > 1) headline = tx("winsShared", { names: seatNames(view, winners), score });
  else if (winners[0] === snap.seat) headline = tx("youWin", { score });
  else headline = tx("winsOne", { name: seatName(view, winners[0]), score });
  return h("section", { class: "final-summary dx-final" },
    h("h2", { id: "final-title", text: view.games > 1 ? tx("finalTitle") : tx("summaryTitleSingle") }),
    h("p", { class: "headline", text: headline }),
    last && gameReport(last, view),
    view.games > 1 && h("h3", { text: tx("matchTotals") }),
    view.games > 1 && h("ul", { class: "scores" }, seatsFromBottom(view).map((seat) => h("li", {
      class: `seat-${seat} ${winners.includes(seat) ? "winner" : ""}`, "data-seat": seat,
    }, labelled(seatName(view, seat), scores[seat])))));
}
