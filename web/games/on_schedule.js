// The On Schedule table: it draws snapshot.view for the viewing seat and offers snapshot.legal only.
// Seats sit clockwise from the bottom (seats.js): the viewer at the bottom, West, North (the viewer's
// partner), East. The schedule row (trick i's trump) stays in view in every phase.
import { cubeStatus } from "../cube.js";
import { cardFace, cardName, cardText, rankLabel, rankOf, SUIT_SYMBOL, SUITS, suitName, suitOf } from "../cards.js";
import { arrowFocus, focusInView, h, keyMarked, keysSpoken, present } from "../dom.js";
import { labelled, noted, t } from "../i18n.js";
import {
  isSpectator, partnerOf, placeColors, placeOf, seatArea, seatName, seatsAround, seatShort, seatsFromBottom,
  teamName, teamOf,
} from "../seats.js";
import { legalOf, sameStep, trickBotDelay } from "./kit.js";
import { scheduleRow, slot, specialOwner, specialTrickOf, vpPips } from "./on_schedule/schedule.js";
import { describeAction, narrate } from "./on_schedule/words.js";
import { dealSummary, finalSummary } from "./on_schedule/summaries.js";

const DELAY = { vote: 550, give: 350, trickShown: 1200, beforeHuman: 750, humanDone: 450 };

// How many cards a gift is: as many as each give action the engine offers names.
const giftSize = (snap) => legalOf(snap, "give")[0]?.cards.length ?? 0;

// One table of the game on `root`: everything it remembers between drawings lives here, so two
// tables of the game on one page share nothing (games/index.js).
/** @typedef {import("../generated/messages").OnSchedule.Snapshot} Snapshot  a seat's table, as the bridge sends it */

export function createTable(root, shell) {
  /** @type {HTMLElement | null} the rendered .on-schedule element, for keyboard navigation */
  let table = null;
  /** @type {{snap: Snapshot, context: Record<string, any>} | null} picking a card to give redraws without a new snapshot */
  let lastDrawn = null;
  // The cards the human has picked to give, in the order picked; only ever cards of the current hand.
  let picked = [];
  let pickedFor = ""; // the hand the picks belong to: a new hand (or deal) clears them
  /** @type {{snap: Snapshot, action: import("../generated/messages").OnSchedule.Action} | null} the suggested
   *  action, marked again when a pick redraws the same snapshot */
  let hinted = null;

  /** @param {Snapshot} snap @param {object} drawn */
  function render(snap, drawn) {
    const context = { ...drawn, act: shell.act };
    const view = snap.view;
    const handKey = `${view.deal}:${view.hand?.join(",")}`;
    if (view.phase !== "give" || pickedFor !== handKey) picked = [];
    pickedFor = handKey;
    lastDrawn = { snap, context };
    table = h("div", {
      class: "on-schedule", "data-phase": view.phase, "data-my-turn": String(context.myTurn),
      "data-deal": view.deal, "data-hand-size": view.hand?.length ?? null, "data-trick-number": view.trick_number,
      style: placeColors(view),
    },
    h("div", { class: "os-main" },
      scoresBar(view),
      scheduleRow(view, view.row, view.special, { current: view.phase === "play" ? view.trick_number : null }),
      h("div", { class: "felt os-felt" }, seatsAround(view).map((seat) => seatPanel(view, seat)), centre(view)),
      phasePanel(view, snap, context),
      prompt(view, snap),
      handRow(view, snap, context)),
    h("aside", { class: "os-side" }, trickTable(view)));
    root.replaceChildren(table);
    markHint();
  }

  // --- the parts of the table ----------------------------------------------------------------------

  function phasePanel(view, snap, context) {
    if (view.phase === "vote") return votingPanel(view, snap, context);
    if (view.phase === "give") return passPanel(view, snap, context);
    if (view.received?.length && view.gave) return passRecord(view); // a set-up may start after the pass
    return null;
  }

  function passPanel(view, snap, context) {
    const partner = partnerOf(view.seat);
    const action = giftAction(snap);
    return h("section", { class: "os-panel passing", "aria-label": t("osPassTitle") },
      h("h2", { class: "strip-title", text: t("osPassTitle") }),
      h("ul", { class: "chosen-list" }, seatsFromBottom(view).map((seat) => h("li", {
        class: `seat-${seat} ${view.chosen[seat] ? "yes" : ""}`, "data-seat": seat,
        "data-chosen": String(view.chosen[seat]),
        text: t(view.chosen[seat] ? "osChosen" : "osChoosing", { name: seatName(view, seat) }),
      }))),
      view.gave && h("p", { class: "gift-line", "data-gave": view.gave.join(" ") },
        h("span", { text: t("osSetAside", { name: seatName(view, partner) }) }),
        view.gave.map((code) => cardFace(code, { class: "mini" }))),
      legalOf(snap, "give").length > 0 && h("div", { class: "give-row", "data-region": "actions" },
        h("span", { class: "picked-count", "data-picked": picked.length, text: t("osPicked", { n: picked.length, size: giftSize(snap) }) }),
        h("button", {
          type: "button", id: "give", class: "action primary", "data-nav": "", "data-focus-key": "give",
          "aria-keyshortcuts": "G", disabled: !(action && context.myTurn),
          onclick: () => action && context.act(action),
        }, t("osGive", { name: seatName(view, partner) }), h("kbd", { "aria-hidden": "true", text: "G" }))));
  }

  // The legal give action naming exactly the two picked cards (the engine lists them in hand order).
  function giftAction(snap) {
    if (picked.length !== giftSize(snap)) return undefined;
    return legalOf(snap, "give").find((action) => action.cards.every((code) => picked.includes(code)));
  }

  // A spectator sees no hand: every seat's panel shows its count of cards instead.
  function handRow(view, snap, context) {
    if (view.hand === null) return null;
    const giving = legalOf(snap, "give").length > 0 && context.myTurn;
    const playable = new Set(legalOf(snap, "play").map((action) => action.card));
    const received = new Set(view.received ?? []);
    const firstLegal = giving ? view.hand[0] : view.hand.find((code) => playable.has(code));
    return h("div", { class: "hand-row" },
      h("div", { class: `hand ${giving ? "giving" : ""}`, role: "group", "aria-label": t("osYourHand"), "data-region": "hand" },
        view.hand.map((code) => {
          const name = cardName(code);
          const common = {
            tag: "button", type: "button", "data-card": code, "data-nav": "", "data-focus-key": `card-${code}`,
            "data-autofocus": code === firstLegal || null, "data-received": received.has(code) ? "" : null,
          };
          if (giving) {
            const isPicked = picked.includes(code);
            return cardFace(code, { ...common, class: `pickable ${isPicked ? "picked" : ""}`,
              "aria-pressed": String(isPicked), "aria-label": t(isPicked ? "osUnpickCard" : "osPickCard", { card: name }),
              onclick: () => togglePick(code) });
          }
          if (view.phase !== "play") {
            return cardFace(code, { class: received.has(code) ? "received" : "", "data-card": code });
          }
          const legal = playable.has(code) && context.myTurn;
          const label = received.has(code) ? t("osReceivedCard", { card: name }) : name;
          return cardFace(code, { ...common, class: `${legal ? "legal" : "idle"} ${received.has(code) ? "received" : ""}`,
            "aria-disabled": String(!legal), "aria-label": legal ? label : t("osNotPlayable", { card: label }),
            onclick: () => legal && context.act({ type: "play", card: code }) });
        })));
  }

  // Picking a third card lets go of the first one picked, so a tap always does something visible.
  function togglePick(code) {
    const { snap, context } = present(lastDrawn, "the table's last render"); // the card tapped is on it
    picked = picked.includes(code) ? picked.filter((c) => c !== code) : [...picked, code].slice(-giftSize(snap));
    const focused = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.focusKey;
    render(snap, context);
    if (focused) focusInView(present(table, "the table").querySelector(`[data-focus-key="${focused}"]`));
  }

  function onKey(event, snap, asked) {
    const context = { ...asked, act: shell.act };
    const key = event.key.toLowerCase();
    if (arrowFocus(table, key)) return true;
    if (!context.myTurn) return false;
    const vote = legalOf(snap, "vote").find((action) => action.suit.toLowerCase() === key);
    if (vote) {
      context.act(vote);
      return true;
    }
    if (key === "g") {
      const action = giftAction(snap);
      if (action) context.act(action);
      return action !== undefined;
    }
    return false;
  }

  // The suggested vote, gift or card stands out and takes the focus: Enter (or G for a gift, whose two
  // cards are picked for the player who asked) then does it. The explanations' own hint picks nothing:
  // it may come while the player is picking. A doubling-cube hint is the cube bar's own.
  function showHint(action, snap, { auto }) {
    hinted = { snap, action };
    if (action.type === "give" && !auto) picked = [...action.cards];
    if (lastDrawn && sameStep(lastDrawn.snap, snap)) render(lastDrawn.snap, lastDrawn.context);
    else markHint();
    const marked = table?.querySelectorAll(".hinted") ?? [];
    focusInView(marked[marked.length - 1]);
  }

  function markHint() {
    const drawn = table; // drawn with lastDrawn: none before the first render
    if (!hinted || !drawn || !sameStep(hinted.snap, lastDrawn?.snap)) return;
    const { action } = hinted;
    const inHand = (code) => drawn.querySelector(`.hand [data-card="${code}"]`);
    const marked = action.type === "vote" ? [drawn.querySelector(`.vote-suit[data-suit="${action.suit}"]`)]
      : action.type === "give" ? [...action.cards.map(inHand), drawn.querySelector("#give")]
        : action.type === "play" ? [inHand(action.card)] : [];
    for (const element of marked) element?.classList.add("hinted");
    drawn.dataset.hint = JSON.stringify(action);
  }

  return { render, onKey, showHint, botDelay, dealSummary, finalSummary, describeAction, narrate };
}

function scoresBar(view) {
  const teamPoints = [0, 1].map((team) => view.points[team] + view.points[team + 2]);
  return h("div", { class: "info os-info" },
    h("span", { class: "badge", text: t("osDeal", { n: view.deal }) }),
    h("span", { class: "badge", text: t("osDealer", { name: seatName(view, view.dealer) }) }),
    h("div", { class: "os-teams" }, [0, 1].map((team) => h("div", {
      class: `team team-${team}`, "data-team": team, "data-points": teamPoints[team],
      "data-vp": view.victory_points[team], role: "group",
      "aria-label": t("osTeamAria", { team: teamName(view, team), points: teamPoints[team],
        vp: view.victory_points[team], target: view.target }),
    },
    h("span", { class: "team-name", "aria-hidden": "true", text: teamName(view, team) }),
    h("span", { class: "team-points", "aria-hidden": "true" }, h("strong", { text: teamPoints[team] }),
      ` ${t("osPointsShort")}`),
    vpPips(view.victory_points[team], view.target)))));
}

function seatPanel(view, seat) {
  const turn = view.current_player === seat;
  const special = view.special[seat];
  const aria = t(special ? "osSeatAria" : "osSeatAriaNoSpecial", { name: seatName(view, seat), cards: view.hand_sizes[seat],
    tricks: view.tricks[seat], points: view.points[seat], special });
  const chosen = view.chosen?.[seat];
  return h("div", {
    class: `seat seat-${seat} area-${seatArea(view, seat)} team-${teamOf(seat)} ${turn ? "turn" : ""}`,
    "data-seat": seat, "data-place": placeOf(view, seat), "data-points": view.points[seat],
    "data-tricks": view.tricks[seat], "data-special": special ?? null, role: "group",
    "aria-label": aria + (turn ? noted(t("osToMove")) : ""),
  },
  h("span", { class: "seat-name", "aria-hidden": "true" }, seatName(view, seat),
    view.dealer === seat && h("span", { class: "dealer-chip", title: t("osDealerChip"), text: "D" }),
    special && h("span", { class: `special-chip seat-${seat}`, text: t("osSpecialShort", { n: special }) })),
  h("span", { class: "seat-stats", "aria-hidden": "true" },
    h("span", { class: "stat tricks" }, h("small", { text: t("osTricks") }), ` ${view.tricks[seat]}`),
    h("span", { class: "stat points" }, h("small", { text: t("osPoints") }), ` ${view.points[seat]}`),
    seat !== view.seat && h("span", { class: "stat cards-left" }, h("small", { text: t("osCards") }),
      ` ${view.hand_sizes[seat]}`),
    chosen !== undefined && h("span", { class: `stat chosen ${chosen ? "yes" : ""}`,
      text: chosen ? "✓" : "…" })));
}

// The middle of the felt: the trick in play, or (between tricks) the last one with who took it,
// and always the number and trump of the trick being played (or, before the play, of trick 1).
function centre(view) {
  const last = view.played.at(-1);
  const showing = view.trick.length > 0 ? view.trick : last?.plays ?? [];
  const done = view.phase === "play" && view.trick.length === 0 && last !== undefined;
  const trump = view.trump ?? view.row[0]?.suit;
  const winner = done ? last.winner : null;
  return h("div", { class: `trick ${done ? "done" : ""}`, "aria-live": "polite", "data-region": "trick" },
    view.phase === "play" && showing.map((play) => cardFace(play.card, {
      class: `slot-${seatArea(view, play.seat)} ${play.seat === winner ? "winner" : ""}`,
      "aria-label": labelled(seatName(view, play.seat), cardName(play.card)),
    })),
    h("span", { class: "trick-caption" },
      done && h("span", { class: "trick-result", text: t(last.doubled ? "osTrickWonDoubled" : "osTrickWon",
        { winner: seatName(view, last.winner), n: last.trick, points: last.points }) }),
      trump && h("span", { class: "trick-number", text: t("osTrickN", { n: Math.min(view.trick_number, view.tricks_per_deal), total: view.tricks_per_deal }) }),
      trump && h("span", { class: `trump-badge suit-${trump}`, "aria-label": t("osTrumpAria", { suit: suitName(trump) }),
        text: t("osTrump", { symbol: SUIT_SYMBOL[trump] }) })));
}

// The vote stack (every vote so far, face up, and whose vote comes next) and the viewer's pile (a
// spectator has none).
function votingPanel(view, snap, context) {
  const cast = view.votes.length;
  const voter = view.current_player;
  const stack = Array.from({ length: view.tricks_per_deal }, (_, i) => {
    const vote = view.votes[i];
    const next = i === cast;
    const label = vote ? t("osVoteSlot", { n: i + 1, card: cardName(vote.card), name: seatName(view, vote.seat) })
      : next ? t(voter === view.seat ? "osVoteNextYou" : "osVoteNext", { n: i + 1, name: seatName(view, voter) })
        : t("osVoteLater", { n: i + 1 });
    return slot(view, i + 1, vote ?? null, {
      label, classes: next ? `next seat-${voter}` : "",
      attributes: { "data-vote": i + 1, "data-seat": vote?.seat ?? (next ? voter : null),
        "data-card": vote?.card ?? null, "aria-current": next ? "step" : null },
      marks: next ? [h("span", { class: `mark-next seat-${voter}`, text: seatShort(view, voter) })] : [],
    });
  });
  const tally = Object.fromEntries(SUITS.map((suit) => [suit, view.votes.filter((v) => v.suit === suit).length]));
  const pile = isSpectator(view) ? null : view.piles[view.seat];
  const votable = new Set(legalOf(snap, "vote").map((action) => action.suit));
  return h("section", { class: "os-panel voting", "aria-label": t("osVotes"), "data-region": pile ? "actions" : null },
    h("h2", { class: "strip-title", text: t("osVotes") }),
    h("ol", { class: "strip vote-stack" }, stack),
    pile && h("div", { class: "pile", role: "group", "aria-label": t("osYourPile") },
      h("h3", { class: "strip-title", text: t("osYourPile") }),
      h("div", { class: "vote-buttons" }, SUITS.map((suit, i) => {
        const mine = pile.filter((code) => suitOf(code) === suit);
        const legal = votable.has(suit) && context.myTurn;
        return h("button", {
          type: "button", class: `vote-suit suit-${suit} ${legal ? "legal" : ""}`, "data-suit": suit,
          "data-nav": "", "data-focus-key": `vote-${suit}`, "data-autofocus": (legal && i === 0) || null,
          "aria-keyshortcuts": suit, disabled: !legal,
          // named by what it shows, in order (the pile's ranks, the tally, the key), so that a voice user
          // can say it (WCAG 2.5.3, label in name); the sentence saying what the vote does describes it
          "aria-label": `${t("osVoteFor", { suit: suitName(suit) })}: `
            + [mine.map((code) => rankLabel(rankOf(code))).join(" "), t("osVoteCount", { count: tally[suit] }), suit].filter(Boolean).join(t("osList")),
          "aria-description": t("osVoteAria", { suit: suitName(suit), card: mine[0] ? cardName(mine[0]) : "",
            count: tally[suit] }),
          onclick: () => context.act({ type: "vote", suit }),
        },
        h("span", { class: "vote-symbol", "aria-hidden": "true", text: SUIT_SYMBOL[suit] }),
        h("span", { class: "vote-pile", "aria-hidden": "true" },
          mine.map((code, k) => h("span", { class: k === 0 ? "next-card" : "", text: cardText(code) }))),
        h("span", { class: "vote-tally", "aria-hidden": "true", title: t("osVoteTally", { count: tally[suit], suit: suitName(suit) }),
          text: t("osVoteCount", { count: tally[suit] }) }),
        h("kbd", { "aria-hidden": "true", text: suit }));
      }))));
}

// In the play the pass is a record: folded away (a tap opens it) to leave the trick and hand in view.
function passRecord(view) {
  const partner = partnerOf(view.seat);
  return h("details", { class: "os-panel pass-record", "aria-label": t("osPassTitle") },
    h("summary", { text: t("osPassTitle") }),
    h("p", { class: "gift-line", "data-gave": view.gave.join(" ") },
      h("span", { text: t("osGaveTo", { name: seatName(view, partner) }) }),
      view.gave.map((code) => cardFace(code, { class: "mini" }))),
    h("p", { class: "gift-line", "data-received": view.received.join(" ") },
      h("span", { text: t("osReceivedFrom", { name: seatName(view, partner) }) }),
      view.received.map((code) => cardFace(code, { class: "mini" }))));
}

function prompt(view, snap) {
  const mover = view.current_player;
  let status;
  if (snap.is_over) status = t("osOver");
  else if (cubeStatus(snap)) status = cubeStatus(snap); // a double waits: answer it, or wait for the answer
  else if (mover !== view.seat) {
    status = t({ vote: "osWaitVote", give: "osWaitGive", play: "osWaitPlay" }[view.phase], { name: seatName(view, mover) });
  } else if (view.phase === "vote") status = t(keysSpoken() ? "osYourVoteKeys" : "osYourVote");
  else if (view.phase === "give") status = keyMarked(t("osYourGive"));
  else status = t(view.trick.length === 0 ? "osYourLead" : "osYourPlay");
  return h("div", { class: "prompt" }, h("p", { class: "status", id: "status", role: "status", text: status }));
}

// A finished trick the table has turned over (the view gives no `plays`): its point cards face up,
// as they lie in front of its winner, and a back for each card on the discard pile; who played
// which is for the players to remember.
function faceDownCells(view, trick) {
  const label = t(trick.point_cards.length ? "osFaceDownRow" : "osFaceDownRowNoPoints",
    { cards: trick.point_cards.map(cardName).join(t("osList")), n: trick.face_down });
  return h("td", { class: "face-down-trick", colspan: view.players, "aria-label": label,
    "data-face-down": trick.face_down, "data-point-cards": trick.point_cards.join(" ") },
  trick.point_cards.map((code) => h("span", { class: `play suit-${suitOf(code)}`, text: cardText(code) })),
  h("span", { class: "backs", "aria-hidden": "true" },
    Array.from({ length: trick.face_down }, () => h("span", { class: "back" }))));
}

// Every trick of the deal, one row each, with its scheduled trump: the finished ones with their
// cards (or, turned over, their point cards), winner and points (×2 where doubled), the rest still
// to come.
function trickTable(view) {
  const byTrick = new Map(view.played.map((trick) => [trick.trick, trick]));
  const turnedOver = view.played.some((trick) => !trick.plays);
  const rows = view.row.length === 0 ? [] : view.row.map((entry) => {
    const trick = byTrick.get(entry.trick) ?? (entry.trick === view.trick_number && view.phase === "play"
      ? { plays: view.trick, leader: view.leader } : null);
    const cells = trick && !trick.plays ? faceDownCells(view, trick) : seatsFromBottom(view).map((seat) => {
      const play = trick?.plays.find((p) => p.seat === seat);
      return h("td", {
        class: `play suit-${play ? suitOf(play.card) : ""} ${trick && trick.leader === seat ? "led" : ""} ${
          trick?.winner === seat ? "won" : ""}`,
        title: trick && trick.leader === seat ? t("osLed") : null,
        text: play ? cardText(play.card) : "",
      });
    });
    const finished = byTrick.has(entry.trick);
    const owner = specialOwner(view.special, entry.trick);
    return h("tr", {
      class: `${finished ? "finished" : ""} ${entry.trick === view.trick_number && view.phase === "play" ? "current" : ""}`,
      "data-trick": entry.trick, "data-trump": entry.suit,
      "data-winner": finished ? trick.winner : null, "data-points": finished ? trick.points : null,
      "data-doubled": finished ? String(trick.doubled) : null,
    },
    h("th", { scope: "row" }, String(entry.trick),
      owner !== null && h("span", { class: `mark-special seat-${owner}`, title: specialTrickOf(view, owner), text: "★" })),
    entry.face_down
      ? h("td", { class: "trump face-down", "aria-label": t("osTrumpFaceDown") }, h("span", { class: "back" }))
      : h("td", { class: `trump suit-${entry.suit}`, "aria-label": suitName(entry.suit), text: SUIT_SYMBOL[entry.suit] }),
    cells,
    h("td", { class: `winner ${finished ? `seat-${trick.winner}` : ""}`, text: finished ? seatShort(view, trick.winner) : "" }),
    h("td", {
      class: `num ${finished && trick.doubled ? "doubled" : ""}`,
      "aria-label": finished && trick.doubled ? t("osTrickRowDoubled", { points: trick.points }) : null,
    }, finished && String(trick.points), finished && trick.doubled && h("small", { class: "doubled-note", text: t("osDoubledNote") })));
  });
  return h("section", { class: "trick-table-box", "aria-label": t("osTrickTable") },
    h("h2", { class: "strip-title", text: t("osTrickTable") }),
    h("table", { class: "trick-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("osColTrick") }),
        h("th", { scope: "col", text: t("osColTrump") }),
        seatsFromBottom(view).map((seat) => h("th", { scope: "col", class: `seat-${seat}`, text: seatShort(view, seat),
          "aria-label": seatName(view, seat) })),
        h("th", { scope: "col", text: t("osColWinner") }),
        h("th", { scope: "col", class: "num", text: t("osColPoints") }))),
      h("tbody", {}, rows)),
    rows.length === 0 && h("p", { class: "fine", text: t("osScheduleHint") }),
    turnedOver && h("p", { class: "fine turned-over", text: t("osTurnedOver") }));
}

// --- keys, pacing, summaries ---------------------------------------------------------------------

// Votes come quickly but one by one, gifts too; in the play, a trick game's pace (kit.js).
const botDelay = trickBotDelay(DELAY, (snap) => ({ vote: DELAY.vote, give: DELAY.give })[snap.view.phase] ?? null);

// --- hints, words and pictures for learning ---------------------------------------------------------

// How far a game is, for the picker's line of a game in progress (index.js).
export const progress = (snap) => t("osDeal", { n: snap.view.deal });

// The table's keys by the step they act in (the help lists each step's apart: a key means one thing
// in each list): the step's name, then each line of keys and the keys it names (index.js).
export const helpKeys = [
  { when: "osKeysVote", keys: [{ text: "osKeyVote", names: "S H D C" }] },
  { when: "osKeysGive", keys: [{ text: "keyArrows", names: "← → ↑ ↓" }, { text: "osKeyGive", names: "Enter Space G" }] },
  { when: "osKeysPlay", keys: [{ text: "keyArrows", names: "← → ↑ ↓" }, { text: "keyEnter", names: "Enter Space" }] },
];
export const legend = ["osLegendVotes", "osLegendMarks"];

// A few cards as the hand draws them (the rules page's pictures).
export function illustrate(cards) {
  return h("div", { class: "on-schedule os-illustration" },
    h("div", { class: "hand" }, cards.map((code) => cardFace(code))));
}
