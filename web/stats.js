// The statistics and the finished games, kept on this device. A finished game's record is taken from
// its last snapshot: Python decides who won and the scores (`result`); this module only counts them.
// Its charts are drawn here in SVG (no library).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { partnerOf } from "./seats.js";

// How many finished games are kept (the statistics count every game, whether still listed or not).
export const HISTORY_LENGTH = 200;
export const STATS_VERSION = 1;
// The level a solitaire is counted under: there are no bots to have a level.
export const SOLITAIRE = "solitaire";
const CHART_GAMES = 50; // the win-rate line covers a game's last games, this many at most
const CHART_WINDOW = 10; // each point is the win rate of the games up to it, this many at most

// The finished game's entry in the history, from its last snapshot and the table's level.
export function finishedEntry(snap, level) {
  const { result, seat } = snap;
  const side = "team_scores" in result ? [seat, partnerOf(seat)] : [seat]; // partners win together
  const won = result.winners.includes(seat);
  const others = result.scores.filter((_, other) => !side.includes(other));
  const score = result.scores[seat];
  return {
    date: new Date().toISOString(), game: snap.game, players: snap.view.players, options: snap.options,
    level: "penalty" in result ? SOLITAIRE : level, seed: snap.seed, deal: snap.deal, seat,
    scores: result.scores, winners: result.winners, won,
    shared: won && result.winners.some((winner) => !side.includes(winner)),
    score, margin: others.length ? score - Math.max(...others) : null,
    penalty: result.penalty ?? null, cube: snap.options?.cube === true, text: snap.save,
  };
}

export const emptyStats = () => ({ version: STATS_VERSION, games: {} });

const emptyTally = () => ({ played: 0, won: 0, shared: 0, scoreSum: 0, marginSum: 0, margins: 0, streak: 0, bestStreak: 0 });

// `stats` with the finished game `entry` counted (changed in place, and returned).
export function countGame(stats, entry) {
  const game = (stats.games[entry.game] ??= { levels: {} });
  const tally = (game.levels[entry.level] ??= emptyTally());
  tally.played += 1;
  tally.won += entry.won ? 1 : 0;
  tally.shared += entry.shared ? 1 : 0;
  tally.scoreSum += entry.score;
  if (entry.margin !== null) {
    tally.marginSum += entry.margin;
    tally.margins += 1;
  }
  tally.streak = entry.won ? tally.streak + 1 : 0;
  tally.bestStreak = Math.max(tally.bestStreak, tally.streak);
  if (entry.penalty !== null && entry.deal !== null) {
    const solitaire = (game.solitaire ??= { deals: {}, bestPenalty: null });
    const deal = (solitaire.deals[entry.deal] ??= { tried: 0, won: 0 });
    deal.tried += 1;
    deal.won += entry.won ? 1 : 0;
    solitaire.bestPenalty = solitaire.bestPenalty === null ? entry.penalty : Math.min(solitaire.bestPenalty, entry.penalty);
  }
  if (entry.cube) {
    const cube = (game.cube ??= { matches: 0, won: 0, points: 0 });
    cube.matches += 1;
    cube.won += entry.won ? 1 : 0;
    cube.points += entry.score;
  }
  return stats;
}

const percent = (part, whole) => (whole ? `${Math.round((100 * part) / whole)}%` : "–");
const average = (sum, count) => (count ? (sum / count).toFixed(1) : "–");

// One game's statistics: a row a level, the solitaire's deals, the cube's matches, and the charts.
// `counted`: the game's statistics (countGame's stats.games[game]); `finished`: the game's entries in
// the history, newest first; `levelName(level)`: a level's name.
export function gameStats(counted, finished, levelName) {
  const levels = Object.entries(counted.levels);
  // a column a level and a row a figure: a phone's width holds the few levels, not the many figures
  /** @type {[string, (tally: ReturnType<typeof emptyTally>) => number | string][]} */
  const figures = [
    ["stPlayed", (tally) => tally.played], ["stWon", (tally) => tally.won], ["stShared", (tally) => tally.shared],
    ["stWinRate", (tally) => percent(tally.won, tally.played)], ["stAverage", (tally) => average(tally.scoreSum, tally.played)],
    ["stMargin", (tally) => average(tally.marginSum, tally.margins)], ["stStreak", (tally) => tally.streak],
    ["stBestStreak", (tally) => tally.bestStreak],
  ];
  const table = h("table", { class: "stats-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("stLevel") }),
      levels.map(([level]) => h("th", { scope: "col", "data-level": level, text: levelName(level) })))),
    h("tbody", {}, figures.map(([key, figure]) => h("tr", { "data-figure": key },
      h("th", { scope: "row", text: t(key) }),
      levels.map(([, tally]) => h("td", { text: String(figure(tally)) }))))));
  const { solitaire, cube } = counted;
  const byNumber = (filter) => Object.entries(solitaire?.deals ?? {}).filter(filter).map(([deal]) => deal)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).join(", ");
  return [
    h("div", { class: "stats-table-wrap" }, table),
    solitaire && h("p", { class: "stats-solitaire", text: t("stDealsWon", { deals: byNumber(([, deal]) => deal.won > 0) || "–" }) }),
    solitaire && h("p", { class: "stats-solitaire", text: t("stDealsTried", { deals: byNumber(() => true) }) }),
    solitaire && h("p", { class: "stats-solitaire", text: t("stBestPenalty", { n: solitaire.bestPenalty }) }),
    cube && h("p", { class: "stats-cube", text: t("stMatches", { played: cube.matches, won: cube.won, points: cube.points }) }),
    h("div", { class: "stats-charts" }, rateChart(finished), levelChart(levels, levelName)),
  ];
}

const SVG = "http://www.w3.org/2000/svg";

function svg(name, attributes, ...children) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  element.append(...children);
  return element;
}

// The win rate over the game's last games, as a line: each point the rate of the CHART_WINDOW games
// up to it. Nothing with fewer than two games.
function rateChart(finished) {
  const games = finished.slice(0, CHART_GAMES).reverse();
  if (games.length < 2) return null;
  const rates = games.map((_, i) => {
    const window = games.slice(Math.max(0, i + 1 - CHART_WINDOW), i + 1);
    return window.filter((entry) => entry.won).length / window.length;
  });
  const [width, height] = [300, 100];
  const x = (i) => 45 + (i * (width - 55)) / (rates.length - 1);
  const y = (rate) => height - 10 - rate * (height - 20);
  const title = t("stRateChart", { n: games.length, window: CHART_WINDOW });
  return h("figure", { class: "stats-chart" },
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "rate-chart" },
      ...[0, 0.5, 1].map((rate) => svg("g", {},
        svg("line", { x1: 40, x2: width - 10, y1: y(rate), y2: y(rate), class: "chart-guide" }),
        svg("text", { x: 0, y: y(rate) + 4, class: "chart-label" }, percent(rate, 1)))),
      svg("polyline", { points: rates.map((rate, i) => `${x(i)},${y(rate)}`).join(" "), class: "chart-line" })),
    h("figcaption", { class: "fine", text: title }));
}

// A bar a level: its win rate.
function levelChart(levels, levelName) {
  if (levels.length === 0) return null;
  const [width, barHeight] = [300, 22];
  const title = t("stLevelChart");
  return h("figure", { class: "stats-chart" },
    svg("svg", { viewBox: `0 0 ${width} ${levels.length * barHeight}`, role: "img", "aria-label": title, class: "level-chart" },
      ...levels.map(([level, tally], i) => {
        const rate = tally.played ? tally.won / tally.played : 0;
        return svg("g", { transform: `translate(0 ${i * barHeight})` },
          svg("text", { x: 0, y: 15, class: "chart-label" }, levelName(level)),
          svg("rect", { x: 90, y: 4, width: Math.max(1, rate * (width - 140)), height: barHeight - 8, class: "chart-bar" }),
          svg("text", { x: 96 + rate * (width - 140), y: 15, class: "chart-label" }, percent(tally.won, tally.played)));
      })),
    h("figcaption", { class: "fine", text: title }));
}
