// The doubling cube and the match score, for every game played as a match with the cube
// (docs/games/on_schedule.md and chains.md, "Doubling cube"). Drawn
// above the table from snapshot.view.cube and snapshot.view.match, it offers only the cube actions
// in snapshot.legal (double; take or pass) and puts the cube events into words. It draws nothing,
// and hides its container, for a game or a table without the cube.
import { h, keyMarked } from "./dom.js";
import { t } from "./i18n.js";
import { playerName, seatName, teamName } from "./seats.js";

// X (×2) rather than D: Chains draws with D, at the very moment a double is offered.
const KEYS = { x: "double", t: "take", p: "pass" };

const cubeAction = (snap, type) => snap.legal.find((action) => action.type === type);

// What the match counts, never called plain "points" (a game has its own points): On Schedule's match
// is won on victory points, its own word (its view has them); any other match on match points.
const matchUnit = (view, n) => t(view.victory_points ? (n === 1 ? "cbVictoryPoint" : "cbVictoryPoints")
  : n === 1 ? "cbMatchPoint" : "cbMatchPoints");

// A side is a seat when two play (Chains), else a team of partners sitting opposite (On Schedule:
// side k is seats k and k + 2), named as the tables name them.
const sideName = (view, side) => (view.players === 2 ? playerName(view, side) : teamName(view, side));

// The viewer's side first: its score stands on the left and "its" cube slides to the left.
const sidesInOrder = (view) => (view.cube.side === 1 ? [1, 0] : [0, 1]);

const scoresText = (view, scores) => {
  const [first, second] = sidesInOrder(view);
  return t("cbScores", { first: scores[first], second: scores[second] });
};

// The double waiting for an answer, if any: who offered what, and who answers.
function pendingDouble(snap) {
  const { cube } = snap.view;
  if (cube.offered_by === null) return null;
  return {
    doubler: sideName(snap.view, cube.offered_by), value: 2 * cube.value, stake: cube.value,
    unit: matchUnit(snap.view, cube.value),
    answerer: seatName(snap.view, snap.view.current_player), mine: cubeAction(snap, "take") !== undefined,
  };
}

// context: {act, myTurn, events} as the renderers get it, or null for a frame that cannot be played.
export function renderCube(container, snap, context) {
  const view = snap?.view;
  if (!view?.cube) {
    container.hidden = true;
    container.replaceChildren();
    return;
  }
  const news = newsLine(container, snap, context);
  const bar = h("section", {
    class: "cube-bar", "aria-label": t("cbTitle"), "data-value": view.cube.value, "data-owner": view.cube.owner ?? "",
    "data-offered-by": view.cube.offered_by ?? "", "data-scores": view.match.scores.join(","),
    "data-target": view.match.target, "data-crawford": String(view.match.crawford),
  },
  scoreRow(view),
  h("div", { class: "cube-meta" },
    h("span", { class: "badge", text: t("cbMatchTo", { n: view.match.target }) }),
    view.match.games > 0 && h("span", { class: "badge", text: t("cbGames", { n: view.match.games }) }),
    view.match.crawford && h("span", { class: "badge cube-crawford", text: t("cbCrawford") })),
  actions(snap, context));
  container.replaceChildren(bar, news);
  container.hidden = false;
  // While the player has a cube decision, the bar keeps to the top of the screen (cube.css): the page
  // may scroll to the hand without taking the buttons away.
  container.toggleAttribute("data-asking", container.querySelector(".cube-ask") !== null);
}

function scoreRow(view) {
  const { cube, match } = view;
  const [mine, theirs] = sidesInOrder(view);
  const place = cube.owner === null ? "middle" : cube.owner === mine ? "start" : "end";
  const where = cube.owner === null ? t("cbMiddle")
    : cube.owner === cube.side ? t("cbOwnedMine") : t("cbOwned", { name: sideName(view, cube.owner) });
  const score = (side) => h("div", {
    class: `cube-side ${side === mine ? "near" : "far"} ${match.winner === side ? "winner" : ""}`,
    "data-side": side, "data-score": match.scores[side], role: "img",
    "aria-label": t("cbScoreAria", {
      name: sideName(view, side), score: match.scores[side], target: match.target, unit: matchUnit(view, match.target),
    }),
  },
  h("span", { class: "cube-side-name", "aria-hidden": "true", text: sideName(view, side) }),
  h("strong", { class: "cube-score", "aria-hidden": "true", text: match.scores[side] }));
  return h("div", { class: "cube-row" },
    score(mine),
    h("div", { class: `cube-track at-${place}` },
      h("span", {
        class: `cube ${cube.offered_by !== null ? "offered" : ""}`, id: "cube", role: "img",
        "data-value": cube.value, "aria-label": t("cbCubeAria", { value: cube.value, where }),
      }, h("span", { "aria-hidden": "true", text: cube.value })),
      h("small", { class: "cube-where", "aria-hidden": "true", text: where })),
    score(theirs));
}

// The cube actions to take now, or the double waiting for someone else's answer (also in a frame,
// which cannot be played: context null).
function actions(snap, context) {
  const pending = pendingDouble(snap);
  const double = cubeAction(snap, "double");
  const key = (letter) => h("kbd", { "aria-hidden": "true", text: letter });
  if (pending?.mine && context) {
    return h("div", { class: "cube-ask", role: "group", "aria-labelledby": "cube-question" },
      h("p", { class: "cube-question", id: "cube-question", text: t("cbOffer", pending) }),
      h("div", { class: "actions" },
        h("button", {
          type: "button", id: "cube-take", class: "action primary", "data-focus-key": "cube-take", "data-autofocus": "",
          "aria-keyshortcuts": "T", "aria-label": t("cbTakeAria", pending), disabled: !context.myTurn,
          onclick: () => context.act({ type: "take" }),
        }, t("cbTake"), key("T")),
        h("button", {
          type: "button", id: "cube-pass", class: "action", "data-focus-key": "cube-pass", "aria-keyshortcuts": "P",
          "aria-label": t("cbPassAria", pending), disabled: !context.myTurn, onclick: () => context.act({ type: "pass" }),
        }, t("cbPass"), key("P"))));
  }
  if (pending) return h("p", { class: "cube-waiting", id: "cube-waiting", text: t("cbWaiting", pending) });
  if (!double || !context) return null;
  const value = 2 * snap.view.cube.value;
  return h("div", { class: "cube-ask" }, h("button", {
    type: "button", id: "cube-double", class: "action", "data-focus-key": "cube-double", "aria-keyshortcuts": "X",
    "aria-label": t("cbDoubleAria", { value }), disabled: !context.myTurn, onclick: () => context.act(double),
  }, t("cbDouble", { value }), key("X")));
}

// The cube events of the last reply in words, in a live region that stays in place between redraws
// (so a redraw of the same snapshot announces nothing twice) and is emptied when a game starts over.
function newsLine(container, snap, context) {
  const line = container.querySelector(".cube-news")
    ?? h("p", { class: "cube-news", id: "cube-news", "aria-live": "polite" });
  const moves = snap.moves ?? 0;
  if (Number(line.dataset.moves ?? -1) > moves) line.textContent = "";
  line.dataset.moves = moves;
  const said = cubeNarration(snap, context?.events ?? []).join(" ");
  if (said && line.textContent !== said) line.textContent = said;
  return line;
}

// The cube's and the match's events among a step's `events` in words, one sentence each (for the bar's
// news line and "Explain as we play"); none for a game or a table without the cube.
export function cubeNarration(snap, events) {
  if (!snap?.view?.cube) return [];
  return events.map((event) => describe(snap.view, event)).filter(Boolean);
}

function describe(view, event) {
  const side = () => sideName(view, event.type === "match_over" ? event.winner : event.side);
  const scores = () => scoresText(view, event.scores);
  switch (event.type) {
    case "doubled": return t("cbEvDoubled", { side: side(), value: event.value });
    case "taken": return t("cbEvTaken", { side: side(), value: event.value });
    case "passed": return t("cbEvPassed", { side: side() });
    case "stake_won":
      if (event.side === null) return t("cbEvTie", { scores: scores() });
      return t("cbEvWon", {
        side: side(), points: event.points, unit: matchUnit(view, event.points), stake: event.stake, scores: scores(),
      });
    case "crawford_game": return t("cbEvCrawford");
    case "match_over": return t("cbEvMatchOver", { side: side(), scores: scores() });
    default: return null;
  }
}

// The table's own status line while a double waits (its renderer shows this instead of "your turn"):
// null when no double waits.
export function cubeStatus(snap) {
  const pending = snap.view.cube ? pendingDouble(snap) : null;
  if (!pending) return null;
  if (pending.mine) return keyMarked(t("cbStatusAnswer"));
  return t("cbStatusWaiting", pending);
}

// X doubles, T takes, P passes, when that cube action is legal. True when the key was used.
export function onCubeKey(event, snap, context) {
  const type = KEYS[event.key.toLowerCase()];
  const action = type && context.myTurn && snap.view.cube ? cubeAction(snap, type) : undefined;
  if (!action) return false;
  context.act(action);
  return true;
}

