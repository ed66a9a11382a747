// The Chains table (the solitaire and the multiplayer expansion): it draws snapshot.view for the
// human's seat and offers snapshot.legal only. Every legal action has exactly one target on the
// table, marked data-action: the deck draws, the work pile or a slot takes the card turned up, a
// slot's top card moves onto the work pile, an end card closes the run. Targets are tapped, reached
// with the arrow keys, or a card is dragged onto them (the turned-up card, a slot's top card, the
// end card that closes the run).
import { cubeStatus } from "../cube.js";
import { arrowFocus, focusInView, h, keyMarked, present, required } from "../dom.js";
import { labelled, noted, t } from "../i18n.js";
import { bottomSeat, otherSeats, seatName, seatShort } from "../seats.js";
import { counted, dealOf, describe, describeAction, listed, narrate, pileText, tx } from "./chains/words.js";
import { analysisSummary, dealSummary, finalSummary, replayLabel } from "./chains/summaries.js";

export const players = { default: 1, max: 6 };
// In a two-player match with the doubling cube each game ends with the stake won (cube.py); the
// solitaire and the plain expansion end with the whole game and show the final summary only.
const summaryEvent = "stake_won";
// The solitaire's seed is its deal number (docs/games/chains.md): the picker says so.
export const seedField = { label: "ch_dealNumber", help: "ch_dealHelp" };

const DELAY = { drawn: 650, extended: 550, turnEnds: 950, chain: 1300, notable: 1600 };
const DRAG_START_PX = 8;
const LOG_LINES = 3;
const FAN = { loose: 1.35, tightest: 0.95, height: 8.1 }; // slot fans, in rem: step, least step, most height

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// --- where each legal action is done on the table ------------------------------------------------

// The target of each legal action, by the key its element carries (data-target).
function targetOf(action) {
  switch (action.type) {
    case "draw": return "deck";
    case "place": return action.to === "work" ? "work" : `slot-${action.slot}`;
    case "move": return `top-${action.slot}`;
    default: return `end-${action.end}`;
  }
}

function targets(snap) {
  return new Map(snap.legal.map((action) => [targetOf(action), action]));
}

// What dropping a dragged card does, by drop zone (data-drop): the turned-up card goes to the work
// pile or a slot, a slot's top card and the closing end card go onto the work pile.
function dropsFor(snap, source) {
  const drops = new Map();
  for (const action of snap.legal) {
    if (source === "drawn" && action.type === "place") drops.set(action.to === "work" ? "work" : `slot-${action.slot}`, action);
    else if (source === targetOf(action) && action.type !== "draw") drops.set("work", action);
  }
  return drops;
}

// One table of the game on `root`: everything it remembers between drawings lives here, so two
// tables of the game on one page share nothing (games/index.js).
/** @typedef {import("../generated/messages").Chains.Snapshot} Snapshot  a seat's table, as the bridge sends it */
/** @typedef {import("../generated/messages").Chains.Action} Action  one of its legal actions */

export function createTable(root, shell) {
  // --- state kept between renders: the table, the recent events, a drag in progress ---------------------
  /** @type {HTMLElement | null} */
  let table = null;
  /** @type {{snap: Snapshot, context: Record<string, any>} | null} what a drag acts on */
  let lastRender = null;
  let log = [];
  let loggedMoves = -1;
  let recentEvents = []; // the events of the reply that brought the snapshot on the table
  /** @type {{save: string | undefined, action: Action} | null} the hint shown for this position (its save text), kept across redraws */
  let hinted = null;
  /** @type {{source: HTMLElement, drops: Map<string, Action>, x: number, y: number, act: (action: Action) => void,
   *    ghost: {element: HTMLElement, offset: {x: number, y: number}} | null} | null} a card being dragged, and its
   *    copy under the pointer once it has moved far enough */
  let drag = null;
  let droppedJustNow = false; // the click a browser sends right after a drop is not a tap

  function actionAttributes(action, context) {
    return {
      "data-action": JSON.stringify(action), "data-nav": "", "data-focus-key": targetOf(action),
      disabled: !context.myTurn,
      onclick: () => {
        if (!droppedJustNow) context.act(action);
      },
    };
  }

  /** @param {Snapshot} snap @param {object} drawn */
  function render(snap, drawn) {
    const context = { ...drawn, act: shell.act };
    const view = snap.view;
    const mine = view.tables[bottomSeat(view)];
    lastRender = { snap, context };
    recordEvents(snap, context.events ?? []);
    const moves = targets(snap);
    const mover = view.current_player;
    const phase = snap.is_over ? "over" : mover !== view.seat ? "wait" : mine.drawn !== null ? "place" : "move";
    const dealt = dealOf(snap);
    table = h("div", {
      class: `chains ${view.solitaire ? "ch-solitaire" : "ch-multi"}`, "data-phase": phase,
      "data-my-turn": String(context.myTurn), "data-moves": snap.moves, "data-players": view.players,
      "data-deal": dealt.deal ?? "", "data-slots": view.slots, onpointerdown: startDrag,
    },
    infoBar(view, dealt),
    !view.solitaire && h("div", { class: "ch-opponents" },
      otherSeats(view).map((seat) => opponentPanel(view, seat))),
    endCardArea(view, moves, context),
    prompt(view, snap, context, phase),
    ownArea(view, mine, moves, context));
    root.replaceChildren(table);
    if (hinted && hinted.save === snap.save) markHint(hinted.action, snap); // frames have no save: no hint
  }

  function endCardArea(view, moves, context) {
    const justTaken = new Set(recentEvents.filter((event) => event.type === "chain").map((event) => event.end));
    return h("section", { class: "ch-ends", "aria-label": tx("endCards"), "data-region": "trick" },
      view.end_cards.map((entry) => {
        const n = entry.number;
        const others = view.solitaire ? [] : otherSeats(view);
        const states = [bottomSeat(view), ...others].map((seat) => tx("seatState", { name: seatName(view, seat), state: stateText(seatState(entry, seat)) }));
        return h("div", {
          class: `ch-end-group ${entry.locked ? "sold-out" : ""} ${justTaken.has(n) ? "ch-just" : ""}`, role: "group",
          "data-number": n, "data-locked": String(entry.locked), "aria-label": tx("groupAria", { n, states: listed(states) }),
        },
        ownEndCard(view, entry, moves, context),
        others.length > 0 && h("span", { class: "ch-end-seats", "aria-hidden": "true" }, others.map((seat) => {
          const state = seatState(entry, seat);
          return h("span", { class: `ch-end-seat seat-${seat} ${state}`, "data-seat": seat, "data-state": state,
            title: tx("seatState", { name: seatName(view, seat), state: stateText(state) }),
            text: `${seatShort(view, seat)}${{ taken: "✓", locked: "×", open: "" }[state]}` });
        })),
        entry.locked && h("span", { class: "ch-sold-out", "aria-hidden": "true", text: tx("soldOut") }));
      }));
  }

  function ownEndCard(view, entry, moves, context) {
    const n = entry.number;
    const state = seatState(entry, bottomSeat(view));
    const close = moves.get(`end-${n}`);
    const common = { "data-target": `end-${n}`, "data-state": state, "data-number": n };
    if (close) {
      return card(n, { tag: "button", type: "button", class: "ch-end legal", "data-drag": `end-${n}`, ...common,
        ...actionAttributes(close, context), label: tx("endClose", { n }) });
    }
    const label = tx("endAria", { n, state: stateText(state) });
    if (state === "locked") {
      return h("span", { class: "card back ch-end locked", role: "img", "aria-label": label, ...common },
        h("span", { class: "ch-lock", "aria-hidden": "true", text: `${n}×` }));
    }
    return card(n, { class: `ch-end ${state}`, label, ...common });
  }

  function ownArea(view, mine, moves, context) {
    const draw = moves.get("deck");
    const toWork = moves.get("work");
    const drawnDrops = mine.drawn !== null && context.myTurn;
    // the own cards are the hand; the deck, the card turned up and the work pile hold most decisions
    return h("section", { class: `ch-own seat-${bottomSeat(view)}`, "aria-label": seatName(view, bottomSeat(view)), "data-region": "hand" },
      h("div", { class: "ch-row", "data-region": "actions" },
        h(draw ? "button" : "div", {
          class: `ch-deck ${draw ? "legal" : ""}`, type: draw ? "button" : null, "data-target": "deck", "data-deck": mine.deck,
          role: draw ? null : "img", "aria-label": draw ? tx("draw", { n: mine.deck }) : counted("deckCount", mine.deck),
          "aria-keyshortcuts": draw ? "D" : null, "data-autofocus": draw ? true : null, ...(draw ? actionAttributes(draw, context) : {}),
        },
        mine.deck > 0 ? h("span", { class: "card back", "aria-hidden": "true" }) : h("span", { class: "ch-spot", "aria-hidden": "true" }),
        // the label before the count (drawn over the card back), so the button's name can hold both in
        // the order they are read: a voice user says "Deck 45" (WCAG 2.5.3, label in name)
        h("small", { class: "ch-label", "aria-hidden": "true", text: tx("deck") }), " ",
        h("span", { class: "ch-count", "aria-hidden": "true", text: mine.deck })),
        h("div", { class: "ch-drawn-spot" },
          mine.drawn !== null ? card(mine.drawn, {
            class: `ch-drawn ${drawnDrops ? "draggable" : ""}`, "data-drag": drawnDrops ? "drawn" : null,
            label: tx("drawnAria", { card: mine.drawn }),
          }) : h("span", { class: "ch-spot", "aria-hidden": "true" }),
          h("small", { class: "ch-label", "aria-hidden": "true", text: tx("turnedUp") })),
        workPile(mine, toWork, context)),
      h("div", { class: "ch-slots", style: `--slots: ${mine.slots.length}` },
        mine.slots.map((pile, i) => slotColumn(mine, pile, i, moves, context))));
  }

  function workPile(mine, toWork, context) {
    const label = toWork ? tx("placeWork", { card: mine.drawn, cards: pileText(mine.work) })
      : mine.work.length ? tx("workAria", { cards: pileText(mine.work) }) : tx("workAriaEmpty");
    return h(toWork ? "button" : "div", {
      class: `ch-work ${toWork ? "legal" : ""}`, type: toWork ? "button" : null, "data-target": "work", "data-drop": "work",
      "data-work": mine.work.join(" "), role: toWork ? null : "img", "aria-label": label,
      "aria-keyshortcuts": toWork ? "W" : null, "data-autofocus": toWork ? true : null,
      ...(toWork ? actionAttributes(toWork, context) : {}),
    },
    h("span", { class: "ch-work-fan", "aria-hidden": "true" },
      mine.work.length ? mine.work.map((n) => silentCard(n)) : h("span", { class: "ch-spot wide", text: tx("workEmpty") })),
    h("small", { class: "ch-label", "aria-hidden": "true", text: tx("work") }));
  }

  function slotColumn(mine, pile, i, moves, context) {
    const place = moves.get(`slot-${i}`);
    const move = moves.get(`top-${i}`);
    const n = i + 1;
    const cards = pile.map((number, j) => {
      const top = j === pile.length - 1;
      if (top && move) {
        return card(number, { tag: "button", type: "button", class: "top legal", "data-target": `top-${i}`,
          "data-drag": `top-${i}`, ...actionAttributes(move, context), label: tx("moveTop", { card: number, n }),
          "aria-keyshortcuts": String(n) });
      }
      return silentCard(number, top ? "top" : "");
    });
    const attributes = {
      class: `ch-slot ${place ? "legal" : ""}`, "data-slot": i, "data-target": `slot-${i}`, "data-drop": `slot-${i}`,
      "data-cards": pile.join(" "), style: `--step: ${fanStep(pile.length)}rem`,
    };
    const body = [
      h("span", { class: "ch-slot-name", "aria-hidden": "true", text: n }),
      h("span", { class: "ch-pile" }, cards.length ? cards : h("span", { class: "ch-spot", "aria-hidden": "true" })),
    ];
    if (place) {
      return h("button", { type: "button", ...attributes, ...actionAttributes(place, context), "aria-keyshortcuts": String(n),
        "aria-label": tx("placeSlot", { card: mine.drawn, n, cards: pileText(pile) }) }, body);
    }
    return h("div", { ...attributes, role: "group", "aria-label": tx("slotAria", { n, cards: pileText(pile) }) }, body);
  }

  function prompt(view, snap, context, phase) {
    const mine = view.tables[bottomSeat(view)];
    const slots = mine.slots.length;
    let status;
    if (phase === "over") status = tx("over");
    else if (cubeStatus(snap)) status = cubeStatus(snap); // a double waits: answer it, or wait for the answer
    else if (phase === "wait") status = tx("wait", { name: seatName(view, view.current_player) });
    else if (phase === "place") {
      const fits = snap.legal.some((action) => action.type === "place" && action.to === "work");
      status = keyMarked(tx(fits ? "place" : "placeSlotOnly", { card: mine.drawn, slots }));
      if (!view.solitaire) status += ` ${tx("slotEnds")}`;
    } else {
      const continuing = !view.solitaire && recentEvents.some((event) => event.seat === view.seat
        && (event.type === "moved" || (event.type === "placed" && event.to === "work")));
      status = keyMarked(continuing ? `${tx("continues")} ${tx("yourMoveSolo")}` : tx(view.solitaire ? "yourMoveSolo" : "yourMove"));
    }
    return h("div", { class: "prompt ch-prompt" },
      h("p", { class: "status", id: "status", role: "status", text: status }),
      h("p", { class: "ch-hint-text", id: "ch-hint", "aria-live": "polite" }),
      h("ol", { class: "ch-log", "aria-label": tx("logTitle"), "aria-live": "polite" },
        log.map((line) => h("li", { text: line }))));
  }

  // Each reply's events are logged once (the shell redraws the same snapshot several times); the log
  // starts afresh when the move count goes back (a new game).
  function recordEvents(snap, events) {
    if (snap.moves === loggedMoves) return;
    if (snap.moves < loggedMoves) log = [];
    loggedMoves = snap.moves;
    recentEvents = events;
    const lines = events.map((event) => describe(snap.view, event)).filter(Boolean);
    if (lines.length) log = [...log, lines.join(" · ")].slice(-LOG_LINES);
  }

  // --- dragging a card onto its target -----------------------------------------------------------------

  function startDrag(event) {
    const source = event.target.closest("[data-drag]");
    if (!source || event.button !== 0 || !lastRender?.context.myTurn) return;
    const drops = dropsFor(lastRender.snap, source.dataset.drag);
    if (drops.size === 0) return;
    drag = { source, drops, x: event.clientX, y: event.clientY, ghost: null, act: shell.act };
    document.addEventListener("pointermove", moveDrag);
    document.addEventListener("pointerup", endDrag);
    document.addEventListener("pointercancel", cancelDrag);
  }

  // the pointer listeners below are added by startDrag and removed with the drag (cancelDrag)
  function moveDrag(event) {
    const moving = present(drag, "the drag");
    if (!moving.ghost) {
      if (Math.hypot(event.clientX - moving.x, event.clientY - moving.y) < DRAG_START_PX) return;
      const box = moving.source.getBoundingClientRect();
      const element = /** @type {HTMLElement} */ (moving.source.cloneNode(true));
      element.classList.add("ch-ghost");
      element.setAttribute("aria-hidden", "true");
      element.style.width = `${box.width}px`;
      element.style.height = `${box.height}px`;
      moving.ghost = { element, offset: { x: box.width / 2, y: box.height / 2 } };
      document.body.append(element);
      const drawn = present(table, "the table"); // the card dragged is on it
      for (const key of moving.drops.keys()) drawn.querySelector(`[data-drop="${key}"]`)?.classList.add("ch-drop-ok");
    }
    const { element, offset } = moving.ghost;
    element.style.transform = `translate(${event.clientX - offset.x}px, ${event.clientY - offset.y}px)`;
  }

  function endDrag(event) {
    const done = present(drag, "the drag");
    cancelDrag();
    if (!done.ghost) return; // a tap: the click does the rest
    droppedJustNow = true;
    setTimeout(() => { droppedJustNow = false; }); // that click comes before any timer
    const zone = /** @type {HTMLElement | null | undefined} */ (
      document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-drop]"));
    const action = zone?.dataset.drop && done.drops.get(zone.dataset.drop);
    if (action) done.act(action);
  }

  function cancelDrag() {
    drag?.ghost?.element.remove();
    for (const zone of table?.querySelectorAll(".ch-drop-ok") ?? []) zone.classList.remove("ch-drop-ok");
    drag = null;
    document.removeEventListener("pointermove", moveDrag);
    document.removeEventListener("pointerup", endDrag);
    document.removeEventListener("pointercancel", cancelDrag);
  }

  // --- the shell's hooks: keys, hint, pacing, summaries ----------------------------------------------------

  function onKey(event, snap, asked) {
    const context = { ...asked, act: shell.act };
    const key = event.key.toLowerCase();
    if (arrowFocus(table, key)) return true;
    if (!context.myTurn) return false;
    const drawn = snap.view.tables[bottomSeat(snap.view)].drawn !== null;
    const wanted = { d: "deck", w: "work", c: snap.legal.find((action) => action.type === "close") && "close" }[key];
    let action;
    if (wanted === "close") action = snap.legal.find((candidate) => candidate.type === "close");
    else if (wanted) action = targets(snap).get(wanted);
    else if (/^[1-9]$/.test(key)) action = targets(snap).get(`${drawn ? "slot" : "top"}-${Number(key) - 1}`);
    if (!action) return false;
    context.act(action);
    return true;
  }

  // The suggested move: its card and its destination stand out, the move is put in words and its
  // target takes the focus (Enter then plays it).
  function showHint(action, snap) {
    hinted = { save: snap.save, action };
    markHint(action, snap);
    focusInView([...root.querySelectorAll("[data-action]")].find((element) => same(JSON.parse(element.dataset.action), action)));
  }

  function markHint(action, snap) {
    const drawn = present(table, "the table");
    const marked = [targetOf(action)];
    if (action.type === "place") marked.push("drawn");
    else if (action.type !== "draw") marked.push("work");
    for (const key of marked) {
      const element = key === "drawn" ? drawn.querySelector(".ch-drawn") : drawn.querySelector(`[data-target="${key}"]`);
      element?.classList.add("ch-hinted");
    }
    drawn.dataset.hint = JSON.stringify(action);
    required(drawn, "#ch-hint").textContent = tx("hint", { move: describeAction(action, snap) });
  }

  // a hint's samples are orders of the cards in the decks (every card's number is known): the hint's
  // reason says so (learn.js)
  const sampled = "orders";
  return { render, onKey, showHint, botDelay, dealSummary, finalSummary, describeAction, narrate, summaryEvent, analysisSummary, replayLabel, sampled };
}

// --- cards -----------------------------------------------------------------------------------------

// A Pairs card shows only its number: in the corner (visible in a fan) and large in the middle.
/** @param {number} n @param {import("../cards.js").Attributes} [options] its tag, label (null: none) and attributes */
function card(n, { tag = "span", class: extra = "", label = String(n), ...attributes } = {}) {
  return h(tag, {
    role: tag === "span" && label !== null ? "img" : null, "aria-label": label, ...attributes,
    class: `card ch-card n${n} ${extra}`, "data-card": n,
  },
  h("span", { class: "ch-corner", "aria-hidden": "true", text: n }),
  h("span", { class: "ch-big", "aria-hidden": "true", text: n }));
}

const silentCard = (n, extra = "") => card(n, { class: extra, label: null, "aria-hidden": "true" });

// Cards overlap more as a pile grows so that tall piles stay on screen, never hiding a corner number.
function fanStep(count) {
  if (count <= 7) return FAN.loose;
  return Math.max(FAN.tightest, FAN.height / (count - 1));
}

function infoBar(view, { deal, mode }) {
  const mine = view.tables[bottomSeat(view)];
  return h("div", { class: "info ch-info" },
    view.solitaire && deal !== null && h("span", { class: "badge ch-deal", text: tx("deal", { n: deal }) }),
    view.solitaire ? h("span", { class: "badge", text: tx(mode === "advanced" ? "modeAdvanced" : "modeBeginner") })
      : h("span", { class: "badge", text: tx("threshold", { n: view.threshold }) }),
    h("span", { class: "badge ch-discard", "data-discard": mine.discard.length, text: tx("discard", { n: mine.discard.length }) }),
    view.solitaire ? h("span", { class: "badge ch-ends-left", "data-ends-left": mine.ends.length,
      text: tx("endsLeft", { n: mine.ends.length }) })
      : h("span", { class: "badge ch-own-score", "data-score": mine.score,
        text: `${seatName(view, bottomSeat(view))} ${counted("score", mine.score)}` }),
    mine.dead.length > 0 && h("span", { class: "badge ch-dead", text: tx("dead", { n: mine.dead.length }) }));
}

// --- the shared end-card area ------------------------------------------------------------------------

function seatState(entry, seat) {
  if (entry.taken_by.includes(seat)) return "taken";
  return entry.locked ? "locked" : "open";
}

function stateText(state) {
  return tx({ open: "stateOpen", taken: "stateTaken", locked: "stateLocked" }[state]);
}

// --- opponents, compact ------------------------------------------------------------------------------

function opponentPanel(view, seat) {
  const seen = view.tables[seat];
  const turn = view.current_player === seat;
  const work = seen.work.length ? `${seen.work[0]}…${seen.work.at(-1)}` : tx("empty");
  return h("section", {
    class: `ch-opponent seat seat-${seat} ${turn ? "turn" : ""} ${seen.left ? "gone" : ""}`, "data-seat": seat,
    "data-deck": seen.deck, "data-score": seen.score, "data-left": String(seen.left), "data-dead": seen.dead.length,
    "aria-label": tx("opponentAria", { name: seatName(view, seat), score: counted("points", seen.score), deck: seen.deck, work,
      slots: seen.slots.map((pile) => (pile.length ? pile.at(-1) : tx("empty"))).join(t("ch_listSeparator")) })
      + (turn ? noted(tx("toMove")) : "") + (seen.left ? noted(tx("left")) : ""),
  },
  h("header", { class: "ch-opp-head", "aria-hidden": "true" },
    h("span", { class: "seat-name", text: seatName(view, seat) }),
    h("span", { class: "ch-opp-score", text: counted("score", seen.score) }),
    seen.left && h("span", { class: "ch-tag ch-left", text: tx("left") }),
    turn && h("span", { class: "ch-tag ch-turn", text: tx("toMove") })),
  h("div", { class: "ch-opp-row", "aria-hidden": "true" },
    h("span", { class: "ch-opp-deck", title: counted("deckCount", seen.deck) },
      h("span", { class: "card back micro" }), ` ${seen.deck}`),
    h("span", { class: "ch-opp-work", title: tx("work") },
      seen.work.length ? silentCard(seen.work.at(-1), "mini") : h("span", { class: "ch-opp-empty", text: "–" }),
      seen.drawn !== null && silentCard(seen.drawn, "mini drawn")),
    h("span", { class: "ch-opp-slots" }, seen.slots.map((pile, i) => h("span", { class: "ch-opp-slot",
      title: tx("slotAria", { n: i + 1, cards: pileText(pile) }) },
      pile.length ? [silentCard(pile.at(-1), "mini"), pile.length > 1 && h("small", { text: `×${pile.length}` })]
        : h("span", { class: "ch-opp-empty", text: "·" }))))),
  h("div", { class: "ch-opp-row fine", "aria-hidden": "true" },
    h("span", { text: labelled(tx("taken"), listed(seen.taken)) }),
    seen.dead.length > 0 && h("span", { class: "ch-tag ch-dead-tag", text: tx("dead", { n: seen.dead.length }) })));
}

// --- the human's own cards -----------------------------------------------------------------------------

// How far a game is, for the picker's line of a game in progress (index.js): a solitaire's deal number,
// when it has one, and the cards left in the player's deck. The number is the seed, from which anyone
// deals every hand again: at a table of several it is not said (as the table does not say it), since
// with several people at one device it would show each of them the others' cards.
export function progress(snap) {
  const left = counted("deckCount", snap.view.tables[snap.seat ?? 0].deck);
  return snap.deal === null || !snap.view.solitaire ? left : `${tx("deal", { n: snap.deal })}, ${left}`;
}

// The table's keys by the step they act in (the help lists each step's apart: a key means one thing
// in each list): the step's name, then each line of keys and the keys it names (index.js).
const tapKeys = { text: "ch_keyTap", names: "← → ↑ ↓ Enter" };
export const helpKeys = [
  { when: "ch_keysIdle", keys: [{ text: "ch_keyIdle", names: "D 1–5 C" }, tapKeys] },
  { when: "ch_keysTurned", keys: [{ text: "ch_keyTurned", names: "W 1–5" }, tapKeys] },
];
export const legend = ["ch_legendEnds", "ch_legendOpponents"];

// A few cards drawn as the table draws them (numbers, as the view writes them), for the rules page.
export function illustrate(cards) {
  return h("span", { class: "chains ch-illustration" }, cards.map((n) => card(Number(n))));
}

// A solitaire needs no pause (the human makes every move); in the expansion a bot's run is followed
// card by card, with longer pauses when a chain closes or a number sells out.
function botDelay(snap, lastEvents) {
  const types = new Set(lastEvents.map((event) => event.type));
  if (["sold_out", "dead_pile", "left"].some((type) => types.has(type))) return DELAY.notable;
  if (types.has("chain")) return DELAY.chain;
  if (types.has("turn")) return DELAY.turnEnds;
  if (types.has("drawn")) return DELAY.drawn;
  return DELAY.extended;
}

