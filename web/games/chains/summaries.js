// The Chains table's summaries: a cube game's stake won, the final scores of the solitaire and of the
// expansion, the solver's hindsight on a finished solitaire, the replay button's label.
import { h } from "../../dom.js";
import { listText } from "../../i18n.js";
import { bottomSeat, otherSeats, seatName } from "../../seats.js";
import { counted, dealOf, listed, tx } from "./words.js";

export function replayLabel(snap) {
  const { deal } = dealOf(snap);
  return snap.view.solitaire && deal !== null ? tx("playAgain", { n: deal }) : null;
}

// One game of a cube match is over (the stake_won event): who won it and for how much, the game's
// own points, and the match score.
export function dealSummary(won, snap) {
  const view = snap.view;
  const name = won.side === null ? null : seatName(view, won.side);
  const line = won.side === null ? tx("stakeTie", { stake: won.stake })
    : tx(won.passed ? "stakePassed" : won.side === view.seat ? "stakeYouWon" : "stakeWon",
      { name, points: won.points, stake: won.stake });
  const scores = otherSeats(view).reduce((text, seat) => `${text} – ${seatName(view, seat)} ${won.scores[seat]}`,
    `${seatName(view, bottomSeat(view))} ${won.scores[bottomSeat(view)]}`);
  return h("section", { class: "deal-summary ch-game-summary", "data-game": won.game, "data-side": won.side ?? "none",
    "data-points": won.points },
  h("h2", { id: "summary-title", text: tx("gameN", { n: won.game }) }),
  h("p", { class: "headline", text: line }),
  won.game_scores && h("p", { text: tx("gamePoints", { scores: listed(won.game_scores.map((score, seat) => `${seatName(view, seat)} ${score}`)) }) }),
  h("p", { text: tx("matchScore", { target: view.match.target, scores }) }));
}

export function finalSummary(snap) {
  const view = snap.view;
  return view.solitaire ? solitaireSummary(snap) : expansionSummary(snap);
}

function solitaireSummary(snap) {
  const { penalty, won } = snap.result;
  const { deal, mode } = dealOf(snap);
  const ends = snap.view.tables[0].ends;
  return h("section", { class: "final-summary ch-final", "data-won": String(won), "data-penalty": penalty },
    h("h2", { id: "final-title", text: tx("over") }),
    h("p", { class: "headline", text: won ? tx("finalWon") : tx("finalLost", { n: penalty, cards: listed(ends) }) }),
    deal !== null && h("p", { text: tx("finalDeal", { n: deal, mode: tx(mode === "advanced" ? "modeAdvanced" : "modeBeginner") }) }));
}

function expansionSummary(snap) {
  const view = snap.view;
  const { scores, winners } = snap.result;
  const best = scores[winners[0]];
  // a cube match's result counts match points, never called plain points (docs/games/chains.md)
  const match = Boolean(view.match);
  let headline;
  const score = match ? best : counted("points", best);
  if (winners.length > 1) headline = tx("winsShared", { names: listText(winners.map((seat) => seatName(view, seat))), score });
  else if (winners[0] === snap.seat) headline = tx(match ? "youWinMatch" : "youWin", { score });
  else headline = tx(match ? "winsMatch" : "winsOne", { name: seatName(view, winners[0]), score });
  return h("section", { class: "final-summary ch-final" },
    h("h2", { id: "final-title", text: tx("over") }),
    h("p", { class: "headline", text: headline }),
    h("table", {},
      h("thead", {}, h("tr", {}, ["colPlayer", match ? "colLastGame" : "colTaken", match ? "colMatchPoints" : "colScore"]
        .map((key, column) => h("th", { scope: "col", class: column === 2 ? "num" : null, text: tx(key) })))),
      h("tbody", {}, scores.map((seatScore, seat) => h("tr", {
        class: `seat-${seat} ${winners.includes(seat) ? "winner" : ""}`, "data-seat": seat, "data-score": seatScore,
      },
      h("th", { scope: "row", text: seatName(view, seat) }),
      h("td", { text: listed([...view.tables[seat].taken].sort((a, b) => a - b)) }),
      h("td", { class: "num", text: seatScore }))))),
    h("p", { class: "fine", text: tx("scoring") }));
}

// The solver's hindsight on a finished solitaire (bridge op `analysis`); `searching` while the shell
// is still asking for more of an unfinished one.
export function analysisSummary(analysis, snap, { searching = false } = {}) {
  const yours = analysis.your_penalty ?? snap.result.penalty;
  const key = analysis.winnable === true ? "winnable" : analysis.winnable === false ? "notWinnable"
    : searching ? "searching" : "undecided";
  return h("p", { class: "ch-analysis", "data-winnable": String(analysis.winnable), "aria-busy": String(searching),
    "data-searching": String(searching), "data-best-penalty": analysis.best_penalty,
    text: tx(key, { best: analysis.best_penalty, yours }) });
}
