// The On Schedule table's summaries: a deal's row, seats and teams, and the game's final result.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { isSpectator, seatName, seatsFromBottom, teamName, teamOf } from "../../seats.js";
import { scheduleRow, vpPips } from "./schedule.js";
import { dealHeadline } from "./words.js";

export function dealSummary(summary, snap) {
  const view = snap.view;
  const vp = summary.victory_points;
  const target = snap.view.target;
  return h("section", { class: "deal-summary os-summary", "data-deal": summary.deal },
    h("h2", { id: "summary-title", text: t("osSummaryTitle", { n: summary.deal }) }),
    h("p", { class: "headline", "data-winner-team": summary.winner_team ?? "none",
      text: dealHeadline(view, summary) }),
    h("div", { "aria-label": t("osSummaryRow", { n: summary.deal }), role: "group" },
      scheduleRow(snap.view, summary.row, summary.special, { current: null, compact: true })),
    h("table", { class: "seat-results" },
      h("thead", {}, h("tr", {}, ["osColPlayer", "osColSpecial", "osColTricks", "osColPointsLong"].map((key) =>
        h("th", { scope: "col", class: key === "osColPlayer" ? "" : "num", text: t(key) })))),
      h("tbody", {}, seatsFromBottom(view).map((seat) => h("tr", {
        class: `seat-${seat}`, "data-seat": seat, "data-tricks": summary.tricks[seat],
        "data-points": summary.points[seat], "data-special": summary.special[seat],
      },
      h("th", { scope: "row", text: seatName(view, seat) }),
      h("td", { class: "num", text: `★${summary.special[seat]}` }),
      h("td", { class: "num", text: summary.tricks[seat] }),
      h("td", { class: "num", text: summary.points[seat] }))))),
    h("table", { class: "team-results" },
      h("thead", {}, h("tr", {}, ["osColTeam", "osColPointsLong", "osColVp"].map((key) =>
        h("th", { scope: "col", class: key === "osColTeam" ? "" : "num", text: t(key) })))),
      h("tbody", {}, [0, 1].map((team) => h("tr", {
        class: `team-${team} ${summary.winner_team === team ? "winner" : ""}`, "data-team": team,
        "data-team-points": summary.team_points[team], "data-vp": vp[team],
      },
      h("th", { scope: "row", text: teamName(view, team) }),
      h("td", { class: "num", text: summary.team_points[team] }),
      h("td", { class: "num", "aria-label": t("osVpAria", { vp: vp[team], target }) }, `${vp[team]} `,
        vpPips(vp[team], target)))))),
    h("p", { class: "fine", text: t("osDoublingNote") }));
}

export function finalSummary(snap) {
  const { team_scores: scores, winning_team: winner, deals } = snap.result;
  const view = snap.view;
  const side = isSpectator(view) ? null : teamOf(view.seat);
  const headline = winner === side ? t("osWeWin", { ours: scores[winner], theirs: scores[1 - winner] })
    : t("osTheyWin", { team: teamName(view, winner), theirs: scores[winner], ours: scores[1 - winner] });
  return h("section", { class: "final-summary", "data-winning-team": winner },
    h("h2", { id: "final-title", text: t("osFinalTitle") }),
    h("p", { class: "headline", text: headline }),
    h("ul", { class: "scores" }, [0, 1].map((team) => h("li", {
      class: `team-${team} ${team === winner ? "winner" : ""}`, "data-team": team, "data-vp": scores[team],
    }, `${teamName(view, team)}: ${scores[team]} `, vpPips(scores[team], snap.view.target)))),
    h("p", { class: "fine", text: t("osDealsPlayed", { n: deals }) }));
}
