// The On Schedule table's words: a deal's outcome, the events of a step and an action in plain words
// for the viewer (the hint, "Explain as we play").
import { cardName, suitName, suitOf } from "../../cards.js";
import { t } from "../../i18n.js";
import { isSpectator, partnerOf, seatName, seatsFromBottom, teamName, teamOf } from "../../seats.js";

const cardList = (codes) => codes.map(cardName).join(t("osList"));

// Who took the deal and how much: with the doubling cube the victory point is the stake, and a
// passed double gives the doubling team the stake before the double.
export function dealHeadline(view, summary) {
  if (summary.winner_team === null) return t("osDealTie");
  const team = teamName(view, summary.winner_team);
  if (summary.passed) return t(summary.stake === 1 ? "osDealPassedOne" : "osDealPassed", { team, n: summary.stake });
  return summary.stake > 1 ? t("osDealStake", { team, n: summary.stake }) : t("osDealWinner", { team });
}

export function describeAction(action, snap) {
  const view = snap.view;
  if (action.type === "vote") {
    const next = view.piles[view.current_player]?.find((code) => suitOf(code) === action.suit);
    return t("osDoVote", { suit: suitName(action.suit), card: next ? cardName(next) : "" });
  }
  if (action.type === "give") {
    return t("osDoGive", { name: seatName(view, partnerOf(view.current_player)), first: cardName(action.cards[0]),
      second: cardName(action.cards[1]) });
  }
  if (action.type === "play") return t("osDoPlay", { card: cardName(action.card) });
  if (action.type === "double") return t("cbDouble", { value: 2 * view.cube.value });
  return t({ take: "cbTake", pass: "cbPass" }[action.type] ?? action.type);
}

const pointsText = (n) => (n === 1 ? t("osNrPointsOne") : t("osNrPoints", { n }));

// The two teams, the viewer's first (a spectator's: seat 0's).
const viewerTeamFirst = (view) => (teamOf(view.seat ?? 0) === 0 ? [0, 1] : [1, 0]);

function teamsLine(view, points) {
  const [first, second] = viewerTeamFirst(view);
  return t("osNrTeams", { first: teamName(view, first), a: points[first], second: teamName(view, second), b: points[second] });
}

// One sentence per event worth telling; the doubling cube's events are the cube bar's to tell.
export function narrate(events, snap) {
  const view = snap.view;
  const dealOver = events.find((event) => event.type === "deal_over")?.summary;
  const name = (seat) => seatName(view, seat);
  const teamPoints = (points) => [0, 1].map((team) => points[team] + points[team + 2]);
  const said = {
    voted: (e) => t("osNrVoted", { name: name(e.seat), suit: suitName(e.suit), card: cardName(e.card) }),
    schedule: (e) => t("osNrSchedule", { list: seatsFromBottom(view).map((seat) =>
      t("osNrSpecialOf", { name: name(seat), n: e.special[seat] })).join(t("osList")) }),
    gave: (e) => t("osNrGave", { name: name(e.seat), partner: name(partnerOf(e.seat)) }),
    cards_passed: () => (view.received?.length && !isSpectator(view)
      ? t("osNrThen", { first: t("osNrPassed"),
        second: t("osNrReceived", { name: name(partnerOf(view.seat)), cards: cardList(view.received) }) })
      : t("osNrPassed")),
    played: (e) => t("osNrPlayed", { name: name(e.seat), card: cardName(e.card) }),
    trick_won: (e) => {
      const why = e.trick === view.tricks_per_deal ? t("osNrDoubledLast")
        : e.winner === view.seat ? t("osNrDoubledSpecialYou") : t("osNrDoubledSpecial", { name: name(e.winner) });
      const points = e.doubled ? t("osNrWhy", { points: pointsText(e.points), why }) : pointsText(e.points);
      const totals = dealOver ? dealOver.team_points : teamPoints(view.points);
      return t("osNrThen", { first: t("osNrTrick", { winner: name(e.winner), n: e.trick, points }),
        second: teamsLine(view, totals) });
    },
    deal_over: ({ summary }) => {
      const [first, second] = viewerTeamFirst(view);
      return t("osNrDealOver", { a: summary.team_points[first], b: summary.team_points[second],
        headline: dealHeadline(view, summary), first: teamName(view, first), x: summary.victory_points[first],
        second: teamName(view, second), y: summary.victory_points[second] });
    },
    deal_started: (e) => t("osNrDealStarted", { n: e.deal, name: name(e.dealer) }),
    game_over: (e) => {
      const winner = e.result.winning_team;
      return t("osNrGameOver", { team: teamName(view, winner), a: e.result.team_scores[winner],
        b: e.result.team_scores[1 - winner] });
    },
  };
  return events.filter((event) => said[event.type]).map((event) => said[event.type](event));
}
