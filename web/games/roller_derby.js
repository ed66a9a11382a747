// The Roller Derby table: it draws snapshot.view for the viewing seat and offers snapshot.legal only.
// Seats sit clockwise from the bottom (seats.js): the viewer at the bottom, West, North (the viewer's
// partner), East. The contract bar (dice, target, the rolling team's tricks, trump, All or
// Nothing, jokers) stays in view in every phase.
import { cardFace, cardName, SUIT_SYMBOL, suitName } from "../cards.js";
import { arrowFocus, focusInView, h, keyMarked, present } from "../dom.js";
import { labelled, noted, t } from "../i18n.js";
import {
  isSpectator, partnerOf, placeColors, placeOf, seatArea, seatName, seatNameInSentence, seatsAround, seatsFromBottom, teamName, teamOf,
} from "../seats.js";
import { legalOf, sameStep, trickBotDelay } from "./kit.js";

const TRUMP_KEYS = { S: "s", H: "h", D: "d", C: "c", NT: "x" }; // N is the shell's new-game key
const DIE_PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
const DELAY = { trickShown: 1300, roll: 900, setUp: 650, beforeHuman: 750, humanDone: 450 };

const isJoker = (code) => code.startsWith("JK");
const trumpText = (call) => (call === "NT" ? t("rdNoTrump") : suitName(call));

// One table of the game on `root`: everything it remembers between drawings lives here, so two
// tables of the game on one page share nothing (games/index.js).
/** @typedef {import("../generated/messages").RollerDerby.Snapshot} Snapshot  a seat's table, as the bridge sends it */

export function createTable(root, shell) {
  /** @type {HTMLElement | null} the rendered .roller-derby element, for keyboard navigation */
  let table = null;
  /** @type {{snap: Snapshot, context: Record<string, any>} | null} opening the joker choice redraws without a new snapshot */
  let lastDrawn = null;
  /** @type {string | null} the joker whose declaration the human is choosing, or null */
  let jokerChoice = null;
  /** @type {{snap: Snapshot, action: import("../generated/messages").RollerDerby.Action} | null} the suggested
   *  action, marked again when the joker choice redraws */
  let hinted = null;

  /** @param {Snapshot} snap @param {object} drawn */
  function render(snap, drawn) {
    const context = { ...drawn, act: shell.act };
    const view = snap.view;
    if (!context.myTurn || view.phase !== "play" || !legalOf(snap, "play").some((a) => a.card === jokerChoice)) {
      jokerChoice = null;
    }
    lastDrawn = { snap, context };
    table = h("div", {
      class: "roller-derby", "data-phase": view.phase, "data-my-turn": String(context.myTurn),
      "data-deal": view.deal, "data-target": view.target ?? "", "data-rolling-tricks": view.rolling_tricks,
      "data-trump": view.trump ?? "", "data-hand-size": view.hand?.length ?? null, style: placeColors(view),
    },
    infoBar(view),
    contractBar(view),
    h("div", { class: "felt rd-felt" }, seatsAround(view).map((seat) => seatPanel(view, seat)), centre(view)),
    phasePanel(view, snap, context),
    prompt(view, snap, context),
    handRow(view, snap, context));
    root.replaceChildren(table);
    markHint();
  }

  function redraw() {
    const focused = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.focusKey;
    const { snap, context } = present(lastDrawn, "the table's last render"); // the button pressed is on it
    render(snap, context);
    const drawn = present(table, "the table");
    const target = (focused && drawn.querySelector(`[data-focus-key="${focused}"]`)) || drawn.querySelector("[data-autofocus]");
    focusInView(target);
  }

  // --- the parts of the table ----------------------------------------------------------------------

  function phasePanel(view, snap, context) {
    const mine = context.myTurn;
    if (view.phase === "roll" && mine) {
      return actionPanel("rd-roll", t("rdDice"), legalOf(snap, "roll").map((action) =>
        button(t(view.options.d12 ? "rdRollD12" : "rdRoll"), action, context, { key: "R", cls: "primary" })));
    }
    if (view.phase === "trump" && mine) {
      return actionPanel("rd-trump", t("rdNameTrump"), legalOf(snap, "trump").map((action) =>
        button(action.suit === "NT" ? t("rdNoTrump") : SUIT_SYMBOL[action.suit], action, context, {
          key: TRUMP_KEYS[action.suit].toUpperCase(), cls: `trump-choice suit-${action.suit}`,
          label: trumpText(action.suit), data: { "data-suit": action.suit } })));
    }
    if (view.phase === "buy" && mine) {
      return actionPanel("rd-buy", t("rdBuy", { price: view.joker_price }), legalOf(snap, "buy").map((action) =>
        button(t("rdBuyN", { n: action.jokers }), action, context, { key: String(action.jokers),
          label: t("rdBuyAria", { n: action.jokers, cost: view.joker_price * action.jokers }), data: { "data-jokers": action.jokers } })));
    }
    if (view.phase === "declare" && mine) {
      return actionPanel("rd-declare", t("rdAonQuestion"), legalOf(snap, "declare").map((action) =>
        button(t(action.all_or_nothing ? "rdYes" : "rdNo"), action, context, { key: action.all_or_nothing ? "A" : "P",
          data: { "data-aon": String(action.all_or_nothing) } })));
    }
    if (jokerChoice) return jokerPanel(snap, context, jokerChoice);
    if (view.gave || view.received) return exchangePanel(view);
    return null;
  }

  // The joker's declarations the engine allows now, one button each (suit and highest/lowest).
  function jokerPanel(snap, context, choosing) {
    const actions = legalOf(snap, "play").filter((action) => action.card === choosing);
    const joker = t("rdJokerName", { n: choosing.slice(2) });
    return h("section", { class: "rd-panel rd-joker", "aria-label": t("rdJokerTitle", { joker }) },
      h("div", { class: "rd-joker-head" }, h("h2", { class: "strip-title", text: t("rdJokerTitle", { joker }) }),
        h("button", { type: "button", class: "action", "data-nav": "", "data-focus-key": "joker-cancel",
          onclick: () => { jokerChoice = null; redraw(); } }, t("rdCancel"), h("kbd", { "aria-hidden": "true", text: "Esc" }))),
      h("div", { class: "actions joker-choices", "data-region": "actions" }, actions.map((action, i) => {
        const rank = t(action.rank === "high" ? "rdJokerHigh" : "rdJokerLow");
        return h("button", {
          type: "button", class: `action joker-choice suit-${action.suit}`, "data-suit": action.suit,
          "data-rank": action.rank, "data-nav": "", "data-focus-key": `joker-${action.suit}-${action.rank}`,
          "data-autofocus": i === 0 || null,
          "aria-label": t("rdJokerAria", { joker, suit: suitName(action.suit), rank }),
          onclick: () => { jokerChoice = null; context.act(action); },
        }, `${SUIT_SYMBOL[action.suit]} ${rank}`);
      })));
  }

  // The hand: in the exchange a tap gives the card, in the discard a tap discards it, in the play a
  // tap plays it (a joker first opens its declaration choice). Only cards the engine lists are live. A
  // spectator sees no hand: every seat's panel shows its count of cards instead.
  function handRow(view, snap, context) {
    if (view.hand === null) return null;
    const partner = seatName(view, partnerOf(view.seat));
    const received = new Set(view.exchanged[teamOf(view.seat)] ? view.received ?? [] : []);
    const byCard = new Map();
    for (const action of snap.legal ?? []) {
      if (["give", "discard", "play"].includes(action.type) && !byCard.has(action.card)) byCard.set(action.card, action);
    }
    const firstLegal = view.hand.find((code) => byCard.has(code));
    return h("div", { class: "hand-row" },
      h("div", { class: "hand", role: "group", "aria-label": t("rdYourHand"), "data-region": "hand" }, view.hand.map((code) => {
        const action = context.myTurn && !jokerChoice ? byCard.get(code) : undefined;
        const name = isJoker(code) ? t("rdJokerName", { n: code.slice(2) }) : cardName(code);
        const base = received.has(code) ? t("rdReceivedCard", { card: name, name: partner }) : name;
        const label = !action ? (context.myTurn && view.phase === "play" ? t("rdNotPlayable", { card: base }) : base)
          : action.type === "give" ? t("rdGiveCard", { card: base, name: partner })
            : action.type === "discard" ? t("rdDiscardCard", { card: base }) : base;
        return anyFace(code, {
          tag: "button", type: "button", "data-card": code, "data-nav": "", "data-focus-key": `card-${code}`,
          "data-autofocus": code === firstLegal || null, "data-received": received.has(code) ? "" : null,
          class: `${action ? "legal" : "idle"} ${received.has(code) ? "received" : ""} ${code === jokerChoice ? "choosing" : ""}`,
          "aria-disabled": String(!action), "aria-label": label,
          onclick: () => {
            if (!action) return;
            if (action.type === "play" && isJoker(code)) {
              jokerChoice = code;
              redraw();
            } else context.act(action);
          },
        });
      })));
  }

  // --- keys, pacing, summaries ---------------------------------------------------------------------

  function onKey(event, snap, asked) {
    const context = { ...asked, act: shell.act };
    const key = event.key.toLowerCase();
    if (key === "escape" && jokerChoice) {
      jokerChoice = null;
      redraw();
      return true;
    }
    if (arrowFocus(table, key)) return true;
    if (!context.myTurn) return false;
    const action = (snap.legal ?? []).find((a) =>
      (a.type === "roll" && key === "r") || (a.type === "trump" && TRUMP_KEYS[a.suit] === key)
      || (a.type === "buy" && String(a.jokers) === key)
      || (a.type === "declare" && key === (a.all_or_nothing ? "a" : "p")));
    if (action) context.act(action);
    return action !== undefined;
  }

  // The suggested button or card stands out and takes the focus (Enter then does it); a joker's
  // declaration opens the joker's choice with the suggested suit and rank marked, for the player who
  // asked (the explanations' own hint marks the joker and leaves the choice as the player left it).
  function showHint(action, snap, { auto }) {
    hinted = { snap, action };
    if (action.type === "play" && isJoker(action.card) && !auto) jokerChoice = action.card;
    if (lastDrawn && sameStep(lastDrawn.snap, snap)) render(lastDrawn.snap, lastDrawn.context);
    focusInView(table?.querySelector(".hinted"));
  }

  function markHint() {
    const drawn = table; // drawn with lastDrawn: none before the first render
    if (!hinted || !drawn || !sameStep(hinted.snap, lastDrawn?.snap)) return;
    const { action } = hinted;
    let selector = `[data-focus-key="${action.type}-${hintKey(action)}"]`;
    if (action.type === "give" || action.type === "discard" || action.type === "play") selector = `.hand [data-card="${action.card}"]`;
    if (action.type === "play" && isJoker(action.card) && jokerChoice === action.card) {
      selector = `.joker-choice[data-suit="${action.suit}"][data-rank="${action.rank}"]`;
    }
    drawn.querySelector(selector)?.classList.add("hinted");
    drawn.dataset.hint = JSON.stringify(action);
  }

  return { render, onKey, showHint, botDelay, dealSummary, finalSummary, describeAction, narrate };
}

// A joker in hand, in a trick or in a list: its declared suit and rank once played.
/** @param {string} code @param {import("../cards.js").Attributes} [options] */
function jokerFace(code, { tag = "span", class: extra = "", suit = null, rank = null, ...attributes } = {}) {
  const name = suit ? t("rdJokerPlayed", { suit: suitName(suit), rank: t(rank === "high" ? "rdJokerHigh" : "rdJokerLow") })
    : t("rdJokerName", { n: code.slice(2) });
  return h(tag, { role: tag === "span" ? "img" : null, "aria-label": name, ...attributes,
    class: `card face joker ${suit ? `suit-${suit}` : ""} ${extra}` },
  h("span", { class: "index", "aria-hidden": "true" },
    h("span", { class: "rank", text: "★" }),
    h("span", { class: "suit", text: suit ? `${SUIT_SYMBOL[suit]}${rank === "high" ? "↑" : "↓"}` : "" })),
  h("span", { class: "pip", "aria-hidden": "true", text: "JK" }));
}

const anyFace = (code, options = {}) => (isJoker(code) ? jokerFace(code, options) : cardFace(code, options));

function infoBar(view) {
  return h("div", { class: "info rd-info" },
    h("span", { class: "badge", text: t("rdDeal", { n: view.deal, total: view.deals_total }) }),
    h("span", { class: "badge", text: t("rdDealer", { name: seatName(view, view.dealer) }) }),
    h("div", { class: "rd-teams" }, [0, 1].map((team) => h("div", {
      class: `rd-team team-${team} ${team === view.rolling_team ? "rolling" : ""}`, "data-team": team,
      "data-score": view.team_scores[team], role: "group",
      "aria-label": t("rdTeamAria", { team: teamName(view, team), score: view.team_scores[team] })
        + (team === view.rolling_team ? noted(t("rdRolling")) : ""),
    },
    h("span", { "aria-hidden": "true", text: teamName(view, team) }),
    h("strong", { "aria-hidden": "true", text: view.team_scores[team] })))));
}

function die(value, sides) {
  return h("span", { class: `die d${sides}`, "data-value": value, role: "img", "aria-label": t("rdDieAria", { n: value }) },
    sides === 6 ? Array.from({ length: 9 }, (_, i) => h("span", { class: `pip-dot ${DIE_PIPS[value].includes(i + 1) ? "on" : ""}` }))
      : h("span", { class: "die-number", text: value }));
}

// The dice, the target, the rolling team's tricks against it, trump, All or Nothing and jokers.
function contractBar(view) {
  const sides = view.options.d12 ? 12 : 6;
  const team = teamName(view, view.rolling_team);
  const jokerCost = view.joker_price * view.jokers_bought;
  return h("section", { class: `rd-contract team-${view.rolling_team}`, "aria-label": t("rdTarget") },
    h("div", { class: "rd-dice", role: "group", "aria-label": t("rdDice") },
      view.dice.length > 0 ? view.dice.map((value) => die(value, sides))
        : h("span", { class: "not-rolled", text: labelled(t("rdDice"), t("rdNotRolled")) })),
    view.target !== null && h("div", { class: "rd-target", "data-target": view.target, role: "img",
      "aria-label": t("rdTargetAria", { target: view.target, team }) },
    h("small", { "aria-hidden": "true", text: t("rdTarget") }), h("strong", { "aria-hidden": "true", text: view.target })),
    view.target !== null && h("div", { class: "rd-progress", "data-rolling-tricks": view.rolling_tricks, role: "img",
      "aria-label": t(view.rolling_tricks > view.target ? "rdTricksAriaOver" : "rdTricksAria",
        { team, tricks: view.rolling_tricks, target: view.target, over: view.rolling_tricks - view.target }) },
    h("small", { "aria-hidden": "true", text: `${team} · ${t("rdTricksLabel")}` }),
    h("strong", { "aria-hidden": "true", text: `${view.rolling_tricks}/${view.target}` })),
    h("span", { class: `badge trump-badge ${view.trump && view.trump !== "NT" ? `suit-${view.trump}` : ""}`,
      "data-trump": view.trump ?? "",
      text: labelled(t("rdTrump"), view.trump === null ? t("rdTrumpNone") : view.trump === "NT" ? t("rdNoTrump") : SUIT_SYMBOL[view.trump]),
      "aria-label": labelled(t("rdTrump"), view.trump === null ? t("rdTrumpNone") : trumpText(view.trump)) }),
    view.all_or_nothing && h("span", { class: "badge aon", "data-aon": "true", text: t("rdAonYes") }),
    view.jokers_bought > 0 && h("span", { class: "badge jokers", "data-jokers": view.jokers_bought,
      text: t("rdJokers", { n: view.jokers_bought, cost: jokerCost }) }),
    view.discard_count > 0 && !view.discards && h("span", { class: "badge", text: t("rdDiscards", { n: view.discard_count }) }),
    view.discards?.length > 0 && h("span", { class: "gift-line rd-discards", "data-discards": view.discards.join(" ") },
      t("rdYourDiscards"), view.discards.map((code) => cardFace(code, { class: "mini" }))));
}

function seatPanel(view, seat) {
  const turn = view.current_player === seat;
  return h("div", {
    class: `seat seat-${seat} area-${seatArea(view, seat)} team-${teamOf(seat)} ${turn ? "turn" : ""}
      ${teamOf(seat) === view.rolling_team ? "rolling" : ""}`,
    "data-seat": seat, "data-place": placeOf(view, seat), "data-tricks": view.tricks[seat], role: "group",
    "aria-label": t("rdSeatAria", { name: seatName(view, seat), cards: view.hand_sizes[seat], tricks: view.tricks[seat] })
      + (turn ? noted(t("rdToMove")) : ""),
  },
  h("span", { class: "seat-name", "aria-hidden": "true" }, seatName(view, seat),
    view.dealer === seat && h("span", { class: "dealer-chip", title: t("rdDealerChip"), text: "D" }),
    view.roller === seat && h("span", { class: "roller-chip", title: t("rdRollerChip"), text: "R" })),
  h("span", { class: "seat-stats", "aria-hidden": "true" },
    h("span", { class: "stat tricks" }, h("small", { text: t("rdTricks") }), ` ${view.tricks[seat]}`),
    seat !== view.seat && h("span", { class: "stat" }, h("small", { text: t("rdCards") }), ` ${view.hand_sizes[seat]}`),
    view.phase === "exchange" && h("span", { class: `stat chosen ${view.chosen[seat] ? "yes" : ""}`,
      text: view.chosen[seat] ? "✓" : "…" })));
}

function playedFace(view, play, extra) {
  const label = labelled(seatName(view, play.seat), isJoker(play.card) ? "" : cardName(play.card));
  return isJoker(play.card)
    ? jokerFace(play.card, { class: extra, suit: play.suit, rank: play.rank, "data-card": play.card })
    : cardFace(play.card, { class: extra, "aria-label": label, "data-card": play.card });
}

// The trick in play, or between tricks the last one with who took it.
function centre(view) {
  const last = view.played.at(-1);
  const showing = view.trick.length > 0 ? view.trick : last?.plays ?? [];
  const done = view.phase === "play" && view.trick.length === 0 && last !== undefined;
  return h("div", { class: `trick ${done ? "done" : ""}`, "aria-live": "polite", "data-region": "trick" },
    view.phase === "play" && showing.map((play) =>
      playedFace(view, play, `slot-${seatArea(view, play.seat)} ${done && play.seat === last.winner ? "winner" : ""}`)),
    h("span", { class: "trick-caption" },
      done && h("span", { class: "trick-result", text: t("rdTrickWon", { winner: seatName(view, last.winner), n: last.trick }) }),
      view.phase === "play" && h("span", { class: "trick-number", text: t("rdTrickN", { n: Math.min(view.trick_number, view.tricks_per_deal), total: view.tricks_per_deal }) })));
}

function actionPanel(cls, title, buttons) {
  return h("section", { class: `rd-panel ${cls}`, "aria-label": title },
    h("h2", { class: "strip-title", text: title }), h("div", { class: "actions", "data-region": "actions" }, buttons));
}

function button(text, action, context, { key, cls = "", label = null, data = {} }) {
  return h("button", {
    type: "button", class: `action ${cls}`, "data-nav": "", "data-focus-key": `${action.type}-${key}`,
    "data-autofocus": true, "aria-keyshortcuts": key, "aria-label": label, ...data,
    onclick: () => context.act(action),
  }, text, h("kbd", { "aria-hidden": "true", text: key }));
}

// Who has given in the exchange, what the human set aside or gave, and what came back.
function exchangePanel(view) {
  const partner = partnerOf(view.seat);
  const privileged = view.received && !view.exchanged[teamOf(view.seat)];
  const given = view.exchanged[teamOf(view.seat)] || view.chosen[view.seat];
  // once the play has begun the exchange is a record, folded away to leave the trick and hand in view
  const done = view.phase === "play";
  return h(done ? "details" : "section", { class: "rd-panel rd-exchange", "aria-label": t("rdExchange") },
    done ? h("summary", { text: t("rdExchange") }) : h("h2", { class: "strip-title", text: t("rdExchange") }),
    view.phase === "exchange" && h("ul", { class: "chosen-list" }, seatsFromBottom(view).map((seat) => h("li", {
      class: `seat-${seat} ${view.chosen[seat] ? "yes" : ""}`, "data-seat": seat, "data-chosen": String(view.chosen[seat]),
      text: t(view.chosen[seat] ? "rdChosen" : "rdChoosing", { name: seatName(view, seat) }),
    }))),
    view.gave && h("p", { class: "gift-line", "data-gave": view.gave.join(" ") },
      h("span", { text: t(given ? "rdGaveTo" : "rdSettingAside", { name: seatName(view, partner) }) }),
      view.gave.map((code) => anyFace(code, { class: "mini" }))),
    view.received && h("p", { class: "gift-line", "data-received": view.received.join(" ") },
      h("span", { text: t(privileged ? "rdPrivilegeSeen" : "rdReceivedFrom", { name: seatName(view, partner) }) }),
      view.received.map((code) => anyFace(code, { class: "mini" }))));
}

function prompt(view, snap, context) {
  let status;
  if (snap.is_over) status = t("rdOver");
  // the viewer's own move with nothing to choose: a scenario or replay being stepped through
  else if (!context.myTurn && view.current_player === view.seat) status = t("rdYourMove");
  else if (!context.myTurn) status = t("rdWait", { name: seatName(view, view.current_player) });
  else {
    status = {
      roll: () => keyMarked(t("rdYourRoll")),
      exchange: () => t("rdYourGive", { name: seatName(view, partnerOf(view.seat)), n: (view.gave?.length ?? 0) + 1,
        size: view.pass_size }),
      trump: () => t("rdYourTrump", { target: view.target }),
      buy: () => t("rdYourBuy", { price: view.joker_price,
        choices: legalOf(snap, "buy").map((action) => action.jokers).join(t("rdList")) }),
      discard: () => t("rdYourDiscard"),
      declare: () => t("rdYourDeclare"),
      play: () => t(view.trick.length === 0 ? "rdYourLead" : "rdYourPlay"),
    }[view.phase]();
  }
  return h("div", { class: "prompt" }, h("p", { class: "status", id: "status", role: "status", text: status }));
}

// The roll and a finished trick stay in view a moment; bots wait longer while the human still has
// to play in this trick than when only bots are left.
const botDelay = trickBotDelay(DELAY, (snap, lastEvents) => {
  if (lastEvents.some((event) => event.type === "rolled")) return DELAY.roll;
  return snap.view.phase === "play" ? null : DELAY.setUp;
});

function reason(summary) {
  const { tricks, target, points } = summary;
  if (summary.all_or_nothing) return t(points > 0 ? "rdReasonAonMade" : "rdReasonAonFailed", { tricks });
  if (tricks === target) return t("rdReasonExact", { tricks });
  return t("rdReasonOff", { tricks, off: Math.abs(tricks - target), points });
}

function dealSummary(summary, snap) {
  const view = snap.view;
  const team = summary.rolling_team;
  const before = summary.team_scores.map((score, i) => (i === team ? score - summary.score : score));
  return h("section", {
    class: "deal-summary rd-summary", "data-deal": summary.deal, "data-rolling-team": team,
    "data-target": summary.target, "data-tricks": summary.tricks, "data-points": summary.points,
    "data-joker-cost": summary.joker_cost, "data-score": summary.score,
  },
  h("h2", { id: "summary-title", text: t("rdSummaryTitle", { n: summary.deal }) }),
  h("div", { class: "rd-dice" }, summary.dice.map((value) => die(value, view.options.d12 ? 12 : 6)),
    h("span", { class: "badge", text: labelled(t("rdTrump"), trumpText(summary.trump)) })),
  h("p", { class: "headline", text: t("rdSummaryWhy", { team: teamName(view, team), target: summary.target,
    reason: reason(summary) }) }),
  summary.joker_cost > 0 && h("p", { class: "joker-cost", text: t("rdJokerCost", { cost: summary.joker_cost }) }),
  h("table", { class: "team-results" },
    h("thead", {}, h("tr", {}, ["rdColTeam", "rdColDeal", "rdColTotal"].map((key) =>
      h("th", { scope: "col", class: key === "rdColTeam" ? "" : "num", text: t(key) })))),
    h("tbody", {}, [0, 1].map((i) => h("tr", { class: `team-${i}`, "data-team": i, "data-total": summary.team_scores[i],
      "data-deal-score": i === team ? summary.score : 0 },
    h("th", { scope: "row", text: teamName(view, i) }),
    h("td", { class: "num", text: i === team ? summary.score : "—" }),
    h("td", { class: "num", text: `${before[i]} → ${summary.team_scores[i]}` }))))),
  h("p", { class: "fine", text: t("rdDefendersNote") }));
}

// Who won the game, from the viewer's side.
function finalHeadline(snap) {
  const { team_scores: scores, winning_team: winner } = snap.result;
  const side = isSpectator(snap.view) ? null : teamOf(snap.view.seat);
  if (winner === null) return t("rdDraw", { ours: scores[side ?? 0], theirs: scores[1 - (side ?? 0)] });
  if (winner === side) return t("rdWeWin", { ours: scores[winner], theirs: scores[1 - winner] });
  return t("rdTheyWin", { team: teamName(snap.view, winner), theirs: scores[winner], ours: scores[1 - winner] });
}

function finalSummary(snap) {
  const { team_scores: scores, winning_team: winner } = snap.result;
  const view = snap.view;
  return h("section", { class: "final-summary", "data-winning-team": winner ?? "none" },
    h("h2", { id: "final-title", text: t("rdFinalTitle") }),
    h("p", { class: "headline", text: finalHeadline(snap) }),
    h("ul", { class: "scores" }, [0, 1].map((team) => h("li", { class: `team-${team}`, "data-team": team,
      "data-score": scores[team], text: labelled(teamName(view, team), scores[team]) }))));
}

// --- hints, words and pictures for learning ---------------------------------------------------------

// How far a game is, for the picker's line of a game in progress (index.js).
export const progress = (snap) => t("rdDeal", { n: snap.view.deal, total: snap.view.deals_total });

// The table's keys by the step they act in (the help lists each step's apart: a key means one thing
// in each list): the step's name, then each line of keys and the keys it names (index.js).
export const helpKeys = [
  { when: "rdKeysRoll", keys: [{ text: "rdKeyRoll", names: "R" }] },
  { when: "rdKeysTrump", keys: [{ text: "rdKeyTrump", names: "S H D C X" }] },
  { when: "rdKeysBuy", keys: [{ text: "rdKeyBuy", names: "0 1 2" }] },
  { when: "rdKeysDeclare", keys: [{ text: "rdKeyDeclare", names: "A P" }] },
  { when: "rdKeysCards", keys: [{ text: "keyArrows", names: "← → ↑ ↓" }, { text: "rdKeyCards", names: "Enter Esc" }] },
];

// The key a set-up button is known by (its data-focus-key is type-key).
function hintKey(action) {
  if (action.type === "roll") return "R";
  if (action.type === "trump") return TRUMP_KEYS[action.suit].toUpperCase();
  if (action.type === "buy") return String(action.jokers);
  return action.all_or_nothing ? "A" : "P";
}

const cardWords = (code) => (isJoker(code) ? t("rdJokerName", { n: code.slice(2) }) : cardName(code));

function describeAction(action, snap) {
  const view = snap.view;
  switch (action.type) {
  case "roll": return t("rdDoRoll");
  case "give": return t("rdDoGive", { name: seatName(view, partnerOf(view.current_player)), card: cardWords(action.card) });
  case "trump": return action.suit === "NT" ? t("rdDoNoTrump") : t("rdDoTrump", { suit: suitName(action.suit) });
  case "buy": return t(["rdDoBuyNone", "rdDoBuyOne"][action.jokers] ?? "rdDoBuy", { n: action.jokers });
  case "discard": return t("rdDoDiscard", { card: cardName(action.card) });
  case "declare": return action.all_or_nothing ? t("rdDoAon") : t("rdDoTarget", { target: view.target });
  default:
    if (isJoker(action.card)) {
      return t("rdDoPlayJoker", { joker: cardWords(action.card), suit: suitName(action.suit),
        rank: t(action.rank === "high" ? "rdJokerHigh" : "rdJokerLow") });
    }
    return t("rdDoPlay", { card: cardName(action.card) });
  }
}

// One sentence per event worth telling ("set_aside", a single card of a gift, is left to "gave").
function narrate(events, snap) {
  const view = snap.view;
  const name = (seat) => seatName(view, seat);
  const dealOver = events.find((event) => event.type === "deal_over")?.summary;
  // the deal the events are about: a finished one is already in the summary, the view shows the next
  const deal = dealOver ?? { target: view.target, all_or_nothing: view.all_or_nothing, rolling_team: view.rolling_team };
  const team = (seat) => teamName(view, teamOf(seat));
  const said = {
    rolled: (e) => t("rdNrRolled", { name: name(e.seat), dice: e.dice.join(" + "), team: team(e.seat), target: e.target }),
    gave: (e) => t("rdNrGave", { name: name(e.seat), partner: name(partnerOf(e.seat)) }),
    cards_passed: (e) => (!isSpectator(view) && teamOf(view.seat) === e.team && view.received
      ? t("rdThen", { first: t("rdNrPassed", { team: teamName(view, e.team) }), second: t("rdNrReceived", {
        name: name(partnerOf(view.seat)), cards: view.received.map(cardWords).join(t("rdList")) }) })
      : t("rdNrPassed", { team: teamName(view, e.team) })),
    trump_named: (e) => (e.trump === "NT" ? t("rdNrNoTrump", { name: name(e.seat) })
      : t("rdNrTrump", { name: name(e.seat), suit: suitName(e.trump) })),
    jokers_bought: (e) => t(["rdNrBoughtNone", "rdNrBoughtOne"][e.jokers] ?? "rdNrBought",
      { name: name(e.seat), n: e.jokers, cost: e.cost }),
    discarded: (e) => t("rdNrDiscarded", { name: name(e.seat) }),
    declared: (e) => t(e.all_or_nothing ? "rdNrAon" : "rdNrNoAon", { name: name(e.seat), team: team(e.seat),
      target: deal.target }),
    played: (e) => t("rdNrPlayed", { name: name(e.seat), card: isJoker(e.card)
      ? t("rdJokerPlayed", { suit: suitName(e.suit), rank: t(e.rank === "high" ? "rdJokerHigh" : "rdJokerLow") })
      : cardName(e.card) }),
    trick_won: (e) => t(deal.all_or_nothing ? "rdNrTrickAon" : e.rolling_tricks > deal.target ? "rdNrTrickOver" : "rdNrTrick", {
      winner: name(e.winner), n: e.trick, team: teamName(view, deal.rolling_team), tricks: e.rolling_tricks,
      target: deal.target, over: e.rolling_tricks - deal.target }),
    deal_over: ({ summary }) => t("rdNrDealOver", { headline: t("rdSummaryWhy", {
      team: teamName(view, summary.rolling_team), target: summary.target, reason: reason(summary) }) }),
    deal_started: (e) => t("rdNrDealStarted", { n: e.deal, dealer: seatNameInSentence(view, e.dealer),
      roller: seatNameInSentence(view, e.roller) }),
    game_over: () => finalHeadline(snap),
  };
  return events.filter((event) => said[event.type]).map((event) => said[event.type](event));
}

// A few cards as the hand draws them, jokers too (the rules page's pictures).
export function illustrate(cards) {
  return h("div", { class: "roller-derby rd-illustration" },
    h("div", { class: "hand" }, cards.map((code) => anyFace(code))));
}
