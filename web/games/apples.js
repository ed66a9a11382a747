// The Apples table: it draws snapshot.view for the viewing seat and offers snapshot.legal only.
// Seats sit clockwise from the bottom (seats.js): the viewer at the bottom, West, North, East; each
// plays for themselves. The scores, counts and points come from the view and the deal summary;
// grouping captured cards by rank is only a way of laying them out.
import {
  cardBack, cardFace, cardName, cardText, rankLabel, rankOf, RANKS, SUIT_SYMBOL, suitName, suitOf,
} from "../cards.js";
import { arrowFocus, focusInView, h, markHinted, present } from "../dom.js";
import { labelled, noted, t, tn } from "../i18n.js";
import { placeColors, placeOf, seatArea, seatName, seatsAround, seatShort, seatsFromBottom } from "../seats.js";
import { legalOf, trickBotDelay } from "./kit.js";
import { bidText, callText, describeAction, narrate } from "./apples/words.js";
import { dealSummary, finalSummary } from "./apples/summaries.js";

const DELAY = { trickShown: 1300, beforeHuman: 750, humanDone: 450 };

// One table of the game on `root`: everything it remembers between drawings lives here, so two
// tables of the game on one page share nothing (games/index.js).
/** @typedef {import("../generated/messages").Apples.Snapshot} Snapshot  a seat's table, as the bridge sends it */

export function createTable(root, shell) {
  /** @type {HTMLElement | null} the rendered .apples element, for keyboard navigation */
  let table = null;
  /** @type {number | null} a digit typed in the bidding: the number the next suit key bids */
  let pendingCount = null;
  /** @type {{save: string | undefined, action: import("../generated/messages").Apples.Action} | null} the suggested
   *  action, marked again when the same position is redrawn */
  let hinted = null;

  /** @param {Snapshot} snap @param {object} drawn */
  function render(snap, drawn) {
    const context = { ...drawn, act: shell.act };
    const view = snap.view;
    if (view.phase !== "bid" || !context.myTurn) pendingCount = null;
    table = h("div", {
      class: "apples", "data-phase": view.phase, "data-my-turn": String(context.myTurn),
      "data-deal": view.deal, "data-hand-size": view.hand?.length ?? null, "data-trick-number": view.trick_number,
      "data-trump": view.trump ?? null, "data-declarer": view.declarer ?? null, style: placeColors(view),
    },
    h("div", { class: "ap-main" },
      infoBar(view),
      h("div", { class: "felt ap-felt" }, seatsAround(view).map((seat) => seatPanel(view, seat)), centre(view)),
      phasePanel(view, snap, context),
      prompt(view, snap, context),
      handRow(view, snap, context)),
    h("aside", { class: "ap-side" }, totals(view), capturedSets(view),
      view.phase === "play" && view.declarer !== null && exchangePanel(view),
      trickTable(view), rulesBox(view.scoring)));
    root.replaceChildren(table);
    if (hinted && hinted.save === snap.save) markHinted(table, hintKey(hinted.action), { focus: false });
    else hinted = null;
  }

  // --- the parts of the table ----------------------------------------------------------------------

  function phasePanel(view, snap, context) {
    if (view.phase === "bid") return biddingPanel(view, snap, context);
    if (view.phase === "discard") return exchangePanel(view);
    if (view.phase === "target") return h("div", { class: "ap-panels" }, exchangePanel(view), targetPanel(view));
    return null; // in the play the spent exchange panel waits in the side column
  }

  // Every call so far, then (on the human's turn) the bidding box: one row per number the engine
  // offers, a button for each suit bid it lists as legal, and pass.
  function biddingPanel(view, snap, context) {
    const standing = view.standing_bid;
    const bids = legalOf(snap, "bid");
    const counts = [...new Set(bids.map((bid) => bid.count))];
    const canPass = legalOf(snap, "pass").length > 0 && context.myTurn;
    const firstBid = bids[0];
    return h("section", { class: "ap-panel bidding", "aria-label": t("apBidding") },
      h("div", { class: "bid-history", "data-region": "trick" },
        h("h2", { class: "strip-title", text: t("apBidHistory") }),
        callList(view, view.bids),
        h("p", { class: "standing", "data-standing": standing ? `${standing.count}${standing.suit}` : "",
          text: standing ? t("apStanding", { name: seatName(view, standing.seat), bid: bidText(standing.count, standing.suit) })
            : t("apNoStanding") })),
      snap.legal.length > 0 && h("div", { class: "bid-box", role: "group", "aria-label": t("apBidBox"), "data-region": "actions" },
        h("button", {
          type: "button", class: "action pass", id: "pass", "data-nav": "", "data-focus-key": "pass",
          "data-hint-key": hintKey({ type: "pass" }),
          "aria-keyshortcuts": "P", disabled: !canPass, "data-autofocus": firstBid ? null : "",
          onclick: () => context.act({ type: "pass" }),
        }, t("apPass"), h("kbd", { "aria-hidden": "true", text: "P" })),
        counts.map((count) => h("div", {
          class: `bid-row ${pendingCount === count ? "pending" : ""}`, "data-count": count, role: "group",
          "aria-label": tn("apBidRow", count),
        },
        h("span", { class: "bid-count", "aria-hidden": "true", text: count }),
        view.bid_suits.map((suit) => { // one column a suit, weakest to strongest at an equal number
          const bid = bids.find((b) => b.count === count && b.suit === suit);
          if (!bid) return h("span", { class: "bid-gap", "aria-hidden": "true" });
          return h("button", {
            type: "button", class: `bid suit-${suit}`, "data-bid": `${count}${suit}`, "data-nav": "",
            "data-focus-key": `bid-${count}${suit}`, "data-hint-key": hintKey(bid), disabled: !context.myTurn,
            "data-autofocus": bid === firstBid ? "" : null,
            "aria-label": t("apBidAria", { count, suit: suitName(suit) }),
            onclick: () => context.act(bid),
          }, h("span", { "aria-hidden": "true", text: bidText(count, suit) }));
        })))));
  }

  function onKey(event, snap, asked) {
    const context = { ...asked, act: shell.act };
    const key = event.key.toLowerCase();
    if (arrowFocus(table, key)) return true;
    if (!context.myTurn || snap.view.phase !== "bid") return false;
    if (key === "p") {
      context.act({ type: "pass" });
      return true;
    }
    const bids = legalOf(snap, "bid");
    if (/^[1-9]$/.test(key) && bids.some((bid) => bid.count === Number(key))) {
      pendingCount = Number(key);
      const drawn = present(table, "the table"); // the shell sends keys to a drawn table
      for (const row of /** @type {NodeListOf<HTMLElement>} */ (drawn.querySelectorAll(".bid-row"))) {
        row.classList.toggle("pending", Number(row.dataset.count) === pendingCount);
      }
      focusInView(drawn.querySelector(`.bid-row[data-count="${pendingCount}"] .bid`));
      return true;
    }
    // a suit letter bids only after a digit: alone, H is the hint and S the share, as at every table
    const suit = key.toUpperCase();
    if (pendingCount === null) return false;
    const bid = bids.find((b) => b.suit === suit && b.count === pendingCount);
    if (bid) context.act(bid);
    return bid !== undefined;
  }

  // The suggested bid, pass or card stands out and takes the focus (Enter or Space then does it).
  function showHint(action, snap) {
    hinted = { save: snap.save, action };
    markHinted(root, hintKey(action));
  }

  return { render, onKey, showHint, botDelay, dealSummary, finalSummary, describeAction, narrate };
}

// What names an action on the table (data-hint-key), for the hint's mark.
const hintKey = (action) => `${action.type}:${action.card ?? (action.count ? `${action.count}${action.suit}` : "")}`;

function contractBadge(view) {
  if (view.declarer === null) return h("span", { class: "badge", text: t("apNoContract") });
  return h("span", {
    class: `badge contract suit-${view.trump}`, "data-contract": `${view.count}${view.trump}`,
    "aria-label": t("apContractAria", { name: seatName(view, view.declarer), count: view.count, suit: suitName(view.trump) }),
    text: t("apContract", { name: seatName(view, view.declarer), count: view.count, symbol: SUIT_SYMBOL[view.trump] }),
  });
}

function infoBar(view) {
  return h("div", { class: "info ap-info" },
    h("span", { class: "badge", text: t("apDeal", { n: view.deal }) }),
    h("span", { class: "badge", text: t("apDealer", { name: seatName(view, view.dealer) }) }),
    contractBadge(view),
    h("span", { class: "badge", text: t("apGoal", { goal: view.scoring.goal }) }));
}

function lastCall(view, seat) {
  return view.bids.filter((call) => call.seat === seat).at(-1);
}

function seatPanel(view, seat) {
  const turn = view.current_player === seat;
  const call = view.phase === "bid" ? lastCall(view, seat) : undefined;
  const declarer = view.declarer === seat;
  const targetSet = view.targets_set[seat];
  const own = seat === view.seat;
  return h("div", {
    class: `seat seat-${seat} area-${seatArea(view, seat)} ${turn ? "turn" : ""}`,
    "data-seat": seat, "data-place": placeOf(view, seat), "data-total": view.scores[seat],
    "data-tricks": view.tricks[seat], "data-target-set": String(targetSet), role: "group",
    "aria-label": t("apSeatAria", { name: seatName(view, seat), total: view.scores[seat],
      tricks: tn("apNTricks", view.tricks[seat]), cards: tn("apNCards", view.hand_sizes[seat]) })
      + (turn ? noted(t("apToMove")) : ""),
  },
  h("span", { class: "seat-name", "aria-hidden": "true" }, seatName(view, seat),
    view.dealer === seat && h("span", { class: "dealer-chip", title: t("apDealerChip"), text: "D" }),
    declarer && h("span", { class: `declarer-chip suit-${view.trump}`, title: t("apDeclarerChip"),
      text: bidText(view.count, view.trump) })),
  h("span", { class: "seat-stats", "aria-hidden": "true" },
    h("span", { class: "stat total" }, h("small", { text: t("apTotal") }), ` ${view.scores[seat]}`),
    h("span", { class: "stat tricks" }, h("small", { text: t("apTricks") }), ` ${view.tricks[seat]}`),
    !own && h("span", { class: "stat cards-left" }, h("small", { text: t("apCards") }), ` ${view.hand_sizes[seat]}`)),
  call && h("span", { class: `seat-call ${call.type} ${call.type === "bid" ? `suit-${call.suit}` : ""}`, "data-call": call.type === "bid" ? `${call.count}${call.suit}` : "pass",
    text: callText(call) }),
  targetSet && (own && view.target
    ? cardFace(view.target, { class: "micro-target mini", "aria-label": t("apTargetOwn", { card: cardName(view.target) }) })
    : cardBack({ class: "micro-target mini", "aria-label": t("apTargetSet") })));
}

// The middle of the felt: the trick in play, or (between tricks) the last one with who took it,
// and the trick number and trump once there is a contract.
function centre(view) {
  const last = view.played.at(-1);
  const playing = view.phase === "play";
  const showing = view.trick.length > 0 ? view.trick : last?.plays ?? [];
  const done = playing && view.trick.length === 0 && last !== undefined;
  const winner = done ? last.winner : null;
  return h("div", { class: `trick ${done ? "done" : ""}`, "aria-live": "polite", "data-region": playing ? "trick" : null },
    playing && showing.map((play) => cardFace(play.card, {
      class: `slot-${seatArea(view, play.seat)} ${play.seat === winner ? "winner" : ""}`, "data-seat": play.seat,
      "aria-label": labelled(seatName(view, play.seat), cardName(play.card)),
    })),
    h("span", { class: "trick-caption" },
      done && h("span", { class: "trick-result", text: t("apTrickWon", { winner: seatName(view, last.winner), n: last.trick }) }),
      playing && h("span", { class: "trick-number", text: t("apTrickN", { n: view.trick_number, total: view.tricks_per_deal }) }),
      view.trump && h("span", { class: `trump-badge suit-${view.trump}`, "data-trump": view.trump,
        "aria-label": t("apTrumpAria", { suit: suitName(view.trump) }),
        text: t("apTrump", { symbol: SUIT_SYMBOL[view.trump] }) })));
}

function callList(view, calls) {
  if (calls.length === 0) return null;
  return h("ol", { class: "call-list" }, calls.map((call, i) => h("li", {
    class: `call seat-${call.seat} ${call.type}`, "data-seat": call.seat, "data-index": i,
    "data-call": call.type === "bid" ? `${call.count}${call.suit}` : "pass",
    "aria-label": t("apCallAria", { name: seatName(view, call.seat), call: call.type === "bid"
      ? t("apBidAria", { count: call.count, suit: suitName(call.suit) }) : t("apPass") }),
  },
  h("span", { class: "call-seat", "aria-hidden": "true", text: seatShort(view, call.seat) }),
  h("span", { class: `call-bid ${call.type === "bid" ? `suit-${call.suit}` : ""}`, "aria-hidden": "true",
    text: callText(call) }))));
}

function pileSeatLine(view, seat) {
  const k = view.discarded[seat];
  const key = seat === view.declarer ? "apPutInTrumps" : "apPutIn";
  return h("li", { class: `seat-${seat}`, "data-seat": seat, "data-discarded": k },
    h("span", { text: t(key, { name: seatName(view, seat), k, count: view.count }) }),
    seat !== view.seat && h("span", { class: "backs", "aria-label": t("apFaceDown", { n: k }) },
      Array.from({ length: k }, () => cardBack({ class: "mini", "aria-hidden": "true", role: null }))));
}

// The exchange: while it goes on, how many cards each seat has put into the pile (face down, the
// declarer's all trumps); the human's own cards put in and, once the pile is dealt, what came back.
function exchangePanel(view) {
  const dealt = view.phase !== "discard";
  return h("section", { class: `ap-panel exchange ${view.phase === "play" ? "spent" : ""}`, "aria-label": t("apExchange"),
    "data-region": dealt ? null : "trick" },
    h("h2", { class: "strip-title", text: t("apExchange") }),
    !dealt && h("p", { class: "fine rule", text: t("apExchangeRule", { name: seatName(view, view.declarer),
      count: view.count, symbol: SUIT_SYMBOL[view.trump] }) }),
    !dealt && h("ul", { class: "pile-list" }, seatsFromBottom(view).map((seat) => pileSeatLine(view, seat))),
    view.discards?.length > 0 && h("p", { class: "gift-line", "data-discards": view.discards.join(" ") },
      h("span", { text: t("apYouPut") }), view.discards.map((code) => cardFace(code, { class: "mini" }))),
    dealt && view.received && h("p", { class: "gift-line", "data-received": view.received.join(" ") },
      h("span", { text: t("apYouGot") }), view.received.map((code) => cardFace(code, { class: "mini" }))));
}

function targetPanel(view) {
  return h("section", { class: "ap-panel targets", "aria-label": t("apTargets"), "data-region": "trick" },
    h("h2", { class: "strip-title", text: t("apTargets") }),
    h("ul", { class: "chosen-list" }, seatsFromBottom(view).map((seat) => h("li", {
      class: `seat-${seat} ${view.targets_set[seat] ? "yes" : ""}`, "data-seat": seat,
      "data-chosen": String(view.targets_set[seat]),
      text: t(view.targets_set[seat] ? "apChosen" : "apChoosing", { name: seatName(view, seat) }),
    }))));
}

function prompt(view, snap, context) {
  const mover = view.current_player;
  const redealt = (context.events ?? []).some((event) => event.type === "redeal");
  let status;
  if (snap.is_over) status = t("apOver");
  else if (mover !== view.seat) {
    status = t({ bid: "apWaitBid", discard: "apWaitDiscard", target: "apWaitTarget", play: "apWaitPlay" }[view.phase],
      { name: seatName(view, mover) });
  } else if (view.phase === "bid") status = t("apYourBid");
  else if (view.phase === "discard") {
    status = tn(view.seat === view.declarer ? "apYourDiscardDeclarer" : "apYourDiscard", view.count - view.discards.length);
  } else if (view.phase === "target") status = t("apYourTargetPrompt");
  else status = t(view.trick.length === 0 ? "apYourLead" : "apYourPlay");
  return h("div", { class: "prompt" },
    redealt && h("p", { class: "notice-line", text: t("apRedeal") }),
    h("p", { class: "status", id: "status", role: "status", text: status }),
    view.target && h("p", { class: "own-target" },
      h("span", { class: "fine", text: t("apYourTarget") }),
      cardFace(view.target, { class: "mini target", "data-target": view.target,
        "aria-label": t("apTargetOwn", { card: cardName(view.target) }) })));
}

const CARD_ACTION_LABEL = { discard: "apDiscardCard", target: "apTargetCard" };

// A spectator sees no hand: every seat's panel shows its count of cards instead.
function handRow(view, snap, context) {
  if (view.hand === null) return null;
  const offered = new Map(snap.legal.filter((action) => "card" in action).map((action) => [action.card, action]));
  const received = new Set(view.phase === "play" || view.phase === "target" ? view.received : []);
  const firstLegal = view.hand.find((code) => offered.has(code));
  return h("div", { class: "hand-row" },
    h("div", { class: `hand phase-${view.phase}`, role: "group", "aria-label": t("apYourHand"), "data-region": "hand" },
      view.hand.map((code) => {
        const name = received.has(code) ? t("apReceivedCard", { card: cardName(code) }) : cardName(code);
        const action = offered.get(code);
        const legal = action !== undefined && context.myTurn;
        if (offered.size === 0) {
          return cardFace(code, { class: received.has(code) ? "received" : "", "data-card": code, "aria-label": name,
            title: received.has(code) ? name : null });
        }
        const label = legal && CARD_ACTION_LABEL[action.type] ? t(CARD_ACTION_LABEL[action.type], { card: name }) : name;
        return cardFace(code, {
          tag: "button", type: "button", "data-card": code, "data-nav": "", "data-focus-key": `card-${code}`,
          "data-hint-key": action && hintKey(action),
          "data-autofocus": code === firstLegal || null, "data-received": received.has(code) ? "" : null,
          class: `${legal ? "legal" : "idle"} ${received.has(code) ? "received" : ""}`, title: received.has(code) ? name : null,
          "aria-disabled": String(!legal), "aria-label": legal ? label : t("apNotPlayable", { card: name }),
          onclick: () => legal && context.act(action),
        });
      })));
}

function totals(view) {
  const goal = view.scoring.goal;
  return h("section", { class: "ap-box totals", "aria-label": t("apTotals", { goal }) },
    h("h2", { class: "strip-title", text: t("apTotals", { goal }) }),
    h("ul", { class: "total-list" }, seatsFromBottom(view).map((seat) => {
      const total = view.scores[seat];
      const share = Math.max(0, Math.min(100, (100 * total) / goal));
      return h("li", { class: `seat-${seat}`, "data-seat": seat, "data-total": total,
        "aria-label": t("apTotalAria", { name: seatName(view, seat), total, goal }) },
      h("span", { class: "total-name", "aria-hidden": "true", text: seatName(view, seat) }),
      h("span", { class: "total-bar", "aria-hidden": "true" }, h("span", { style: `width: ${share}%` })),
      h("strong", { class: "total-points", "aria-hidden": "true", text: total }));
    })));
}

// A player's captured cards laid out by rank, highest first: sets of two or more stand out.
function rankGroups(codes) {
  const groups = new Map();
  for (const code of codes) groups.set(rankOf(code), [...(groups.get(rankOf(code)) ?? []), code]);
  return [...groups.entries()].sort(([a], [b]) => RANKS.indexOf(b) - RANKS.indexOf(a)); // the ace first
}

function setChip(rank, codes, isTarget) {
  const names = t("apSetNames").split("|");
  const kind = codes.length >= 2 ? names[Math.min(codes.length, 4) - 2] : "";
  return h("li", {
    class: `set size-${Math.min(codes.length, 4)} ${isTarget ? "target-rank" : ""}`,
    "data-rank": rank, "data-count": codes.length, "data-target": isTarget ? "" : null,
    "aria-label": t("apSetAria", { rank: rankLabel(rank), count: codes.length, cards: codes.map(cardName).join(t("apList")) })
      + (kind ? noted(kind) : "") + (isTarget ? ` · ${t("apTargetMark")}` : ""),
  },
  h("span", { class: "set-rank", "aria-hidden": "true", text: rankLabel(rank) }),
  h("span", { class: "set-suits", "aria-hidden": "true" },
    codes.map((code) => h("span", { class: `suit-${suitOf(code)}`, text: SUIT_SYMBOL[suitOf(code)] }))));
}

function capturedSets(view) {
  const targetRank = view.target ? rankOf(view.target) : null;
  return h("section", { class: "ap-box captured", "aria-label": t("apCaptured") },
    h("h2", { class: "strip-title", text: t("apCaptured") }),
    seatsFromBottom(view).map((seat) => {
      const codes = view.captured[seat];
      return h("div", { class: `captured-row seat-${seat}`, "data-seat": seat, "data-cards": codes.length,
        role: "group", "aria-label": t("apCapturedAria", { name: seatName(view, seat), cards: codes.length }) },
      h("span", { class: "captured-name", "aria-hidden": "true", text: seatShort(view, seat) }),
      codes.length === 0 ? h("span", { class: "fine", text: t("apNothingCaptured") })
        : h("ul", { class: "sets" }, rankGroups(codes).map(([rank, group]) =>
          setChip(rank, group, seat === view.seat && rank === targetRank))));
    }));
}

// The tricks of the deal, one row each: every card played, who led, who took it.
function trickTable(view) {
  const rows = view.played.map((trick) => ({ ...trick, finished: true }));
  if (view.phase === "play" && view.trick.length > 0) {
    rows.push({ trick: view.trick_number, leader: view.leader, plays: view.trick, finished: false });
  }
  return h("section", { class: "ap-box trick-table-box", "aria-label": t("apTrickTable") },
    h("h2", { class: "strip-title" }, t("apTrickTable"),
      view.trump && h("span", { class: `trump-mark suit-${view.trump}`, text: ` · ${t("apTrump", { symbol: SUIT_SYMBOL[view.trump] })}` })),
    h("table", { class: "trick-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("apColTrick") }),
        seatsFromBottom(view).map((seat) => h("th", { scope: "col", class: `seat-${seat}`, text: seatShort(view, seat),
          "aria-label": seatName(view, seat) })),
        h("th", { scope: "col", text: t("apColWinner") }))),
      h("tbody", {}, rows.map((trick) => h("tr", {
        class: trick.finished ? "finished" : "current", "data-trick": trick.trick,
        "data-winner": trick.finished ? trick.winner : null,
        "data-plays": trick.plays.map((play) => `${play.seat}:${play.card}`).join(" "),
      },
      h("th", { scope: "row", text: String(trick.trick) }),
      seatsFromBottom(view).map((seat) => {
        const play = trick.plays.find((p) => p.seat === seat);
        return h("td", {
          class: `play ${play ? `suit-${suitOf(play.card)}` : ""} ${trick.leader === seat ? "led" : ""} ${
            trick.winner === seat ? "won" : ""} ${play && suitOf(play.card) === view.trump ? "trumped" : ""}`,
          title: trick.leader === seat ? t("apLed") : null, text: play ? cardText(play.card) : "",
        });
      }),
      h("td", { class: `winner ${trick.finished ? `seat-${trick.winner}` : ""}`,
        text: trick.finished ? seatShort(view, trick.winner) : "" }))))));
}

// The points table, from the view's data; it says it is a reconstruction when the data says so.
function rulesBox(scoring) {
  const targetRows = Object.entries(scoring.target).map(([n, points]) => h("li", {
    "data-target-count": n, text: points === "pair" ? t("apTargetRule1") : t("apTargetRuleN", { n, points }),
  }));
  return h("details", { class: "ap-box ap-rules", "data-reconstructed": String(scoring.reconstructed) },
    h("summary", { text: t("apRules") }),
    scoring.reconstructed && h("p", { class: "fine reconstructed", text: t("apRulesNote") }),
    h("table", { class: "points-table" },
      h("thead", {}, h("tr", {}, ["apColRanks", "apColPair", "apColTriple", "apColFour"].map((key, i) =>
        h("th", { scope: "col", class: i ? "num" : "", text: t(key) })))),
      h("tbody", {}, scoring.sets.map((row) => h("tr", { "data-ranks": row.ranks.join(" ") },
        h("th", { scope: "row", text: row.ranks.map(rankLabel).join(" ") }),
        [row.pair, row.triple, row.four].map((points) => h("td", { class: `num ${points < 0 ? "minus" : ""}`, text: points })))))),
    h("ul", { class: "target-rules" }, targetRows),
    h("p", { class: "fine", text: t("apSingles", { goal: scoring.goal }) }));
}

// --- keys, pacing, summaries ---------------------------------------------------------------------

// Calls come one by one; the exchange and the target cards quickly (face down, nothing to read);
// in the play, a trick game's pace (kit.js).
const SET_UP_DELAY = { bid: 700, discard: 200, target: 300 };
const botDelay = trickBotDelay(DELAY, (snap) => SET_UP_DELAY[snap.view.phase] ?? null);

// --- learning: the hint's mark, actions and events in words, the keys, cards for the rules page ------------

// How far a game is, for the picker's line of a game in progress (index.js).
export const progress = (snap) => t("apDeal", { n: snap.view.deal });

// The table's keys by the step they act in (the help lists each step's apart: a key means one thing
// in each list): the step's name, then each line of keys and the keys it names (index.js).
export const helpKeys = [
  { when: "apKeysBid", keys: [{ text: "apKeyBid", names: "1–9 S H D C P" }] },
  { when: "apKeysCards", keys: [{ text: "keyArrows", names: "← → ↑ ↓" }, { text: "apKeyCards", names: "Enter Space" }] },
];
export const legend = ["apLegendReceived"];

// Cards as the hand draws them, for the rules page.
export function illustrate(cards) {
  return h("div", { class: "hand illustration" }, cards.map((code) => cardFace(code)));
}
