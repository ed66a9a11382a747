// The Arsène table: it draws snapshot.view for the viewing seat and offers snapshot.legal only.
// Seats sit clockwise from the bottom: the viewer at the bottom, then West, North, East (seats.js).
import { cardBack, cardFace, cardName, cardText, suitName, suitOf } from "../cards.js";
import { arrowFocus, h, keyMarked, keysSpoken, markHinted } from "../dom.js";
import { labelled, noted, t, tn } from "../i18n.js";
import {
  placeOf, seatArea, seatName, seatNameInSentence, seatNames, seatsAround, seatShort, seatsFromBottom,
} from "../seats.js";
import { legalOf, trickBotDelay } from "./kit.js";

const DELAY = { trickShown: 1100, beforeHuman: 800, humanDone: 450 };

// One table of the game on `root`: everything it remembers between drawings lives here, so two
// tables of the game on one page share nothing (games/index.js).
/** @typedef {import("../generated/messages").Arsene.Snapshot} Snapshot  a seat's table, as the bridge sends it */

export function createTable(root, shell) {
  /** @type {HTMLElement | null} the rendered .arsene element, for keyboard navigation */
  let table = null;
  /** @type {{save: string | undefined, action: import("../generated/messages").Arsene.Action} | null} the suggested
   *  action, marked again when the same position is redrawn */
  let hinted = null;

  /** @param {Snapshot} snap @param {object} drawn */
  function render(snap, drawn) {
    const context = { ...drawn, act: shell.act };
    const view = snap.view;
    table = h("div", {
      class: "arsene", "data-phase": view.phase, "data-my-turn": String(context.myTurn),
      "data-deal": view.deal, "data-hand-size": view.hand?.length ?? null,
    },
    infoBar(view),
    h("div", { class: "board" }, felt(view), storesPanel(view)),
    prompt(view, snap, context),
    handRow(view, snap, context));
    root.replaceChildren(table);
    if (hinted && hinted.save === snap.save) markHinted(table, hintKey(hinted.action), { focus: false });
    else hinted = null;
  }

  function onKey(event, snap, asked) {
    const context = { ...asked, act: shell.act };
    const key = event.key.toLowerCase();
    if (arrowFocus(table, key)) return true;
    if (!context.myTurn) return false;
    const wanted = { k: "keep", p: "push" }[key];
    const action = wanted ? legalOf(snap, wanted)[0]
      : legalOf(snap, "choose").find((choice) => String(choice.index + 1) === key);
    if (!action) return false;
    context.act(action);
    return true;
  }

  // The suggested card, edge card or keep/push button stands out and takes the focus (Enter plays it).
  function showHint(action, snap) {
    hinted = { save: snap.save, action };
    markHinted(root, hintKey(action));
  }

  return { render, onKey, showHint, botDelay, dealSummary, finalSummary, describeAction, narrate };
}

// --- the parts of the table ----------------------------------------------------------------------

// What names an action on the table (data-hint-key), for the hint's mark.
const hintKey = (action) => `${action.type}:${action.card ?? action.index ?? action.to ?? ""}`;

function infoBar(view) {
  const trump = view.trump === "D" ? t("trumpDiamonds") : view.table.some((edge) => edge.chosen) ? t("noTrump")
    : t("trumpPending");
  return h("div", { class: "info" },
    h("span", { class: "badge", text: t("dealN", { n: view.deal }) }),
    h("span", { class: "badge", text: t("dealerIs", { name: seatName(view, view.dealer) }) }),
    h("span", { class: `badge trump ${view.trump === "D" ? "on" : ""}`, id: "trump", text: trump }),
    view.contest ? h("span", { class: "badge contest", text: t("contestOn") })
      : view.advanced && h("span", { class: "badge", text: t("contestLater") }),
    view.confiscated > 0 && h("span", { class: "badge police", text: tn("confiscated", view.confiscated) }),
    edgeCards(view));
}

function edgeCards(view) {
  return h("span", { class: "edge", role: "group", "aria-label": t("edgeCards") },
    h("span", { class: "edge-label", "aria-hidden": "true", text: t("edgeCards") }),
    view.table.map((edge, index) => {
      const n = index + 1;
      if (!edge.chosen) return cardBack({ class: "mini", "aria-label": t("edgeHidden", { n }) });
      const label = t(edge.face_up ? "edgeBlack" : "edgeRed", { n, card: cardName(edge.card) });
      return cardFace(edge.card, { class: `mini ${edge.face_up ? "" : "seen"}`, "aria-label": label });
    }));
}

function storesPanel(view) {
  return h("section", { class: "stores", "aria-label": t("storesTitle") },
    view.stores.map((store) => h("div", {
      class: `store ${store.chips === 0 ? "empty" : ""}`, role: "group",
      "aria-label": tn("storeAria", store.chips, { store: store.store }),
    },
    h("span", { class: `store-card suit-${suitOf(store.card)}`, "aria-hidden": "true", text: cardText(store.card) }),
    h("span", { class: "store-chips", "aria-hidden": "true", text: store.chips }),
    h("span", { class: "groups", "aria-hidden": "true" },
      store.chips === 0 ? h("span", { class: "police-tag", text: t("storeEmpty") })
        : store.groups.map((chips, i) => h("span", { class: `group ${i === 0 ? "next" : ""}`, text: chips }))),
    h("ul", { class: "robbed" }, store.robbed.map((theft) => h("li", {
      class: `seat-${theft.seat}`, title: tn("robbed", theft.chips, { name: seatName(view, theft.seat), deal: theft.deal }),
      "aria-label": tn("robbed", theft.chips, { name: seatName(view, theft.seat), deal: theft.deal }),
    }, h("span", { "aria-hidden": "true", text: `${seatShort(view, theft.seat)}+${theft.chips}` })))))));
}

function seatPanel(view, seat) {
  const turn = view.current_player === seat;
  return h("div", {
    class: `seat seat-${seat} area-${seatArea(view, seat)} ${turn ? "turn" : ""}`, "data-seat": seat,
    "data-place": placeOf(view, seat), role: "group",
    "aria-label": t("seatAria", { name: seatName(view, seat), cards: tn("nCards", view.hand_sizes[seat]),
      tricks: tn("nTricks", view.tricks[seat]), chips: tn("nChips", view.chips[seat]) }) + (turn ? noted(t("toMove")) : ""),
  },
  h("span", { class: "seat-name", "aria-hidden": "true" }, seatName(view, seat),
    view.dealer === seat && h("span", { class: "dealer-chip", title: t("dealer"), text: "D" })),
  h("span", { class: "seat-stats", "aria-hidden": "true" },
    seat !== view.seat && h("span", { class: "stat cards-left" }, cardBack({ class: "micro", role: null }),
      `×${view.hand_sizes[seat]}`),
    h("span", { class: "stat tricks", "data-tricks": view.tricks[seat] },
      h("small", { text: t("tricksShort") }), ` ${view.tricks[seat]}`),
    h("span", { class: "stat chips", "data-chips": view.chips[seat] },
      h("small", { text: t("chipsShort") }), ` ${view.chips[seat]}`)));
}

// The trick in play, or (between tricks) the last completed one with who took it.
function trickArea(view) {
  const last = view.played.at(-1);
  const showing = view.trick.length > 0 ? view.trick : last?.plays ?? [];
  const done = view.trick.length === 0 && last !== undefined;
  let caption = t("trickN", { n: view.trick_number, total: view.tricks_per_deal });
  if (view.push) caption = t("trickWon", { winner: seatName(view, view.push.winner) });
  else if (done) {
    caption = last.taker === last.winner ? t("trickKept", { winner: seatName(view, last.winner) })
      : t("trickPushed", { winner: seatName(view, last.winner), taker: seatNameInSentence(view, last.taker) });
  }
  const winner = view.push?.winner ?? (done ? last.winner : null);
  return h("div", { class: `trick ${done ? "done" : ""}`, "aria-live": "polite", "data-region": "trick" },
    showing.map((play) => cardFace(play.card, {
      class: `slot-${seatArea(view, play.seat)} ${play.seat === winner ? "winner" : ""}`,
      "aria-label": labelled(seatName(view, play.seat), cardName(play.card)),
    })),
    h("span", { class: "trick-caption", text: caption }));
}

function felt(view) {
  return h("div", { class: "felt" }, seatsAround(view).map((seat) => seatPanel(view, seat)), trickArea(view));
}

function prompt(view, snap, context) {
  const mover = view.current_player;
  let status;
  const actions = [];
  if (snap.is_over) status = t("gameOverStatus");
  else if (mover !== view.seat) {
    status = t({ choose: "waitChoose", play: "waitPlay", push: "waitPush" }[view.phase], { name: seatName(view, mover) });
  } else if (view.phase === "choose") {
    status = t(keysSpoken() ? "yourChooseKeys" : "yourChoose");
    actions.push(h("div", { class: "choices", role: "group", "aria-label": t("edgeCards") },
      legalOf(snap, "choose").map((action, i) => cardBack({
        tag: "button", type: "button", class: "choice", "data-nav": "", "data-key": String(action.index + 1),
        "data-hint-key": hintKey(action),
        "data-focus-key": `choose-${action.index}`, "data-autofocus": i === 0 || null,
        "aria-label": t("chooseEdge", { n: action.index + 1 }), disabled: !context.myTurn,
        onclick: () => context.act(action),
      }))));
  } else if (view.phase === "push") {
    const push = legalOf(snap, "push")[0];
    status = keyMarked(t("yourPush", { target: seatName(view, push.to) }));
    actions.push(
      actionButton(legalOf(snap, "keep")[0], t("keep"), "K", context, { "data-autofocus": true }),
      actionButton(push, t("pushTo", { name: seatName(view, push.to) }), "P", context, {}),
    );
  } else status = t(view.trick.length === 0 ? "yourLead" : "yourPlay");
  return h("div", { class: "prompt" },
    h("p", { class: "status", id: "status", role: "status", text: status }),
    actions.length > 0 && h("div", { class: "actions", "data-region": "actions" }, actions));
}

function actionButton(action, label, key, context, attributes) {
  return h("button", {
    type: "button", class: `action action-${action.type}`, "aria-keyshortcuts": key,
    "data-focus-key": `action-${action.type}`, "data-hint-key": hintKey(action), disabled: !context.myTurn,
    onclick: () => context.act(action),
    ...attributes,
  }, label, h("kbd", { "aria-hidden": "true", text: key }));
}

// A spectator sees no hand: every seat's panel shows its count of cards instead.
function handRow(view, snap, context) {
  if (view.hand === null) return null;
  const playable = new Set(legalOf(snap, "play").map((action) => action.card));
  const firstLegal = view.hand.find((code) => playable.has(code));
  return h("div", { class: "hand-row" },
    h("div", { class: "hand", role: "group", "aria-label": t("yourHand"), "data-region": "hand" },
      view.hand.map((code) => {
        const legal = playable.has(code) && context.myTurn;
        return cardFace(code, {
          tag: "button", type: "button", class: legal ? "legal" : "idle", "data-card": code, "data-nav": "",
          "data-focus-key": `card-${code}`, "data-autofocus": code === firstLegal || null,
          "data-hint-key": hintKey({ type: "play", card: code }),
          "aria-disabled": String(!legal),
          "aria-label": legal ? cardName(code) : t("notPlayable", { card: cardName(code) }),
          onclick: () => legal && context.act({ type: "play", card: code }),
        });
      })));
}

// --- keys, pacing, summaries ---------------------------------------------------------------------

// A finished trick stays in view a moment; the bots follow each other at a trick game's pace (kit.js).
const botDelay = trickBotDelay(DELAY);

// A deal's trick count names a store when the table has one of that number (the others take nothing).
const namesStore = (view, count) => view.stores.some((store) => store.store === count);

function seatResult(view, summary, seat) {
  if (summary.caught.includes(seat)) return t("resultCaught");
  const take = summary.takes.find((entry) => entry.seat === seat);
  if (take) return t("resultTake", take);
  const count = summary.tricks[seat];
  const collided = namesStore(view, count) && summary.collisions.some((seats) => seats.includes(seat));
  return collided ? t("resultCollision") : t("resultNothing");
}

function dealSummary(summary, snap) {
  const view = snap.view;
  return h("section", { class: "deal-summary", "data-deal": summary.deal },
    h("h2", { id: "summary-title", text: t("summaryTitle", { n: summary.deal }) }),
    summary.void_deal && h("p", { class: "notice", text: t("voidDeal") }),
    h("table", {},
      h("thead", {}, h("tr", {}, ["colPlayer", "colTricks", "colResult", "colChips"].map((key) =>
        h("th", { scope: "col", text: t(key) })))),
      h("tbody", {}, seatsFromBottom(view).map((seat) => h("tr", {
        class: `seat-${seat}`, "data-seat": seat, "data-tricks": summary.tricks[seat], "data-chips": summary.chips_after[seat],
      },
      h("th", { scope: "row", text: seatName(view, seat) }),
      h("td", { class: "num", text: summary.tricks[seat] }),
      h("td", { text: seatResult(view, summary, seat) }),
      h("td", { class: "num", text: summary.chips_after[seat] }))))),
    summary.exchanges.map((exchange) => h("p", { class: "exchange", text: t("exchange", {
      names: seatNames(view, exchange.seats), before: exchange.before.join(" / "), after: exchange.after.join(" / "),
    }) })),
    summary.contest && h("p", { class: "fine", text: t("contestOn") }));
}

// Who won the game, and with how many chips.
function headline(view, { scores, winners }) {
  const best = scores[winners[0]];
  if (winners.length > 1) return tn("winsShared", best, { names: seatNames(view, winners) });
  if (winners[0] === view.seat) return tn("youWin", best);
  return tn("winsOne", best, { name: seatName(view, winners[0]) });
}

/** @param {Snapshot} snap */
function finalSummary(snap) {
  const view = snap.view;
  // the result is the game's own JSON (Rules.result is not typed per game): what Arsène's holds
  const result = /** @type {{scores: number[], winners: number[], reason: string, caught: number[]}} */ (snap.result);
  const { scores, winners, reason, caught } = result;
  return h("section", { class: "final-summary" },
    h("h2", { id: "final-title", text: t("finalTitle") }),
    h("p", { class: "headline", text: headline(view, result) }),
    h("p", { text: reason === "police" ? t("reasonPolice", { names: seatNames(view, caught) }) : t("reasonStores") }),
    h("ul", { class: "scores" }, seatsFromBottom(view).map((seat) => h("li", {
      class: `seat-${seat} ${winners.includes(seat) ? "winner" : ""}`, "data-seat": seat,
    }, labelled(seatName(view, seat), scores[seat])))));
}

// --- learning: the hint's mark, actions and events in words, the keys, cards for the rules page ------------

// How far a game is, for the picker's line of a game in progress (index.js).
export const progress = (snap) => t("dealN", { n: snap.view.deal });

// The table's keys by the step they act in (the help lists each step's apart: a key means one thing
// in each list): the step's name, then each line of keys and the keys it names (index.js).
export const helpKeys = [
  { when: "arKeysChoose", keys: [{ text: "keyNumbers", names: "1 2 3" }] },
  { when: "arKeysPush", keys: [{ text: "keyKeepPush", names: "K P" }] },
  { when: "arKeysPlay", keys: [{ text: "keyArrows", names: "← → ↑ ↓" }, { text: "keyEnter", names: "Enter Space" }] },
];

function describeAction(action, snap) {
  const view = snap.view;
  if (action.type === "play") return t("doPlay", { card: cardName(action.card) });
  if (action.type === "choose") return t("doChoose", { n: action.index + 1 });
  if (action.type === "push") return t("doPush", { name: seatNameInSentence(view, action.to) });
  return t("doKeep");
}

// "North now has 2 tricks, the same as West." (or "You now have …"), from the trick counts after the events.
function holding(view, tricks, seat) {
  const count = tricks[seat];
  const said = t(seat === view.seat ? "nowHave_you" : "nowHave",
    { name: seatName(view, seat), tricks: tn("nTricks", count) });
  const same = seatsFromBottom(view).filter((other) => other !== seat && count > 0 && tricks[other] === count);
  return same.length > 0 ? t("sameAs", { holding: said, names: seatNames(view, same, seatNameInSentence) })
    : t("holdingEnd", { holding: said });
}

// The suit led to the trick a card went into: the finished trick's (from trick_won) or the one in play.
function ledSuit(view, events) {
  const plays = events.find((event) => event.type === "trick_won")?.cards ?? view.trick;
  return plays.length > 0 ? suitOf(plays[0].card) : null;
}

function dealOverWords(view, summary) {
  const said = [t("saidDealOver", { n: summary.deal })];
  if (summary.void_deal) return [...said, t("voidDeal")];
  for (const take of summary.takes) {
    said.push(t("saidTake", { name: seatName(view, take.seat), chips: tn("nChips", take.chips), store: take.store }));
  }
  const caughtAt = (seats) => seats.some((seat) => summary.caught.includes(seat));
  for (const seats of summary.collisions) {
    const store = summary.tricks[seats[0]];
    if (namesStore(view, store) && !caughtAt(seats)) {
      said.push(t("saidCollision", { names: seatNames(view, seats), store }));
    }
  }
  const caughtStores = [...new Set(summary.caught.map((seat) => summary.tricks[seat]))];
  for (const store of caughtStores) {
    const seats = summary.caught.filter((seat) => summary.tricks[seat] === store);
    said.push(t("saidCaught", { names: seatNames(view, seats, seatNameInSentence), store }));
  }
  for (const exchange of summary.exchanges) said.push(t("saidExchange", { names: seatNames(view, exchange.seats) }));
  return said;
}

function narrate(events, snap) {
  const view = snap.view;
  // after a deal's last trick the view shows the next deal: the counts and the trump are the ended deal's
  const dealOver = events.find((event) => event.type === "deal_over");
  const tricks = dealOver?.summary.tricks ?? view.tricks;
  const trump = events.some((event) => event.type === "deal_started") ? null : view.trump;
  const said = [];
  for (const event of events) {
    if (event.type === "chosen") {
      said.push(t(event.trump ? "saidChosenBlack" : "saidChosenRed",
        { name: seatName(view, event.seat), card: cardName(event.card) }));
    } else if (event.type === "played") {
      const led = ledSuit(view, events);
      const suit = suitOf(event.card);
      const key = led === null || suit === led ? "saidPlayed" : suit === trump ? "saidTrumped" : "saidDiscarded";
      said.push(t(key, { name: seatName(view, event.seat), card: cardName(event.card), suit: led && suitName(led) }));
    } else if (event.type === "trick_won") {
      const names = { name: seatName(view, event.winner), trick: event.trick };
      said.push(event.push_to === null ? t("saidWonForced", names)
        : t("saidWonMayPush", { ...names, target: seatNameInSentence(view, event.push_to) }));
    } else if (event.type === "kept" && !event.forced) {
      said.push(t("saidKept", { name: seatName(view, event.seat) }), holding(view, tricks, event.seat));
    } else if (event.type === "kept") {
      said.push(holding(view, tricks, event.seat));
    } else if (event.type === "pushed") {
      said.push(t("saidPushed", { name: seatName(view, event.from), target: seatNameInSentence(view, event.to) }),
        holding(view, tricks, event.to));
    } else if (event.type === "deal_over") {
      said.push(...dealOverWords(view, event.summary));
    } else if (event.type === "deal_started") {
      said.push(t("saidDealStarted", { n: event.deal, name: seatNameInSentence(view, event.dealer) }));
    } else if (event.type === "game_over") {
      said.push(t("gameOverStatus"), headline(view, event.result));
    }
  }
  return said;
}

// Cards as the hand draws them, for the rules page.
export function illustrate(cards) {
  return h("div", { class: "hand illustration" }, cards.map((code) => cardFace(code)));
}
